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
 * The oldest trades folded into one record of what they left (the same holding, fewer lines), stamped with the latest
 * time among them. Folded only as the book is written (paperFile.ts, encodePaper), from the whole of what the write
 * puts on the file: a fold never holds a trade that is not on the file, so the merge need not guess what one holds
 * (merge.ts). Trades are in the order holding() reads them.
 */
export function fold(trades: readonly PaperTrade[]): PaperTrade[] {
  if (trades.length <= PAPER_TRADES_MAX) return [...trades];
  let cut = trades.length - PAPER_TRADES_MAX + 1;
  // every trade of its time with it: the file's order of trades that share a millisecond stays one
  while (cut < trades.length && trades[cut]!.at === trades[cut - 1]!.at) cut++;
  const h = holding(trades.slice(0, cut));
  const first: PaperTrade = {
    id: randomUUID(),
    at: trades.slice(0, cut).reduce((m, t) => Math.max(m, t.at), Number.NEGATIVE_INFINITY),
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
 * The file's trades (`theirs`, in its order) with the ones kept here since the last write (`added`), in order of
 * time — but none before the file's fold: a fold holds exactly the trades that were on the file when it was written,
 * and one kept here since was never there, even one stamped earlier (a dashboard that had not read the other's
 * trades, suspended or failing to write, stamps after the latest it read). It comes after the fold, so a sale of
 * shares the fold holds still sells them. Nothing is left out: nothing here is held by a fold on the file.
 */
export function afterFolds(theirs: readonly PaperTrade[], added: readonly PaperTrade[]): PaperTrade[] {
  const from = theirs.reduce((m, t) => (t.folded ? Math.max(m, t.at) : m), Number.NEGATIVE_INFINITY);
  const key = (t: PaperTrade) => (t.folded ? t.at : Math.max(t.at, from));
  return [...theirs, ...added]
    .map((t, i) => ({ t, i }))
    .sort((a, b) => key(a.t) - key(b.t) || a.i - b.i)
    .map((x) => x.t);
}
