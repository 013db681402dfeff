import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiError } from '../api/errors.js';
import type { Market, MarketEvent, Quote, RateHeaders } from '../api/types.js';
import type {
  AppState,
  ErrorInfo,
  ListQuery,
  MarketEntry,
  Mode,
  Notice,
  PriceHistory,
  QuoteEntry,
  QuoteForm,
  RateState,
  TradeState,
} from './types.js';

export const HISTORY_CAP = 120;
export const NOTICE_CAP = 5;
/** Markets kept in memory beyond the ones in the list (detail, history): oldest dropped first. */
export const MARKET_CACHE_CAP = 400;
export const CATEGORY_CAP = 64;

export const DEFAULT_QUERY: ListQuery = { q: '', status: 'active', category: '', sort: 'volume', limit: 20, offset: 0 };
export const EMPTY_FORM: QuoteForm = { outcome: '', amount: '', action: 'buy' };

export interface StoreActions {
  /** Replace (patch) the list query; the list keeps showing until new rows arrive. */
  setQuery(patch: Partial<ListQuery>): void;
  listLoaded(markets: Market[], at: number): void;
  marketLoaded(market: Market, at: number): void;
  /** 404 on a market: drop it from the list and the selection, say so briefly. */
  marketGone(id: string, at: number): void;
  select(id: string | undefined): void;
  eventsLoaded(events: MarketEvent[], at: number): void;

  setQuoteForm(marketId: string, patch: Partial<QuoteForm>): void;
  quoteInvalid(marketId: string, message: string): void;
  quoteRequested(marketId: string, form: QuoteForm, at: number): void;
  quoteLoaded(marketId: string, form: QuoteForm, quote: Quote, at: number): void;
  quoteFailed(marketId: string, form: QuoteForm, error: ErrorInfo): void;

  requestSucceeded(at: number): void;
  requestFailed(error: ErrorInfo): void;
  authFailed(error: ErrorInfo): void;
  setRate(patch: Partial<RateState>): void;
  notice(text: string, level: Notice['level'], at: number): void;
}

export type Store = AppState & StoreActions;
export type OddsStore = StoreApi<Store>;

export interface StoreOptions {
  mode: Mode;
  limit: number;
  query?: Partial<ListQuery>;
}

export function errorInfo(e: ApiError, at: number): ErrorInfo {
  return { kind: e.kind, ...(e.status !== undefined ? { status: e.status } : {}), code: e.code, message: e.message, at };
}

const TRADE_STATE_OF: Partial<Record<ErrorInfo['kind'], TradeState>> = {
  closed: 'closed',
  resolved: 'resolved',
  settling: 'settling',
};

function upsertMarket(prev: MarketEntry | undefined, market: Market, at: number, detail: boolean): MarketEntry {
  const firstPrices = { ...(prev?.firstPrices ?? {}) };
  for (const o of market.outcomes) if (typeof o.price === 'number' && !(o.name in firstPrices)) firstPrices[o.name] = o.price;
  const entry: MarketEntry = {
    market,
    receivedAt: at,
    firstSeenAt: prev?.firstSeenAt ?? at,
    firstPrices,
  };
  const detailAt = detail ? at : prev?.detailAt;
  if (detailAt !== undefined) entry.detailAt = detailAt;
  // A trading state learned from a quote holds until the market's own status says something else than active.
  if (prev?.tradeState && market.status === 'active' && prev.tradeStateAt !== undefined && (market.updatedAt ?? 0) <= prev.tradeStateAt) {
    entry.tradeState = prev.tradeState;
    entry.tradeStateAt = prev.tradeStateAt;
  }
  return entry;
}

function appendHistory(prev: PriceHistory | undefined, market: Market, at: number): PriceHistory | undefined {
  const names = market.outcomes.map((o) => o.name);
  const prices = market.outcomes.map((o) => o.price);
  if (prices.every((p) => p === undefined)) return prev;
  const sameNames = prev && prev.names.length === names.length && prev.names.every((n, i) => n === names[i]);
  const base = sameNames ? prev.samples : [];
  const last = base[base.length - 1];
  if (last && last.t >= at) return prev;
  if (last && last.prices.every((p, i) => p === prices[i]) && at - last.t < 60_000) return prev;
  const samples = base.length >= HISTORY_CAP ? base.slice(base.length - HISTORY_CAP + 1) : base.slice();
  samples.push({ t: at, prices });
  return { names, samples };
}

/** Drop cached markets that are neither listed nor selected, oldest first, beyond the cap. */
function prune(state: Pick<AppState, 'markets' | 'history' | 'quotes' | 'list' | 'selectedId'>) {
  const ids = Object.keys(state.markets);
  if (ids.length <= MARKET_CACHE_CAP) return {};
  const keep = new Set(state.list.ids);
  if (state.selectedId) keep.add(state.selectedId);
  const droppable = ids.filter((id) => !keep.has(id)).sort((a, b) => state.markets[a]!.receivedAt - state.markets[b]!.receivedAt);
  const markets = { ...state.markets };
  const history = { ...state.history };
  const quotes = { ...state.quotes };
  for (const id of droppable.slice(0, ids.length - MARKET_CACHE_CAP)) {
    delete markets[id];
    delete history[id];
    delete quotes[id];
  }
  return { markets, history, quotes };
}

function mergeCategories(known: string[], more: (string | undefined)[]): string[] {
  const set = new Set(known);
  let changed = false;
  for (const c of more) {
    if (c && !set.has(c) && set.size < CATEGORY_CAP) {
      set.add(c);
      changed = true;
    }
  }
  return changed ? [...set].sort((a, b) => a.localeCompare(b)) : known;
}

function quoteEntry(quotes: Record<string, QuoteEntry>, id: string): QuoteEntry {
  return quotes[id] ?? { form: { ...EMPTY_FORM }, status: 'idle' };
}

