import { twinsOf } from '../../venues/across/twins.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import { watchedIds } from '../../store/watchlist.js';
import type { AppState, MarketEntry } from '../../store/types.js';
import type { RealPositions } from '../../store/positionsSlice.js';

const NO_REAL: readonly RealPositions[] = [];
/** One venue's reading as the list the views read: the same array while the reading is the same object. */
const ONE = new WeakMap<RealPositions, readonly RealPositions[]>();
function realOne(r: RealPositions | undefined): readonly RealPositions[] {
  if (!r) return NO_REAL;
  let list = ONE.get(r);
  if (!list) ONE.set(r, (list = [r]));
  return list;
}
import { cursorIndex } from '../viewModel.js';
import type { Rows, ViewImpl, ViewListProps, ViewState } from './types.js';

/** What the views read from the store; each member is the store's own object, so a shallow compare tells a change. */
/** What the chrome reads (header, banner, notices, alert and watch marks), each the store's own object. */
export function chromeState(st: AppState) {
  return {
    connection: st.connection,
    rate: st.rate,
    notices: st.notices,
    transitions: st.transitions,
    outages: st.outages,
    watch: st.watch,
    alerts: st.alerts,
    venues: st.venues,
    venueFilter: st.venueFilter,
  };
}

export function viewState(st: AppState): ViewState {
  return {
    list: st.list,
    markets: st.markets,
    history: st.history,
    closing: st.closing,
    events: st.events,
    selectedId: st.selectedId,
    caps: st.caps,
    categoryLabels: st.categoryLabels,
    mode: st.rate.mode,
    watched: watchedIds(st),
    watchById: st.watch.byId,
    together: st.venues !== undefined && st.venues.length > 1 && st.venueFilter === undefined,
    paper: st.paper,
    real: st.realByVenue ?? realOne(st.realPositions),
    ...(st.prefixed ? { prefixed: true as const } : {}),
    ...(st.venueFilter ? { venueFilter: st.venueFilter } : {}),
    ...(st.across ? { across: st.across } : {}),
    ...(st.venues ? { venues: st.venues } : {}),
  };
}

/**
 * Whether a row's id (a market's or an event's, `venue:id` on a board of several) is on the venue `v` narrowed the
 * board to; every id is while every venue is shown (docs/views.md § Several venues: `v` narrows every view).
 */
export function onShownVenue(st: Pick<ViewState, 'venueFilter'>, id: string): boolean {
  return st.venueFilter === undefined || id.startsWith(`${st.venueFilter}:`);
}

/** " on Kalshi" when `v` narrowed the board to Kalshi, else '' (for the lines that say a narrowed list is empty). */
export function onVenueWords(st: Pick<ViewState, 'venueFilter'>): string {
  return st.venueFilter === undefined ? '' : ` on ${SOURCE_NAMES[st.venueFilter]}`;
}

/** The ids of `ids` on the venue shown: `ids` itself while every venue is shown. */
export function shownIds(st: Pick<ViewState, 'venueFilter'>, ids: readonly string[]): readonly string[] {
  return st.venueFilter === undefined ? ids : ids.filter((id) => onShownVenue(st, id));
}

/** The market entries a view draws from. */
export function viewEntries(view: ViewImpl, st: ViewState): Readonly<Record<string, MarketEntry>> {
  return view.entries ? view.entries(st) : st.markets;
}

/**
 * The row the cursor is on: the selected market (or, in an events list, the event under the UI's cursor), else the
 * first; of several rows of the selected market (rows with keys), the one whose key the UI keeps, else the first.
 */
export function rowCursor(
  rows: Rows,
  selectedId: string | undefined,
  ui: { eventCursor?: string | undefined; rowKey?: string | undefined },
): number {
  const keys = rows.kind === 'markets' ? rows.keys : undefined;
  const keyed =
    keys && ui.rowKey !== undefined ? rows.ids.findIndex((id, i) => id === selectedId && keys[i] === ui.rowKey) : -1;
  return keyed >= 0 ? keyed : cursorIndex(rows.ids, rows.kind === 'markets' ? selectedId : ui.eventCursor);
}

/**
 * The market the detail pane and the quote form are about: the selected one when the view lists it, else its
 * first row; none when it draws no row, and none beside an events list (the event pane is shown there). The Markets
 * list emptied by a query you changed keeps the selection only until that query's answer (`Loading markets…`): the
 * answer keeps it if it lists it, and one with no row selects nothing, so no market off screen is polled.
 */
export function currentMarketIn(
  view: ViewImpl,
  rows: Rows,
  st: ViewState,
  markets: Readonly<Record<string, MarketEntry>>,
): string | undefined {
  if (rows.kind !== 'markets') return undefined;
  const sel = st.selectedId;
  if (sel !== undefined && rows.ids.includes(sel)) return sel;
  if (rows.ids.length > 0) return rows.ids[0];
  // emptied by a new query awaiting its answer: the selection stays till then, but never one of a venue `v` hides
  const awaited = view.filters && st.list.pending === true;
  return awaited && sel !== undefined && markets[sel] && onShownVenue(st, sel) ? sel : undefined;
}

/** What a view's market list takes from the App alike (the rows, title and empty line are the view's own). */
export function marketListProps(p: ViewListProps) {
  return {
    watched: p.state.watchById,
    twins: twinsOf(p.state.across, p.markets),
    markets: p.markets,
    cursor: p.cursor,
    top: p.top,
    rows: p.visible,
    width: p.width,
    height: p.height,
    focused: p.focused,
    now: p.env.now,
    intervalMs: p.intervalMs,
    clock: p.clock,
  };
}
