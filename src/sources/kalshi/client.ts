/**
 * The Kalshi trade API v2 as a `SourceClient`: the routes and parameters exactly as documented
 * (docs/sources/kalshi.md, `routes.ts`), every answer through the shared normalizer (`src/api/normalize.ts`).
 * A market's id is its `ticker`, which `GET /markets/{ticker}` takes. No key is ever sent.
 */
import { ApiError } from '../../api/errors.js';
import { normalizeEvent, normalizeEventList, normalizeMarket, normalizeMarketList } from '../../api/normalize.js';
import type { ApiResult, CallOptions, Market, MarketEvent, MarketQuery } from '../../api/types.js';
import { answered, badShape, createJsonHttp, unsupported, type JsonAnswer } from '../http.js';
import type { Category, ListStatus, Paged, Query, SourceCaps, SourceClient, SourceClientConfig } from '../types.js';
import { readKalshiError } from './errors.js';
import { EVENTS_MAX_LIMIT, MARKETS_MAX_LIMIT, SCAN_MAX_PAGES, TICKERS_PER_REQUEST } from './limits.js';
import { CLOSING_HORIZON_MS } from '../caps.js';
import { CursorBook, sliceByOffset, type PageAnswer } from './paging.js';
import { scanEvents } from './scan.js';
import { createKalshiTrader } from './trader.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the events scan reads at most (scan.ts). */
const SCANNED = `first ${(SCAN_MAX_PAGES * EVENTS_MAX_LIMIT).toLocaleString('en-US')} events`;

export const KALSHI_CAPS: SourceCaps = {
  statuses: ['active', 'closed', 'resolved', 'all'],
  sorts: [],
  categoryWord: 'category',
  events: true,
  search: true,
  // the events scan (scan.ts): every word must stand in an event's or a market's titles or tickers, in any order
  searchScope: `Kalshi has no text search: the words are looked for in the titles and tickers of its ${SCANNED}`,
  searchScopeShort: `the ${SCANNED}`,
  batch: TICKERS_PER_REQUEST,
  quotes: true,
  book: true,
  history: true,
  maxLimit: MARKETS_MAX_LIMIT,
};

/** The store's status word → Kalshi's filter word (the same on `/markets` and `/events`); undefined: not sent. */
const STATUS_FILTER: Record<ListStatus, string | undefined> = {
  active: 'open',
  closed: 'closed',
  resolved: 'settled',
  all: undefined,
  settling: undefined,
};

export function statusFilter(status: string | undefined): string | undefined {
  if (status === undefined || status === '' || status === 'all') return undefined;
  if (!(KALSHI_CAPS.statuses as readonly string[]).includes(status))
    throw unsupported(`"${status}" status filter (its filter words: open, closed, settled)`, 'Kalshi');
  return STATUS_FILTER[status as ListStatus];
}

const DEFAULT_LIMIT = 50;
const clampInt = (v: number | undefined, lo: number, hi: number, dflt: number): number =>
  v === undefined || !Number.isFinite(v) ? dflt : Math.min(hi, Math.max(lo, Math.floor(v)));

const result = <T>(data: T, a: JsonAnswer): ApiResult<T> => answered(a, data);

/** A `{markets, cursor}` answer's raw markets and next cursor, or a protocol error. */
function marketsPage(a: JsonAnswer, route: string): PageAnswer<unknown> {
  const d = a.data;
  if (!isObj(d) || !Array.isArray(d.markets)) throw badShape(a.status, `Kalshi ${route}: no markets list.`, a.rate);
  return { items: d.markets as unknown[], next: typeof d.cursor === 'string' ? d.cursor : '' };
}

