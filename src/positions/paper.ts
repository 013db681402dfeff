/**
 * Paper positions (issue #28): a trade previewed in the quote form and kept, never sent — shares, average price, fee
 * and total exactly as the preview said, the time, the venue and market (a MarketRef). A paper position is every
 * trade kept on one market's outcome; what it holds is worked out by average cost: a buy adds its shares and its total
 * (fee included) to the cost; a sale takes its shares out at the average cost and books the difference to what it
 * received as realized P&L. It is marked to market like a real position (settle.ts), and settled once its market
 * resolves: the winner pays 1 a share, the others 0, a voided or cancelled market returns the cost (`settled`).
 */
import { randomUUID } from 'node:crypto';
import type { Market, Quote } from '../api/types.js';
import { formatShares } from '../ui/format.js';
import { stampAfter } from '../util/clock.js';
import { G, inQuotes } from '../util/glyphs.js';
import { refKey, type MarketRef } from '../venue/ref.js';
import { formatTradeMoney } from './format.js';
import { holding } from './paperHolding.js';
import { pnlOf, round9 } from './pnl.js';
import { valueAgainst } from './settle.js';
import type { Currency, Position } from './types.js';

export interface PaperTrade {
  /**
   * Random, given as the trade is kept: two dashboards may keep the same trade in the same millisecond, and the merge
   * tells them apart by it (src/watch/merge.ts). A trade of a file written before ids has none.
   */
  id?: string;
  /** epoch ms */
  at: number;
  action: 'buy' | 'sell';
  shares: number;
  /** Per share, as previewed. */
  avgPrice: number;
  fee: number;
  /** A buy: what it cost, fee included; a sale: what it brought in, fee taken off. */
  total: number;
  /** A fold of the oldest trades (paperHolding.ts): what they realized and oversold beside what they held. */
  folded?: { realized: number; oversold: number };
}

export interface PaperPosition {
  ref: MarketRef;
  title: string;
  outcome: string;
  currency: Currency;
  trades: PaperTrade[];
  /** Once the market resolved: when, and what the shares held then paid. */
  settled?: { at: number; paid: number };
}

export interface PaperBook {
  positions: PaperPosition[];
}

export const EMPTY_PAPER: PaperBook = { positions: [] };
/** Paper positions kept at most (a file a person can read, not a ledger). */
export const PAPER_MAX = 500;

export { holding, PAPER_TRADES_MAX, type Holding } from './paperHolding.js';

export const paperKey = (p: Pick<PaperPosition, 'ref' | 'outcome'>): string => `${refKey(p.ref)}|${p.outcome}`;

/**
 * Shares are shown to 2 decimals (formatShares): a sale within half a hundredth of what is held is a sale of all of
 * it — typing the 142.58 shown sells the 142.578401989 held, and leaves no dust behind.
 */
export const SELL_ALL_WITHIN = 0.005;

export interface KeepInput {
  ref: MarketRef;
  title: string;
  outcome: string;
  currency: Currency;
  quote: Quote;
  at: number;
}

/** The book with the previewed trade kept; a problem (one line) when the preview cannot be kept. */
export function keepPaper(
  book: PaperBook,
  k: KeepInput,
): { book: PaperBook; position: PaperPosition; soldAll?: true; madeRoom?: PaperPosition } | { problem: string } {
  const q = k.quote;
  const action = q.action ?? 'buy';
  const shares = q.shares;
  const total = q.total;
  // an answered preview that filled nothing (an empty book, an amount too small) is not a missing quote
  if (shares === 0)
    return { problem: 'Nothing in this preview filled (no orders or liquidity for it): there is no trade to keep.' };
  // an answered sale can bring in less than its fee (Kalshi rounds the fee up to a cent per order): it would cost money
  const fee = q.fee ?? 0;
  if (action === 'sell' && shares !== undefined && shares > 0 && total !== undefined && total < 0 && fee > 0)
    return {
      problem:
        `This sale${G.apos}s fee (${formatTradeMoney(fee, k.currency)}) is more than the sale brings in: ` +
        'selling would cost money, so it is not kept; preview a larger sale.',
    };
  if (shares === undefined || !(shares > 0) || total === undefined || !(total >= 0))
    return { problem: 'This preview has no shares or total to keep: ask for a quote first.' };
  const key = paperKey(k);
  const i = book.positions.findIndex((p) => paperKey(p) === key);
  const had = i >= 0 ? book.positions[i]! : undefined;
  // after every trade the position has, also one stamped after a step back of the wall clock (stampAfter): a write
  // merges the file's trades and this one in order of time (src/watch/merge.ts), and a sale stamped before the buy it
  // sold read as still held
  const latest = had?.trades.reduce((m, t) => Math.max(m, t.at), Number.NEGATIVE_INFINITY);
  let trade: PaperTrade = {
    id: randomUUID(),
    at: stampAfter(latest, k.at),
    action,
    shares,
    avgPrice: q.averagePrice ?? round9(total / shares),
    fee: q.fee ?? 0,
    total,
  };
  if (had?.settled) return { problem: 'That paper position is settled; its market has resolved.' };
  let soldAll = false;
  if (action === 'sell') {
    const h = holding(had?.trades ?? []);
    if (h.shares <= 0) return { problem: `No paper shares of ${inQuotes(k.outcome)} to sell here.` };
    if (Math.abs(shares - h.shares) <= SELL_ALL_WITHIN + 1e-9) {
      // all of it, at the previewed price: what it brought in and its fee scaled to the shares held
      const f = h.shares / shares;
      trade = { ...trade, shares: h.shares, fee: round9(trade.fee * f), total: round9(total * f) };
      soldAll = true;
    } else if (shares > h.shares)
      return {
        problem:
          `You hold ${formatShares(h.shares)} paper shares of ${inQuotes(k.outcome)}: ` +
          'preview a sale of at most that.',
      };
  }
  // a full book: the position closed longest ago (settled, or sold out) makes room; every one open, none can
  const room = !had && book.positions.length >= PAPER_MAX ? oldestClosed(book.positions) : -1;
  if (!had && book.positions.length >= PAPER_MAX && room < 0)
    return { problem: `${PAPER_MAX} paper positions are kept at most, and every one is open: sell one out first.` };
  const trades = [...(had?.trades ?? []), trade];
  const position: PaperPosition = {
    ref: k.ref,
    title: had?.title ?? k.title,
    outcome: k.outcome,
    currency: k.currency,
    // whole here: the oldest are folded as the book is written (paperFile.ts), from what goes on the file
    trades,
  };
  const positions = [...book.positions];
  if (i >= 0) positions[i] = position;
  else positions.push(position);
  if (room >= 0) positions.splice(room, 1);
  return {
    book: { positions },
    position,
    ...(soldAll ? { soldAll: true as const } : {}),
    ...(room >= 0 ? { madeRoom: book.positions[room]! } : {}),
  };
}

