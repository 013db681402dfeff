import { describe, expect, it } from 'vitest';
import { board, H0, SAME } from '../../../test/support/acrossBoard.js';
import type { AcrossState } from '../../pairs/board.js';
import { PairDecisions } from '../../pairs/decisions.js';
import type { MarketEntry } from '../../store/types.js';
import { fitSegments } from '../../ui/components/Line.js';
import { twinLine } from '../../ui/components/twinSegs.js';
import { parseRefKey } from '../../venue/ref.js';
import { twinsOf } from './twins.js';
import { binary, market } from '../../../test/support/markets.js';

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

describe('the twins beside the rows, on every answer', () => {
  it('are built again only for the pairs whose leg changed, not for every pair', () => {
    const decisions = new PairDecisions();
    const keys = [0, 1, 2].map((n) => [`kalshi:K${n}`, `polymarket:P${n}`] as const);
    for (const [a, b] of keys)
      decisions.confirm({ a: parseRefKey(a)!, b: parseRefKey(b)!, relation: 'same', at: 0, reasons: [] });
    const across: AcrossState = { rev: 1, decisions, books: {}, problems: [] };
    const entry = (id: string, yes: number) =>
      ({
        market: market(id, { outcomes: binary(yes) }),
        receivedAt: 0,
        firstSeenAt: 0,
        firstPrices: {},
      }) as MarketEntry;
    const first = Object.fromEntries(keys.flat().map((id) => [id, entry(id, 0.5)]));
    const before = twinsOf(across, first);
    // an answer that moved P1's price only: a new markets object, every other entry the same
    const after = twinsOf(across, { ...first, 'polymarket:P1': entry('polymarket:P1', 0.7) });
    expect(after['kalshi:K1']?.price).toBe(0.7);
    expect(after['kalshi:K1']).not.toBe(before['kalshi:K1']);
    for (const id of ['kalshi:K0', 'polymarket:P0', 'kalshi:K2', 'polymarket:P2']) expect(after[id]).toBe(before[id]);
  });
});
