/**
 * The markets a person holds, which the market cache never drops (`prune`, entries.ts): the list, Closing soon and the
 * open event on screen, the selected and pinned ones, the watched ones, alert targets (and a gap alert's other leg),
 * paper and real positions, and what the board holds elsewhere (`heldElsewhere`: the Across desk's confirmed pairs'
 * legs on this venue). Each is bounded by its own cap (the watchlist's, the alerts', PAPER_MAX, the pairs file's); the
 * cache's cap applies to the rest.
 */
import { refKey, type MarketRef } from '../venue/ref.js';
import type { AppState } from './types.js';

export type HeldState = Pick<
  AppState,
  'list' | 'selectedId' | 'closing' | 'events' | 'watch' | 'alerts' | 'paper' | 'realPositions' | 'heldElsewhere'
>;

export function heldIds(state: HeldState): Set<string> {
  const keep = new Set([...state.list.ids, ...state.closing.ids, ...state.watch.ids]);
  if (state.list.pinned) keep.add(state.list.pinned);
  if (state.selectedId) keep.add(state.selectedId);
  const open = state.events.openId === undefined ? undefined : state.events.byId[state.events.openId];
  for (const m of open?.markets ?? []) keep.add(m.id);
  for (const r of state.alerts?.rules ?? []) {
    keep.add(r.marketId);
    if (r.pairId) keep.add(r.pairId);
  }
  // a store's ids are the venue's own, or `venue:id` on a board of several (either may be the one it holds)
  const ref = (x: MarketRef) => keep.add(x.id).add(refKey(x));
  for (const p of state.paper?.positions ?? []) ref(p.ref);
  for (const p of state.realPositions?.data?.positions ?? []) ref(p.ref);
  for (const id of state.heldElsewhere?.() ?? []) keep.add(id);
  return keep;
}
