/**
 * Kalshi's order book read as Kalshi publishes it (docs/sources/kalshi.md § Trader's view), and its fee schedule.
 *
 * `GET /markets/{ticker}/orderbook` lists BIDS ONLY, for both sides: `yes` bids and `no` bids ("a bid for yes at
 * price X is equivalent to an ask for no at price (100-X)", spec 3.7.0). Shapes, newest first:
 *  - `{"orderbook_fp": {"yes_dollars": [["0.3800", "45.00"], …], "no_dollars": […]}}` — dollar strings and
 *    fixed-point contract counts (the only shape of spec 3.28.0; the recorded answer in test/fixtures/real);
 *  - `{"orderbook": {"yes_dollars": [["0.1500", 100], …], …}}` — spec 3.7.0's legacy object (dollar strings,
 *    integer counts), sent next to `orderbook_fp`;
 *  - `{"orderbook": {"yes": [[15, 100], …], "no": […]}}` — the oldest: integer cents and counts.
 * A side may be `null` or absent (no resting bids): an empty side, never an error. The guide
 * (docs.kalshi.com/getting_started/orderbook_responses) says the arrays ascend and the best bid is the LAST element;
 * the spec's prose says "organized from best to worst"; the recorded answer ascends. We sort, so either reads right.
 */
import { ApiError } from '../../api/errors.js';
import type { BookLevel, OrderBook } from '../../api/types.js';
import { asksFromOtherSide, sortLevels, type FeeSchedule } from '../book.js';
import { plainFigure } from '../../util/numbers.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which of Kalshi's shapes an answer had. */
export type BookShape = 'orderbook_fp' | 'orderbook_dollars' | 'orderbook_cents';

export interface KalshiBids {
  yes: BookLevel[];
  no: BookLevel[];
  shape: BookShape;
}

const num = plainFigure;

/** `[price, count]` pairs; cents ÷ 100 when the side is in cents. Unreadable pairs are skipped. */
function levels(side: unknown, cents: boolean): BookLevel[] {
  if (!Array.isArray(side)) return [];
  const out: BookLevel[] = [];
  for (const pair of side) {
    if (!Array.isArray(pair) || pair.length < 2) continue;
    const p = num(pair[0]);
    const s = num(pair[1]);
    if (p === undefined || s === undefined) continue;
    out.push({ price: cents ? Math.round(p * 1e4) / 1e6 : p, size: s });
  }
  return out;
}

/** The yes and no bids of an orderbook answer, as listed (unsorted); undefined when the body has no book at all. */
export function readKalshiBids(body: unknown): KalshiBids | undefined {
  if (!isObj(body)) return undefined;
  const fp = body.orderbook_fp;
  if (isObj(fp)) return { yes: levels(fp.yes_dollars, false), no: levels(fp.no_dollars, false), shape: 'orderbook_fp' };
  const ob = body.orderbook;
  if (!isObj(ob)) return undefined;
  if ('yes_dollars' in ob || 'no_dollars' in ob)
    return { yes: levels(ob.yes_dollars, false), no: levels(ob.no_dollars, false), shape: 'orderbook_dollars' };
  return { yes: levels(ob.yes, true), no: levels(ob.no, true), shape: 'orderbook_cents' };
}

/** 'Yes' or 'No' (any case); anything else is not an outcome of a Kalshi market. */
export function kalshiSide(outcome: string): 'yes' | 'no' {
  const o = outcome.trim().toLowerCase();
  if (o === 'yes' || o === 'no') return o;
  throw new ApiError({
    kind: 'invalid_request',
    code: 'UNKNOWN_OUTCOME',
    message: `Kalshi markets trade Yes and No, not "${outcome}".`,
    param: 'outcome',
  });
}

/**
 * One outcome's book: its own bids (best first), and as asks the other side's bids at 1 − price (best first).
 * Yes: bids = yes bids, asks = 1 − no bids. No: bids = no bids, asks = 1 − yes bids.
 */
export function kalshiBook(bids: KalshiBids, marketId: string, outcome: string, raw: unknown): OrderBook {
  const side = kalshiSide(outcome);
  const own = side === 'yes' ? bids.yes : bids.no;
  const other = side === 'yes' ? bids.no : bids.yes;
  return {
    marketId,
    outcome: side === 'yes' ? 'Yes' : 'No',
    bids: sortLevels(own, 'bids'),
    asks: sortLevels(asksFromOtherSide(other), 'asks'),
    asksDerived: true,
    raw,
  };
}

/** The General Trading Fees Table, "fees = round up(0.07 x C x P x (1-P))" (kalshi.com/docs/kalshi-fee-schedule.pdf) */
export const TAKER_RATE = 0.07;

/** Rounds up to the next cent; dust below a millionth of a cent from float arithmetic is not a cent. */
export const ceilCent = (dollars: number): number => Math.ceil(dollars * 100 - 1e-6) / 100;

/**
 * Kalshi's taker fee on a fill walked through the book: round up to the next cent of 0.07 × Σ C × P × (1 − P) over
 * the levels taken (C contracts at P dollars each). One order is rounded once (Kalshi's fee accumulator makes the
 * fee of many fills "converge to what a single equivalent fill would cost", docs.kalshi.com/getting_started/
 * fee_rounding). P × (1 − P) is the same for a Yes price and its No complement, so buys (asks at 1 − the other
 * side's bid) and sells (bids) use the price walked. Per-series multipliers and maker fees: not applied (docs).
 */
export const kalshiTakerFee: FeeSchedule = (fill) =>
  ceilCent(fill.levels.reduce((sum, l) => sum + TAKER_RATE * l.size * l.price * (1 - l.price), 0));
