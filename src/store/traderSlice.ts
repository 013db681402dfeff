/**
 * Store actions of the trader's view (docs/sources.md § Trader's view): the selected market's order book, the price
 * histories a platform publishes (24 h and 7 d, fetched once per market and range), and which range `h` shows.
 * Both maps are bounded: the books of the last BOOKS_CAP markets shown, the newest SERIES_CAP histories.
 */
import { keepSame } from '../util/sameData.js';
import type { HistoryRange, OrderBook, PricePoint } from '../api/types.js';
import type { AppState, ErrorInfo } from './types.js';

/** Books kept: the selected market's and a few before it (a book is only polled while its market is selected). */
export const BOOKS_CAP = 8;
/** Histories kept (market × range); a market shown again after that is fetched again. */
export const SERIES_CAP = 64;
/** Points kept of one history (a platform's answer is cut to its newest this many). */
export const SERIES_POINTS_CAP = 1_000;

export interface BookEntry {
  book: OrderBook;
  at: number;
}

export interface SeriesEntry {
  range: HistoryRange;
  outcome: string;
  /** Oldest first, prices 0..1. */
  points: PricePoint[];
  at: number;
  /** The answer stopped at its page's end: the platform has more before the first point. */
  cut?: true;
}

export interface TraderState {
  books: Record<string, BookEntry>;
  /** By `seriesKey(marketId, range)`. */
  series: Record<string, SeriesEntry>;
  historyRange: HistoryRange;
  /**
   * A market's book that failed and has not answered since (404, 5xx, a bad body, no answer): its book is unknown —
   * never an empty one — and is asked again on the slow schedule of src/sync/bookBackoff.ts.
   */
  bookErrors: Record<string, ErrorInfo>;
}

export interface TraderActions {
  bookLoaded(book: OrderBook, at: number): void;
  /** A market's book failed: unknown until it answers (a book shown before is kept, with its age). */
  bookFailed(marketId: string, error: ErrorInfo): void;
  seriesLoaded(
    marketId: string,
    range: HistoryRange,
    outcome: string,
    points: PricePoint[],
    at: number,
    more?: boolean,
  ): void;
  setHistoryRange(range: HistoryRange): void;
}

export const EMPTY_TRADER: TraderState = { books: {}, series: {}, historyRange: '24h', bookErrors: {} };

export const seriesKey = (marketId: string, range: HistoryRange): string => `${range}|${marketId}`;

/** The newest `cap` entries of a map by their `at` (the one just set among them). */
function newest<T extends { at: number }>(map: Record<string, T>, cap: number): Record<string, T> {
  const keys = Object.keys(map);
  if (keys.length <= cap) return map;
  const kept = keys.sort((a, b) => map[b]!.at - map[a]!.at).slice(0, cap);
  return Object.fromEntries(kept.map((k) => [k, map[k]!]));
}

type Set = (fn: (s: AppState) => Partial<AppState>) => void;

export function traderActions(set: Set): TraderActions {
  return {
    bookLoaded(book, at) {
      // a book answered again unchanged keeps the object held (what is drawn from it is not worked out again)
      set((s) => {
        const { [book.marketId]: _answered, ...bookErrors } = s.bookErrors;
        return {
          books: newest(
            { ...s.books, [book.marketId]: { book: keepSame(s.books[book.marketId]?.book, book), at } },
            BOOKS_CAP,
          ),
          ...(_answered ? { bookErrors } : {}),
        };
      });
    },
    bookFailed(marketId, error) {
      set((s) => {
        const rest = Object.fromEntries(
          Object.entries(s.bookErrors)
            .filter(([id]) => id !== marketId)
            .slice(-BOOKS_CAP),
        );
        return { bookErrors: { ...rest, [marketId]: error } };
      });
    },
    seriesLoaded(marketId, range, outcome, points, at, more) {
      const clean = points
        .filter((x) => Number.isFinite(x.t) && Number.isFinite(x.p) && x.p >= 0 && x.p <= 1)
        .sort((a, b) => a.t - b.t)
        .slice(-SERIES_POINTS_CAP);
      set((s) => ({
        series: newest(
          {
            ...s.series,
            [seriesKey(marketId, range)]: {
              range,
              outcome,
              points: keepSame(s.series[seriesKey(marketId, range)]?.points, clean),
              at,
              ...(more === true ? { cut: true } : {}),
            },
          },
          SERIES_CAP,
        ),
      }));
    },
    setHistoryRange(range) {
      set((s) => (s.historyRange === range ? {} : { historyRange: range }));
    },
  };
}
