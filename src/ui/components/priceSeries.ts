/**
 * One outcome's prices over a range, for the sparklines and the chart: the platform's own history (fetched once
 * when the market is first shown) extended by what the dashboard has seen since, in `n` equal time buckets over
 * the range ending now — the last price of each bucket, carried forward over buckets with no trade, so a line is
 * full on first sight and moves on as prices arrive.
 */
import type { HistoryRange, PricePoint } from '../../api/types.js';
import type { SeriesEntry } from '../../store/traderSlice.js';
import { priceAt, sampleCount, timeAt, type Samples } from '../../store/samples.js';
import type { PriceHistory } from '../../store/types.js';

export const RANGE_MS: Record<HistoryRange, number> = { '24h': 24 * 3_600_000, '7d': 7 * 24 * 3_600_000 };

/** The fetched history read for outcome `name`: its own, or 1 − p for the other side of a two-outcome market. */
export function fetchedFor(series: SeriesEntry | undefined, name: string, names: readonly string[]): PricePoint[] {
  if (!series) return [];
  if (series.outcome === name) return series.points;
  if (names.length === 2 && names.includes(series.outcome))
    return series.points.map((x) => ({ t: x.t, p: Math.round((1 - x.p) * 1e6) / 1e6 }));
  return [];
}

/** What the dashboard saw of outcome `name` (the recent samples and the coarse trail), oldest first. */
export function seenFor(history: PriceHistory | undefined, name: string): PricePoint[] {
  const i = history ? history.names.indexOf(name) : -1;
  if (!history || i < 0) return [];
  const out: PricePoint[] = [];
  const firstSample = sampleCount(history.samples) > 0 ? timeAt(history.samples, 0) : Number.POSITIVE_INFINITY;
  pointsOf(history.trail, i, firstSample, out);
  pointsOf(history.samples, i, Number.POSITIVE_INFINITY, out);
  return out;
}

/** Outcome `k`'s prices in `s` before `before`, appended to `out`. */
function pointsOf(s: Samples, k: number, before: number, out: PricePoint[]): void {
  for (let j = 0; j < sampleCount(s); j++) {
    const t = timeAt(s, j);
    const p = priceAt(s, j, k);
    if (t < before && p !== undefined) out.push({ t, p });
  }
}

/** `n` buckets over [now − range, now]: the last price in each, carried forward; undefined before the first. */
export function buckets(
  points: readonly PricePoint[],
  now: number,
  rangeMs: number,
  n: number,
): (number | undefined)[] {
  if (n <= 0) return [];
  const from = now - rangeMs;
  const step = rangeMs / n;
  const sorted = points.filter((x) => x.t <= now).sort((a, b) => a.t - b.t);
  const out: (number | undefined)[] = [];
  let j = 0;
  let last: number | undefined;
  // the price standing at the window's start
  while (j < sorted.length && sorted[j]!.t < from) last = sorted[j++]!.p;
  for (let b = 0; b < n; b++) {
    const end = from + (b + 1) * step;
    while (j < sorted.length && sorted[j]!.t <= end) last = sorted[j++]!.p;
    out.push(last);
  }
  return out;
}

/** The shortest span a line is stretched over (a history of one point is not drawn over a few seconds). */
export const MIN_SPAN_MS = 60 * 60_000;

/**
 * The time a fetched history's line spans, ending now: the range — or, when the platform's history begins inside
 * it (a market younger than the range, or one without a price before then), from its first point on, so the line
 * is full from the first price the platform published instead of blank on its left (as the platforms' own charts
 * draw a young market). Never less than MIN_SPAN_MS, never more than the range.
 */
export function spanOf(series: SeriesEntry | undefined, now: number): number {
  if (!series) return 0;
  const range = RANGE_MS[series.range];
  const first = series.points[0]?.t;
  if (first === undefined || first <= now - range) return range;
  return Math.min(range, Math.max(MIN_SPAN_MS, now - first));
}

/** The chart label's word for a span: the range's own name when whole, else its hours (minutes under two). */
export function spanText(series: SeriesEntry, span: number): string {
  if (span >= RANGE_MS[series.range]) return series.range;
  if (span < 2 * 3_600_000) return `${Math.round(span / 60_000)}m`;
  return span < 72 * 3_600_000 ? `${Math.round(span / 3_600_000)}h` : `${Math.round(span / 86_400_000)}d`;
}

/**
 * The values an outcome's sparkline (or chart) draws: with a fetched history, `n` time buckets over its span
 * (`spanOf`); without one (the interface), the samples seen, as before.
 */
export function outcomeValues(
  series: SeriesEntry | undefined,
  history: PriceHistory | undefined,
  name: string,
  names: readonly string[],
  now: number,
  n: number,
): (number | undefined)[] {
  const fetched = fetchedFor(series, name, names);
  const seen = seenFor(history, name);
  if (fetched.length === 0 || !series) return seen.map((x) => x.p);
  const lastFetched = fetched[fetched.length - 1]!.t;
  return buckets([...fetched, ...seen.filter((x) => x.t > lastFetched)], now, spanOf(series, now), n);
}
