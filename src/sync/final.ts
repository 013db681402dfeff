/**
 * A market whose price and book will not change any more: resolved (Kalshi's settled or finalized, Polymarket's closed
 * with a winner, Manifold's resolved; a 410 on a quote). Selected, it is not polled at the selection's rate: its detail
 * every FINAL_DETAIL_MS — a venue may still reopen or amend it, rarely — and no book, since none trades any more; the
 * other slots of the selection stay unsent, as with none selected (background.ts `idle`). A closed or settling market
 * is not final: trading may resume (Kalshi's `paused`, a halted market) and its result is still to come.
 */
import type { AppState } from '../store/types.js';
import { isResolved } from '../store/entries.js';

/** How often a resolved market selected has its detail refreshed. */
export const FINAL_DETAIL_MS = 5 * 60_000;

/** Whether the market is known to be resolved (the latest status known of it: store/entries.ts). */
export function isFinal(st: Pick<AppState, 'markets'>, id: string): boolean {
  return isResolved(st.markets[id]);
}
