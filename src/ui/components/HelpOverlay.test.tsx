import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_BINDINGS } from '../key/keyBindings.js';
import { helpSections } from '../key/keyLookup.js';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';
import { HelpOverlay, helpLayout, helpLines, helpMetrics, type HelpLayout } from './HelpOverlay.js';

let h: Harness | undefined;
/** The help text of the overlay's last line. */
const LAST = helpSections()
  .flatMap((x) => x.bindings)
  .at(-1)!.help;

/** A layout's text, each entry on one line again (a line under a key's text, indented, continues it). */
const textOf = (l: HelpLayout) =>
  l.cols
    .flat()
    .map((segs) => segs.map((x) => x.text).join(''))
    .join('\n')
    .replace(/\n {3,}/g, ' ');

afterEach(() => {
  h?.term.unmount();
  h = undefined;
  cleanup();
});

describe('help overlay', () => {
  it('lists every command of the key registry', () => {
    const text = helpLines()
      .map((l) => l.map((s) => s.text).join(''))
      .join('\n');
    for (const b of Object.values(KEY_BINDINGS)) expect(text).toContain(b.help);
  });

  it('draws every help text when it has the room (ink-testing-library)', async () => {
    const f = await waitForFrame(render(<HelpOverlay width={110} height={60} top={0} />), 'Keys');
    for (const b of Object.values(KEY_BINDINGS)) expect(f).toContain(b.help);
    expect(f.split('\n').length).toBeLessThanOrEqual(60);
  });

  it('at 160×48 shows every line whole, wrapping a long one where the other column leaves rows empty', async () => {
    // 45 rows under the chrome: two columns, none cut (it cut a dozen lines with 16 rows left empty)
    const f = await waitForFrame(render(<HelpOverlay width={160} height={45} top={0} />), 'Keys');
    expect(f).not.toContain('…');
    expect(f.split('\n').length).toBeLessThanOrEqual(45);
    const l = helpLayout(160, 45);
    expect(l.scroll).toBe(false);
    for (const b of Object.values(KEY_BINDINGS)) expect(textOf(l)).toContain(b.help);
    for (const c of l.cols) expect(c.length).toBeLessThanOrEqual(45);
  });

  it('one column when every line fits whole in it, else two; else one column that scrolls', () => {
    for (const [w, h] of [
      [110, 60],
      [200, 80],
    ] as const) {
      const l = helpLayout(w, h);
      expect(l.cols, `${w}×${h}`).toHaveLength(1);
      for (const b of Object.values(KEY_BINDINGS)) expect(textOf(l)).toContain(b.help);
    }
    // 120×40 (37 rows): two columns do not hold every line; it cut "(Acr…" and "Text fields (… typed anywhere in…"
    const l = helpLayout(120, 37);
    expect(l.scroll).toBe(true);
    expect(l.cols).toHaveLength(1);
  });

  it('cuts no entry or section title at any size from 80×24 up (the body is 3 rows shorter than the window)', () => {
    const sizes: Array<[number, number]> = [];
    for (let w = 80; w <= 220; w += 5) for (let h = 21; h <= 60; h += 3) sizes.push([w, h]);
    sizes.push([120, 37], [100, 27], [160, 45], [220, 57]);
    for (const [w, h] of sizes) {
      const l = helpLayout(w, h);
      const text = textOf(l);
      expect(text, `${w}×${h}`).not.toContain('…');
      for (const b of Object.values(KEY_BINDINGS)) expect(text, `${w}×${h}`).toContain(b.help);
      // a title wraps under itself, indented by 2 (like a key's line): compared with every run of spaces as one
      const words = text.replace(/\s+/g, ' ');
      for (const s of helpSections().filter((x) => x.bindings.length)) expect(words, `${w}×${h}`).toContain(s.title);
      for (const c of l.cols) if (!l.scroll) expect(c.length, `${w}×${h}`).toBeLessThanOrEqual(h);
    }
  });

  it('never breaks a line between a number and its unit ("rank by 1" / "h / 24 h")', () => {
    const units = /^ *(h|d|m|s|ms|min)\b/;
    let seen = 0;
    for (let w = 24; w <= 160; w++) {
      for (const col of helpLayout(w, 100).cols) {
        const texts = col.map((segs) => segs.map((x) => x.text).join(''));
        texts.forEach((t, i) => {
          const next = texts[i + 1];
          if (next === undefined || !/^ {3,}\S/.test(next)) return;
          if (/\d$/.test(t.trimEnd())) seen++;
          expect(/\d$/.test(t.trimEnd()) && units.test(next.trimStart()), `${w}: ${t} / ${next}`).toBe(false);
        });
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('shows a window of lines with a "more" hint when it does not fit, from the line asked for', async () => {
    // at 80 columns the long help texts wrap: the window scrolls over the wrapped lines, none cut
    const n = helpLayout(80, 10).cols[0]!.length;
    expect(n).toBeGreaterThan(helpLines().length);
    expect(helpMetrics(80, 10)).toEqual({ lines: n, rows: 10 });
    let f = await waitForFrame(render(<HelpOverlay width={80} height={10} top={0} />), 'Keys');
    expect(f.split('\n')).toHaveLength(10);
    expect(f).toContain(`↓ ${n - 9} more (↓/PgDn)`);
    expect(f).not.toContain('…');
    f = await waitForFrame(render(<HelpOverlay width={80} height={10} top={n} />), LAST);
    expect(f).not.toContain('more (↓/PgDn)');
    expect(f).toContain(`↑ ${n - 9} more (↑/PgUp)`);
  });

  it('opens with ? and closes with Esc or ?', async () => {
    h = renderApp({ columns: 160, rows: 50 });
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, '?');
    expect(f).toContain('Keys');
    expect(f).toContain('Cycle sort: volume, newest, closing, liquidity');
    expect(f).toContain('Quit, everywhere');
    expect(f).not.toContain('Market number 1');
    f = await press(h.term, KEYS.esc);
    expect(f).toContain('Market number 1');
    await press(h.term, '?');
    f = await press(h.term, '?');
    expect(f).not.toContain('Cycle sort');
    expect(h.quits).toEqual([]);
  });
});

describe('help overlay on a small terminal', () => {
  it('scrolls with ↓ and PgDn so the last keys can be read', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, '?');
    expect(f).toContain('more (↓/PgDn)');
    expect(f).not.toContain(LAST);
    // a page at a time down to the end (the registry decides how many pages)
    for (let i = 0; i < 4 && !f.includes(LAST); i++) f = await press(h.term, KEYS.pageDown);
    expect(f).toContain(LAST);
    expect(f.split('\n').length).toBeLessThanOrEqual(24);
    f = await press(h.term, 'k');
    expect(f).not.toContain('Keys  (Esc');
  });

  it('jumps to the last line with G or End and back to the first with Home', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, '?');
    expect(f).not.toContain(LAST);
    f = await press(h.term, 'G');
    expect(f).toContain(LAST);
    expect(f).not.toContain('Keys  (Esc');
    f = await press(h.term, KEYS.home);
    expect(f).toContain('Keys  (Esc');
    expect(f).not.toContain(LAST);
    f = await press(h.term, KEYS.end);
    expect(f).toContain(LAST);
  });

  it('scrolled, says what is above; page by page every key is shown once at least', async () => {
    // 109 columns: one column (two need 110), wide enough for every help text whole
    h = renderApp({ columns: 109, rows: 24 });
    await waitForFrame(h.term, 'Market number 1');
    const frames = [await press(h.term, '?')];
    for (let i = 0; i < 8 && !frames.at(-1)!.includes(LAST); i++) frames.push(await press(h.term, KEYS.pageDown));
    // it scrolled with no sign of the lines above it
    expect(frames.at(-1)).toMatch(/↑ \d+ more \(↑\/PgUp\)/);
    for (const b of Object.values(KEY_BINDINGS))
      expect(
        frames.some((f) => f.includes(b.help)),
        b.help,
      ).toBe(true);
  });
});
