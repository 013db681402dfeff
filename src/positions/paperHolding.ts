/**
 * What a paper position's trades leave (by average cost), and the fold that keeps their number bounded: a position
 * past PAPER_TRADES_MAX trades has its oldest ones folded into one record that leaves the same figures — what they
 * hold and cost, and what they realized, oversold and paid in fees (docs/positions.md, "Folded trades").
 */
import { randomUUID } from 'node:crypto';
import type { PaperTrade } from './paper.js';
import { round9 } from './pnl.js';

/** Trades kept per position at most; older ones are folded into one. */
export const PAPER_TRADES_MAX = 200;

export interface Holding {
  shares: number;
  cost: number;
  realized: number;
  fees: number;
  /** Shares sales took beyond what was held (the same shares sold in two dashboards): booked as nothing. */
  oversold: number;
}

/**
 * What the trades leave, by average cost. A sale of more than is held (two dashboards on one home each sold the same
 * shares before the other's write arrived: merge.ts) sells what is held and books that part of it alone — what it
 * brought in and its fee pro rata — the rest counted as `oversold`, never a gain made of shares that were not there.
 * A fold is a buy of what its trades held, at what it cost, with their fees, and adds what they realized and oversold.
 */
export function holding(trades: readonly PaperTrade[]): Holding {
  let shares = 0;
  let cost = 0;
  let realized = 0;
  let fees = 0;
  let oversold = 0;
  for (const t of trades) {
    if (t.action === 'buy') {
      fees = round9(fees + t.fee);
      shares = round9(shares + t.shares);
      cost = round9(cost + t.total);
      if (t.folded) {
        realized = round9(realized + t.folded.realized);
        oversold = round9(oversold + t.folded.oversold);
      }
      continue;
    }
    const sold = Math.min(t.shares, shares);
    const over = round9(t.shares - sold);
    const part = over > 0 ? sold / t.shares : 1;
    const out = shares > 0 ? round9((cost * sold) / shares) : 0;
    fees = round9(fees + t.fee * part);
    realized = round9(realized + round9(t.total * part) - out);
    oversold = round9(oversold + over);
    cost = round9(cost - out);
    shares = round9(shares - sold);
  }
  return { shares, cost, realized, fees, oversold };
}

/**
 * The oldest trades folded into one record of what they left (the same holding, fewer lines), stamped with the time
 * of the last of them: it stands for every trade of the position up to that time, which is how a write tells the
 * file's trades it replaces (coverFolds). Trades are in order of time (keepPaper stamps each after the last).
 */
export function fold(trades: readonly PaperTrade[]): PaperTrade[] {
  if (trades.length <= PAPER_TRADES_MAX) return [...trades];
  let cut = trades.length - PAPER_TRADES_MAX + 1;
  // every trade of its time, so that it holds all it stands for: two dashboards' trades may share a millisecond
  while (cut < trades.length && trades[cut]!.at === trades[cut - 1]!.at) cut++;
  const h = holding(trades.slice(0, cut));
  const first: PaperTrade = {
    id: randomUUID(),
    at: trades[cut - 1]!.at,
    action: 'buy',
    shares: h.shares,
    avgPrice: h.shares > 0 ? round9(h.cost / h.shares) : 0,
    fee: h.fees,
    total: h.cost,
    folded: { realized: h.realized, oversold: h.oversold },
  };
  return [first, ...trades.slice(cut)];
}

/**
 * Trades in order of time, two books' put together (merge.ts), with the fold reaching furthest kept and every other
 * trade up to its time left out: it holds them already. Each dashboard folds the same oldest trades of the file it
 * merged onto, so the further fold holds the other's too; without this the file's trades a fold replaced were kept
 * beside it, and their shares counted twice. (Trades stamped after the last one a dashboard read: keepPaper.)
 */
export function coverFolds(trades: readonly PaperTrade[]): PaperTrade[] {
  let last: PaperTrade | undefined;
  for (const t of trades) if (t.folded && (last === undefined || t.at > last.at)) last = t;
  if (last === undefined) return [...trades];
  const upTo = last.at;
  return trades.filter((t) => t === last || t.at > upTo);
}
