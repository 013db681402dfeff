/**
 * The P&L arithmetic every venue's positions share: value = shares × price, pnl = value − cost,
 * pnl% = pnl / cost × 100 — never NaN (no cost → no percent), and totals kept per currency.
 */
import type { Currency, Position } from './types.js';

/** Rounds away float noise (0.1 + 0.2) without hiding a cent: 9 decimals. */
export const round9 = (x: number): number => Math.round(x * 1e9) / 1e9;

export function pnlOf(value: number | undefined, cost: number | undefined): { pnl?: number; pnlPct?: number } {
  if (value === undefined || cost === undefined) return {};
  const pnl = round9(value - cost);
  return cost > 0 ? { pnl, pnlPct: round9((pnl / cost) * 100) } : { pnl };
}

/** Value, P&L and P&L% of `shares` at `price` against `cost`; what is unknown stays absent. */
export function markToMarket(
  shares: number,
  price: number | undefined,
  cost: number | undefined,
): { value?: number; pnl?: number; pnlPct?: number } {
  if (price === undefined) return {};
  const value = round9(shares * price);
  return { value, ...pnlOf(value, cost) };
}

/** A paper position every share of which was sold: a row with nothing held, its P&L all realized. */
export const soldOut = (p: Position): boolean => p.paper === true && p.shares === 0;

/**
 * `cost`, `value` and `pnl` are over the priced positions only (count − unpriced), so that pnl = value − cost; with
 * none priced they are null — a sum we do not know, never 0 (docs/positions.md, "Totals").
 */
export interface Totals {
  currency: Currency;
  cost: number | null;
  value: number | null;
  pnl: number | null;
  /**
   * Locked-in P&L from shares already sold, over the positions listed: a venue's own figure for a real position it
   * still lists, what the sales booked for a paper one (sold out ones too). Not part of `pnl`.
   */
  realized: number;
  /** Positions whose value is unknown (no price yet): not in `value` or `pnl`. */
  unpriced: number;
  count: number;
}

/** Sums per currency (USDC, USD and mana are never added together), in the order currencies first appear. */
export function totalsByCurrency(positions: readonly Position[]): Totals[] {
  const by = new Map<Currency, Totals>();
  for (const p of positions) {
    let t = by.get(p.currency);
    if (!t) {
      t = { currency: p.currency, cost: null, value: null, pnl: null, realized: 0, unpriced: 0, count: 0 };
      by.set(p.currency, t);
    }
    t.count++;
    t.realized = round9(t.realized + (p.realized ?? 0));
    if (p.value === undefined || p.cost === undefined) {
      t.unpriced++;
      continue;
    }
    t.cost = round9((t.cost ?? 0) + p.cost);
    t.value = round9((t.value ?? 0) + p.value);
    t.pnl = round9((t.pnl ?? 0) + p.value - p.cost);
  }
  return [...by.values()];
}

/**
 * What the sums of a totals line cover, when not every position: "(1 unpriced)" when none is priced (the sums read
 * "—"), "(over 2 priced; 1 unpriced)" when some are — so a partial sum is never read as the whole.
 */
export function coverageNote(t: Totals, unpricedWord = 'unpriced'): string {
  if (t.unpriced === 0) return '';
  const priced = t.count - t.unpriced;
  return priced === 0 ? ` (${t.unpriced} ${unpricedWord})` : ` (over ${priced} priced; ${t.unpriced} ${unpricedWord})`;
}
