/**
 * The dashboard's views, in tab order: a view's place here is its digit key
 * (1 Markets, 2 Watchlist, …). Adding a view is adding its ViewImpl here (see
 * docs/architecture.md "Add a view"); the tab row, the digit keys, help, sync's
 * refresh and the list pane follow from the entry.
 */
import { acrossView } from './across.js';
import { closingView } from './closing.js';
import { eventsView } from './events.js';
import { marketsView } from './markets.js';
import { moversView } from './movers.js';
import { positionsView } from './positions.js';
import type { ViewImpl } from './types.js';
import { watchlistView } from './watchlist.js';

export const VIEWS: readonly ViewImpl[] = [
  marketsView,
  watchlistView,
  moversView,
  closingView,
  eventsView,
  positionsView,
  acrossView,
];

/** A view's digit key. */
export function viewKey(index: number): string {
  return String(index + 1);
}

/** The view a digit shows, if any. */
export function viewIndexOfKey(input: string): number | undefined {
  const i = VIEWS.findIndex((_, k) => viewKey(k) === input);
  return i < 0 ? undefined : i;
}

/** The view at `index` (clamped), Markets for anything odd. */
export function viewAt(index: number): ViewImpl {
  return VIEWS[Math.min(Math.max(0, Math.trunc(index) || 0), VIEWS.length - 1)] ?? VIEWS[0]!;
}

export type { ViewImpl, ViewState, ViewEnv, Rows, ViewListProps } from './types.js';
