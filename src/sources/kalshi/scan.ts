/**
 * Search and category on Kalshi, which has no text search (docs/sources/kalshi.md § Search and categories):
 * `GET /events?with_nested_markets=true&limit=200` page by page, keeping the nested markets in whose texts — the
 * event's title, sub-title and tickers with the market's own title, `yes_sub_title` and ticker — every word of the
 * term stands (any order, case and accents aside: src/util/searchWords.ts), of the events whose `category` is the
 * chosen one; in Kalshi's order, paged by offset. At most `SCAN_MAX_PAGES` pages a query: past them the list ends.
 */
import { normalizeEvent } from '../../api/normalize.js';
import type { ApiResult, CallOptions, Market } from '../../api/types.js';
import { holdsWords, queryWords } from '../../util/searchWords.js';
import { badShape, type JsonAnswer } from '../http.js';
import type { Paged, Query } from '../types.js';
import { EVENTS_MAX_LIMIT, SCAN_MAX_PAGES } from './limits.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ScanQuery {
  /** The `/events` status word, when filtered. */
  status?: string;
  term?: string;
  category?: string;
  offset: number;
  limit: number;
  now: number;
}

type Get = (path: string, query: Query, opts?: CallOptions) => Promise<JsonAnswer>;

const eventTexts = (e: Obj): unknown[] => [e.title, e.sub_title, e.event_ticker, e.series_ticker];
const marketTexts = (m: Obj): unknown[] => [m.title, m.yes_sub_title, m.ticker];

/** The nested markets of `e` the query keeps (raw objects), in Kalshi's order: every word in the event's and theirs. */
export function keptMarkets(e: Obj, words: readonly string[], category: string | undefined): unknown[] {
  if (category !== undefined && e.category !== category) return [];
  const markets: unknown[] = Array.isArray(e.markets) ? (e.markets as unknown[]) : [];
  const event = eventTexts(e);
  if (holdsWords(event, words)) return markets;
  return markets.filter((m) => isObj(m) && holdsWords([...event, ...marketTexts(m)], words));
}

/** One page of the scan's markets (normalized through their event: category and event title filled in). */
export async function scanEvents(get: Get, q: ScanQuery, opts?: CallOptions): Promise<Paged<Market[]>> {
  const words = queryWords(q.term ?? '');
  const want = q.offset + q.limit + 1;
  const found: Market[] = [];
  let cursor = '';
  let last: JsonAnswer | undefined;
  for (let page = 0; page < SCAN_MAX_PAGES && found.length < want; page++) {
    const query: [string, string][] = [
      ['limit', String(EVENTS_MAX_LIMIT)],
      ['with_nested_markets', 'true'],
    ];
    if (q.status !== undefined) query.push(['status', q.status]);
    if (cursor !== '') query.push(['cursor', cursor]);
    last = await get('/events', query, opts);
    const data = last.data;
    if (!isObj(data) || !Array.isArray(data.events)) throw badShape(last.status, 'Kalshi /events: no events list.');
    for (const e of data.events) {
      if (!isObj(e)) continue;
      const kept = keptMarkets(e, words, q.category);
      if (kept.length === 0) continue;
      const ev = normalizeEvent({ ...e, markets: kept }, { now: q.now });
      if (ev) found.push(...ev.markets);
    }
    cursor = typeof data.cursor === 'string' ? data.cursor : '';
    if (cursor === '') break;
  }
  const page = found.slice(q.offset, q.offset + q.limit);
  const result: ApiResult<Market[]> = { data: page, status: last?.status ?? 200 };
  if (last?.rate) result.rate = last.rate;
  return { ...result, more: found.length > q.offset + q.limit };
}
