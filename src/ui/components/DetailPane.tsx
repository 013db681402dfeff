import { Box } from 'ink';
import type { Twin } from '../../venues/across/twins.js';
import { twinLine } from './twinSegs.js';
import { useMemo } from 'react';
import { priceChange } from '../../store/outcomes.js';
import type { ErrorInfo, MarketEntry, PriceHistory } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { isResolved } from '../../store/entries.js';
import { sourceName } from '../../sources/names.js';
import { closingText, effectiveStatus, outcomesAwaited, rawStatusOf } from '../viewModel.js';
import {
  displayWidth,
  fitWidth,
  formatCoarseAge,
  formatChange,
  formatPrice,
  formatVolume,
  padStartWidth,
} from '../format.js';
import { colors } from '../theme.js';
import { Line, paneTitle, type Seg } from './Line.js';
import { pageLine } from './pageLine.js';
import { sparkline } from './sparkline.js';
import { BOOK_ENDED_LINE, bookLines, bookMissingLine, bookWantedLines } from './bookLines.js';
import { brailleChart, chartLabel } from './chart.js';
import { outcomeValues, RANGE_MS, spanOf, spanText } from './priceSeries.js';
import type { SeriesEntry } from '../../store/traderSlice.js';
import type { OrderBook } from '../../api/types.js';
import { badgeSeg } from './badge.js';
import { G, pictures } from '../glyphs.js';

export interface DetailProps {
  entry: MarketEntry | undefined;
  /** A row is selected whose market the board does not have (a position's market neither listed nor watched). */
  offBoard?: boolean;
  history: PriceHistory | undefined;
  /** The platform's own price history of this market in the range `h` shows (fills the sparklines at once). */
  series?: SeriesEntry | undefined;
  /** The selected market's order book (a source with books). */
  book?: OrderBook | undefined;
  /** Its book failed and has not answered since: unknown (said so), never shown as an empty book. */
  bookError?: ErrorInfo | undefined;
  /** The source has books: room is kept for one (it says when it is still coming). */
  showBook?: boolean;
  eventTitle: string | undefined;
  /** The market's page on its platform (src/links/page.ts: built from its ids), drawn as a link where supported. */
  page?: string;
  /** In a confirmed pair: the twin on another venue (src/venues/across/twins.ts). */
  twin?: Twin;
  now: number;
  width: number;
  height: number;
  focused: boolean;
}

/** The outcome name column: as wide as the longest name (+1), within these bounds. */
const NAME_MIN = 10;
const NAME_MAX = 26;
const SPARK_MAX = 48;

function nameWidth(names: readonly string[], paneWidth: number): number {
  const longest = Math.max(0, ...names.map((n) => displayWidth(sanitize(n))));
  return Math.max(NAME_MIN, Math.min(NAME_MAX, longest + 1, paneWidth - 7 - 8 - 2));
}

/**
 * The heading of a market not on the board (a position's, read from its venue): in full where it fits, shorter words
 * where not (a 60-column pane cut it: `…: its figures are …`), and on two lines where even those do not fit.
 */
function offBoardLines(focus: Seg, width: number): Seg[][] {
  const fits = (t: string) => displayWidth(focus.text) + displayWidth(t) <= width;
  const said = [
    `  this market is not on the board: its figures are the venue${G.apos}s`,
    `  not on the board: the venue${G.apos}s figures`,
  ];
  const one = said.find(fits);
  if (one) return [[focus, { text: one, dim: true }]];
  return [[focus, { text: '  not on the board:', dim: true }], [{ text: `the venue${G.apos}s figures`, dim: true }]];
}

