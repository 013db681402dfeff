/**
 * A market whose price and book will not change any more: resolved (Kalshi's settled or finalized, Polymarket's closed
 * with a winner, Manifold's resolved; a 410 on a quote). Selected, it is not polled at the selection's rate: its detail
 * every FINAL_DETAIL_MS — a venue may still reopen or amend it, rarely — and no book, since none trades any more; the
 * other slots of the selection stay unsent, as with none selected (background.ts `idle`). The Across desk's pairs
 * follow the same rule for a resolved leg (src/venues/across/pairRefresh.ts). A closed or settling market is not final:
 * trading may resume (Kalshi's `paused`, a halted market) and its result is still to come.
 */
import type { AppState } from '../store/types.js';
import { isResolved } from '../store/entries.js';

/** How often a resolved market selected has its detail refreshed. */
export const FINAL_DETAIL_MS = 5 * 60_000;

/** Whether the market is known to be resolved (the latest status known of it: store/entries.ts). */
export function isFinal(st: Pick<AppState, 'markets'>, id: string): boolean {
  return isResolved(st.markets[id]);
}

/** Whether the market's book is asked for: never once it is resolved, since none trades any more. */
export function bookWanted(st: Pick<AppState, 'markets'>, id: string): boolean {
  return !isFinal(st, id);
}

/**
 * Whether a refresh that comes round now may ask the market's detail, last asked at `lastAt`: always, but once it is
 * resolved only FINAL_DETAIL_MS after the last one (a venue may still reopen or amend it; the answer that says so puts
 * it back on the refresh's own rate).
 */
export function detailDue(st: Pick<AppState, 'markets'>, id: string, lastAt: number | undefined, now: number): boolean {
  return !isFinal(st, id) || lastAt === undefined || now - lastAt >= FINAL_DETAIL_MS;
}
