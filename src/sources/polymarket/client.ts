/**
 * Polymarket through the Gamma API (docs/sources/polymarket.md): the list and the watchlist on `/markets/keyset`
 * (cursor pages, `id` repeated for a batch), search on `/public-search`, one market on `/markets/{id}`, events on
 * `/events/keyset` and `/events/{id}`, categories from `/tags`. Every object goes through the shared normalizer.
 * The trader's view (books, previews, histories) is the CLOB's (`clobUrl`), through trader.ts.
 */
import { ApiError } from '../../api/errors.js';
import { ConditionIds, idsByCondition } from './conditions.js';
import { normalizeEvent, normalizeEventList, normalizeMarket, normalizeMarketList } from '../../api/normalize.js';
import type { ApiResult, CallOptions, EventQuery, Market, MarketEvent, MarketQuery } from '../../api/types.js';
import { answered, badShape, createJsonHttp, unsupported, type JsonAnswer } from '../http.js';
import type { Category, Paged, Query, SourceClient, SourceClientConfig } from '../types.js';
import { readGammaError } from './errors.js';
import { CursorBook } from './paging.js';
import { filterQuery, MAX_EVENTS_PAGE, MAX_MARKETS_PAGE, offsetOf, pageSize, POLYMARKET_CAPS } from './query.js';
import { createPolymarketTrader, KnownMarkets } from './trader.js';

export { MAX_EVENTS_PAGE, MAX_MARKETS_PAGE, POLYMARKET_CAPS } from './query.js';

export const GAMMA_BASE_URL = 'https://gamma-api.polymarket.com';
export const CLOB_BASE_URL = 'https://clob.polymarket.com';

/** Pages walked forwards to reach an offset whose cursor is not known yet (each one a request). */
const MAX_WALK = 5;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{markets|events: […], next_cursor?}` → the items and the next cursor. */
function keysetPage(a: JsonAnswer, key: 'markets' | 'events'): { items: unknown[]; next?: string } {
  const items = isObj(a.data) ? a.data[key] : undefined;
  if (!Array.isArray(items)) throw badShape(a.status, `Gamma's answer has no ${key} list.`, a.rate);
  const next =
    isObj(a.data) && typeof a.data.next_cursor === 'string' && a.data.next_cursor !== ''
      ? a.data.next_cursor
      : undefined;
  return { items, ...(next !== undefined ? { next } : {}) };
}

const result = answered;

/**
 * The lists that ask `closed=false` mean "open", but Gamma's `closed=false` also returns a market listed and not open
 * yet (`active: false`, no prices or tokens: normalized as the word "inactive"), so these lists leave it out.
 */
const openOnly = (ms: Market[]): Market[] => ms.filter((m) => m.rawStatus !== 'inactive');

export interface PolymarketDeps {
  /** The time `listClosing` starts from (epoch ms). */
  now?: () => number;
}

