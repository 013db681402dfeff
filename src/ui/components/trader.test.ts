import { describe, expect, it } from 'vitest';
import type { OrderBook } from '../../api/types.js';
import { bookLines, bookMissingLine, bookWantedLines } from './bookLines.js';
import { brailleChart, chartLabel, resample } from './chart.js';
import { buckets, fetchedFor, MIN_SPAN_MS, outcomeValues, spanOf, spanText } from './priceSeries.js';
import type { Seg } from './Line.js';

const text = (lines: Seg[][]) => lines.map((l) => l.map((s) => s.text).join(''));
const book: OrderBook = {
  marketId: 'K',
  outcome: 'Yes',
  bids: [
    { price: 0.38, size: 50 },
    { price: 0.35, size: 150 },
  ],
  asks: [
    { price: 0.4, size: 10 },
    { price: 0.45, size: 20 },
  ],
  asksDerived: true,
  raw: {},
};

describe('the book pane', () => {
  it('a ladder: the asks above (worst first), the bids below (best first), cumulative sizes and depth bars', () => {
    const lines = text(bookLines(book, 60, 9));
    expect(lines[0]).toBe('Book Yes · spread 2.0¢ · mid 39.0¢ · asks = other side’s bids');
    expect(lines[1]).toMatch(/^ask +45\.0¢ +20 +30 +█+$/);
    expect(lines[2]).toMatch(/^ask +40\.0¢ +10 +10 +█+$/);
    expect(lines[3]).toMatch(/^bid +38\.0¢ +50 +50 +█+$/);
    expect(lines[4]).toMatch(/^bid +35\.0¢ +150 +200 +█+$/);
    // the deepest cumulative level has the longest bar
    const bar = (l: string) => (l.match(/█+/)?.[0] ?? '').length;
    expect(bar(lines[4]!)).toBeGreaterThan(bar(lines[3]!));
    expect(bookWantedLines(book, 6)).toBe(5);
  });

  it('the midpoint between two 0.1¢ ticks at the precision the quote form gives it, not rounded down', () => {
    // Polymarket 2252243's recorded book: 1.4¢ / 1.5¢, mid 0.0145 as a float just under; it read 'mid 1.4¢' here,
    // '1.45¢' on a buy and '1.5¢' on a sale
    const fed: OrderBook = {
      ...book,
      bids: [{ price: 0.014, size: 1 }],
      asks: [{ price: 0.015, size: 8451 }],
      asksDerived: false,
    };
    expect(text(bookLines(fed, 60, 3))[0]).toBe('Book Yes · spread 0.1¢ · mid 1.45¢');
  });

  it('fewer rows: fewer levels of each side, never more lines than given', () => {
    expect(bookLines(book, 60, 3)).toHaveLength(3);
    expect(text(bookLines(book, 60, 3))[1]).toMatch(/^ask +40\.0¢/);
  });

  it('an empty or a one-sided book says so', () => {
    expect(text(bookLines({ ...book, bids: [], asks: [] }, 60, 5))[1]).toBe(
      'The book is empty: no orders on either side.',
    );
    const oneSided = text(bookLines({ ...book, asks: [], asksDerived: false }, 60, 5));
    expect(oneSided[0]).toBe('Book Yes · one side only');
    expect(oneSided[1]).toBe('no asks: nobody sells');
  });

  it('a book the service did not answer (404, 500) is unknown, never an empty book', () => {
    const line = (e?: Parameters<typeof bookMissingLine>[0]) =>
      bookMissingLine(e)
        .map((x) => x.text)
        .join('');
    expect(line()).toBe('Book: asking…');
    expect(line({ kind: 'server', status: 500, code: 'HTTP_500' })).toBe(
      'Book unknown: the service did not answer it (HTTP 500).',
    );
    expect(line({ kind: 'not_found', status: 404, code: 'HTTP_404' })).not.toMatch(/empty/);
    // refused because trading stopped: said as such, not as a service that did not answer
    expect(line({ kind: 'closed', status: 409, code: 'HTTP_409' })).toBe('No book: the market is closed (HTTP 409).');
    expect(line({ kind: 'resolved', status: 410, code: 'HTTP_410' })).toMatch(/^No book: the market is resolved/);
    // never asked: said as such, not as a service that did not answer ("… (invalid_requ…", cut in the pane)
    expect(line({ kind: 'invalid_request', code: 'NO_BOOK' })).toBe(
      'No book: the venue keeps no order book for this market.',
    );
    expect(line({ kind: 'invalid_request', code: 'UNKNOWN_OUTCOME' })).toBe(
      'Book not asked: the request could not be made (UNKNOWN_OUTCOME).',
    );
  });
});

