/**
 * How the terminal is shared out. Everything is computed from the window size
 * so the frame never grows taller than the terminal: fixed-height chrome
 * (header, banners, footer), then the body split between the list and the
 * detail + quote column (side by side from WIDE_MIN columns, stacked below).
 */
import type { Focus } from './uiState.js';

export const WIDE_MIN = 100;
/** Lines of the quote form: title, outcome, amount, action, two result lines. */
export const QUOTE_HEIGHT = 6;

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
}

const nat = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

export function computeLayout(columns: number, rows: number, chromeLines: number, focus: Focus): Layout {
  const cols = Math.max(1, nat(columns));
  const height = Math.max(1, nat(rows));
  const bodyHeight = nat(height - chromeLines);
  const wide = cols >= WIDE_MIN;
  if (wide) {
    const listWidth = nat(cols * 0.6);
    const sideWidth = nat(cols - listWidth - 1);
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
    };
  }
  // Stacked: the list takes half the body while it has focus, a third otherwise (the detail needs the room).
  const share = focus === 'list' ? 0.5 : 0.34;
  const listHeight = Math.min(bodyHeight, Math.max(Math.min(4, bodyHeight), nat(bodyHeight * share)));
  const side = nat(bodyHeight - listHeight);
  const quoteHeight = Math.min(QUOTE_HEIGHT, side);
  return {
    columns: cols,
    rows: height,
    wide,
    bodyHeight,
    listWidth: cols,
    listHeight,
    listRows: nat(listHeight - 1),
    sideWidth: cols,
    detailHeight: nat(side - quoteHeight),
    quoteHeight,
  };
}
