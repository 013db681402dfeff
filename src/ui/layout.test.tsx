import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { DETAIL_MIN, LIST_MIN, computeLayout } from './layout.js';
import { fiftyMarkets, makeMarket, outcomeLines, renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const lines = (f: string) => f.split('\n');

describe('computeLayout', () => {
  it(
    'stacked at 80×24: a list of 5+ rows, room for the detail and a one-line quote summary until the form has ' +
      'focus',
    () => {
      const browse = computeLayout(80, 24, 2, 'list');
      expect(browse).toMatchObject({ wide: false, quoteHeight: 1, quoteCollapsed: true });
      expect(browse.detailHeight).toBeGreaterThanOrEqual(DETAIL_MIN);
      expect(browse.listRows).toBeGreaterThanOrEqual(10);
      const quoting = computeLayout(80, 24, 2, 'quote');
      expect(quoting).toMatchObject({ quoteHeight: 6, quoteCollapsed: false });
      expect(quoting.listHeight).toBeGreaterThanOrEqual(LIST_MIN);
      expect(quoting.detailHeight).toBeGreaterThanOrEqual(DETAIL_MIN);
      for (const l of [browse, quoting]) expect(l.listHeight + l.detailHeight + l.quoteHeight).toBe(l.bodyHeight);
    },
  );

  it('keeps the detail height whichever market is selected, and never hands out more rows than there are', () => {
    for (const [c, r] of [
      [80, 24],
      [99, 30],
      [60, 8],
      [20, 4],
      [99, 60],
    ] as const) {
      for (const focus of ['list', 'detail', 'quote'] as const) {
        const l = computeLayout(c, r, 2, focus);
        expect(l.listHeight + l.detailHeight + l.quoteHeight, `${c}×${r} ${focus}`).toBe(l.bodyHeight);
        expect(Math.min(l.listHeight, l.detailHeight, l.quoteHeight)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(computeLayout(160, 48, 2, 'list')).toMatchObject({ wide: true, listWidth: 99, sideWidth: 58 });
  });
});

describe('the dashboard at common sizes', () => {
  it.each([
    [80, 24],
    [100, 30],
    [120, 40],
    [160, 48],
  ])(
    '%i×%i: fits, and shows the selected market’s outcomes with prices, header and quote form',
    async (columns, rows) => {
      h = renderApp({ columns, rows, markets: fiftyMarkets() });
      let f = await waitForFrame(h.term, 'Largest party');
      const check = (frame: string) => {
        expect(lines(frame).length).toBeLessThanOrEqual(rows);
        for (const l of lines(frame)) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
        const shown = outcomeLines(frame);
        expect(shown.length, frame).toBeGreaterThanOrEqual(2);
        expect(frame).toMatch(/\+\d more outcomes|Undecided/);
        // Header: mode, budget, connection, data age and clock at every size.
        expect(lines(frame)[0]).toMatch(/KEY …abcd .*0\/30.*● online.*data 0s.*\d\d:\d\d:\d\d$/);
      };
      check(f);
      expect(f).toMatch(/◇ Quote/);
      f = await press(h.term, [KEYS.enter, KEYS.enter]);
      check(f);
      expect(f).toContain('▸ Amount');
      expect(f).toMatch(/Outcome +Progressive Alliance/);
      const listRows = lines(f).filter((l) => /^(▸| ) (ACTIVE|CLOSED)/.test(l));
      expect(listRows.length).toBeGreaterThanOrEqual(5);
    },
  );

  it('stacked: the quote form is one summary line until focused, then the full form; Esc folds it again', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    let f = await waitForFrame(h.term, 'Market number 1');
    expect(lines(f).filter((l) => l.includes('Quote'))).toEqual(['◇ Quote  Press ⏎ twice to open the quote form.']);
    expect(f).not.toContain('Outcome');
    await press(h.term, [KEYS.enter, KEYS.enter, '2', '5']);
    f = await waitForFrame(h.term, '▸ Amount    25');
    expect(f).toContain('  Action    buy');
    f = await press(h.term, KEYS.esc);
    expect(f).toMatch(/^◇ Quote {2}Yes · 25 · buy {2}/m);
    expect(f).not.toContain('Action');
  });

  it('wide: the leading outcome gets up to 14 cells, the title the rest', async () => {
    h = renderApp({ columns: 160, rows: 48, markets: fiftyMarkets() });
    const f = await waitForFrame(h.term, 'Largest party');
    const row = lines(f).find((l) => l.startsWith('▸ ')) ?? '';
    expect(row).toContain('Largest party in the parliament');
    expect(row).toMatch(/Progressive A…\s+25\.0¢/);
  });
});

describe('a 50-row list', () => {
  it(
    'scrolls with the selection: j past the bottom, PgDn, PgUp, G and g, the selected row always on ' + 'screen',
    async () => {
      h = renderApp({ columns: 80, rows: 24, markets: Array.from({ length: 50 }, (_, i) => makeMarket(i + 1)) });
      let f = await waitForFrame(h.term, 'Market number 1');
      const rowsShown = () => lines(h!.term.lastFrame()).filter((l) => /^(▸| ) ACTIVE/.test(l)).length;
      const page = rowsShown();
      expect(page).toBeGreaterThanOrEqual(10);
      const sel = () => Number(h!.store.getState().selectedId!.slice(1));
      const selectedRow = (frame: string) => lines(frame).find((l) => l.startsWith('▸ ')) ?? '';
      for (let i = 0; i < page; i++) f = await press(h.term, 'j');
      expect(sel()).toBe(page + 1);
      expect(selectedRow(f)).toContain(`Market number ${page + 1} `);
      expect(f).toContain(`2–${page + 1} of 50`); // scrolled by one row, not a page
      f = await press(h.term, KEYS.pageDown);
      expect(sel()).toBe(2 * page + 1);
      expect(selectedRow(f)).toContain(`Market number ${sel()} `);
      f = await press(h.term, KEYS.pageUp);
      expect(sel()).toBe(page + 1);
      expect(selectedRow(f)).toContain(`Market number ${sel()} `);
      f = await press(h.term, 'G');
      expect(selectedRow(f)).toContain('Market number 50 ');
      expect(f).toContain(`${51 - page}–50 of 50`);
      await press(h.term, KEYS.pageDown, () => true); // at the end: nothing moves
      f = await press(h.term, KEYS.home);
      expect(h.sync.selects.at(-2)).toBe('m50');
      expect(selectedRow(f)).toContain('Market number 1 ');
      expect(f).toContain(`1–${page} of 50`);
      expect(rowsShown()).toBe(page);
    },
  );
});
