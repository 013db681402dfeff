import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiError } from '../api/errors.js';
import type { MarketEvent } from '../api/types.js';
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
import { mergeCategories } from './entries.js';
import { addTransitions, transitionNotice } from './transitions.js';
import { completeFromEvents, copyStamps, mergeEvents, olderEvents, patchStatuses } from './events.js';
import { EMPTY_ALERTS } from './alerts.js';
import { EMPTY_WATCH } from './watchlist.js';
import { PUBLIC_CAPS } from '../sources/caps.js';
import type { SourceCaps } from '../sources/types.js';
import { watchActions, type WatchActions } from './watchSlice.js';
import { EMPTY_PAPER, paperActions, type PaperActions } from './paperSlice.js';
import { positionsActions, type PositionsActions } from './positionsSlice.js';
import { viewDataActions, type ViewDataActions } from './viewData.js';
import { quoteActions, type QuoteActions } from './quoteSlice.js';
import { EMPTY_TRADER, traderActions, type TraderActions } from './traderSlice.js';
import { marketActions, type MarketActions } from './marketSlice.js';

export const NOTICE_CAP = 5;
export { HISTORY_CAP, MARKET_CACHE_CAP, CATEGORY_CAP } from './entries.js';
export { TRANSITION_CAP } from './transitions.js';
export { OUTAGE_CAP } from './connection.js';

export const DEFAULT_QUERY: ListQuery = { q: '', status: 'active', category: '', sort: 'volume', limit: 20, offset: 0 };

export interface StoreActions extends MarketActions, ViewDataActions, QuoteActions, TraderActions {
  /**
   * The events list answered: the events kept, the statuses they reveal patched (not over a market entry that arrived
   * after its request left, `sentAt`: events.ts patchStatuses; unknown, only a copy newer by updatedAt patches), their
   * markets completed from them.
   */
  eventsLoaded(events: MarketEvent[], at: number, sentAt?: number): void;

  /** A good answer: online again (an outage of a minute or more is recorded, with a notice). */
  requestSucceeded(at: number): void;
  /**
   * A failed answer: the connection's state follows its kind (see connection.ts troubleOf); the trouble starts when
   * the request left (`sentAt`: connectionFailed).
   */
  requestFailed(error: ErrorInfo, sentAt?: number): void;
  setRate(patch: Partial<RateState>): void;
  notice(text: string, level: Notice['level'], at: number, about?: 'board'): void;
}

export type Store = AppState & StoreActions & WatchActions & PaperActions & PositionsActions;
export type OddsStore = StoreApi<Store>;
/** What the UI gets: state to read and subscribe to, no actions — it changes data only through sync's intents. */
export type StoreView = Pick<StoreApi<AppState>, 'getState' | 'getInitialState' | 'subscribe'>;

export interface StoreOptions {
  mode: Mode;
  limit: number;
  /** A platform's documented limit per 60 s, shown beside the cadence. */
  documentedLimit?: number;
  /** What the source can do (default: the interface's). */
  caps?: SourceCaps;
  query?: Partial<ListQuery>;
  /** Its ids are written `venue:id` (one venue of several on one board, src/venues/prefixClient.ts). */
  prefixed?: boolean;
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
      get().settlePaper(at);
    };
    /**
     * Events arrived (the list, or one by id): keep them, patch the statuses they reveal, complete markets from them.
     */
    const withEvents = (
      events: MarketEvent[],
      at: number,
      sentAt: number | undefined,
      nextEvents: (s: Store, byId: Record<string, MarketEvent>, older: Set<string>) => AppState['events'],
    ) => {
      let seen: StatusTransition[] = [];
      set((s) => {
        // an event whose copy held is newer keeps it (its row stays listed)
        const older = olderEvents(s.events, events, sentAt);
        const byId = mergeEvents(s.events.byId, events, older);
        const patched = patchStatuses(s, events, at, sentAt);
        seen = patched.seen;
        const markets = completeFromEvents(patched.markets, byId);
        return {
          events: nextEvents(s, byId, older),
          categories: mergeCategories(s.categories, [
            ...events.map((e) => e.category),
            ...changedCategories(s.markets, markets),
          ]),
          ...(markets !== s.markets ? { markets } : {}),
          ...(patched.history !== s.history ? { history: patched.history } : {}),
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
      caps: opts.caps ?? PUBLIC_CAPS,
      ...EMPTY_TRADER,
      connection: { status: 'connecting', consecutiveFailures: 0 },
      rate: {
        mode: opts.mode,
        limit: opts.limit,
        ...(opts.documentedLimit !== undefined ? { documentedLimit: opts.documentedLimit } : {}),
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
      paper: EMPTY_PAPER,
      ...(opts.prefixed ? { prefixed: true as const } : {}),

      ...marketActions(set, get, announce),

      eventsLoaded(events, at, sentAt) {
        const ids = events.map((e) => e.id);
        withEvents(events, at, sentAt, (s, byId, older) => ({
          ...s.events,
          ids,
          byId,
          loadedAt: at,
          sentAt: copyStamps(s.events.sentAt, events, sentAt, byId, older),
          receivedAt: copyStamps(s.events.receivedAt, events, at, byId, older),
        }));
      },

      ...quoteActions(set, announce),

      ...traderActions(set),

      requestSucceeded(at) {
        const { connection, outage } = connectionSucceeded(get().connection, at);
        if (connection === get().connection) return;
        set((s) => ({ connection, outages: addOutage(s.outages, outage) }));
        if (outage) get().notice(recoveryNotice(outage), 'info', at);
      },

      requestFailed(error, sentAt) {
        set((s) => ({
          connection: connectionFailed(s.connection, error, sentAt),
          list: s.list.loading ? { ...s.list, loading: false } : s.list,
        }));
      },

      setRate(patch) {
        set((s) => ({ rate: { ...s.rate, ...patch } }));
      },

      ...viewDataActions(set, get, announce),

      notice(text, level, at, about) {
        set((s) => {
          const id = (s.notices[s.notices.length - 1]?.id ?? 0) + 1;
          const notices = [
            ...s.notices,
            { id, level, text, at, ...(about === 'board' ? { board: true as const } : {}) },
          ];
          return { notices: notices.length > NOTICE_CAP ? notices.slice(notices.length - NOTICE_CAP) : notices };
        });
      },

      ...watchActions(set, get),

      ...paperActions(set, get),

      ...positionsActions(set, get),
    };
  });
}
