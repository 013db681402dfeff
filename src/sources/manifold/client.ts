/**
 * The Manifold v0 client (docs/sources/manifold.md): the store's list query onto `/markets` (newest, unfiltered:
 * `before` cursor) or `/search-markets` (search, status, topic, sort: offset ≤ 1000), details from `/market/{id}`,
 * the watchlist's prices in batches of ≤ 100 from `/market-probs` over each market's last full copy, topics from
 * `/groups`. Every object goes through the shared normalizer. No key is ever sent; no events. The trader's view: a
 * quote previewed through the market maker's pool of a fresh `/market/{id}` (pool.ts, trader.ts), a price history
 * from one `/bets?contractId=…&afterTime=…` request.
 */
import { ApiError } from '../../api/errors.js';
import { normalizeMarket, normalizeMarketList } from '../../api/normalize.js';
import { isRecord, NAME_MAX, toText, type Rec } from '../../api/normalizeFields.js';
import type {
  ApiResult,
  CallOptions,
  HistoryRange,
  Market,
  MarketQuery,
  PricePoint,
  Quote,
  QuoteParams,
} from '../../api/types.js';
import { validateQuoteParams } from '../../api/validate.js';
import { tradeRefusal } from '../leastTrade.js';
import { answered, badShape, createJsonHttp, unsupported, type JsonAnswer, type Query } from '../http.js';
import type { Batch, Category, Paged, SourceClient, SourceClientConfig } from '../types.js';
import { readError } from './errors.js';
import { manifoldCaps } from './caps.js';
import { readBatch } from './batch.js';
import { FullCopies } from './copies.js';
import { CursorBook } from './paging.js';
import { previewTrade } from './multi.js';
import { BETS_LIMIT, historyFromBets, historyTarget, poolStateOf, RANGE_MS } from './trader.js';
import { MAX_LIMIT, MAX_OFFSET, MAX_PROB_IDS } from './routes.js';
import { G } from '../../util/glyphs.js';

/** The store's status words → `/search-markets` `filter` (no `settling`: Manifold's `closed` is its waiting state). */
export const STATUS_FILTER: Readonly<Record<string, string>> = {
  active: 'open',
  closed: 'closed',
  resolved: 'resolved',
  all: 'all',
};

/** Outcomes that name a binary market's side without reading the market first (history: one request). */
const BINARY_WORDS: Readonly<Record<string, boolean>> = { yes: false, higher: false, no: true, lower: true };

/** The store's sorts → `/search-markets` `sort`. */
export const SORT_WORD: Readonly<Record<string, string>> = {
  volume: '24-hour-vol',
  newest: 'newest',
  closing: 'close-date',
  liquidity: 'liquidity',
};

export const DEFAULT_LIMIT = 50;
/** How many markets Closing soon asks for; how many topics `c` cycles. */
export const CLOSING_LIMIT = 100;
export const TOPICS = 12;
/** At most this many `/markets` requests to walk to an offset whose cursor is unknown. */
export const MAX_WALK = 10;

export interface ManifoldClientOptions {
  /** "now" for statuses that depend on the close time (tests pin it). */
  now?: () => number;
}

