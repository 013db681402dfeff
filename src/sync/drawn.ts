import type { OddsStore } from '../store/store.js';
import type { DrawnMarket } from './types.js';
export type { DrawnMarket } from './types.js';

/**
 * Keeps the store's selection the market the view shown draws as selected (`drawn`, given by the UI with `show`): its
 * first row when the one selected left it or rows came (Movers filling, Closing soon answering), none when it draws
 * none (an empty view, the last row unwatched). What is polled — the detail, the book, the history — is then what the
 * screen draws. True when the selection moved. Without `drawn` (no screen) nothing is changed.
 */
export function keepDrawn(store: OddsStore, drawn: DrawnMarket | undefined): boolean {
  if (!drawn) return false;
  const st = store.getState();
  const id = drawn(st);
  if (id === st.selectedId) return false;
  st.select(id);
  return true;
}
