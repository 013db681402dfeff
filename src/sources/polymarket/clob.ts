/**
 * Polymarket's CLOB answers read as the CLOB sends them (docs/sources/polymarket.md § Trader's view), and the taker
 * fee of a Gamma market.
 *
 * `GET /book?token_id=` → `{market, asset_id, timestamp, hash, bids, asks, min_order_size, tick_size, neg_risk,
 * last_trade_price}`; `bids` and `asks` are `{price, size}` decimal STRINGS, prices 0..1 USDC per share, sizes in
 * shares. The CLOB lists bids ASCENDING and asks DESCENDING — the best level of each side LAST (three recorded
 * books whose recorded `/midpoint` answers agree only with that reading, test/fixtures/real/SOURCES.md; py-sdk#42,
 * ts-sdk#64, polymarket-cli#75, rs-clob-client#330, py-clob-client#106). We sort (src/sources/book.ts
 * `sortLevels`), so a change of order upstream reads right too. An empty side is `[]`.
 *
 * `GET /prices-history?market=<token>&…` → `{history: [{t: seconds, p: price}]}`.
 *
 * Fee (docs.polymarket.com/trading/fees: `fee = C × feeRate × p × (1 − p)`, takers only, "rounded to 5 decimal
 * places", "the smallest fee charged is 0.00001 USDC"): the general form Polymarket's own clients compute
 * (clob-client-v2 `src/fees/index.ts`: `feeRate * (price * (1 - price)) ** feeExponent` per share) with the
 * market's Gamma `feeSchedule` `{rate, exponent}`. No `feeSchedule`, or `feesEnabled: false` → no fee.
 * `makerBaseFee` / `takerBaseFee` (1000 on fee-charging markets) are the legacy base fee, not the rate: not read.
 */
import type { BookLevel, HistoryRange, OrderBook, PricePoint } from '../../api/types.js';
import { sortLevels, type FeeSchedule, type Fill } from '../book.js';
import type { Query } from '../types.js';
import { plainFigure } from '../../util/numbers.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const num = plainFigure;

/** `[{price, size}]` as listed; unreadable levels are skipped. */
function levels(side: unknown): BookLevel[] {
  if (!Array.isArray(side)) return [];
  const out: BookLevel[] = [];
  for (const l of side) {
    const price = isObj(l) ? num(l.price) : undefined;
    const size = isObj(l) ? num(l.size) : undefined;
    if (price !== undefined && size !== undefined) out.push({ price, size });
  }
  return out;
}

/** Whether a body is a CLOB book (an `asset_id` and both sides as lists). */
export const isClobBook = (v: unknown): v is Obj =>
  isObj(v) && typeof v.asset_id === 'string' && Array.isArray(v.bids) && Array.isArray(v.asks);

/** A `/book` answer as an OrderBook (both sides best first); undefined when the body is no book. */
export function readClobBook(body: unknown, marketId: string, outcome: string): OrderBook | undefined {
  if (!isObj(body) || (!Array.isArray(body.bids) && !Array.isArray(body.asks))) return undefined;
  const at = num(body.timestamp);
  return {
    marketId,
    outcome,
    bids: sortLevels(levels(body.bids), 'bids'),
    asks: sortLevels(levels(body.asks), 'asks'),
    ...(at !== undefined && at > 0 ? { at } : {}),
    raw: body,
  };
}

/** A `/prices-history` answer as points (epoch ms, oldest first, one per second); undefined when it has no list. */
export function readClobHistory(body: unknown): PricePoint[] | undefined {
  if (!isObj(body) || !Array.isArray(body.history)) return undefined;
  const byTime = new Map<number, number>();
  for (const h of body.history) {
    const t = isObj(h) ? num(h.t) : undefined;
    const p = isObj(h) ? num(h.p) : undefined;
    if (t === undefined || p === undefined || p < 0 || p > 1) continue;
    byTime.set(Math.round(t) * 1000, p);
  }
  return [...byTime].sort((a, b) => a[0] - b[0]).map(([t, p]) => ({ t, p }));
}

/** The parameters of a market's taker fee curve; rate 0 = no fee. */
export interface FeeCurve {
  rate: number;
  exponent: number;
}

export const NO_FEE: FeeCurve = { rate: 0, exponent: 1 };

/** A Gamma market's fee curve: its `feeSchedule` unless `feesEnabled` is false; exponent 1 when not given. */
export function feeCurveOf(gammaMarket: unknown): FeeCurve {
  if (!isObj(gammaMarket) || gammaMarket.feesEnabled === false || !isObj(gammaMarket.feeSchedule)) return NO_FEE;
  const rate = num(gammaMarket.feeSchedule.rate);
  const exponent = num(gammaMarket.feeSchedule.exponent) ?? 1;
  if (rate === undefined || !(rate > 0) || rate >= 1 || !(exponent >= 0) || exponent > 4) return NO_FEE;
  return { rate, exponent };
}

/** Half up at 5 decimals (the 1e-9 absorbs floating-point dust: 0.492499999… is 0.4925). */
const round5 = (x: number): number => Math.floor(x * 1e5 + 0.5 + 1e-9) / 1e5;

/**
 * The taker fee of a fill through the book: Σ over the levels taken of shares × rate × (p × (1 − p))^exponent, the
 * order's total rounded to 5 decimals (anything under 0.000005 is 0). **Decision**: rounded once per order — the
 * venue rounds per match, and which resting orders a level holds is not in the book.
 */
export function clobTakerFee(curve: FeeCurve): FeeSchedule {
  return (fill: Fill) => {
    if (curve.rate === 0) return 0;
    let fee = 0;
    for (const l of fill.levels) fee += l.size * curve.rate * (l.price * (1 - l.price)) ** curve.exponent;
    return round5(fee);
  };
}

/** History resolution: 5-minute points over a day (≤ 289), hourly over a week (≤ 169); one request per range. */
export const HISTORY_FIDELITY: Record<HistoryRange, number> = { '24h': 5, '7d': 60 };
export const RANGE_SECONDS: Record<HistoryRange, number> = { '24h': 24 * 3600, '7d': 7 * 24 * 3600 };
const INTERVAL: Record<HistoryRange, string> = { '24h': '1d', '7d': '1w' };

/**
 * The `/prices-history` query of a range. An open market: `interval` (1d / 1w: "a duration ending at the current
 * time") — the CLOB's own clock. A market that stopped trading at `endedMs`: `startTs`/`endTs` for the range
 * ending then (`interval` answers nothing for closed markets, and the two forms are mutually exclusive).
 */
export function historyQuery(token: string, range: HistoryRange, endedMs?: number): Query {
  const fidelity: [string, string] = ['fidelity', String(HISTORY_FIDELITY[range])];
  if (endedMs === undefined) return [['market', token], ['interval', INTERVAL[range]], fidelity];
  const end = Math.floor(endedMs / 1000);
  return [['market', token], ['startTs', String(end - RANGE_SECONDS[range])], ['endTs', String(end)], fidelity];
}
