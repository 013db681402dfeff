import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiError } from '../api/errors.js';
import type { Market, MarketEvent } from '../api/types.js';
import type {
  AppState,
  ErrorInfo,
  ListQuery,
  MarketEntry,
  Mode,
  Notice,
  RateState,
  StatusTransition,
} from './types.js';
import { addOutage, connectionFailed, connectionSucceeded, recoveryNotice } from './connection.js';
import { absorb, appendHistory, mergeCategories, neighbour, prune, upsertMarket } from './entries.js';
import { addTransitions, transitionNotice, transitionOf } from './transitions.js';
import { completeFromEvents, mergeEvents, nestingIndex, patchStatuses, withEvent } from './events.js';
import { filterListed, queryKey, samePage } from './listQuery.js';
import { EMPTY_ALERTS } from './alerts.js';
import { EMPTY_WATCH, patchWatched } from './watchlist.js';
import { watchActions, type WatchActions } from './watchSlice.js';
import { viewDataActions, type ViewDataActions } from './viewData.js';
import { quoteActions, type QuoteActions } from './quoteSlice.js';

export const NOTICE_CAP = 5;
export { HISTORY_CAP, MARKET_CACHE_CAP, CATEGORY_CAP } from './entries.js';
export { TRANSITION_CAP } from './transitions.js';
export { OUTAGE_CAP } from './connection.js';

export const DEFAULT_QUERY: ListQuery = { q: '', status: 'active', category: '', sort: 'volume', limit: 20, offset: 0 };

export interface StoreActions extends ViewDataActions, QuoteActions {
  /**
   * Patch the list query. When it asks for something else, the listed rows are at once the cached markets that match
   * it (`list.pending` until the answer) — none for another page, which the cache cannot tell.
   */
  setQuery(patch: Partial<ListQuery>): void;
  /**
   * A list answer. `query`: the query it was asked with — an answer to a query that has changed since only refreshes
   * the cached markets, never the rows listed under the new one. A selected market missing from it hands the selection
   * to the row that took its place (`keepPlace`: the same query as before), else to the first row. `sentAt`: when its
   * request left (an answer to an older request does not undo what a quote revealed since).
   */
  listLoaded(markets: Market[], at: number, opts?: { query?: ListQuery; sentAt?: number; keepPlace?: boolean }): void;
  marketLoaded(market: Market, at: number, sentAt?: number): void;
  /** 404 on a market: drop it from the list and the selection, say so briefly. */
  marketGone(id: string, at: number): void;
  /** 403 on a market: mark it (the session goes on), say so briefly. */
  marketForbidden(id: string, error: ErrorInfo): void;
  select(id: string | undefined): void;
  eventsLoaded(events: MarketEvent[], at: number): void;
  /** One event fetched by id: kept by id (the events list's order is left alone), its markets completed from it. */
  eventLoaded(event: MarketEvent, at: number): void;

  /** A good answer: online again (an outage of a minute or more is recorded, with a notice). */
  requestSucceeded(at: number): void;
  /** A failed answer: the connection's state follows its kind (see connection.ts troubleOf). */
  requestFailed(error: ErrorInfo): void;
  setRate(patch: Partial<RateState>): void;
  notice(text: string, level: Notice['level'], at: number): void;
}

export type Store = AppState & StoreActions & WatchActions;
export type OddsStore = StoreApi<Store>;
/** What the UI gets: state to read and subscribe to, no actions — it changes data only through sync's intents. */
export type StoreView = Pick<StoreApi<AppState>, 'getState' | 'getInitialState' | 'subscribe'>;

export interface StoreOptions {
  mode: Mode;
  limit: number;
  query?: Partial<ListQuery>;
}

export function errorInfo(e: ApiError, at: number): ErrorInfo {
  return {
    kind: e.kind,
    ...(e.status !== undefined ? { status: e.status } : {}),
    code: e.code,
    message: e.message,
    at,
  };
}

/** Categories markets gained from their events (for the `c` cycle). */
function changedCategories(
  before: Record<string, MarketEntry>,
  after: Record<string, MarketEntry>,
): (string | undefined)[] {
  if (before === after) return [];
  return Object.keys(after)
    .filter((id) => after[id] !== before[id])
    .map((id) => after[id]?.market.category);
}

