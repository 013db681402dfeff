/**
 * The watchlist as pure functions over the store's state: what the Watchlist
 * view lists, whether a row gets its ★, and the toggle the `w` key asks for.
 */
import type { AppState, MarketEntry } from './types.js';
import type { WatchedMarket, WatchState } from './watchTypes.js';
import { parseRefKey } from '../venue/ref.js';

/**
 * Most markets one watchlist holds of one venue (each costs a share of that venue's background budget): a board of
 * several venues holds up to this many of each (`watchCap`), as each venue's store does.
 */
export const WATCH_MAX = 200;

/**
 * A counter for the files' reads and merges: true while `id`'s venue (a board's refKey prefix; one source's bare ids
 * are all one) has fewer than WATCH_MAX kept so far, and counts it. The file of a board of three once kept the first
 * 200 of the board's 300 markets and dropped the rest as not understood at the next start.
 */
export function watchCap(): (id: string) => boolean {
  const kept = new Map<string, number>();
  return (id) => {
    const venue = parseRefKey(id)?.venue ?? '';
    const n = kept.get(venue) ?? 0;
    if (n >= WATCH_MAX) return false;
    kept.set(venue, n + 1);
    return true;
  };
}

export const EMPTY_WATCH: WatchState = { ids: [], byId: {} };

/**
 * The watched market ids in the order they were added (the Watchlist view's rows). The same array until the
 * watchlist changes, so a component selecting it re-renders only then.
 */
export function watchedIds(state: Pick<AppState, 'watch'>): readonly string[] {
  return state.watch.ids;
}

export function isWatched(state: Pick<AppState, 'watch'>, id: string): boolean {
  return state.watch.byId[id] !== undefined;
}

/** The watchlist with `id` added (at the end) or removed; unchanged when adding beyond WATCH_MAX. */
export function toggled(watch: WatchState, id: string, entry: MarketEntry | undefined, at: number): WatchState {
  if (watch.byId[id]) {
    const byId = { ...watch.byId };
    delete byId[id];
    return { ids: watch.ids.filter((x) => x !== id), byId };
  }
  if (watch.ids.length >= WATCH_MAX) return watch;
  const w: WatchedMarket = { id, addedAt: at };
  if (entry) {
    w.title = entry.market.title;
    // The status it has now is the baseline: only a later change is announced.
    if (entry.knownStatus !== undefined && entry.knownStatus !== 'unknown') w.status = entry.knownStatus;
  }
  return { ids: [...watch.ids, id], byId: { ...watch.byId, [id]: w } };
}

/** The same watchlist with one market's record patched (same object when nothing changes). */
export function patchWatched(watch: WatchState, id: string, patch: Partial<WatchedMarket>): WatchState {
  const w = watch.byId[id];
  if (!w) return watch;
  const keys = Object.keys(patch) as (keyof WatchedMarket)[];
  if (keys.every((k) => w[k] === patch[k])) return watch;
  const next: WatchedMarket = { ...w, ...patch };
  for (const k of keys) if (patch[k] === undefined) delete next[k];
  return { ids: watch.ids, byId: { ...watch.byId, [id]: next } };
}