export function createOddsStore(opts: StoreOptions): OddsStore {
  return createStore<Store>()((set, get) => ({
    list: { ids: [], query: { ...DEFAULT_QUERY, ...opts.query }, loading: true },
    markets: {},
    history: {},
    quotes: {},
    events: { ids: [], byId: {} },
    categories: [],
    connection: { status: 'connecting', consecutiveFailures: 0 },
    rate: { mode: opts.mode, limit: opts.limit, effectiveLimit: opts.limit, usedInWindow: 0, totalRequests: 0, total429: 0 },
    notices: [],

    setQuery(patch) {
      set((s) => ({ list: { ...s.list, query: { ...s.list.query, ...patch } } }));
    },

    listLoaded(list, at) {
      set((s) => {
        const markets = { ...s.markets };
        const history = { ...s.history };
        for (const m of list) {
          markets[m.id] = upsertMarket(markets[m.id], m, at, false);
          const h = appendHistory(history[m.id], m, at);
          if (h) history[m.id] = h;
        }
        const ids = list.map((m) => m.id);
        const next = { markets, history, quotes: s.quotes, list: { ...s.list, ids, loadedAt: at, loading: false }, selectedId: s.selectedId };
        return {
          ...next,
          ...prune(next),
          categories: mergeCategories(s.categories, list.map((m) => m.category)),
        };
      });
    },

    marketLoaded(market, at) {
      set((s) => {
        const h = appendHistory(s.history[market.id], market, at);
        return {
          markets: { ...s.markets, [market.id]: upsertMarket(s.markets[market.id], market, at, true) },
          ...(h ? { history: { ...s.history, [market.id]: h } } : {}),
          categories: mergeCategories(s.categories, [market.category]),
        };
      });
    },

    marketGone(id, at) {
      const title = get().markets[id]?.market.title;
      set((s) => {
        const markets = { ...s.markets };
        delete markets[id];
        const ids = s.list.ids.filter((x) => x !== id);
        let selectedId = s.selectedId;
        if (selectedId === id) {
          const i = s.list.ids.indexOf(id);
          selectedId = ids[Math.min(Math.max(i, 0), ids.length - 1)];
        }
        return { markets, list: { ...s.list, ids }, selectedId };
      });
      get().notice(`${title ? `“${title}”` : `Market ${id}`} is no longer available (private, under review or removed).`, 'warn', at);
    },

    select(id) {
      if (get().selectedId !== id) set({ selectedId: id });
    },

    eventsLoaded(events, at) {
      const byId: Record<string, MarketEvent> = {};
      for (const e of events) byId[e.id] = e;
      set((s) => ({
        events: { ids: events.map((e) => e.id), byId, loadedAt: at },
        categories: mergeCategories(s.categories, events.map((e) => e.category)),
      }));
    },

    setQuoteForm(marketId, patch) {
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        return { quotes: { ...s.quotes, [marketId]: { ...q, form: { ...q.form, ...patch } } } };
      });
    },

    quoteInvalid(marketId, message) {
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        const { validation: _v, ...rest } = q;
        return { quotes: { ...s.quotes, [marketId]: { ...rest, status: 'invalid', validation: message } } };
      });
    },

    quoteRequested(marketId, form, at) {
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        const { validation: _v, ...rest } = q;
        return { quotes: { ...s.quotes, [marketId]: { ...rest, form, status: 'waiting', requestedAt: at } } };
      });
    },

    quoteLoaded(marketId, form, quote, at) {
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        const { error: _e, validation: _v, ...rest } = q;
        return { quotes: { ...s.quotes, [marketId]: { ...rest, status: 'ok', result: quote, answeredForm: form, receivedAt: at } } };
      });
    },

    quoteFailed(marketId, form, error) {
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        const { result: _r, validation: _v, ...rest } = q;
        const tradeState = TRADE_STATE_OF[error.kind];
        const entry = s.markets[marketId];
        return {
          quotes: { ...s.quotes, [marketId]: { ...rest, status: 'error', error, answeredForm: form, receivedAt: error.at } },
          ...(tradeState && entry ? { markets: { ...s.markets, [marketId]: { ...entry, tradeState, tradeStateAt: error.at } } } : {}),
        };
      });
    },

    requestSucceeded(at) {
      set((s) =>
        s.connection.status === 'online' && s.connection.consecutiveFailures === 0 && s.connection.lastSuccessAt === at
          ? {}
          : { connection: { ...s.connection, status: 'online', lastSuccessAt: at, consecutiveFailures: 0 } },
      );
    },

    requestFailed(error) {
      set((s) => ({
        connection: {
          ...s.connection,
          status: s.connection.status === 'auth_failed' ? 'auth_failed' : error.kind === 'network' || error.kind === 'timeout' ? 'offline' : s.connection.status,
          lastError: error,
          consecutiveFailures: s.connection.consecutiveFailures + 1,
        },
        list: s.list.loading ? { ...s.list, loading: false } : s.list,
      }));
    },

    authFailed(error) {
      set((s) => ({
        connection: { ...s.connection, status: 'auth_failed', lastError: error, consecutiveFailures: s.connection.consecutiveFailures + 1 },
        list: s.list.loading ? { ...s.list, loading: false } : s.list,
      }));
    },

    setRate(patch) {
      set((s) => ({ rate: { ...s.rate, ...patch } }));
    },

    notice(text, level, at) {
      set((s) => {
        const id = (s.notices[s.notices.length - 1]?.id ?? 0) + 1;
        const notices = [...s.notices, { id, level, text, at }];
        return { notices: notices.length > NOTICE_CAP ? notices.slice(notices.length - NOTICE_CAP) : notices };
      });
    },
  }));
}
