import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiError } from '../api/errors.js';
import type { Market, MarketEvent, Quote, RateHeaders } from '../api/types.js';
import type {
  AppState,
  ErrorInfo,
  ListQuery,
  Mode,
  Notice,
  QuoteEntry,
  QuoteForm,
  RateState,
  StatusTransition,
  TradeState,
} from './types.js';
import { absorb, appendHistory, knownStatus, mergeCategories, prune, upsertMarket } from './entries.js';
import { addTransitions, transitionNotice, transitionOf } from './transitions.js';
import { EMPTY_FORM } from './quoteForm.js';
import { filterListed, queryKey, samePage } from './listQuery.js';
import { eventsListed, viewDataActions, type ViewDataActions } from './viewData.js';

export const NOTICE_CAP = 5;
export { HISTORY_CAP, MARKET_CACHE_CAP, CATEGORY_CAP } from './entries.js';
export { TRANSITION_CAP } from './transitions.js';

export const DEFAULT_QUERY: ListQuery = { q: '', status: 'active', category: '', sort: 'volume', limit: 20, offset: 0 };

export interface StoreActions extends ViewDataActions {
  /**
   * Patch the list query. When it asks for something else, the listed rows are at once the cached markets that match
   * it (`list.pending` until the answer) — none for another page, which the cache cannot tell.
   */
  setQuery(patch: Partial<ListQuery>): void;
  /**
   * A list answer. `query`: the query it was asked with — an answer to a query that has changed since only refreshes
   * the cached markets, never the rows listed under the new one.
   */
  listLoaded(markets: Market[], at: number, query?: ListQuery): void;
  marketLoaded(market: Market, at: number): void;
  /** 404 on a market: drop it from the list and the selection, say so briefly. */
  marketGone(id: string, at: number): void;
  select(id: string | undefined): void;
  eventsLoaded(events: MarketEvent[], at: number): void;

