import { cleanup, render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { createOddsStore } from '../../store/store.js';
import { makeMarket } from '../../../test/support/fixtures.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { fitSegments } from './Line.js';
import type { Twin } from '../../venues/across/twins.js';
import { MarketRow, highlightRow, rowColumns, rowSegs, sameRow } from './MarketRow.js';

afterEach(() => cleanup());

const entryOf = (title: string, over = {}) => {
  const store = createOddsStore({ mode: 'key', limit: 30 });
  store.getState().listLoaded([makeMarket(1, { title, ...over })], 1000);
  return store.getState().markets.m1!;
};
const text = (width: number, title = 'A title') =>
  fitSegments(
    rowSegs({ entry: entryOf(title), selected: true, focused: true, now: 5000, intervalMs: 10_000, width }),
    width,
  )
    .map((s) => s.text)
    .join('');

describe('market row', () => {
  it('is exactly as wide as asked, whatever the title', () => {
    for (const title of ['short', 'x'.repeat(300), '選挙の結果はどうなるか選挙の結果はどうなるか', '👨‍👩‍👧‍👦🇺🇸'.repeat(20)]) {
      for (const w of [30, 50, 80, 96, 140]) expect(stringWidth(text(w, title)), `${title} @${w}`).toBe(w);
    }
  });

  it('drops age, volume, change, then the outcome name as space runs out; the price stays, the title cut first', () => {
    expect(rowColumns(100)).toMatchObject({ name: true, price: true, change: true, volume: true, age: true });
    expect(rowColumns(77)).toMatchObject({ name: true, change: true, volume: true, age: true, title: 30 });
    expect(rowColumns(76)).toMatchObject({ name: true, change: true, volume: true, age: false, title: 36 });
    expect(rowColumns(60)).toMatchObject({ name: true, change: true, volume: true, age: false });
    expect(rowColumns(45)).toMatchObject({ name: true, price: true, change: false, volume: false, title: 20 });
    // narrower: the outcome's name goes, never the price (at 40 columns a row had no figure at all)
    expect(rowColumns(44)).toMatchObject({ name: false, price: true, change: false, title: 26 });
    expect(rowColumns(40)).toMatchObject({ name: false, price: true, title: 22 });
    expect(rowColumns(30)).toMatchObject({ name: false, price: true, title: 12 });
    // only where the title would keep fewer than 8 cells
    expect(rowColumns(24)).toMatchObject({ price: false, title: 13 });
    // a fresh row shows no age of its own (the header carries the list's)
    expect(text(100)).toMatch(/^▸ ACTIVE\s+A title\s+Yes\s+37\.0¢\s+·0\.0¢\s+1\.5k {9}$/);
    // at 40 and 30 columns: the title cut with …, the price whole at the end
    expect(text(40, 'Will the Fed decrease interest rates by 25 bps?')).toBe(
      '▸ ACTIVE   Will the Fed decreas…  37.0¢ ',
    );
    expect(text(30, 'Will the Fed decrease interest rates by 25 bps?')).toBe('▸ ACTIVE   Will the F…  37.0¢ ');
  });

  it('a twin beside the title while the title keeps 6 cells, else it gives way; the price stays', () => {
    const row = (twin: Twin, watched: boolean, width = 40) =>
      fitSegments(
        rowSegs({
          entry: entryOf('Fed maintains rate'),
          ...{ selected: false, focused: false, now: 5000, intervalMs: 10_000, width, twin, watched },
        }),
        width,
      )
        .map((s) => s.text)
        .join('');
    const same: Twin = { id: 'polymarket:1', venue: 'polymarket', relation: 'same', price: 0.685, flipped: false };
    expect(row(same, true)).toBe('  ACTIVE   ★ Fed maint… ⇄P 68.5¢  37.0¢ ');
    const flipped: Twin = { ...same, relation: 'complement', price: 0.315, flipped: true };
    expect(row(flipped, true)).toBe('  ACTIVE   ★ Fed m… ⇄P NO↺ 31.5¢  37.0¢ ');
    // at 36 the complement's twin would leave the title 2 cells: the detail pane and Across still show it
    expect(row(flipped, true, 36)).toBe('  ACTIVE   ★ Fed maintains …  37.0¢ ');
    expect(row(same, false, 36)).toBe('  ACTIVE   Fed mai… ⇄P 68.5¢  37.0¢ ');
  });

  it('gives the leading outcome up to 14 cells once the title keeps 36, never taking the title below that', () => {
    expect(rowColumns(80).leadName).toBe(7);
    expect(rowColumns(101)).toMatchObject({ leadName: 15, title: 46 });
    expect(rowColumns(87)).toMatchObject({ leadName: 11, title: 36 });
    for (const w of [80, 90, 99, 120, 160]) {
      const c = rowColumns(w);
      expect(c.title >= 36 || c.leadName === 7, `${w}`).toBe(true);
      expect(c.leadName).toBeLessThanOrEqual(15);
    }
  });

  it(
    'draws the row (ink-testing-library): ' + 'title, leading outcome in full when there is room, price, volume',
    async () => {
      const entry = entryOf('Largest party', {
        outcomes: [
          { name: 'Progressive', price: 0.383 },
          { name: 'Other', price: 0.1 },
        ],
      });
      const t = render(
        <MarketRow entry={entry} selected={false} focused={false} now={3000} intervalMs={10_000} width={99} />,
      );
      const f = await waitForFrame(t, 'Largest party');
      expect(f).toMatch(/^ {2}ACTIVE\s+Largest party\s+Progressive\s+38\.3¢\s+·0\.0¢\s+1\.5k$/); // Ink trims the blank age
      expect(stringWidth(f)).toBe(99 - 9);
    },
  );

  it(
    'shows its age once it is older than three refresh intervals (in 10 s steps), ' +
      'or STALE in the badge when there is no age column',
    async () => {
      const old = entryOf('Old one');
      const t = render(
        <MarketRow entry={old} selected={false} focused={false} now={1000 + 31_000} intervalMs={10_000} width={99} />,
      );
      expect(await waitForFrame(t, 'Old one')).toMatch(/^ {2}ACTIVE\s+Old one .* 30s ago$/);
      t.rerender(
        <MarketRow entry={old} selected={false} focused={false} now={1000 + 185_000} intervalMs={10_000} width={99} />,
      );
      expect(await waitForFrame(t, (f) => / 3m ago$/.test(f))).toContain('Old one');
      const narrow = render(
        <MarketRow entry={old} selected={false} focused={false} now={1000 + 31_000} intervalMs={10_000} width={70} />,
      );
      expect(await waitForFrame(narrow, 'Old one')).toMatch(/^ {2}STALE\s+Old one\s+Yes/);
    },
  );

  it(
    'highlights the selected row: an even inverse bar when the list has focus, ' + 'bold otherwise — never only the ▸',
    () => {
      const segs = rowSegs({
        entry: entryOf('A'),
        selected: true,
        focused: true,
        now: 5000,
        intervalMs: 10_000,
        width: 80,
      });
      const focused = highlightRow(segs, true, true);
      expect(focused.every((s) => s.inverse && s.bold && !s.color && !s.dim)).toBe(true);
      expect(focused.map((s) => s.text)).toEqual(segs.map((s) => s.text));
      const unfocused = highlightRow(segs, true, false);
      expect(unfocused.every((s) => s.bold && !s.inverse && !s.dim)).toBe(true);
      expect(highlightRow(segs, false, true)).toEqual(segs);
    },
  );
  it(
    'redraws only when something it shows changes: ' + 'its data, place, width, or the stale age the clock moves',
    async () => {
      const entry = entryOf('Ticking');
      const p = { entry, selected: false, focused: false, now: 3000, intervalMs: 10_000, width: 99 };
      expect(sameRow(p, { ...p, now: 4000 })).toBe(true); // fresh: no age to move
      expect(sameRow(p, { ...p, now: 1000 + 30_000 })).toBe(true); // still fresh
      expect(sameRow({ ...p, now: 1000 + 30_000 }, { ...p, now: 1000 + 30_001 })).toBe(false); // turns stale
      expect(sameRow({ ...p, now: 1000 + 31_000 }, { ...p, now: 1000 + 39_999 })).toBe(true); // "30s ago" both
      expect(sameRow({ ...p, now: 1000 + 39_999 }, { ...p, now: 1000 + 40_000 })).toBe(false); // "40s ago"
      expect(sameRow({ ...p, now: 1000 + 120_000 }, { ...p, now: 1000 + 150_000 })).toBe(true); // "2m ago" both
      expect(sameRow(p, { ...p, selected: true })).toBe(false);
      expect(sameRow(p, { ...p, entry: { ...entry } })).toBe(false);
      const t = render(<MarketRow {...p} />);
      expect(await waitForFrame(t, 'Ticking')).toMatch(/ 1\.5k$/);
      t.rerender(<MarketRow {...p} now={1000 + 31_000} />);
      expect(await waitForFrame(t, (f) => / 30s ago$/.test(f))).toMatch(/Ticking/);
    },
  );
});
