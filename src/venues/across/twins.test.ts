import { describe, expect, it } from 'vitest';
import { board, H0, SAME } from '../../../test/support/acrossBoard.js';
import type { AcrossState } from '../../pairs/board.js';
import { PairDecisions } from '../../pairs/decisions.js';
import type { MarketEntry } from '../../store/types.js';
import { fitSegments } from '../../ui/components/Line.js';
import { twinLine } from '../../ui/components/twinSegs.js';
import { parseRefKey } from '../../venue/ref.js';
import { twinsOf } from './twins.js';

const DET = 'kalshi:KXNFLGAME-26SEP17DETBUF-DET';
const LIONS = 'polymarket:3398287';

/** The detail pane's Twin line of `a`, once the person confirmed `a` and `b` (kept as same, as `y` keeps it). */
function twinText(a: string, b: string, width = 200): string {
  const decisions = new PairDecisions();
  decisions.confirm({ a: parseRefKey(a)!, b: parseRefKey(b)!, relation: 'same', at: 0, reasons: [] });
  const across: AcrossState = { rev: 1, decisions, books: {}, problems: [] };
  const entry = (id: string) => ({ market: board(id), receivedAt: 0, firstSeenAt: 0, firstPrices: {} }) as MarketEntry;
  const twin = twinsOf(across, { [a]: entry(a), [b]: entry(b) })[a];
  return fitSegments(twinLine(twin!), width)
    .map((s) => s.text)
    .join('');
}

describe("a confirmed pair's twin line", () => {
  it('a pair confirmed although its rules differ is not said to be the same question: the difference is named', () => {
    // Kalshi's Detroit and Polymarket's Lions: related only by what a postponed game pays (nfl-det-buf-2026-09)
    const t = twinText(DET, LIONS);
    expect(t).not.toContain('the same question');
    expect(t).toContain('confirmed by you; the rules differ: a postponed game settles at a fair price: Kalshi only');
  });

  it('at 80 columns the difference is cut with …, not dropped with what says the pair is confirmed', () => {
    const t = twinText(DET, LIONS, 80);
    expect(t).toMatch(/^Twin ⇄P 33\.5¢ Polymarket \(USDC\) · confirmed by you; the rules differ: a postp.*…$/);
  });

  it('a pair the matcher reads as the same is said to be the same question', () => {
    expect(twinText(H0, SAME)).toMatch(/Twin ⇄P .* Polymarket \(USDC\) · confirmed by you as the same question$/);
  });
});
