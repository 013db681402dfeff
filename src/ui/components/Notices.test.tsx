/**
 * The notice line grows to the lines its message needs (the `g` box's "Not understood: … — accepted: …" is longer
 * than any terminal's width): every word is on screen, within the terminal's height, the rest of the chrome kept.
 */
import { describe, expect, it } from 'vitest';
import { parseTarget } from '../../links/parse.js';
import { renderApp } from '../../../test/support/fixtures.js';
import { KEYS, press, stripAnsi } from '../../../test/support/wait.js';
import type { Notice } from '../../store/types.js';
import { NOTICE_MS, noticeLine, noticeLines } from './Notices.js';
import { setGlyphs } from '../glyphs.js';

const PASTED = 'https://example.com/event/something';
const said = (() => {
  const p = parseTarget(PASTED);
  if (p.ok) throw new Error('understood');
  return p.message;
})();

/** The notice's lines in a frame: from its `» ` marker to the go-to box, joined back into one sentence. */
function noticeText(frame: string): string {
  const lines = frame.split('\n');
  const from = lines.findIndex((l) => l.startsWith('» '));
  const to = lines.findIndex((l, i) => i > from && l.startsWith('go to '));
  expect(from, frame).toBeGreaterThanOrEqual(0);
  expect(to, frame).toBeGreaterThan(from);
  return lines
    .slice(from, to)
    .map((l, i) => (i === 0 ? l.slice(2) : l).trim())
    .join(' ');
}

describe('a message longer than the terminal is wide', () => {
  it.each([
    [80, 24],
    [160, 48],
  ])('at %i×%i: the whole rejection of `g` is readable, the frame no taller than the terminal', async (cols, rows) => {
    expect(said.length).toBeGreaterThan(160);
    const { term } = renderApp({ columns: cols, rows });
    await press(term, 'g', () => term.lastFrame()?.includes('go to') === true);
    term.stdin.write(KEYS.paste(PASTED));
    const f = stripAnsi(
      await press(term, KEYS.enter, () => stripAnsi(term.lastFrame() ?? '').includes('Not understood')),
    );
    expect(noticeText(f)).toBe(said);
    const lines = f.split('\n');
    expect(lines.length).toBeLessThanOrEqual(rows);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(cols);
    // the rest of the chrome is still there: the box to fix the text in, and the footer's keys
    expect(f).toContain('go to ');
    expect(lines[lines.length - 1]!.trim()).not.toBe('');
    term.unmount();
  });
});

describe('noticeLines', () => {
  const segs = [{ text: '» ', color: 'cyan' }, { text: said }];
  it('one line when it fits; else wrapped under its marker, every word kept', () => {
    expect(noticeLines(segs, 400, 5)).toEqual([segs]);
    const out = noticeLines(segs, 80, 10);
    expect(out.length).toBeGreaterThan(2);
    expect(out[0]![0]).toEqual(segs[0]);
    for (const l of out.slice(1)) expect(l[0]!.text).toBe('  ');
    expect(out.map((l) => l.map((s) => s.text).join('')).every((t) => t.length <= 80)).toBe(true);
    expect(out.map((l) => l[1]!.text).join(' ')).toBe(said);
  });
  it('at most `max` lines: the last one ends with …', () => {
    const out = noticeLines(segs, 80, 2);
    expect(out).toHaveLength(2);
    expect(out[1]![1]!.text.endsWith('…')).toBe(true);
    expect(noticeLines(segs, 80, 0)).toHaveLength(1);
    expect(noticeLines(undefined, 80, 4)).toEqual([]);
  });
});