export function createPolymarketClient(config: SourceClientConfig, deps: PolymarketDeps = {}): SourceClient {
  const http = createJsonHttp({ ...config, apiKey: undefined }, readGammaError);
  const clob = createJsonHttp(
    { ...config, baseUrl: config.clobUrl ?? CLOB_BASE_URL, apiKey: undefined },
    readGammaError,
  );
  const book = new CursorBook();
  const now = deps.now ?? Date.now;
  const known = new KnownMarkets();
  const conditions = new ConditionIds();
  /** Every market read is remembered for its tokens and fee (trader.ts), and by its conditionId (conditions.ts). */
  const seen = <T extends Market | Market[]>(m: T): T => {
    const ms: readonly Market[] = Array.isArray(m) ? (m as Market[]) : [m as Market];
    known.remember(ms);
    conditions.remember(ms);
    return m;
  };

  async function keysetMarkets(
    query: Query,
    opts?: CallOptions,
  ): Promise<{ a: JsonAnswer; items: unknown[]; next?: string }> {
    const a = await http.get('/markets/keyset', query, opts);
    return { a, ...keysetPage(a, 'markets') };
  }

  async function search(q: MarketQuery, opts?: CallOptions): Promise<Paged<Market[]>> {
    const limit = pageSize(q.limit, MAX_MARKETS_PAGE);
    const page = Math.floor(offsetOf(q.offset) / limit) + 1;
    const a = await http.get(
      '/public-search',
      [
        ['q', q.q ?? ''],
        ['page', String(page)],
        ['limit_per_type', String(limit)],
        ['search_tags', 'false'],
        ['search_profiles', 'false'],
        ...(q.category !== undefined && q.category !== '' ? ([['events_tag', q.category]] as Query) : []),
      ],
      opts,
    );
    const events = isObj(a.data) ? a.data.events : undefined;
    if (events !== undefined && events !== null && !Array.isArray(events))
      throw badShape(a.status, "Gamma's search answer has no events list.", a.rate);
    const markets = seen(normalizeEventList(events ?? []).flatMap((e) => e.markets));
    const pagination = isObj(a.data) && isObj(a.data.pagination) ? a.data.pagination : undefined;
    const more = typeof pagination?.hasMore === 'boolean' ? pagination.hasMore : undefined;
    return result(a, markets, more);
  }

  async function list(q: MarketQuery, opts?: CallOptions): Promise<Paged<Market[]>> {
    if (q.q !== undefined && q.q.trim() !== '') return search({ ...q, q: q.q.trim() }, opts);
    const limit = pageSize(q.limit, MAX_MARKETS_PAGE);
    const page = Math.floor(offsetOf(q.offset) / limit);
    const filters = filterQuery(q);
    const key = JSON.stringify([filters, limit]);
    if (page >= book.maxPages)
      throw new ApiError({
        kind: 'invalid_request',
        code: 'TOO_DEEP',
        param: 'offset',
        message: `Polymarket pages are kept up to page ${book.maxPages}.`,
      });
    if (page > book.furthest(key) + MAX_WALK)
      throw new ApiError({
        kind: 'invalid_request',
        code: 'TOO_DEEP',
        param: 'offset',
        message: 'That page is too far ahead: page forwards from the last one shown.',
      });
    // walk the cursor chain up to the page asked for (normally it is known: the previous page gave it)
    for (;;) {
      const at = Math.min(page, book.furthest(key));
      const start = book.start(key, at);
      const cursor: Query = start ? [['after_cursor', start]] : [];
      const got = await keysetMarkets([...filters, ['limit', String(limit)], ...cursor], opts);
      book.answered(key, at, got.next);
      if (at === page) {
        const ms = seen(normalizeMarketList(got.items));
        return result(
          got.a,
          filters.some(([k, v]) => k === 'closed' && v === 'false') ? openOnly(ms) : ms,
          got.next !== undefined,
        );
      }
      if (got.next === undefined) return result(got.a, [], false);
    }
  }

  async function batch(ids: readonly string[], closed: boolean, opts?: CallOptions) {
    const q: Query = [
      ...ids.map((id): [string, string] => ['id', id]),
      ['limit', String(ids.length)],
      ['closed', String(closed)],
    ];
    return keysetMarkets(q, opts);
  }

  async function getMarket(id: string, opts?: CallOptions): Promise<ApiResult<Market>> {
    const a = await http.get(`/markets/${encodeURIComponent(id)}`, [], opts);
    const m = normalizeMarket(a.data);
    if (!m) throw badShape(a.status, "Gamma's answer is not a market.", a.rate);
    return result(a, seen(m));
  }

  const trader = createPolymarketTrader(clob, getMarket, known);

  return {
    source: 'polymarket',
    caps: POLYMARKET_CAPS,
    listMarkets: list,
    getMarket,

    async getMarkets(ids, opts): Promise<ApiResult<Market[]>> {
      // Gamma's market ids are numbers: anything else is no market of its (the whole batch would answer 422)
      const want = [...new Set(ids)].filter((id) => /^\d+$/.test(id));
      if (want.length === 0) return { data: [], status: 200 };
      if (want.length > MAX_MARKETS_PAGE)
        throw new ApiError({
          kind: 'invalid_request',
          code: 'TOO_MANY_IDS',
          param: 'ids',
          message: `At most ${MAX_MARKETS_PAGE} ids per request.`,
        });
      const open = await batch(want, false, opts);
      const found = new Map(seen(normalizeMarketList(open.items)).map((m) => [m.id, m]));
      let last = open.a;
      const missing = want.filter((id) => !found.has(id));
      if (missing.length > 0) {
        const shut = await batch(missing, true, opts);
        for (const m of seen(normalizeMarketList(shut.items))) found.set(m.id, m);
        last = shut.a;
      }
      return result(
        last,
        want.flatMap((id) => found.get(id) ?? []),
      );
    },

    marketIdsByCondition: (conditionIds, opts) => idsByCondition(conditionIds, conditions, keysetMarkets, seen, opts),

    async listEvents(q: EventQuery = {}, opts): Promise<ApiResult<MarketEvent[]>> {
      const limit = pageSize(q.limit, MAX_EVENTS_PAGE);
      const a = await http.get(
        '/events/keyset',
        [
          ['limit', String(limit)],
          ['closed', 'false'],
          ['order', 'volume24hr'],
          ['ascending', 'false'],
        ],
        opts,
      );
      const events = normalizeEventList(keysetPage(a, 'events').items);
      for (const e of events) seen(e.markets);
      return result(a, events);
    },

    async getEvent(id, opts) {
      const a = await http.get(`/events/${encodeURIComponent(id)}`, [], opts);
      const e = normalizeEvent(a.data);
      if (!e) throw badShape(a.status, "Gamma's answer is not an event.", a.rate);
      seen(e.markets);
      return result(a, e);
    },

    async listCategories(opts): Promise<ApiResult<Category[]>> {
      const a = await http.get('/tags', [['limit', '100']], opts);
      if (!Array.isArray(a.data)) throw badShape(a.status, "Gamma's tags answer is not a list.", a.rate);
      const cats = a.data.flatMap((t): Category[] => {
        if (!isObj(t) || (typeof t.id !== 'string' && typeof t.id !== 'number')) return [];
        const label = typeof t.label === 'string' && t.label.trim() !== '' ? t.label.trim() : String(t.id);
        return [{ id: String(t.id), label }];
      });
      return result(a, cats);
    },

    async listClosing(opts) {
      const got = await keysetMarkets(
        [
          ['closed', 'false'],
          ['end_date_min', new Date(now()).toISOString()],
          ['order', 'endDate'],
          ['ascending', 'true'],
          ['limit', String(MAX_MARKETS_PAGE)],
        ],
        opts,
      );
      return result(got.a, openOnly(seen(normalizeMarketList(got.items))));
    },

    // a pasted link's slug (src/links): Gamma's `/markets/slug/{slug}` and `/events/slug/{slug}`, one request each
    async lookup(l, opts) {
      if (l.route === 'series') throw unsupported('series', 'Polymarket');
      const event = l.route === 'eventSlug';
      const a = await http.get(`/${event ? 'events' : 'markets'}/slug/${encodeURIComponent(l.slug)}`, [], opts);
      if (event) {
        const e = normalizeEvent(a.data);
        if (!e) throw badShape(a.status, "Gamma's answer is not an event.", a.rate);
        seen(e.markets);
        return result(a, { event: e });
      }
      const m = normalizeMarket(a.data);
      if (!m) throw badShape(a.status, "Gamma's answer is not a market.", a.rate);
      return result(a, { market: seen(m) });
    },

    getQuote: trader.getQuote,
    getBook: trader.getBook,
    getHistory: trader.getHistory,

    describe: () => ({ baseUrl: http.baseUrl, apiKey: '', authenticated: false }),
    close: async () => {
      await Promise.all([http.close(), clob.close()]);
    },
  };
}
