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
 * not jump while moving through it — but the rows a short list leaves empty go
 * to the detail, as many as it draws (the list still shows every row).
 *
 * Recent status changes: side by side, a pane under the quote form in the
 * room the detail does not need (it keeps CHANGES_MIN lines while the detail
 * still gets DETAIL_MIN); stacked, a one-line ticker taken from the list,
 * only while the list keeps LIST_MIN lines.
 */
import type { Focus } from './uiState.js';

/** From here the panes sit side by side; below it they stack. */
export const WIDE_MIN = 100;
/** Wide: " │ " between the list and the detail column. */
export const SEPARATOR_WIDTH = 3;
/** Lines of the quote form: title, outcome, amount, action, two result lines. */
export const QUOTE_HEIGHT = 6;

/** Stacked: the list's least height (title + 5 rows), the detail pane's usual and largest heights. */
export const LIST_MIN = 6;
export const DETAIL_MIN = 8;
export const DETAIL_MAX = 14;
/** Side by side: the changes pane's least height (title + 2 rows) once there are changes, and its most rows. */
export const CHANGES_MIN = 3;
export const CHANGES_ROWS_MAX = 12;

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
  /**
   * Side by side: lines of the recent-changes pane (title included; 0 = not drawn), after a blank line under the form.
   */
  changesHeight: number;
  /** Stacked: the one-line ticker of recent changes between the list and the detail (0 or 1). */
  tickerHeight: number;
}

export interface LayoutExtras {
  /** Lines the selected market's detail (or event) would draw with all the room it wants. */
  detailLines?: number;
  /** Recent status changes known. */
  changes?: number;
  /** Stacked: lines the list draws with all its rows (title included); the rows it leaves empty go to the detail. */
  listLines?: number;
}

const nat = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/**
 * Side by side, the detail column below the list's title: detail, a blank line, the quote form, a blank
 * line and the changes pane. The detail gets what it needs first, but leaves the changes pane
 * CHANGES_MIN lines when there are changes and it keeps DETAIL_MIN itself.
 */
export function wideSide(
  bodyHeight: number,
  quoteHeight: number,
  detailLines: number,
  changes: number,
): { detailHeight: number; changesHeight: number } {
  const avail = nat(bodyHeight - quoteHeight - 1);
  const n = nat(changes);
  const reserve = n > 0 && avail - DETAIL_MIN >= CHANGES_MIN + 1 ? CHANGES_MIN + 1 : 0;
  const detailHeight = Math.min(nat(detailLines), avail - reserve);
  const rest = avail - detailHeight;
  const want = 1 + Math.max(1, Math.min(n, CHANGES_ROWS_MAX));
  return { detailHeight, changesHeight: rest >= 3 ? Math.min(rest - 1, want) : 0 };
}

export function computeLayout(
  columns: number,
  rows: number,
  chromeLines: number,
  focus: Focus,
  extras: LayoutExtras = {},
): Layout {
  const cols = Math.max(1, nat(columns));
  const height = Math.max(1, nat(rows));
  const bodyHeight = nat(height - chromeLines);
  const wide = cols >= WIDE_MIN;
  if (wide) {
    // The detail column needs ~40 cells (name, price, change, a short sparkline); beyond ~64 it only pads.
    const sideWidth = Math.min(64, Math.max(40, Math.round(cols * 0.36)));
    const listWidth = nat(cols - sideWidth - SEPARATOR_WIDTH);
    const quoteHeight = Math.min(QUOTE_HEIGHT, bodyHeight);
    const side =
      extras.detailLines === undefined
        ? { detailHeight: nat(bodyHeight - quoteHeight - 1), changesHeight: 0 }
        : wideSide(bodyHeight, quoteHeight, extras.detailLines, extras.changes ?? 0);
    return {
      columns: cols,
      rows: height,
      wide,
      bodyHeight,
      listWidth,
      listHeight: bodyHeight,
      listRows: nat(bodyHeight - 1),
      sideWidth,
      detailHeight: side.detailHeight,
      quoteHeight,
      quoteCollapsed: false,
      changesHeight: side.changesHeight,
      tickerHeight: 0,
    };
  }
  const quoteCollapsed = focus !== 'quote';
  const quoteHeight = Math.min(quoteCollapsed ? 1 : QUOTE_HEIGHT, bodyHeight);
  const avail = bodyHeight - quoteHeight;
  const want = Math.min(DETAIL_MAX, Math.max(DETAIL_MIN, nat(avail * 0.35)));
  const share = nat(Math.min(want, avail - Math.min(LIST_MIN, avail)));
  // a short list (six events) left rows empty under it while the detail was cut ("+2 more"): they go to the detail,
  // as many as it draws; the list still shows every row, so nothing in it moves with the market selected
  const listNeed = Math.max(
    nat(extras.listLines ?? 0) + ((extras.changes ?? 0) > 0 ? 1 : 0),
    Math.min(LIST_MIN, avail),
  );
  const spare =
    extras.listLines === undefined || extras.detailLines === undefined
      ? 0
      : nat(Math.min(avail - listNeed - share, nat(extras.detailLines) - share));
  const detailHeight = share + spare;
  const rest = nat(avail - detailHeight);
  const tickerHeight = (extras.changes ?? 0) > 0 && rest - 1 >= LIST_MIN ? 1 : 0;
  const listHeight = rest - tickerHeight;
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
    changesHeight: 0,
    tickerHeight,
  };
}
