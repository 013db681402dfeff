/**
 * A Kalshi market's price history from its candlesticks (docs/sources/kalshi.md § Trader's view):
 * `GET /series/{series_ticker}/markets/{ticker}/candlesticks?start_ts&end_ts&period_interval` (spec 3.7.0:
 * all three required; `period_interval` "Valid values are 1 (1 minute), 60 (1 hour), or 1440 (1 day)"; start/end
 * are Unix seconds, candlesticks "ending on or after" start and "on or before" end).
 *
 * Resolution: one hour for both ranges — 24 h is 24 candles, 7 d is 168 (1-minute candles would be 1,440 for a
 * day; daily ones 7 for a week). One request per range, oldest first.
 *
 * The price of a candle (`MarketCandlestick`: `end_period_ts`, `price`, `yes_bid`, `yes_ask`, each OHLC in cents
 * and in `*_dollars` strings) is read as the list reads a market's price (src/api/normalizeKalshi.ts): the last
 * trade of the period (`price.close`); else the last trade before it (`price.previous`: the price still
 * standing); else the middle of the period's closing bid and ask when both are quoted and at most 10¢ apart; else
 * the candle has no point. No: 1 − the Yes price.
 */
import { MAX_MID_SPREAD } from '../../api/normalizeKalshi.js';
import type { HistoryRange, PricePoint } from '../../api/types.js';
import type { Query } from '../types.js';
import { plainFigure } from '../../util/numbers.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Candle length (minutes) for both ranges. */
export const HISTORY_PERIOD_MINUTES = 60;
export const RANGE_SECONDS: Record<HistoryRange, number> = { '24h': 24 * 3600, '7d': 7 * 24 * 3600 };

/** The documented query of one range ending now. */
export function candleQuery(range: HistoryRange, nowMs: number): Query {
  const end = Math.floor(nowMs / 1000);
  return [
    ['start_ts', String(end - RANGE_SECONDS[range])],
    ['end_ts', String(end)],
    ['period_interval', String(HISTORY_PERIOD_MINUTES)],
  ];
}

/**
 * A market's series for the candlestick route: its ticker before the first '-' (KXMLBGAME-26JUL231840KCDET-KC →
 * KXMLBGAME). **Decision**: the market answer names only its event, and asking the event for its `series_ticker`
 * would cost a request per history; every recorded ticker starts with its series.
 */
export const seriesOfTicker = (ticker: string): string => ticker.split('-')[0] ?? ticker;

/** An OHLC field of a candle part: its `_dollars` string, else its integer cents; null/absent → undefined. */
function field(part: unknown, name: string): number | undefined {
  if (!isObj(part)) return undefined;
  const d = part[`${name}_dollars`];
  const dollars = plainFigure(d);
  if (dollars !== undefined) return dollars;
  const c = part[name];
  return typeof c === 'number' && Number.isFinite(c) ? c / 100 : undefined;
}

const inside = (p: number | undefined): p is number => p !== undefined && p > 0 && p < 1;

/** One candle's Yes price (see the header), undefined when it has none. */
export function candleYesPrice(c: Obj): number | undefined {
  const close = field(c.price, 'close');
  if (inside(close)) return close;
  const previous = field(c.price, 'previous');
  if (inside(previous)) return previous;
  const bid = field(c.yes_bid, 'close');
  const ask = field(c.yes_ask, 'close');
  if (inside(bid) && inside(ask) && ask >= bid && ask - bid <= MAX_MID_SPREAD + 1e-9)
    return Math.round(((bid + ask) / 2) * 1e9) / 1e9;
  return undefined;
}

/** The points of a candlesticks answer for an outcome, oldest first; undefined when it lists no candlesticks. */
export function readCandles(body: unknown, side: 'yes' | 'no'): PricePoint[] | undefined {
  if (!isObj(body) || !Array.isArray(body.candlesticks)) return undefined;
  const byTime = new Map<number, number>();
  for (const c of body.candlesticks) {
    if (!isObj(c) || typeof c.end_period_ts !== 'number' || !Number.isFinite(c.end_period_ts)) continue;
    const yes = candleYesPrice(c);
    if (yes === undefined) continue;
    byTime.set(c.end_period_ts * 1000, side === 'yes' ? yes : Math.round((1 - yes) * 1e9) / 1e9);
  }
  return [...byTime].sort((a, b) => a[0] - b[0]).map(([t, p]) => ({ t, p }));
}
