/**
 * A holding valued against a market as the board reads it (a normalized `Market`, src/api/types.ts): open → at the
 * outcome's current price; closed or settling → at its last price, marked as awaiting settlement; resolved → what a
 * share paid (the normalizer settles the winner at 1 and the others at 0, a market-price resolution at its price),
 * and a voided or cancelled market returns the cost. The same rule marks a venue's position whose row has no price
 * of its own (Manifold, Kalshi) and a paper position (paper.ts).
 */
import type { Market, Outcome } from '../api/types.js';
import { markToMarket, pnlOf, round9 } from './pnl.js';
import type { Position, PositionState } from './types.js';

export interface Valued {
  state: PositionState;
  price?: number;
  value?: number;
  pnl?: number;
  pnlPct?: number;
  paid?: number;
}

/** The outcome a holding names: by id first, then by name (any case). */
export function findOutcome(market: Market, outcome: string): Outcome | undefined {
  const key = outcome.trim().toLowerCase();
  return (
    market.outcomes.find((o) => o.id !== undefined && o.id === outcome) ??
    market.outcomes.find((o) => o.name.trim().toLowerCase() === key)
  );
}

/** Whether a resolved market was voided (cancelled, N/A): the holders get their cost back. */
export function isVoided(market: Market): boolean {
  const words = (market.resolvedOutcome ?? market.rawStatus ?? '').toLowerCase();
  return /\b(n\/a|cancel+ed|void(ed)?)\b/.test(words);
}

export function valueAgainst(
  market: Market | undefined,
  outcome: string,
  shares: number,
  cost: number | undefined,
  fallbackPrice?: number,
): Valued {
  const price = (market ? findOutcome(market, outcome)?.price : undefined) ?? fallbackPrice;
  return valueAtPrice(market, price, shares, cost);
}

/** valueAgainst with the held outcome's price already found (`price` undefined: unknown). */
export function valueAtPrice(
  market: Market | undefined,
  price: number | undefined,
  shares: number,
  cost: number | undefined,
): Valued {
  if (market?.status === 'resolved') {
    if (isVoided(market) && cost !== undefined)
      return { state: 'resolved', value: cost, paid: cost, ...pnlOf(cost, cost) };
    if (price === undefined) return { state: 'resolved' };
    const paid = round9(shares * price);
    return { state: 'resolved', price, value: paid, paid, ...pnlOf(paid, cost) };
  }
  const state: PositionState = market?.status === 'closed' || market?.status === 'settling' ? 'closed' : 'open';
  return { state, ...(price === undefined ? {} : { price, ...markToMarket(shares, price, cost) }) };
}

/**
 * A venue's position valued at the board's copy of its market when the board has it (the price the dashboard
 * refreshes), else as the venue's reader valued it; a redeemable one keeps the venue's figure. The Positions view
 * (src/ui/views/positionsModel.ts) and the P&L alerts (src/store/positionAlerts.ts) value a position by this.
 */
export function onBoard(pos: Position, market: Market | undefined): Position {
  if (!market || pos.state === 'redeemable') return pos;
  const price = findOutcome(market, pos.outcome)?.price;
  const v = valueAtPrice(market, price, pos.shares, pos.cost);
  if (v.value === undefined) return pos;
  const { pnl: _p, pnlPct: _q, ...rest } = pos;
  return { ...rest, ...v };
}