function bad(param: string, message: string): ApiError {
  return new ApiError({ kind: 'invalid_request', code: 'NOT_SUPPORTED', param, message });
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function answerProb(o: Rec, answerId: string): number | undefined {
  const a = Array.isArray(o.answers) ? o.answers.find((x) => isRecord(x) && x.id === answerId) : undefined;
  return isRecord(a) ? num(a.probability) : undefined;
}

function idOf(o: unknown): string | undefined {
  return isRecord(o) && typeof o.id === 'string' && o.id !== '' ? o.id : undefined;
}

export function createManifoldClient(config: SourceClientConfig, options: ManifoldClientOptions = {}): SourceClient {
  const http = createJsonHttp({ ...config, apiKey: undefined }, readError);
  const now = options.now ?? Date.now;
  const cursors = new CursorBook();
  const copies = new FullCopies();
  let topics: Promise<ApiResult<Category[]>> | undefined;

  const list = (a: JsonAnswer, what: string): unknown[] => {
    if (!Array.isArray(a.data)) throw badShape(a.status, `Manifold answered ${what} with something other than a list.`);
    return a.data;
  };
  const markets = (raw: unknown[]): Market[] => {
    const at = now();
    for (const o of raw) if (isRecord(o)) copies.seen(o, at, false);
    return normalizeMarketList(raw, { now: at });
  };
  const result = answered;

  async function newest(limit: number, offset: number, opts?: CallOptions): Promise<Paged<Market[]>> {
    const key = 'markets';
    let start = cursors.start(key, offset);
    for (let walk = 0; start.at < offset - 1; walk++) {
      if (walk >= MAX_WALK) throw bad('offset', `Manifold's list is not paged that deep from here (offset ${offset}).`);
      const want = Math.min(MAX_LIMIT, offset - 1 - start.at);
      const q: [string, string][] = [['limit', String(want)]];
      if (start.before) q.push(['before', start.before]);
      const a = await http.get('/markets', q, opts);
      const page = list(a, '/markets');
      const last = idOf(page[page.length - 1]);
      if (page.length < want || last === undefined) return result(a, [], false);
      cursors.mark(key, start.at + page.length, last);
      start = { at: start.at + page.length, before: last };
    }
    const q: [string, string][] = [['limit', String(limit)]];
    if (start.before) q.push(['before', start.before]);
    const a = await http.get('/markets', q, opts);
    const page = list(a, '/markets');
    const last = idOf(page[page.length - 1]);
    if (last !== undefined) cursors.mark(key, offset + page.length - 1, last);
    return result(a, markets(page), page.length < limit ? false : undefined);
  }

  async function search(
    query: MarketQuery,
    limit: number,
    offset: number,
    opts?: CallOptions,
  ): Promise<Paged<Market[]>> {
    if (offset > MAX_OFFSET) return { data: [], status: 200, more: false };
    const q: [string, string][] = [['term', query.q ?? '']];
    q.push(['filter', STATUS_FILTER[query.status ?? 'all'] ?? 'all']);
    if (query.sort !== undefined) q.push(['sort', SORT_WORD[query.sort] ?? 'newest']);
    if (query.category) q.push(['topicSlug', query.category]);
    q.push(['limit', String(limit)], ['offset', String(offset)]);
    const a = await http.get('/search-markets', q, opts);
    const page = list(a, '/search-markets');
    const end = page.length < limit || offset + page.length > MAX_OFFSET;
    return result(a, markets(page), end ? false : undefined);
  }

  /** One market by id (`/market/{id}`) or, for a pasted link, by slug (`/slug/{slug}`). */
  async function marketAt(route: 'market' | 'slug', id: string, opts?: CallOptions): Promise<ApiResult<Market>> {
    if (typeof id !== 'string' || id.trim() === '')
      throw new ApiError({
        kind: 'invalid_request',
        code: 'INVALID_ID',
        param: 'id',
        message: 'A market id is needed.',
      });
    const a = await http.get(`/${route}/${encodeURIComponent(id)}`, [], opts);
    const at = now();
    const m = normalizeMarket(a.data, { now: at });
    if (!m || !isRecord(a.data))
      throw badShape(a.status, `Manifold answered /${route} with something other than a market.`);
    copies.seen(a.data, at, true);
    return result(a, m);
  }
  const getMarket = (id: string, opts?: CallOptions) => marketAt('market', id, opts);

  /** One market by id, absent (undefined) when Manifold does not know it. */
  async function one(id: string, opts?: CallOptions): Promise<ApiResult<Market> | undefined> {
    try {
      return await getMarket(id, opts);
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'not_found') return undefined;
      throw e;
    }
  }

  return {
    source: 'manifold',
    caps: manifoldCaps,
    async listMarkets(query: MarketQuery = {}, opts?: CallOptions): Promise<Paged<Market[]>> {
      if (query.status !== undefined && !(query.status in STATUS_FILTER))
        throw bad('status', `Manifold has no ${G.lquo}${query.status}${G.rquo} filter.`);
      if (query.sort !== undefined && !(query.sort in SORT_WORD))
        throw bad('sort', `Manifold does not sort by ${G.lquo}${query.sort}${G.rquo}.`);
      const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(query.limit ?? DEFAULT_LIMIT)));
      const offset = Math.max(0, Math.floor(query.offset ?? 0));
      const plain =
        !query.q && !query.category && (query.status ?? 'all') === 'all' && (query.sort ?? 'newest') === 'newest';
      return plain ? newest(limit, offset, opts) : search(query, limit, offset, opts);
    },
    getMarket,
    async getMarkets(ids: readonly string[], opts?: CallOptions): Promise<Batch> {
      const unique = [...new Set(ids.filter((id) => typeof id === 'string' && id !== ''))];
      if (unique.length > MAX_PROB_IDS) throw bad('ids', `At most ${MAX_PROB_IDS} markets per request.`);
      return readBatch({ http, copies, now, one }, unique, opts);
    },
    listCategories(opts?: CallOptions): Promise<ApiResult<Category[]>> {
      topics ??= (async () => {
        const a = await http.get('/groups', [], opts);
        const groups = list(a, '/groups').filter(isRecord) as Rec[];
        const score = (g: Rec) => (typeof g.importanceScore === 'number' ? g.importanceScore : 0);
        const data = groups
          .filter((g) => typeof g.slug === 'string' && g.slug !== '' && g.privacyStatus !== 'curated')
          .sort((x, y) => score(y) - score(x))
          .slice(0, TOPICS)
          .map((g) => ({ id: g.slug as string, label: toText(g.name, NAME_MAX) ?? (g.slug as string) }));
        return result(a, data);
      })();
      topics.catch(() => {
        topics = undefined;
      });
      return topics;
    },
    async listClosing(opts?: CallOptions): Promise<ApiResult<Market[]>> {
      const q: Query = [
        ['term', ''],
        ['filter', 'open'],
        ['sort', 'close-date'],
        ['limit', String(CLOSING_LIMIT)],
      ];
      const a = await http.get('/search-markets', q, opts);
      return result(a, markets(list(a, '/search-markets')));
    },
    listEvents: () => Promise.reject(unsupported('events', 'Manifold')),
    getEvent: () => Promise.reject(unsupported('events', 'Manifold')),
    async lookup(l, opts) {
      if (l.route !== 'marketSlug') throw unsupported(l.route === 'series' ? 'series' : 'events', 'Manifold');
      const r = await marketAt('slug', l.slug, opts);
      return { ...r, data: { market: r.data } };
    },
    async getQuote(id: string, params: QuoteParams, opts?: CallOptions): Promise<ApiResult<Quote>> {
      const v = validateQuoteParams(params);
      if (!v.ok)
        throw new ApiError({ kind: 'invalid_request', code: 'INVALID_PARAMETER', param: v.param, message: v.message });
      // Manifold's least bet and sale (caps.ts): refused before any request, as its validation comes first
      const refusal = tradeRefusal(manifoldCaps.leastTrade, v.value.action, v.value.amount);
      if (refusal)
        throw new ApiError({ kind: 'invalid_request', code: 'AMOUNT_TOO_SMALL', param: 'amount', message: refusal });
      const r = await getMarket(id, opts);
      const state = poolStateOf(r.data.raw as Rec, r.data, v.value.outcome);
      return { ...r, data: previewTrade(state, v.value.action, v.value.amount) };
    },
    async getHistory(id: string, outcome: string, range: HistoryRange, opts?: CallOptions) {
      const at = now();
      const copy = copies.get(id);
      const word = BINARY_WORDS[outcome.trim().toLowerCase()];
      let target: { answerId?: string; flip: boolean };
      let current: number | undefined;
      // Yes/No on a binary market (or one not read yet) needs no `/market/{id}` first: history is one request
      if (word !== undefined && (!copy || copy.mechanism === 'cpmm-1')) target = { flip: word };
      else {
        const raw = copy && Array.isArray(copy.answers) ? copy : (await getMarket(id, opts)).data.raw;
        const m = normalizeMarket(raw, { now: at });
        if (!m) throw badShape(200, 'Manifold answered /market with something other than a market.');
        target = historyTarget(m, raw as Rec, outcome);
      }
      const latest = copies.get(id);
      if (latest)
        current = target.answerId === undefined ? num(latest.probability) : answerProb(latest, target.answerId);
      const q: [string, string][] = [['contractId', id]];
      if (target.answerId !== undefined) q.push(['answerId', target.answerId]);
      q.push(['afterTime', String(at - RANGE_MS[range])], ['limit', String(BETS_LIMIT)], ['order', 'desc']);
      const a = await http.get('/bets', q, opts);
      const bets = list(a, '/bets');
      const data: PricePoint[] = historyFromBets(bets, range, at, {
        ...target,
        ...(current !== undefined ? { current } : {}),
        full: bets.length >= BETS_LIMIT,
      });
      return bets.length >= BETS_LIMIT ? { ...result(a, data), more: true } : result(a, data);
    },
    describe: () => ({ baseUrl: http.baseUrl, apiKey: '', authenticated: false }),
    close: () => http.close(),
  };
}