export function detailHeadLines(p: DetailProps): Seg[][] {
  const focusSeg: Seg = paneTitle('Detail', p.focused);
  const e = p.entry;
  if (!e)
    return p.offBoard ? offBoardLines(focusSeg, p.width) : [[focusSeg, { text: '  no market selected', dim: true }]];
  const m = e.market;
  const lines: Seg[][] = [
    [focusSeg, { text: ' ' }, { text: sanitize(m.title) || '(untitled)', bold: true }],
    [
      badgeSeg(effectiveStatus(e), false, rawStatusOf(e)),
      // a narrow pane gives up the category, then when it closed, before it cuts the winner ('resolved: …')
      { text: ` ${G.dot} ${closingText(e, p.now)}`, ...(m.resolvedOutcome ? { priority: -1 } : {}) },
      { text: ` ${G.dot} ${sanitize(m.category) || 'no category'}`, dim: true, priority: -1 },
      { text: resultText(e), color: colors.accent },
    ],
  ];
  if (e.forbidden)
    lines.push([
      {
        text: `${G.bad} ${sanitize(e.forbidden.message)} Not refreshed for a while; select it again to retry.`,
        color: colors.error,
      },
    ]);
  if (p.eventTitle) lines.push([{ text: 'Event ', dim: true }, { text: sanitize(p.eventTitle) }]);
  if (p.twin) lines.push(twinLine(p.twin));
  if (p.page) lines.push(pageLine(p.page, p.width));
  lines.push([
    { text: `Vol ${formatVolume(m.volume)}`, dim: true },
    { text: ` ${G.dot} Liq ${formatVolume(m.liquidity)}`, dim: true },
    { text: tradedText(e) },
    { text: ` ${G.dot} data ${formatCoarseAge(p.now - e.receivedAt)} old`, dim: true, priority: -1 },
    { text: ` ${G.dot} id ${sanitize(m.id)}`, dim: true, priority: -2 },
  ]);
  return lines;
}

/** The winner once resolved ("resolved: No"); while settling the result so far ("result: No"). */
function resultText(e: MarketEntry): string {
  const r = e.market.resolvedOutcome;
  if (!r) return '';
  return effectiveStatus(e) === 'resolved' ? ` ${G.dot} resolved: ${sanitize(r)}` : ` ${G.dot} result: ${sanitize(r)}`;
}

/** Beside a settlement, where it last traded (a settled Kalshi market's last trade, say 1¢). */
function tradedText(e: MarketEntry): string {
  const last = e.market.lastTradePrice;
  return last === undefined || effectiveStatus(e) === 'active' ? '' : ` ${G.dot} last trade ${formatPrice(last)}`;
}

/** Dim after a change figure: what it measures. */
const BASIS_LABEL = { '24h': ' 24h ', seen: ' seen' } as const;

/** The quantum of time the sparklines move in: one bucket of the range (so idle ticks redraw nothing). */
export function bucketNow(series: SeriesEntry | undefined, now: number, n: number): number {
  if (!series || n <= 0) return 0;
  const step = RANGE_MS[series.range] / n;
  return Math.ceil(now / step) * step;
}

export function outcomeLines(
  p: Pick<DetailProps, 'entry' | 'history' | 'width' | 'series'>,
  room: number,
  now = 0,
): Seg[][] {
  const e = p.entry;
  if (!e || room <= 0) return [];
  const outcomes = e.market.outcomes;
  if (outcomes.length === 0)
    return [
      [
        {
          // on their way only until the detail answers; then the service's answer is what there is
          text: outcomesAwaited(e)
            ? `outcomes come with the market${G.apos}s detail${G.ell}`
            : `${sourceName(e.market.source ?? '')} lists no outcomes for this market`,
          dim: true,
        },
      ],
    ];
  const fits = outcomes.length <= room ? outcomes : outcomes.slice(0, Math.max(0, room - 1));
  const nameW = nameWidth(
    fits.map((o) => o.name),
    p.width,
  );
  const sparkW = sparkWidth(p.width, nameW);
  const names = outcomes.map((o) => o.name);
  const lines = fits.map((o): Seg[] => {
    const change = priceChange(e.firstPrices, o);
    const ch = formatChange(change?.value, change?.basis);
    const chColor = ch.dir === 'up' ? colors.up : ch.dir === 'down' ? colors.down : undefined;
    return [
      { text: fitWidth(sanitize(o.name) || '?', nameW, true) },
      { text: padStartWidth(formatPrice(o.price), 7), bold: true },
      { text: padStartWidth(ch.text, 8), ...(chColor ? { color: chColor } : { dim: true }) },
      { text: change ? BASIS_LABEL[change.basis] : '     ', dim: true, priority: -1 },
      { text: '  ' },
      {
        text: sparkline(outcomeValues(p.series, p.history, o.name, names, now, sparkW), sparkW),
        color: colors.accent,
        priority: -1,
      },
    ];
  });
  if (fits.length < outcomes.length)
    lines.push([{ text: `+${outcomes.length - fits.length} more outcomes`, dim: true }]);
  return lines;
}

