import type { OddsStore } from '../store/store.js';
import { queryKey } from '../store/listQuery.js';
import type { AppState } from '../store/types.js';
import type { DrawnMarket, ViewSource } from './types.js';
export type { DrawnMarket } from './types.js';

/**
 * Keeps the store's selection the market the view shown draws as selected (`drawn`, given by the UI with `show`): its
 * first row when the one selected left it or rows came (Movers filling, Closing soon answering), none when it draws
 * none (an empty view, the last row unwatched). What is polled — the detail, the book, the history — is then what the
 * screen draws. True when the selection moved. Without `drawn` (a venue of a board: the board keeps it) nothing is
 * changed.
 */
export function keepDrawn(store: OddsStore, drawn: DrawnMarket | undefined, pick?: KeptPick): boolean {
  if (!drawn) return false;
  const st = store.getState();
  const id = pick?.afresh(st, drawn) ?? pick?.restore(st, drawn, st.selectedId) ?? drawn(st);
  if (id !== st.selectedId && st.selectedId !== undefined && id !== undefined) pick?.firstOf(st);
  if (id === st.selectedId) return false;
  st.select(id);
  return true;
}

/**
 * The market a view draws as selected until a screen says which (`show`'s `drawn`): the UI shows its view at mount,
 * so only a sync or board with no screen (tests, `bench:stacks`) keeps this one — the market chosen, else the first
 * row of the Markets list or of Closing soon's answer; nothing chosen by itself beside the events list or a view of its
 * own rows (Watchlist, Movers, Positions, Across), whose rows only the UI computes. A venue of a board (`onBoard`)
 * keeps none: the board keeps the one selection (src/venues/joined.ts).
 */
export function firstRowDrawn(source: ViewSource): DrawnMarket {
  if (source === 'markets') return (st) => st.selectedId ?? st.list.ids[0];
  if (source === 'closing') return (st) => st.selectedId ?? st.closing.ids[0];
  return (st) => st.selectedId;
}

/**
 * The market a person picked in the view shown (a key moved the cursor to it; not the row the view draws with none
 * picked, so one who never moved it still gets the first row), kept while the view draws no row for a moment: a
 * refresh a glitchy server answers with no row selects none, and the rows that come back select the pick again if they
 * list it, not their first row. It ends when another view is shown, when the list's query changes (`f`, `c`, `/`, a
 * page: that answer's rule is its own, docs/views.md § The selection), when rows come back without it, or when the
 * selection moves to another market (the row that took its place). A venue alone keeps it in sync's Shown, a board of
 * several venues its own (src/venues/joined.ts).
 */
export class KeptPick {
  private id: string | undefined;
  /** The list's query when it was picked (queryKey). */
  private query = '';
  /**
   * A new query's answer awaited (`/`, `f`, `c`: its key), the market selected not among the rows held for it: the
   * first row the view draws is selected, not chosen, so the answer selects its own first row — that row kept as the
   * answer listed it, the cursor landed on the answer's last row (docs/views.md § The selection).
   */
  private fresh: string | undefined;

  /** The selection moves by itself to the rows drawn over `st`: a new query's first row while its answer is awaited. */
  firstOf(st: AppState): void {
    if (st.list.pending === true) this.fresh = queryKey(st.list.query);
  }

  /** That query answered: its first row, as drawn with none selected (undefined: nothing to do). */
  afresh(st: AppState, drawn: DrawnMarket): string | undefined {
    if (this.fresh === undefined || st.list.pending === true) return undefined;
    const mine = this.fresh === queryKey(st.list.query);
    this.fresh = undefined;
    if (!mine) return undefined;
    const { selectedId: _s, ...none } = st;
    return drawn(none);
  }

  /**
   * A person selects `id` where `st` (before it is selected) is drawn by `drawn`; none selected (a view that draws no
   * row) leaves the pick as it was.
   */
  chose(id: string | undefined, st: AppState, drawn: DrawnMarket | undefined): void {
    this.fresh = undefined;
    if (id === undefined) return;
    const { selectedId: _s, ...none } = st;
    this.id = drawn !== undefined && id !== drawn(none) ? id : undefined;
    this.query = queryKey(st.list.query);
  }

  forget(): void {
    this.id = undefined;
    this.fresh = undefined;
  }

  /**
   * The pick to select again: nothing is `selected` (a board's own selection: its state draws the first row as
   * selected) and `drawn` draws rows again over `st`, among them the pick. `back`: whether the rows that would list it
   * are back (on a board, its own venue's: another venue answering first does not end it).
   */
  restore(st: AppState, drawn: DrawnMarket, selected: string | undefined, back = (_: string) => true) {
    const kept = this.id;
    if (kept === undefined || selected === kept) return undefined;
    if (queryKey(st.list.query) !== this.query) return (this.id = undefined);
    if (selected === undefined && (drawn(st) === undefined || !back(kept))) return undefined;
    if (selected === undefined && drawn({ ...st, selectedId: kept }) === kept) return kept;
    this.id = undefined;
    return undefined;
  }
}