describe('the history chart and the sparklines on first sight', () => {
  it('braille rows of the given width; a rising line ends high on the right', () => {
    const rows = brailleChart([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], 4, 2);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => [...r].length === 4)).toBe(true);
    // the top row's leftmost cell is blank, its rightmost has dots
    expect(rows[0]![0]).toBe('\u2800');
    expect(rows[0]![3]).not.toBe('\u2800');
    expect(resample([1, 2, 3, 4], 2)).toEqual([2, 4]);
    expect(chartLabel([0.2, 0.6], '24h')).toBe('History 24h · high 60.0¢ · low 20.0¢');
  });

  it('time buckets carry the last price forward; the other side of a binary market is 1 − p', () => {
    const H = 3_600_000;
    const pts = [
      { t: -30 * H, p: 0.2 },
      { t: -11 * H, p: 0.5 },
      { t: -1 * H, p: 0.6 },
    ];
    expect(buckets(pts, 0, 24 * H, 4)).toEqual([0.2, 0.2, 0.5, 0.6]);
    const series = { range: '24h' as const, outcome: 'Yes', points: pts, at: 0 };
    expect(fetchedFor(series, 'No', ['Yes', 'No']).map((x) => x.p)).toEqual([0.8, 0.5, 0.4]);
    expect(fetchedFor(series, 'Maybe', ['Yes', 'No', 'Maybe'])).toEqual([]);
    // full on first sight: every bucket of the range has a value
    const v = outcomeValues(series, undefined, 'Yes', ['Yes', 'No'], 0, 24);
    expect(v).toHaveLength(24);
    expect(v.every((x) => x !== undefined)).toBe(true);
  });

  it('a history that begins inside the range (a young market) is drawn from its first point, and says so', () => {
    const H = 3_600_000;
    // Kalshi's candles of a market quoted for the last 19 hours only
    const pts = [
      { t: -19 * H, p: 0.685 },
      { t: -17 * H, p: 0.69 },
      { t: -15 * H, p: 0.74 },
      { t: -4 * H, p: 0.75 },
      { t: 0, p: 0.77 },
    ];
    const series = { range: '24h' as const, outcome: 'Yes', points: pts, at: 0 };
    expect(spanOf(series, 0)).toBe(19 * H);
    expect(spanText(series, 19 * H)).toBe('19h');
    const v = outcomeValues(series, undefined, 'Yes', ['Yes', 'No'], 0, 19);
    // full from the first price on: one hour a bucket, none blank
    // bucket b ends at −18 h + b h: 0.685 by −18 h, 0.69 by −17 h, 0.74 by −15 h, 0.75 by −4 h, 0.77 now
    expect(v).toEqual([0.685, 0.69, 0.69, ...Array<number>(11).fill(0.74), ...Array<number>(4).fill(0.75), 0.77]);
    expect(chartLabel([0.685, 0.77], '19h', 'all')).toBe('History 19h, all published · high 77.0¢ · low 68.5¢');
    // Manifold's newest 1,000 bets reaching back 9 h of the day: the platform has more, not shown
    expect(chartLabel([0.5], '9h', 'page')).toBe('History 9h, one page · high 50.0¢ · low 50.0¢');
    // a history that reaches back past the range spans the range; a very short one at least an hour
    expect(spanOf({ ...series, points: [{ t: -30 * H, p: 0.5 }] }, 0)).toBe(24 * H);
    expect(spanOf({ ...series, points: [{ t: -60_000, p: 0.5 }] }, 0)).toBe(MIN_SPAN_MS);
    expect(spanText(series, 65 * 60_000)).toBe('65m');
    expect(spanText({ ...series, range: '7d' }, 100 * H)).toBe('4d');
    expect(spanText(series, 24 * H)).toBe('24h');
  });
});