describe('noticeLine', () => {
  const n = (id: number, at: number, text: string, level: Notice['level'] = 'warn'): Notice => ({
    id,
    at,
    text,
    level,
  });

  it('a burst of one level (a start that finds several bad files) shows whole, oldest first; the rest do not', () => {
    const notices = [
      n(1, 0, 'older, before the burst'),
      n(2, 5_000, 'paper.json could not be read'),
      n(3, 5_200, 'watchlist.json could not be read'),
      n(4, 5_400, 'an info between', 'info'),
      n(5, 5_600, 'pairs.json could not be read'),
    ];
    // the info notice ends the burst going back: only what came after it
    expect(noticeLine(notices, undefined, 6_000)).toEqual([
      { text: '! ', color: 'yellow', bold: true },
      { text: 'pairs.json could not be read', color: 'yellow' },
    ]);
    const three = notices.filter((x) => x.level === 'warn');
    expect(noticeLine(three, undefined, 6_000)?.[1]?.text).toBe(
      'paper.json could not be read · watchlist.json could not be read · pairs.json could not be read',
    );
    // a notice older than NOTICE_MS is not shown, burst or not
    expect(noticeLine(three, undefined, 5_600 + NOTICE_MS)).toBeUndefined();
  });

  it('a burst says the same words about several markets once, naming them all', () => {
    const gone = (t: string) => `Kalshi: “${t}” is no longer available (private, under review or removed).`;
    const notices = [
      n(1, 5_000, gone('Purdue at UCLA Winner?')),
      n(2, 5_100, gone('Purdue at UCLA Winner?')), // the other side of the game: the same title
      n(3, 5_200, gone('Tulsa at Wichita St. Winner?')),
      n(4, 5_300, 'Polymarket: could not read the book'),
      n(5, 5_400, gone('Saint Joseph’s at VCU Winner?')),
    ];
    expect(noticeLine(notices, undefined, 6_000)?.[1]?.text).toBe(
      'Kalshi: “Purdue at UCLA Winner?”, “Tulsa at Wichita St. Winner?” and “Saint Joseph’s at VCU Winner?” are no ' +
        'longer available (private, under review or removed). · Polymarket: could not read the book',
    );
    const resolved = [
      n(1, 5_000, 'Kalshi: “A” resolved: Yes', 'alert'),
      n(2, 5_000, 'Kalshi: “B” resolved: Yes', 'alert'),
      n(3, 5_000, 'Kalshi: “C” resolved: No', 'alert'),
      n(4, 5_000, 'Polymarket: “D” resolved: Yes', 'alert'),
    ];
    // the winner and the venue differ: each said as it is
    expect(noticeLine(resolved, undefined, 6_000)?.[1]?.text).toBe(
      'Kalshi: “A” and “B” resolved: Yes · Kalshi: “C” resolved: No · Polymarket: “D” resolved: Yes',
    );
  });

  it('in ASCII the store quotes with "…" (it quotes in the set drawn): a burst still names the markets once', () => {
    setGlyphs('ascii');
    try {
      const resolved = ['A', 'B', 'C'].map((t, i) => n(i, 5_000, `Kalshi: "${t}" resolved: Yes`, 'alert'));
      expect(noticeLine(resolved, undefined, 6_000)).toEqual([
        { text: '* ALERT ', color: 'magenta', bold: true },
        { text: 'Kalshi: "A", "B" and "C" resolved: Yes', bold: true },
      ]);
      const gone = [n(1, 5_000, '"Fed" is no longer available'), n(2, 5_000, '"Tariffs" is no longer available')];
      expect(noticeLine(gone, undefined, 6_000)?.[1]?.text).toBe('"Fed" and "Tariffs" are no longer available');
    } finally {
      setGlyphs('unicode');
    }
  });

  it('a warning or an alert that comes while a flash is shown replaces it at once; an info waits for its end', () => {
    const flash = { text: '★ Watching “Fed decision”', at: 5_000, until: 8_000 };
    const shown = (notices: ReturnType<typeof n>[], now: number) => noticeLine(notices, flash, now)?.[1]?.text;
    const saved = n(1, 6_000, 'Could not save …/watchlist.json (ENOSPC): the disk is full: free some space');
    // it was hidden until the flash ended, two seconds on
    expect(shown([saved], 6_000)).toBe(saved.text);
    expect(shown([n(1, 6_000, 'Kalshi: “A” resolved: Yes', 'alert')], 6_000)).toBe('Kalshi: “A” resolved: Yes');
    expect(shown([n(1, 6_000, 'Refreshed', 'info')], 6_000)).toBe(flash.text);
    // a warning from before the key was pressed does not hide what the key says; it is back once the flash ends
    const before = n(1, 4_000, 'paper.json could not be read');
    expect(shown([before], 6_000)).toBe(flash.text);
    expect(shown([before], 8_000)).toBe(before.text);
  });
});