  setQuoteForm(marketId: string, patch: Partial<QuoteForm>): void;
  quoteInvalid(marketId: string, message: string): void;
  /** The form is valid again and its last answer still current: show that answer (or the idle hint) again. */
  quoteValid(marketId: string): void;
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
/** What the UI gets: state to read and subscribe to, no actions — it changes data only through sync's intents. */
export type StoreView = Pick<StoreApi<AppState>, 'getState' | 'getInitialState' | 'subscribe'>;

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

function quoteEntry(quotes: Record<string, QuoteEntry>, id: string): QuoteEntry {
  return quotes[id] ?? { form: { ...EMPTY_FORM }, status: 'idle' };
}

export function createOddsStore(opts: StoreOptions): OddsStore {
  return createStore<Store>()((set, get) => {
    /** One notice for the status changes an answer revealed. */
    const announce = (seen: StatusTransition[], at: number) => {
      const text = transitionNotice(seen);
      if (text) get().notice(text, 'info', at);
    };
    return {
      list: { ids: [], query: { ...DEFAULT_QUERY, ...opts.query }, loading: true },
      markets: {},
      history: {},
      quotes: {},
      events: { ids: [], byId: {}, detailAt: {} },
      closing: { ids: [] },
      categories: [],
      connection: { status: 'connecting', consecutiveFailures: 0 },
      rate: { mode: opts.mode, limit: opts.limit, effectiveLimit: opts.limit, usedInWindow: 0, totalRequests: 0, total429: 0 },
      notices: [],
      transitions: [],

      setQuery(patch) {
        set((s) => {
          const query = { ...s.list.query, ...patch };
          if (queryKey(query) === queryKey(s.list.query)) return { list: { ...s.list, query } };
          const ids = samePage(query, s.list.query) ? filterListed(s.list.ids, s.markets, query) : [];
          const { lastCount: _c, ...list } = s.list;
          return { list: { ...list, query, ids, pending: true } };
        });
      },

      listLoaded(list, at, query) {
        const current = query === undefined || queryKey(query) === queryKey(get().list.query);
        let seen: StatusTransition[] = [];
        set((s) => {
          const absorbed = absorb(s, list, at, false);
          seen = absorbed.seen;
          const listState = current ? { ...s.list, ids: list.map((m) => m.id), loadedAt: at, loading: false, pending: false, lastCount: list.length } : s.list;
          const next = { ...s, markets: absorbed.markets, history: absorbed.history, list: listState };
          return {
            markets: absorbed.markets,
            history: absorbed.history,
            list: listState,
            ...prune(next),
            categories: mergeCategories(s.categories, list.map((m) => m.category)),
            transitions: addTransitions(s.transitions, seen),
          };
        });
        announce(seen, at);
      },

      marketLoaded(market, at) {
        const seen: StatusTransition[] = [];
        set((s) => {
          const h = appendHistory(s.history[market.id], market, at);
          const prev = s.markets[market.id];
          const entry = upsertMarket(prev, market, at, true);
          const t = transitionOf(prev, entry, at);
          if (t) seen.push(t);
          return {
            markets: { ...s.markets, [market.id]: entry },
            ...(h ? { history: { ...s.history, [market.id]: h } } : {}),
            categories: mergeCategories(s.categories, [market.category]),
            transitions: addTransitions(s.transitions, seen),
          };
        });
        announce(seen, at);
      },

      marketGone(id, at) {
        const title = get().markets[id]?.market.title;
        set((s) => {
          // Everything kept per market goes with it: history and quote entries would otherwise outlive it for good.
          const markets = { ...s.markets };
          delete markets[id];
          const history = { ...s.history };
          delete history[id];
          const quotes = { ...s.quotes };
          delete quotes[id];
          const ids = s.list.ids.filter((x) => x !== id);
          let selectedId = s.selectedId;
          if (selectedId === id) {
            const i = s.list.ids.indexOf(id);
            selectedId = ids[Math.min(Math.max(i, 0), ids.length - 1)];
          }
          return { markets, history, quotes, list: { ...s.list, ids }, selectedId };
        });
        get().notice(`${title ? `“${title}”` : `Market ${id}`} is no longer available (private, under review or removed).`, 'warn', at);
      },

      select(id) {
        if (get().selectedId !== id) set({ selectedId: id });
      },

      eventsLoaded(events, at) {
        const seen: StatusTransition[] = [];
        set((s) => {
          // An event's markets carry their status: a cached market whose status moved on is patched (status and
          // resolved outcome only; prices come from the list and the detail), unless the event's copy is older.
          let markets = s.markets;
          for (const e of events) {
            for (const m of Array.isArray(e.markets) ? e.markets : []) {
              const prev = m && typeof m.id === 'string' ? markets[m.id] : undefined;
              if (!prev || m.status === 'unknown' || m.status === prev.knownStatus) continue;
              if (m.updatedAt !== undefined && prev.market.updatedAt !== undefined && m.updatedAt < prev.market.updatedAt) continue;
              const market = { ...prev.market, status: m.status, ...(m.resolvedOutcome ? { resolvedOutcome: m.resolvedOutcome } : {}) };
              const { tradeState: _t, tradeStateAt: _ta, ...rest } = prev;
              const entry = { ...rest, market, ...(m.status === 'active' && prev.tradeState ? { tradeState: prev.tradeState, tradeStateAt: prev.tradeStateAt } : {}) };
              const known = knownStatus(entry, prev.knownStatus);
              if (known !== undefined) entry.knownStatus = known;
              const t = transitionOf(prev, entry, at);
              if (!t) continue;
              if (markets === s.markets) markets = { ...s.markets };
              markets[m.id] = entry;
              seen.push(t);
            }
          }
          return {
            events: eventsListed(s.events, events, at),
            categories: mergeCategories(s.categories, events.map((e) => e.category)),
            ...(seen.length ? { markets, transitions: addTransitions(s.transitions, seen) } : {}),
          };
        });
        announce(seen, at);
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

      quoteValid(marketId) {
        set((s) => {
          const q = s.quotes[marketId];
          if (!q || q.status !== 'invalid') return {};
          const { validation: _v, ...rest } = q;
          return { quotes: { ...s.quotes, [marketId]: { ...rest, status: q.error ? 'error' : q.result ? 'ok' : 'idle' } } };
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
        const seen: StatusTransition[] = [];
        set((s) => {
          const q = quoteEntry(s.quotes, marketId);
          const { result: _r, validation: _v, ...rest } = q;
          const tradeState = TRADE_STATE_OF[error.kind];
          const prev = s.markets[marketId];
          let entry = prev;
          if (tradeState && prev) {
            entry = { ...prev, tradeState, tradeStateAt: error.at, knownStatus: tradeState };
            const t = transitionOf(prev, entry, error.at);
            if (t) seen.push(t);
          }
          return {
            quotes: { ...s.quotes, [marketId]: { ...rest, status: 'error', error, answeredForm: form, receivedAt: error.at } },
            ...(entry && entry !== prev ? { markets: { ...s.markets, [marketId]: entry } } : {}),
            ...(seen.length ? { transitions: addTransitions(s.transitions, seen) } : {}),
          };
        });
        announce(seen, error.at);
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

      ...viewDataActions(set, get),

      notice(text, level, at) {
        set((s) => {
          const id = (s.notices[s.notices.length - 1]?.id ?? 0) + 1;
          const notices = [...s.notices, { id, level, text, at }];
          return { notices: notices.length > NOTICE_CAP ? notices.slice(notices.length - NOTICE_CAP) : notices };
        });
      },
    };
  });
}