function sparkWidth(paneWidth: number, nameW: number): number {
  return Math.max(0, Math.min(SPARK_MAX, paneWidth - nameW - 7 - 8 - 5 - 2));
}

/** The chart's lines: a label and CHART_ROWS rows of braille, when there is a fetched history. */
const CHART_ROWS = 3;
/** The book's levels per side it asks room for (it shows fewer when the pane is shorter). */
const BOOK_LEVELS = 6;

/** Lines the pane would draw given all the room it wants (its head, every outcome, the book and the chart). */
export function detailWantedLines(p: Omit<DetailProps, 'height'>): number {
  const head = detailHeadLines({ ...p, height: 0 }).length;
  if (!p.entry) return head;
  const book = !p.showBook ? 0 : isResolved(p.entry) ? 1 : p.book ? bookWantedLines(p.book, BOOK_LEVELS) : 2;
  return head + Math.max(1, p.entry.market.outcomes.length) + book + chartLines(p.series);
}

/** The chart's lines: its label and rows; a history answered with no point in the range, its label alone. */
const chartLines = (series: SeriesEntry | undefined): number =>
  !series ? 0 : series.points.length > 0 && pictures() ? 1 + CHART_ROWS : 1;

/** The book (or that it is coming) and the chart in the room below the outcomes; the book first. */
function traderLines(p: DetailProps, room: number, now: number): Seg[][] {
  const out: Seg[][] = [];
  const chartWanted = chartLines(p.series);
  // a book takes three lines at least; that it is coming, or unknown, one (it was left out where only two were kept)
  if (p.showBook && p.entry && isResolved(p.entry)) {
    if (room >= 1) out.push(BOOK_ENDED_LINE);
  } else if (p.showBook && p.entry && room >= (p.book ? 3 : 1)) {
    const bookRoom = Math.max(2, room - (room - 2 >= chartWanted + 3 ? chartWanted : 0));
    out.push(
      ...(p.book
        ? bookLines(p.book, p.width, Math.min(bookRoom, bookWantedLines(p.book, BOOK_LEVELS)))
        : [bookMissingLine(p.bookError)]),
    );
  }
  const left = room - out.length;
  // answered, but nothing published in the range (a Kalshi market without a trade in it): said, so `h` shows a change
  if (p.series && p.entry && p.series.points.length === 0 && left >= 1)
    out.push([{ text: `${chartLabel([], p.series.range)} ${G.dot} ${sanitize(p.series.outcome)}`, dim: true }]);
  else if (p.series && p.entry && left >= chartLines(p.series)) {
    const name = p.series.outcome;
    const names = p.entry.market.outcomes.map((o) => o.name);
    const values = outcomeValues(p.series, p.history, name, names, now, p.width * 2).filter(
      (v): v is number => v !== undefined,
    );
    const span = spanOf(p.series, now);
    const young = span < RANGE_MS[p.series.range] ? (p.series.cut ? 'page' : 'all') : undefined;
    const label = chartLabel(values, spanText(p.series, span), young);
    out.push([{ text: `${label} ${G.dot} ${sanitize(name)}`, dim: true }]);
    for (const row of brailleChart(values, p.width, CHART_ROWS)) out.push([{ text: row, color: colors.accent }]);
  }
  return out;
}

export function DetailPane(p: DetailProps) {
  const head = detailHeadLines(p);
  const room = p.height - head.length;
  // The outcome lines (names, prices, sparklines) move with a fetched history's buckets, not with every tick.
  const { entry, history, width, series } = p;
  const t = bucketNow(series, p.now, SPARK_MAX);
  const outcomes = useMemo(
    () => outcomeLines({ entry, history, width, series }, room, t),
    [entry, history, width, series, room, t],
  );
  const trader = useMemo(
    () => traderLines(p, room - outcomes.length, t),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p's fields that traderLines reads
    [p.book, p.bookError, p.series, p.showBook, p.history, p.entry, p.width, room, outcomes.length, t],
  );
  const lines = [...head, ...outcomes, ...trader].slice(0, Math.max(0, p.height));
  return (
    <Box flexDirection="column" width={p.width} height={lines.length} overflowY="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={p.width} segs={segs} />
      ))}
    </Box>
  );
}
