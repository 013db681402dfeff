/**
 * The trader's routes of the Kalshi replay: `GET /markets/{ticker}/orderbook` and
 * `GET /series/{series_ticker}/markets/{ticker}/candlesticks`, answered from what `record` saved next to the markets
 * (`books/book-<ticker>.json`, `histories/candles-<period>-<ticker>.json`), verbatim. A known market without a
 * recorded book answers an empty one (`{"orderbook_fp": {"yes_dollars": [], "no_dollars": []}}`), without recorded
 * candles an empty list — never a 404; an unknown market is Kalshi's 404.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readRecordedJson } from '../../server/replay/load.js';
import { isObj, type Obj } from './replayData.js';

/** The recorded answers of the trader's routes, by ticker. */
export interface TraderRecording {
  books: Map<string, unknown>;
  /** Per ticker, per period (minutes), the recorded candlesticks answer. */
  candles: Map<string, Map<number, Obj>>;
}

export const emptyTraderRecording = (): TraderRecording => ({ books: new Map(), candles: new Map() });

export const BOOKS_DIR = 'books';
export const HISTORIES_DIR = 'histories';
export const bookFile = (ticker: string): string => `book-${ticker}.json`;
export const candlesFile = (period: number, ticker: string): string => `candles-${period}-${ticker}.json`;

function jsonFilesIn(dir: string): Array<[string, unknown]> {
  const st = statSync(dir, { throwIfNoEntry: false });
  if (!st?.isDirectory()) return [];
  const out: Array<[string, unknown]> = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    out.push([name, readRecordedJson(join(dir, name))]);
  }
  return out;
}

/** Reads `DIR/books/` and `DIR/histories/` (absent folders: nothing recorded). */
export function loadTraderRecording(dir: string): TraderRecording {
  const rec = emptyTraderRecording();
  for (const [name, body] of jsonFilesIn(join(dir, BOOKS_DIR))) {
    const m = /^book-(.+)\.json$/.exec(name);
    if (m?.[1]) rec.books.set(m[1], body);
  }
  for (const [name, body] of jsonFilesIn(join(dir, HISTORIES_DIR))) {
    const m = /^candles-(\d+)-(.+)\.json$/.exec(name);
    if (!m?.[2] || !isObj(body)) continue;
    const byPeriod = rec.candles.get(m[2]) ?? new Map<number, Obj>();
    byPeriod.set(Number(m[1]), body);
    rec.candles.set(m[2], byPeriod);
  }
  return rec;
}

export class TraderBadRequest extends Error {}
const bad = (message: string): never => {
  throw new TraderBadRequest(message);
};

function intParam(q: URLSearchParams, name: string, required: boolean): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') return required ? bad(`${name} is required`) : undefined;
  return /^-?\d{1,12}$/.test(v) ? Number(v) : bad(`${name} must be an integer`);
}

const EMPTY_BOOK = { orderbook_fp: { yes_dollars: [], no_dollars: [] } };

/** The N highest-priced levels of a side, kept in the recorded order. */
function bestLevels(side: unknown, n: number): unknown {
  if (!Array.isArray(side) || side.length <= n) return side;
  const price = (l: unknown) => (Array.isArray(l) ? Number(l[0]) : NaN);
  const kept = new Set([...side].sort((a, b) => price(b) - price(a)).slice(0, n));
  return side.filter((l) => kept.has(l));
}

/** `depth` 1–100 cuts every side of every shape to its best N levels; 0 (or none) is all of them. */
function withDepth(body: unknown, depth: number): unknown {
  if (depth <= 0 || !isObj(body)) return body;
  const cut = (o: unknown) =>
    isObj(o) ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, bestLevels(v, depth)])) : o;
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, k === 'orderbook' || k === 'orderbook_fp' ? cut(v) : v]),
  );
}

/** GET /markets/{ticker}/orderbook for a known market. */
export function bookAnswer(rec: TraderRecording, ticker: string, q: URLSearchParams): unknown {
  const depth = intParam(q, 'depth', false) ?? 0;
  if (depth < 0 || depth > 100) bad('depth must be between 0 and 100');
  return withDepth(rec.books.get(ticker) ?? EMPTY_BOOK, depth);
}

export const PERIODS = [1, 60, 1440] as const;
/** "Must be within 5000 period_intervals after start_ts" (the candlesticks page of the docs). */
export const MAX_CANDLES = 5000;

/** GET /series/{series_ticker}/markets/{ticker}/candlesticks for a known market of that series. */
export function candlesAnswer(rec: TraderRecording, ticker: string, q: URLSearchParams): unknown {
  const start = intParam(q, 'start_ts', true) ?? 0;
  const end = intParam(q, 'end_ts', true) ?? 0;
  const period = intParam(q, 'period_interval', true) ?? 0;
  if (!(PERIODS as readonly number[]).includes(period)) bad('period_interval must be one of 1, 60, 1440');
  if (end < start) bad('end_ts must not be before start_ts');
  if ((end - start) / (period * 60) > MAX_CANDLES) bad(`at most ${MAX_CANDLES} period_intervals after start_ts`);
  const recorded = rec.candles.get(ticker)?.get(period);
  const list = recorded && Array.isArray(recorded.candlesticks) ? recorded.candlesticks : [];
  const candlesticks = list.filter(
    (c) => isObj(c) && typeof c.end_period_ts === 'number' && c.end_period_ts >= start && c.end_period_ts <= end,
  );
  return { ticker, candlesticks };
}
