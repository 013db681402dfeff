import type { JSX } from 'react';
import type { AppState, MarketEntry } from '../../store/types.js';
import type { RealPositions } from '../../store/positionsSlice.js';
import type { ViewSource } from '../../sync/types.js';
import type { Clock } from '../../util/clock.js';
import type { MoveWindow } from '../moves.js';

/** What the views read from the store (`watched`: the watchlist's ids, from its selector; `watchById`: for the ★). */
export type ViewState = Pick<
  AppState,
  'list' | 'markets' | 'history' | 'closing' | 'events' | 'selectedId' | 'caps' | 'categoryLabels'
> & {
  /** Where the data comes from (the header's mode): names the source in the lines that say what it cannot do. */
  mode: AppState['rate']['mode'];
  watched: readonly string[];
  watchById: AppState['watch']['byId'];
  /** Several venues shown together (no `v` narrowing): lists are one section per venue. */
  together: boolean;
  /** Paper positions, every venue's (the Positions view shows this venue's). */
  paper: AppState['paper'];
  /** The person's real positions as each venue last read them (src/sync/positions.ts). */
  real: readonly RealPositions[];
  /** Ids are written `venue:id` (a board of several venues). */
  prefixed?: true;
  /** The venue `v` narrowed a board of several to. */
  venueFilter?: AppState['venueFilter'];
  /** Pairs across venues (a board of several): the Across view's data. */
  across?: AppState['across'];
  venues?: AppState['venues'];
};

/** What rows depend on besides the store. */
export interface ViewEnv {
  now: number;
  /** Movers: the least move listed (0..1 points) and the window ranked by. */
  moversThreshold: number;
  moversWindow: MoveWindow;
  /** Who a loading list waits for a rate-budget slot of (budgetWait.ts): '' the one source, else venues' names. */
  budgetWait?: string | undefined;
  /** The Watchlist: a market just unwatched there and its row, kept (UiState.unwatched). */
  unwatched?: { id: string; at: number } | undefined;
}

/**
 * A view's rows: markets (moving the cursor selects one, the detail pane shows it)
 * or events (the cursor is the UI's own; ⏎ opens the event). `keys`: each market row's own key, where one market may
 * be the market of several rows (Across narrowed by `v`: a pair a row, both of one market's candidates); the UI keeps
 * the key of the row under the cursor (`rowKey`) to tell them apart.
 */
export type Rows =
  { kind: 'markets'; ids: readonly string[]; keys?: readonly string[] } | { kind: 'events'; ids: readonly string[] };

export interface ViewListProps {
  state: ViewState;
  rows: Rows;
  env: ViewEnv;
  /** Market entries by id (the view's `entries`, else the cache). */
  markets: Readonly<Record<string, MarketEntry>>;
  cursor: number;
  top: number;
  /** Rows that fit under the title line. */
  visible: number;
  width: number;
  height: number;
  focused: boolean;
  /** List refresh interval estimate (for STALE). */
  intervalMs: number;
  clock: Clock;
}

/**
 * One tab of the dashboard. Everything a view is lives in its entry (its place in
 * VIEWS is its digit key): its title (the tab row, help), what sync refreshes while
 * it is shown, its rows (which j/k and the detail pane follow) and how its list draws.
 */
export interface ViewImpl {
  id: string;
  title: string;
  /** For a narrow tab row. */
  short: string;
  /** What sync refreshes while it is shown. */
  source: ViewSource;
  /**
   * The market list's own view: s, f, c and / act here (elsewhere they bring you here first), j past the end turns the
   * page.
   */
  filters: boolean;
  rows(st: ViewState, env: ViewEnv): Rows;
  /** Market entries its rows and the detail pane draw from, when not just the cache. */
  entries?(st: ViewState): Readonly<Record<string, MarketEntry>>;
  List(p: ViewListProps): JSX.Element;
}