export function createKalshiClient(config: SourceClientConfig, clock: () => number = Date.now): SourceClient {
  const http = createJsonHttp(config, readKalshiError);
  const book = new CursorBook();
  let categories: Category[] | undefined;
  const path = (...segments: string[]) => `/${segments.map((s) => encodeURIComponent(s)).join('/')}`;

  async function listMarkets(query: MarketQuery = {}, opts?: CallOptions): Promise<Paged<Market[]>> {
    const status = statusFilter(query.status);
    const limit = clampInt(query.limit, 1, MARKETS_MAX_LIMIT, DEFAULT_LIMIT);
    const offset = clampInt(query.offset, 0, Number.MAX_SAFE_INTEGER, 0);
    const term = query.q?.trim() || undefined;
    const category = query.category?.trim() || undefined;
    if (term !== undefined || category !== undefined)
      return scanEvents(http.get, { status, term, category, offset, limit, now: clock() }, opts);
    let last: JsonAnswer | undefined;
    const key = JSON.stringify(['markets', status ?? '', limit]);
    const { items, more } = await sliceByOffset(book, key, offset, limit, async (cursor) => {
      const q: [string, string][] = [['limit', String(limit)]];
      if (status !== undefined) q.push(['status', status]);
      q.push(['mve_filter', 'exclude']);
      if (cursor !== '') q.push(['cursor', cursor]);
      last = await http.get('/markets', q, opts);
      return marketsPage(last, '/markets');
    });
    const markets = normalizeMarketList(items, { now: clock() });
    return last ? { ...result(markets, last), more } : { data: markets, status: 200, more };
  }

  async function getMarkets(ids: readonly string[], opts?: CallOptions): Promise<ApiResult<Market[]>> {
    const unique = [...new Set(ids.filter((id) => id.trim() !== ''))];
    const out: Market[] = [];
    let last: JsonAnswer | undefined;
    for (let i = 0; i < unique.length; i += TICKERS_PER_REQUEST) {
      const chunk = unique.slice(i, i + TICKERS_PER_REQUEST);
      const q: Query = [
        ['tickers', chunk.join(',')],
        ['limit', String(chunk.length)],
      ];
      last = await http.get('/markets', q, opts);
      out.push(...normalizeMarketList(marketsPage(last, '/markets?tickers').items, { now: clock() }));
    }
    return last ? result(out, last) : { data: out, status: 200 };
  }

  return {
    source: 'kalshi',
    caps: KALSHI_CAPS,
    listMarkets,
    getMarkets,

    async getMarket(id, opts) {
      const a = await http.get(path('markets', id), [], opts);
      const raw = isObj(a.data) ? a.data.market : undefined;
      const m = normalizeMarket(raw, { now: clock() });
      if (!m) throw badShape(a.status, 'Kalshi /markets/{ticker}: no market object.', a.rate);
      return result(m, a);
    },

    async listEvents(query = {}, opts) {
      const limit = clampInt(query.limit, 1, EVENTS_MAX_LIMIT, DEFAULT_LIMIT);
      const q: Query = [
        ['limit', String(limit)],
        ['with_nested_markets', 'true'],
        ['status', 'open'],
      ];
      const a = await http.get('/events', q, opts);
      if (!isObj(a.data) || !Array.isArray(a.data.events))
        throw badShape(a.status, 'Kalshi /events: no events.', a.rate);
      return result(normalizeEventList(a.data.events, { now: clock() }), a);
    },

    async getEvent(id, opts): Promise<ApiResult<MarketEvent>> {
      const a = await http.get(path('events', id), [['with_nested_markets', 'true']], opts);
      const d = a.data;
      const ev = isObj(d) ? d.event : undefined;
      // the deprecated top-level `markets` carries the same markets; used when the event has none nested
      const raw =
        isObj(ev) && !Array.isArray(ev.markets) && isObj(d) && Array.isArray(d.markets)
          ? { ...ev, markets: d.markets }
          : ev;
      const e = normalizeEvent(raw, { now: clock() });
      if (!e) throw badShape(a.status, 'Kalshi /events/{event_ticker}: no event object.', a.rate);
      return result(e, a);
    },

    // a pasted series address (src/links): its open events, the one whose first market closes soonest
    async lookup(l, opts) {
      if (l.route !== 'series') throw unsupported('slugs', 'Kalshi');
      const q: Query = [
        ['series_ticker', l.ticker],
        ['status', 'open'],
        ['with_nested_markets', 'true'],
        ['limit', String(EVENTS_MAX_LIMIT)],
      ];
      const a = await http.get('/events', q, opts);
      if (!isObj(a.data) || !Array.isArray(a.data.events))
        throw badShape(a.status, 'Kalshi /events: no events.', a.rate);
      const first = (e: MarketEvent) => Math.min(...e.markets.map((m) => m.closesAt ?? Infinity));
      const events = normalizeEventList(a.data.events, { now: clock() }).sort((x, y) => first(x) - first(y));
      const event = events[0];
      if (!event)
        throw new ApiError({ kind: 'not_found', status: 404, message: `Kalshi has no open event in ${l.ticker}.` });
      return result({ event }, a);
    },

    async listCategories(opts) {
      if (categories) return { data: categories, status: 200 };
      const a = await http.get('/search/tags_by_categories', [], opts);
      const map = isObj(a.data) ? a.data.tags_by_categories : undefined;
      if (!isObj(map)) throw badShape(a.status, 'Kalshi /search/tags_by_categories: no mapping.', a.rate);
      categories = Object.keys(map)
        .filter((k) => k.trim() !== '')
        .sort((x, y) => x.localeCompare(y))
        .map((k) => ({ id: k, label: k }));
      return result(categories, a);
    },

    async listClosing(opts) {
      const now = clock();
      // min/max_close_ts go with no status (or `closed`) only: the active ones are kept from the answer; the window is
      // the view's (Kalshi sorts nothing: a wider one would spend the 200 rows on markets the view does not list)
      const q: Query = [
        ['min_close_ts', String(Math.floor(now / 1000))],
        ['max_close_ts', String(Math.floor((now + CLOSING_HORIZON_MS) / 1000))],
        ['limit', '200'],
        ['mve_filter', 'exclude'],
      ];
      const a = await http.get('/markets', q, opts);
      const markets = normalizeMarketList(marketsPage(a, '/markets?min_close_ts').items, { now })
        .filter((m) => m.status === 'active')
        .sort((x, y) => (x.closesAt ?? Infinity) - (y.closesAt ?? Infinity));
      return result(markets, a);
    },

    // the book, a trade previewed through it, the price history: trader.ts
    ...createKalshiTrader(http, clock),

    describe: () => ({ baseUrl: http.baseUrl, apiKey: '', authenticated: false }),
    close: () => http.close(),
  };
}
