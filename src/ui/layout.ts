/**
 * How the terminal is shared out. Everything is computed from the window size
 * so the frame never grows taller than the terminal: fixed-height chrome
 * (header, banners, footer), then the body split between the list and the
 * detail + quote column (side by side from WIDE_MIN columns, stacked below).
 *
 * Stacked, the selected market's outcomes must stay visible: the detail pane
 * gets a fixed share (DETAIL_MIN lines: title, status, event, volume and up to
 * four outcomes + "+N more"), the quote form is a one-line summary until it
 * has focus, and the list takes the rest but never less than LIST_MIN lines.
 * The detail height does not depend on the selected market, so the list does
 * not jump while moving through it.
 */
import type { Focus } from './uiState.js';

/** From here the panes sit side by side (the issue: below 100 columns they stack). */
export const WIDE_MIN = 100;
/** Wide: " │ " between the list and the detail column. */
export const SEPARATOR_WIDTH = 3;
/** Lines of the quote form: title, outcome, amount, action, two result lines. */
export const QUOTE_HEIGHT = 6;

/** Stacked: the list's least height (title + 5 rows), the detail pane's usual and largest heights. */
export const LIST_MIN = 6;
export const DETAIL_MIN = 8;
export const DETAIL_MAX = 14;

export interface Layout {
  columns: number;
  rows: number;
  wide: boolean;
  bodyHeight: number;
  listWidth: number;
  listHeight: number;
  /** Market rows that fit under the list's title line. */
  listRows: number;
  sideWidth: number;
  detailHeight: number;
  quoteHeight: number;
  /** The quote form is drawn as its one-line summary. */
  quoteCollapsed: boolean;
}

const nat = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

export function computeLayout(columns: number, rows: number, chromeLines: number, focus: Focus): Layout {
  const cols = Math.max(1, nat(columns));
  const height = Math.max(1, nat(rows));
  const bodyHeight = nat(height - chromeLines);
  const wide = cols >= WIDE_MIN;
  if (wide) {
    // The detail column needs ~40 cells (name, price, change, a short sparkline); beyond ~64 it only pads.
    const sideWidth = Math.min(64, Math.max(40, Math.round(cols * 0.36)));
    const listWidth = nat(cols - sideWidth - SEPARATOR_WIDTH);
    const quoteHeight = Math.min(QUOTE_HEIGHT, bodyHeight);
    return {
      columns: cols,
      rows: height,
      wide,
      bodyHeight,
      listWidth,
      listHeight: bodyHeight,
      listRows: nat(bodyHeight - 1),
      sideWidth,
      detailHeight: nat(bodyHeight - quoteHeight - 1),
      quoteHeight,
      quoteCollapsed: false,
    };
  }
  const quoteCollapsed = focus !== 'quote';
  const quoteHeight = Math.min(quoteCollapsed ? 1 : QUOTE_HEIGHT, bodyHeight);
  const avail = bodyHeight - quoteHeight;
  const want = Math.min(DETAIL_MAX, Math.max(DETAIL_MIN, nat(avail * 0.35)));
  const detailHeight = nat(Math.min(want, avail - Math.min(LIST_MIN, avail)));
  const listHeight = nat(avail - detailHeight);
  return {
    columns: cols,
    rows: height,
    wide,
    bodyHeight,
    listWidth: cols,
    listHeight,
    listRows: nat(listHeight - 1),
    sideWidth: cols,
    detailHeight,
    quoteHeight,
    quoteCollapsed,
  };
}