export function createOddsStore(opts: StoreOptions): OddsStore {
  return createStore<Store>()((set, get) => {
    /**
     * After an answer: one notice for the status changes it revealed (a watched market's change is announced by its
     * alert instead), then the alerts are checked against the new data.
     */
    const announce = (seen: StatusTransition[], at: number) => {
      const watch = get().watch.byId;
      const text = transitionNotice(seen.filter((t) => watch[t.id] === undefined));
      if (text) get().notice(text, 'info', at);
      get().checkAlerts(at);
    };
    /**
     * Events arrived (the list, or one by id): keep them, patch the statuses they reveal, complete markets from them.
     */
    const withEvents = (
      events: MarketEvent[],
      at: number,
      nextEvents: (s: Store, byId: Record<string, MarketEvent>) => AppState['events'],
    ) => {
      let seen: StatusTransition[] = [];
      set((s) => {
        const byId = mergeEvents(s.events.byId, events);
        const patched = patchStatuses(s.markets, events, at);
        seen = patched.seen;
        const markets = completeFromEvents(patched.markets, byId);
        return {
          events: nextEvents(s, byId),
          categories: mergeCategories(s.categories, [
            ...events.map((e) => e.category),
            ...changedCategories(s.markets, markets),
          ]),
          ...(markets !== s.markets ? { markets } : {}),
          ...(seen.length ? { transitions: addTransitions(s.transitions, seen) } : {}),
        };
      });
      announce(seen, at);
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
      rate: {
        mode: opts.mode,
        limit: opts.limit,
        effectiveLimit: opts.limit,
        usedInWindow: 0,
        othersInWindow: 0,
        totalRequests: 0,
        total429: 0,
      },
      notices: [],
      transitions: [],
      outages: [],
      watch: EMPTY_WATCH,
      alerts: EMPTY_ALERTS,

      setQuery(patch) {
        set((s) => {
          const query = { ...s.list.query, ...patch };
          if (queryKey(query) === queryKey(s.list.query)) return { list: { ...s.list, query } };
          const ids = samePage(query, s.list.query) ? filterListed(s.list.ids, s.markets, query) : [];
          const { lastCount: _c, ...list } = s.list;
          return { list: { ...list, query, ids, pending: true } };
        });
      },

      listLoaded(list, at, opts = {}) {
        const current = opts.query === undefined || queryKey(opts.query) === queryKey(get().list.query);
        let seen: StatusTransition[] = [];
        set((s) => {
          const nested = nestingIndex(s.events.byId);
          const absorbed = absorb(s, list, at, false, {
            ...(opts.sentAt !== undefined ? { sentAt: opts.sentAt } : {}),
            prepare: (m) => withEvent(m, s.events.byId, nested),
          });
          seen = absorbed.seen;
          const { markets, history } = absorbed;
          const ids = current ? list.map((m) => m.id) : s.list.ids;
          const sel = s.selectedId;
          const selectedId =
            !current || sel === undefined || ids.length === 0 || ids.includes(sel)
              ? sel
              : neighbour(opts.keepPlace ? s.list.ids : [], ids, sel);
          const listState = current
            ? { ...s.list, ids, loadedAt: at, loading: false, pending: false, lastCount: list.length }
            : s.list;
          const next = { ...s, markets, history, list: listState, selectedId };
          return {
            markets,
            history,
            list: listState,
            selectedId,
            ...prune(next),
            categories: mergeCategories(
              s.categories,
              list.map((m) => markets[m.id]?.market.category ?? m.category),
            ),
            transitions: addTransitions(s.transitions, seen),
          };
        });
        announce(seen, at);
      },

      marketLoaded(loaded, at, sentAt) {
        const seen: StatusTransition[] = [];
        set((s) => {
          const market = withEvent(loaded, s.events.byId, nestingIndex(s.events.byId));
          const h = appendHistory(s.history[market.id], market, at);
          const prev = s.markets[market.id];
          const entry = upsertMarket(prev, market, at, true, sentAt);
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
          const selectedId = s.selectedId === id ? neighbour(s.list.ids, ids, id) : s.selectedId;
          // a watched market stays watched: it is asked for again later (it may come back from review)
          return {
            markets,
            history,
            quotes,
            list: { ...s.list, ids },
            selectedId,
            watch: patchWatched(s.watch, id, { goneAt: at }),
          };
        });
        get().notice(
          `${title ? `“${title}”` : `Market ${id}`} is no longer available (private, under review or removed).`,
          'warn',
          at,
        );
      },

      marketForbidden(id, error) {
        const prev = get().markets[id];
        if (!prev) return;
        const already = prev.forbidden !== undefined;
        set((s) => (s.markets[id] ? { markets: { ...s.markets, [id]: { ...s.markets[id], forbidden: error } } } : {}));
        if (!already)
          get().notice(
            `Access to “${prev.market.title}” was refused (403); it is not refreshed for a while.`,
            'warn',
            error.at,
          );
      },

      select(id) {
        if (get().selectedId !== id) set({ selectedId: id });
      },

      eventsLoaded(events, at) {
        withEvents(events, at, (s, byId) => ({ ...s.events, ids: events.map((e) => e.id), byId, loadedAt: at }));
      },

      ...quoteActions(set, announce),

      requestSucceeded(at) {
        const { connection, outage } = connectionSucceeded(get().connection, at);
        if (connection === get().connection) return;
        set((s) => ({ connection, outages: addOutage(s.outages, outage) }));
        if (outage) get().notice(recoveryNotice(outage), 'info', at);
      },

      requestFailed(error) {
        set((s) => ({
          connection: connectionFailed(s.connection, error),
          list: s.list.loading ? { ...s.list, loading: false } : s.list,
        }));
      },

      setRate(patch) {
        set((s) => ({ rate: { ...s.rate, ...patch } }));
      },

      ...viewDataActions(set, get, announce),

      notice(text, level, at) {
        set((s) => {
          const id = (s.notices[s.notices.length - 1]?.id ?? 0) + 1;
          const notices = [...s.notices, { id, level, text, at }];
          return { notices: notices.length > NOTICE_CAP ? notices.slice(notices.length - NOTICE_CAP) : notices };
        });
      },

      ...watchActions(set, get),
    };
  });
}
