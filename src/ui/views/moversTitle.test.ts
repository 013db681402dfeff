import { describe, expect, it } from 'vitest';
import { moversTitle } from './movers.js';

const text = (width: number, count: number, range = ` ${count}`) =>
  moversTitle({ focused: true, width, env: { now: 0, moversThreshold: 0.02, moversWindow: '24h' } }, count, range, true)
    .map((s) => s.text)
    .join('');

describe("Movers' title", () => {
  it('with no row, labels no column: several venues at 60 columns read "over 24 h we s…" beside "now 1 h 24 h"', () => {
    // found in tmux (--source all, 60×20): the empty list's title was cut mid-word for the heads of columns not drawn
    const t = text(60, 0);
    expect(t).toContain('◆ Movers 0 · ≥ 2.0¢ over 24 h we saw');
    expect(t).not.toContain('…');
    expect(t).not.toMatch(/\bnow\b/);
  });

  it('with rows, the heads stay above their columns', () => {
    expect(text(100, 3)).toMatch(/ now +1 h +24 h $/);
  });
});
