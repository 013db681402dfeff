import type { OddsStore } from '../store/store.js';
import type { DrawnMarket, ViewSource } from './types.js';
export type { DrawnMarket } from './types.js';

/**
 * Keeps the store's selection the market the view shown draws as selected (`drawn`, given by the UI with `show`): its
 * first row when the one selected left it or rows came (Movers filling, Closing soon answering), none when it draws
 * none (an empty view, the last row unwatched). What is polled — the detail, the book, the history — is then what the
 * screen draws. True when the selection moved. Without `drawn` (a venue of a board: the board keeps it) nothing is
 * changed.
 */
export function keepDrawn(store: OddsStore, drawn: DrawnMarket | undefined): boolean {
  if (!drawn) return false;
  const st = store.getState();
  const id = drawn(st);
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
