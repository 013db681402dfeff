import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach, listSide, marketRows, replayChild } from '../support/e2eKit.js';

/**
 * Resizing the window while the dashboard runs (tmux `resize-window`, the program gets SIGWINCH), on Polymarket's
 * replay: every size must show the frame for that size, whole — the header, the tabs, the list's title, its rows
 * each a row (status, venue's title, price) and, side by side, one separator column. Narrowing used to leave the
 * screen torn for good (prices beside other markets' titles, the tabs row gone): for one frame Ink draws the tree it
 * has at the new width before React lays it out again, and that frame's rows, as wide as the old terminal, wrapped
 * in the new one (src/ui/inkOutput.ts now cuts them to the width).
 */
const started = killedAfterEach();

/** The screen is one whole frame of the dashboard at `cols` columns. */
function whole(screen: string, cols: number): boolean {
  const lines = screen.split('\n');
  if (!/online/.test(lines[0] ?? '') || !/ 1 Markets .* 2 Watchlist /.test(lines[1] ?? '')) return false;
  if (!(lines[2] ?? '').startsWith('◆ Markets')) return false;
  // the list's rows: from under its title down to the first line that is not a row
  const side = listSide(screen).slice(3);
  const end = side.findIndex((l) => !/^(?:▸| ) +(?:ACTIVE|CLOSED|SETTLING|RESOLVED|INACTIVE) +\S/.test(l));
  if (end < 5) return false;
  // beyond the rows, nothing of a row (a torn frame leaves pieces of rows below and in the wrong places)
  if (marketRows(screen).length !== end) return false;
  if (cols < 100) return !screen.includes('│');
  // side by side: one separator column on every line that has one
  const at = new Set(
    lines
      .slice(2)
      .filter((l) => l.includes('│'))
      .map((l) => l.indexOf('│')),
  );
  return at.size === 1;
}

describe('resizing the window (tmux)', { timeout: 120_000 }, () => {
  it('each size shows its whole frame: narrower across the stacking width, narrower side by side, taller', async () => {
    const r = await replayChild('polymarket');
    started.service(r.child);
    const t = started.session(await dashboardIn('resize', `--source polymarket --base-url ${r.url} --limit 40`));
    t.resize(100, 30);
    await t.waitFor('the board at 100×30', (s) => whole(s, 100), 20_000);
    for (const [cols, rows] of [
      [99, 30],
      [140, 40],
      [130, 40],
      [99, 40],
      [90, 40],
      [120, 24],
      [100, 24],
    ] as const) {
      t.resize(cols, rows);
      const s = await t.waitFor(`the whole frame at ${cols}×${rows}`, (x) => whole(x, cols), 10_000);
      expect(s).not.toMatch(/NaN|undefined|\[object/);
    }
    // a burst, as a window manager or a dragged corner sends them: narrower, shorter, tiny, and back, each before
    // the frame for the last one was drawn
    for (const [cols, rows] of [
      [90, 40],
      [100, 24],
      [60, 20],
      [100, 30],
    ] as const)
      t.resize(cols, rows);
    await t.waitFor('the whole frame at 100×30 after the burst', (x) => whole(x, 100), 10_000);
  }, 120_000);
});
