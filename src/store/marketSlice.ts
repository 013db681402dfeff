/**
 * Store actions for the market list and the markets in it: the list query, the list's and a market's answers (the
 * cache, history and status changes they bring), a market gone (404) or refused (403), the selection. Spread into the
 * store by createOddsStore, like the quote form's (quoteSlice.ts) and the views' (viewData.ts).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Market } from '../api/types.js';
import { inQuotes } from '../util/glyphs.js';
import { absorb, appendHistory, mergeCategories, neighbour, olderThanHeld, prune, upsertMarket } from './entries.js';
import { nestingIndex, withEvent } from './events.js';
import { filterListed, queryKey, samePage } from './listQuery.js';
import type { Store } from './store.js';
import { addTransitions, transitionOf } from './transitions.js';
import type { ErrorInfo, GoToState, ListQuery, StatusTransition } from './types.js';
import { patchWatched } from './watchlist.js';
import { keepSame } from '../util/sameData.js';
import { sanitize } from '../util/sanitize.js';

export interface MarketActions {
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
  listLoaded(
    markets: Market[],
    at: number,
    opts?: { query?: ListQuery; sentAt?: number; keepPlace?: boolean; more?: boolean },
  ): void;
  /** The source's own groupings arrived (`c` cycles them from now on; the title shows their labels). */
  categoriesLoaded(list: { id: string; label: string }[]): void;
  /** Asking for them failed (they are asked again later): `c` says so until they arrive. */
  categoriesFailed(error: ErrorInfo): void;
  marketLoaded(market: Market, at: number, sentAt?: number): void;
  /** 404 on a market: drop it from the list and the selection, say so briefly. */
  marketGone(id: string, at: number): void;
  /** 403 on a market: mark it (the session goes on), say so briefly. */
  marketForbidden(id: string, error: ErrorInfo): void;
  select(id: string | undefined): void;
  /** `g` found a market: it is drawn first in Markets (until the query changes) and selected. */
  pinMarket(id: string): void;
  setGoTo(g: GoToState | undefined): void;
  /** What the board holds beyond this store (its pair legs), read at each prune: never dropped from the cache. */
  holdElsewhere(ids: () => Iterable<string>): void;
}

type Set = StoreApi<Store>['setState'];
type Get = StoreApi<Store>['getState'];
/** After an answer: the status changes it revealed announced, the alerts checked (createOddsStore's `announce`). */
type Announce = (seen: StatusTransition[], at: number) => void;

/** A source's groupings kept for `c` (Polymarket has thousands of tags: the first this many, as it orders them). */
export const CATEGORIES_CAP = 200;

export function marketActions(set: Set, get: Get, announce: Announce): MarketActions {
  return {
    setQuery(patch) {
      set((s) => {
        const query = { ...s.list.query, ...patch };
        if (queryKey(query) === queryKey(s.list.query)) return { list: { ...s.list, query } };
        const ids = samePage(query, s.list.query) ? filterListed(s.list.ids, s.markets, query) : [];
        const { lastCount: _c, pinned: _p, ...list } = s.list;
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
        const ids = current
          ? keepSame(
              s.list.ids,
              list.map((m) => m.id),
            )
          : s.list.ids;
        const sel = s.selectedId;
        // an answer with no row selects nothing (none is drawn: docs/views.md § The selection)
        const selectedId =
          !current || sel === undefined || ids.includes(sel) || sel === s.list.pinned
            ? sel
            : neighbour(opts.keepPlace ? s.list.ids : [], ids, sel);
        const { more: _more, ...was } = s.list;
        const listState = current
          ? {
              ...was,
              ids,
              loadedAt: at,
              loading: false,
              pending: false,
              lastCount: list.length,
              ...(opts.more !== undefined ? { more: opts.more } : {}),
            }
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

    categoriesLoaded(list) {
      const labels: Record<string, string> = {};
      for (const c of list) if (c.id.trim() !== '' && labels[c.id] === undefined) labels[c.id] = sanitize(c.label);
      const ids = Object.keys(labels).slice(0, CATEGORIES_CAP);
      set({
        sourceCategories: ids,
        categoryLabels: Object.fromEntries(ids.map((id) => [id, labels[id]!])),
        categoriesError: undefined,
      });
    },

    categoriesFailed(error) {
      set({ categoriesError: error });
    },

    marketLoaded(loaded, at, sentAt) {
      const seen: StatusTransition[] = [];
      set((s) => {
        const market = withEvent(loaded, s.events.byId, nestingIndex(s.events.byId));
        const prev = s.markets[market.id];
        if (prev && olderThanHeld(prev, market, sentAt)) return {};
        const h = appendHistory(s.history[market.id], market, at);
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
      // a watched market not loaded since the start has the title it was saved with
      const watched = get().watch.byId[id];
      const title = get().markets[id]?.market.title ?? watched?.title;
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
        `${title ? inQuotes(title) : `Market ${id}`} is no longer available ` +
          '(private, under review or removed)' +
          (watched ? ': still watched, asked for again in 30 min (w unwatches it).' : '.'),
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
          `Access to ${inQuotes(prev.market.title)} was refused (403); it is not refreshed for a while.`,
          'warn',
          error.at,
        );
    },

    select(id) {
      if (get().selectedId !== id) set({ selectedId: id });
    },

    pinMarket(id) {
      set((s) => ({ list: { ...s.list, pinned: id }, selectedId: id }));
    },

    setGoTo(g) {
      set(g ? { goTo: g } : { goTo: undefined });
    },

    holdElsewhere(ids) {
      set({ heldElsewhere: ids });
    },
  };
}