/** When a paper position closed: settled, or its last trade sold it out; undefined while it holds shares. */
function closedAt(p: PaperPosition): number | undefined {
  if (p.settled) return p.settled.at;
  return holding(p.trades).shares <= 0 ? (p.trades[p.trades.length - 1]?.at ?? 0) : undefined;
}

/** The index of the position closed longest ago, -1 when every one is open. */
function oldestClosed(positions: readonly PaperPosition[]): number {
  let best = -1;
  let bestAt = Number.POSITIVE_INFINITY;
  positions.forEach((p, j) => {
    const at = closedAt(p);
    if (at !== undefined && at < bestAt) [best, bestAt] = [j, at];
  });
  return best;
}

/** A paper position as a Position (marked `paper`), valued against its market when there is one. */
export function paperPosition(p: PaperPosition, market?: Market): Position | undefined {
  const h = holding(p.trades);
  if (h.shares <= 0 && !p.settled) return undefined;
  const base = {
    ref: p.ref,
    title: market?.title ?? p.title,
    outcome: p.outcome,
    shares: h.shares,
    cost: h.cost,
    ...(h.shares > 0 ? { avgPrice: round9(h.cost / h.shares) } : {}),
    ...(h.realized !== 0 ? { realized: h.realized } : {}),
    ...(h.fees > 0 ? { fees: h.fees } : {}),
    ...(h.oversold > 0 ? { oversold: h.oversold } : {}),
    currency: p.currency,
    paper: true as const,
  };
  if (p.settled)
    return {
      ...base,
      state: 'resolved',
      value: p.settled.paid,
      paid: p.settled.paid,
      ...pnlOf(p.settled.paid, h.cost),
    };
  return { ...base, ...valueAgainst(market, p.outcome, h.shares, h.cost) };
}

/** A paper position with nothing left: every share sold (src/positions/pnl.ts `soldOut`). */
function soldRow(p: PaperPosition, market?: Market): Position {
  const h = holding(p.trades);
  const v = valueAgainst(market, p.outcome, 0, 0);
  return {
    ref: p.ref,
    title: market?.title ?? p.title,
    outcome: p.outcome,
    shares: 0,
    cost: 0,
    value: 0,
    pnl: 0,
    realized: h.realized,
    ...(h.fees > 0 ? { fees: h.fees } : {}),
    ...(h.oversold > 0 ? { oversold: h.oversold } : {}),
    ...(v.price !== undefined ? { price: v.price } : {}),
    currency: p.currency,
    state: v.state,
    paper: true,
  };
}

/**
 * The paper positions shown (the Positions view, `oddsboard positions`): each held one valued as paperPosition does,
 * and one sold out kept as a row with nothing held and what its sales realized — so what a closed paper trade made or
 * lost stays in view. (An alert on a position asks paperPosition: one sold out is no longer held.)
 */
export const paperRow = (p: PaperPosition, market?: Market): Position => paperPosition(p, market) ?? soldRow(p, market);

/**
 * Whether a paper position's market still matters to it: it holds shares and has not settled. Only these are followed
 * in the background and fetched by `oddsboard positions`; a sold out or settled one has nothing whose value changes
 * (docs/positions.md).
 */
export const paperFollowed = (p: PaperPosition): boolean => closedAt(p) === undefined;

/** The book with every position whose market has resolved stamped `settled` (the same book when none has). */
export function settlePaper(book: PaperBook, marketOf: (ref: MarketRef) => Market | undefined, at: number): PaperBook {
  let changed = false;
  const positions = book.positions.map((p) => {
    if (p.settled) return p;
    const m = marketOf(p.ref);
    if (m?.status !== 'resolved') return p;
    const h = holding(p.trades);
    const v = valueAgainst(m, p.outcome, h.shares, h.cost);
    if (v.paid === undefined) return p;
    changed = true;
    return { ...p, settled: { at, paid: v.paid } };
  });
  return changed ? { positions } : book;
}

/** The paper positions of one venue as Positions, each valued against its market (a sold out one too: paperRow). */
export function paperPositionsOf(
  book: PaperBook,
  venue: string,
  marketOf: (ref: MarketRef) => Market | undefined,
): Position[] {
  return book.positions.filter((p) => p.ref.venue === venue).map((p) => paperRow(p, marketOf(p.ref)));
}
