/**
 * A trade previewed through an order book (Polymarket's CLOB, Kalshi's book): a buy spends an amount of the
 * platform's money on the asks, best first, and gets shares; a sell sells a number of shares into the bids, best
 * first, and gets proceeds. The figures every platform shows alike:
 *  - shares (buy) or proceeds (sell), the average price (money ÷ shares), the worst price touched;
 *  - priceBefore: the midpoint of the best bid and ask (the best of one side when the other is empty);
 *    priceAfter: the worst price touched (where the book stands after the fill); priceImpact = after − before;
 *  - fee: the platform's fee schedule on what was filled (a function the platform passes: Kalshi rounds per order,
 *    Polymarket charges its rate);
 *  - total: buy — money spent on shares + fee; sell — proceeds − fee;
 *  - a book too thin to fill: `filled` is the money (buy) or shares (sell) it fills; the rest is not filled.
 * The amount is what goes into shares, the fee comes on top (docs/sources.md § Previews).
 */
import type { BookLevel, OrderBook, Quote } from '../api/types.js';

/** What a fill cost, for the platform's fee: shares, the money that changed hands, and each level's part. */
export interface Fill {
  shares: number;
  money: number;
  levels: readonly BookLevel[];
}

export type FeeSchedule = (fill: Fill, side: 'buy' | 'sell') => number;

/** Money below a millionth is nothing (floating-point dust from the walk). */
const EPS = 1e-9;

/** The best bid, the best ask, and their midpoint (or the one side there is). */
export function topOfBook(book: Pick<OrderBook, 'bids' | 'asks'>): { bid?: number; ask?: number; mid?: number } {
  const bid = book.bids[0]?.price;
  const ask = book.asks[0]?.price;
  const mid = bid !== undefined && ask !== undefined ? (bid + ask) / 2 : (bid ?? ask);
  return {
    ...(bid !== undefined ? { bid } : {}),
    ...(ask !== undefined ? { ask } : {}),
    ...(mid !== undefined ? { mid } : {}),
  };
}

/** Spends `money` on `asks` (lowest first): the shares bought and the levels taken. */
export function walkBuy(asks: readonly BookLevel[], money: number): Fill {
  let left = money;
  let shares = 0;
  const levels: BookLevel[] = [];
  for (const l of asks) {
    if (left <= EPS) break;
    if (!(l.price > 0) || !(l.size > 0)) continue;
    const cost = l.price * l.size;
    const take = cost <= left ? l.size : left / l.price;
    shares += take;
    left -= take * l.price;
    levels.push({ price: l.price, size: take });
  }
  return { shares, money: money - Math.max(0, left), levels };
}

/**
 * Takes `shares` from one side of a book, best level first: selling into the bids (the proceeds) or buying a number
 * of contracts from the asks (the cost), and the levels taken.
 */
export function walkShares(side: readonly BookLevel[], shares: number): Fill {
  let left = shares;
  let money = 0;
  const levels: BookLevel[] = [];
  for (const l of side) {
    if (left <= EPS) break;
    if (!(l.price > 0) || !(l.size > 0)) continue;
    const take = Math.min(left, l.size);
    money += take * l.price;
    left -= take;
    levels.push({ price: l.price, size: take });
  }
  return { shares: shares - Math.max(0, left), money, levels };
}

/** Sells `shares` into `bids` (highest first): the proceeds and the levels taken. */
export const walkSell = walkShares;

/**
 * The preview of `action` for `amount` (money to spend on a buy, shares to sell) through `book`, with the
 * platform's fee. An empty side gives a quote with nothing filled (`filled: 0`), never NaN.
 */
export function previewFromBook(book: OrderBook, action: 'buy' | 'sell', amount: number, fee: FeeSchedule): Quote {
  const top = topOfBook(book);
  const fill = action === 'buy' ? walkBuy(book.asks, amount) : walkSell(book.bids, amount);
  const last = fill.levels[fill.levels.length - 1];
  const feeAmount = fill.shares > 0 ? fee(fill, action) : 0;
  const complete = action === 'buy' ? fill.money >= amount - EPS : fill.shares >= amount - EPS;
  const q: Quote = {
    marketId: book.marketId,
    outcome: book.outcome,
    action,
    amount,
    shares: fill.shares,
    fee: feeAmount,
    total: action === 'buy' ? fill.money + feeAmount : fill.money - feeAmount,
    basis: 'book',
    raw: book.raw,
  };
  if (fill.shares > 0) q.averagePrice = fill.money / fill.shares;
  if (last) q.worstPrice = last.price;
  if (top.mid !== undefined) q.priceBefore = top.mid;
  if (last) q.priceAfter = last.price;
  if (top.mid !== undefined && last) q.priceImpact = last.price - top.mid;
  if (!complete) q.filled = action === 'buy' ? fill.money : fill.shares;
  return q;
}

/** Kalshi publishes bids of each side only: Yes asks are the No bids at 1 − price (best No bid → best Yes ask). */
export function asksFromOtherSide(otherBids: readonly BookLevel[]): BookLevel[] {
  return otherBids.map((l) => ({ price: Math.round((1 - l.price) * 1e6) / 1e6, size: l.size }));
}

/** Levels best first, merged by price (a platform may list a price twice or in either order). */
export function sortLevels(levels: readonly BookLevel[], side: 'bids' | 'asks'): BookLevel[] {
  const byPrice = new Map<number, number>();
  for (const l of levels) {
    if (!Number.isFinite(l.price) || !Number.isFinite(l.size) || l.price <= 0 || l.price >= 1 || l.size <= 0) continue;
    byPrice.set(l.price, (byPrice.get(l.price) ?? 0) + l.size);
  }
  const out = [...byPrice].map(([price, size]) => ({ price, size }));
  return out.sort((a, b) => (side === 'bids' ? b.price - a.price : a.price - b.price));
}
