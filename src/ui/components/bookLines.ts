/**
 * The order book pane's lines (docs/sources.md § Trader's view): a title with the best bid and ask, the spread and
 * the midpoint, then the asks above the bids like a ladder — the best of each side next to the other — each level
 * its price, size and cumulative size and a depth bar in cells, as many levels as the rows allow. An empty or
 * one-sided book says so; a book the service did not answer is unknown, never empty.
 */
import type { BookLevel, OrderBook } from '../../api/types.js';
import { shortCause } from '../../store/connection.js';
import type { ErrorInfo } from '../../store/types.js';
import { topOfBook } from '../../sources/book.js';
import { sanitize } from '../../util/sanitize.js';
import { formatPrice, formatVolume, padStartWidth } from '../format.js';
import { colors } from '../theme.js';
import type { Seg } from './Line.js';
import { G } from '../glyphs.js';

const BAR = () => G.block;

/** Lines the book wants: its title and `levels` of each side (a word where a side is empty). */
export function bookWantedLines(book: OrderBook | undefined, levels = 5): number {
  if (!book) return 0;
  const side = (n: number) => Math.max(1, Math.min(levels, n));
  return 1 + side(book.asks.length) + side(book.bids.length);
}

function cumulative(levels: readonly BookLevel[]): number[] {
  let sum = 0;
  return levels.map((l) => (sum += l.size));
}

function levelLine(l: BookLevel, cum: number, max: number, side: 'bid' | 'ask', barRoom: number): Seg[] {
  const cells = max > 0 ? Math.max(1, Math.round((cum / max) * barRoom)) : 0;
  return [
    { text: side === 'ask' ? 'ask ' : 'bid ', dim: true },
    { text: padStartWidth(formatPrice(l.price), 7), bold: true, color: side === 'ask' ? colors.down : colors.up },
    { text: padStartWidth(formatVolume(l.size), 9) },
    { text: padStartWidth(formatVolume(cum), 9), dim: true },
    { text: '  ' },
    { text: BAR().repeat(Math.min(barRoom, cells)), color: side === 'ask' ? colors.down : colors.up, priority: -1 },
  ];
}

/** A book refused because trading stopped (409, 423, 410), in the words the quote uses for it. */
const STOPPED: Partial<Record<ErrorInfo['kind'], string>> = {
  closed: 'the market is closed',
  settling: 'the market is settling',
  resolved: 'the market is resolved',
  forbidden: 'the service refuses it here',
};

/**
 * In place of a book not known yet: it is coming, or the service did not answer it (404, 5xx, no answer), or refused
 * it because trading has stopped or for this client (409, 423, 410, 403), or it was never asked: the venue keeps none
 * for the market, or the request could not be made.
 */
export function bookMissingLine(error: Pick<ErrorInfo, 'kind' | 'status' | 'code'> | undefined): Seg[] {
  if (!error) return [{ text: `Book: asking${G.ell}`, dim: true }];
  const why = STOPPED[error.kind];
  if (why) return [{ text: `No book: ${why} (${shortCause(error)}).`, dim: true }];
  // never asked: the venue keeps no order book for it (a Polymarket market without CLOB tokens)
  if (error.code === 'NO_BOOK') return [{ text: 'No book: the venue keeps no order book for this market.', dim: true }];
  if (error.kind === 'invalid_request' && error.status === undefined)
    return [{ text: `Book not asked: the request could not be made (${error.code ?? error.kind}).`, dim: true }];
  return [{ text: `Book unknown: the service did not answer it (${shortCause(error)}).`, dim: true }];
}

/**
 * In place of a resolved market's book: none trades any more, and its book is not asked for (src/sync/final.ts), so
 * neither "asking…" nor the last book seen before it resolved is true of it.
 */
export const BOOK_ENDED_LINE: Seg[] = [{ text: 'No book: the market is resolved.', dim: true }];

/** The book in at most `rows` lines at `width` cells. */
export function bookLines(book: OrderBook, width: number, rows: number): Seg[][] {
  if (rows <= 0) return [];
  const top = topOfBook(book);
  const title: Seg[] = [
    { text: `Book ${sanitize(book.outcome)}`, bold: true },
    {
      text:
        top.bid !== undefined && top.ask !== undefined
          ? ` ${G.dot} spread ${formatPrice(top.ask - top.bid)} ${G.dot} mid ${formatPrice(top.mid)}`
          : top.mid !== undefined
            ? ` ${G.dot} one side only`
            : '',
      dim: true,
    },
    { text: book.asksDerived ? ` ${G.dot} asks = other side${G.apos}s bids` : '', dim: true, priority: -1 },
  ];
  if (book.bids.length === 0 && book.asks.length === 0)
    return [title, [{ text: 'The book is empty: no orders on either side.', dim: true }]].slice(0, rows);
  const per = Math.max(1, Math.floor((rows - 1) / 2));
  const asks = book.asks.slice(0, per);
  const bids = book.bids.slice(0, per);
  const askCum = cumulative(asks);
  const bidCum = cumulative(bids);
  const max = Math.max(0, ...askCum, ...bidCum);
  const barRoom = Math.max(0, width - 4 - 7 - 9 - 9 - 2);
  // the asks above, worst at the top, so both best prices meet in the middle
  const askLines =
    asks.length === 0
      ? [[{ text: 'no asks: nobody sells', dim: true }] as Seg[]]
      : asks.map((l, i) => levelLine(l, askCum[i]!, max, 'ask', barRoom)).reverse();
  const bidLines =
    bids.length === 0
      ? [[{ text: 'no bids: nobody buys', dim: true }] as Seg[]]
      : bids.map((l, i) => levelLine(l, bidCum[i]!, max, 'bid', barRoom));
  return [title, ...askLines, ...bidLines].slice(0, rows);
}
