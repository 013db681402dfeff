/**
 * What the budget benchmark measures, from what actually went over the wire.
 */
import { ApiError, isApiError } from '../src/api/errors.js';
import type { MarketClient } from '../src/api/types.js';
import type { Clock } from '../src/util/clock.js';

export interface ScenarioResult {
  limit: number;
  requests: number;
  maxInAnyWindow: number;
  selfInflicted429: number;
  induced429: number;
  maxConsecutive429: number;
  utilization: number;
  detailAgeMedianMs: number;
  detailAgeP95Ms: number;
  listAgeMedianMs: number;
  quoteWaitP95Ms: number;
  /** Only when the App was attached (`--ui`): what it drew and how many keys it was sent. */
  ui?: UiStats;
  /** Only with watched markets: each one's data age (bench/watchAges.ts). */
  watch?: WatchedAge[];
}

export interface WatchedAge {
  id: string;
  /** In the list when it was watched (else followed by detail requests). */
  listed: boolean;
  /** Its status at the end of the run. */
  status: string;
  ageMedianMs: number;
  ageP95Ms: number;
}

export interface UiStats {
  columns: number;
  rows: number;
  keys: number;
  frames: number;
  /** Ink's own time per frame (layout + output), real milliseconds. */
  renderMeanMs: number;
  renderP95Ms: number;
}

export function uiStats(
  f: { frames: number; renderMs: number[] },
  keys: number,
  size: { columns: number; rows: number },
): UiStats {
  const mean = f.renderMs.length ? f.renderMs.reduce((a, x) => a + x, 0) / f.renderMs.length : 0;
  return {
    columns: size.columns,
    rows: size.rows,
    keys,
    frames: f.frames,
    renderMeanMs: round3(mean),
    renderP95Ms: round3(percentile(f.renderMs, 95)),
  };
}

export const round3 = (x: number): number => Math.round(x * 1000) / 1000;

export interface WireRecord {
  at: number;
  method: string;
  /** HTTP status, or 0 for a transport failure. */
  status?: number;
}

/**
 * Wraps a client so every call is recorded with the virtual time it left at,
 * and every answer with its status. The bench counts these, not what the
 * scheduler believes it sent. `pending` lets the driver wait for real HTTP.
 */
export function recordingClient(
  inner: MarketClient,
  clock: Clock,
  opts: { hideRateHeaders?: boolean } = {},
): { client: MarketClient; log: WireRecord[]; pending: Set<Promise<unknown>> } {
  const log: WireRecord[] = [];
  const pending = new Set<Promise<unknown>>();
  const wrap =
    <A extends unknown[], R>(method: string, fn: (...args: A) => Promise<R & { status: number }>) =>
    (...args: A): Promise<R & { status: number }> => {
      const rec: WireRecord = { at: clock.now(), method };
      log.push(rec);
      const p = fn(...args).then(
        (r) => {
          rec.status = r.status;
          if (!opts.hideRateHeaders) return r;
          const { rate: _hidden, ...rest } = r as R & { status: number; rate?: unknown };
          return rest as R & { status: number };
        },
        (e: unknown) => {
          rec.status = isApiError(e) && e.status !== undefined ? e.status : 0;
          // a server that sends only Retry-After: keep that, drop the RateLimit headers
          if (opts.hideRateHeaders && isApiError(e)) {
            throw new ApiError({
              kind: e.kind,
              message: e.message,
              status: e.status,
              code: e.code,
              retryAfterMs: e.retryAfterMs,
              param: e.param,
            });
          }
          throw e;
        },
      );
      const tracked = p.catch(() => undefined).finally(() => pending.delete(tracked));
      pending.add(tracked);
      return p;
    };
  const client: MarketClient = {
    listMarkets: wrap('listMarkets', inner.listMarkets.bind(inner)),
    getMarket: wrap('getMarket', inner.getMarket.bind(inner)),
    getQuote: wrap('getQuote', inner.getQuote.bind(inner)),
    listEvents: wrap('listEvents', inner.listEvents.bind(inner)),
    getEvent: wrap('getEvent', inner.getEvent.bind(inner)),
    close: () => inner.close(),
  };
  return { client, log, pending };
}

/**
 * Like recordingClient but keeps no log (a soak sends tens of thousands of
 * requests): counts what went out and how many answers were 429.
 */
export function countingClient(inner: MarketClient): {
  client: MarketClient;
  sent(): number;
  got429(): number;
  pending: Set<Promise<unknown>>;
} {
  let sent = 0;
  let got429 = 0;
  const pending = new Set<Promise<unknown>>();
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      sent++;
      const p = fn(...args);
      const tracked = p
        .catch((e: unknown) => {
          if (isApiError(e) && e.status === 429) got429++;
        })
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
      return p;
    };
  const client: MarketClient = {
    listMarkets: wrap(inner.listMarkets.bind(inner)),
    getMarket: wrap(inner.getMarket.bind(inner)),
    getQuote: wrap(inner.getQuote.bind(inner)),
    listEvents: wrap(inner.listEvents.bind(inner)),
    getEvent: wrap(inner.getEvent.bind(inner)),
    close: () => inner.close(),
  };
  return { client, sent: () => sent, got429: () => got429, pending };
}

/** Largest number of timestamps in any window (t − windowMs, t]. */
export function maxInWindow(times: number[], windowMs = 60_000): number {
  const ts = times.slice().sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < ts.length; hi++) {
    while (ts[lo]! <= ts[hi]! - windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

/** Nearest-rank percentile (0 for an empty sample). */
/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const s = values.slice().sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1]!;
}

export function longestRun<T>(xs: T[], pred: (x: T) => boolean): number {
  let best = 0;
  let run = 0;
  for (const x of xs) {
    run = pred(x) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

const COLUMNS: Array<[Exclude<keyof ScenarioResult, 'ui' | 'watch'>, string]> = [
  ['limit', 'limit'],
  ['requests', 'requests'],
  ['maxInAnyWindow', 'max/60s'],
  ['utilization', 'util'],
  ['selfInflicted429', 'self 429'],
  ['induced429', 'induced 429'],
  ['maxConsecutive429', 'max 429 run'],
  ['detailAgeMedianMs', 'detail age p50'],
  ['detailAgeP95Ms', 'detail age p95'],
  ['listAgeMedianMs', 'list age p50'],
  ['quoteWaitP95Ms', 'quote wait p95'],
];

function cell(k: Exclude<keyof ScenarioResult, 'ui' | 'watch'>, v: number): string {
  if (k === 'utilization') return v.toFixed(3);
  if (k.endsWith('Ms')) return `${(v / 1000).toFixed(1)} s`;
  return String(v);
}

export function table(results: Record<string, ScenarioResult>): string {
  const head = ['scenario', ...COLUMNS.map(([, h]) => h)];
  const rows = Object.entries(results).map(([name, r]) => [name, ...COLUMNS.map(([k]) => cell(k, r[k]))]);
  return markdownTable(head, rows);
}

/** Each watched market's data age, per scenario that watches some. */
export function watchTable(results: Record<string, ScenarioResult>): string {
  const head = ['scenario', 'market', 'watched from', 'status at end', 'data age p50', 'data age p95'];
  const rows = Object.entries(results).flatMap(([name, r]) =>
    (r.watch ?? []).map((w) => [
      name,
      w.id,
      w.listed ? 'the list' : 'outside',
      w.status,
      `${(w.ageMedianMs / 1000).toFixed(1)} s`,
      `${(w.ageP95Ms / 1000).toFixed(1)} s`,
    ]),
  );
  return markdownTable(head, rows);
}

/** What the attached App did in each `+ui` scenario. */
export function uiTable(results: Record<string, ScenarioResult>): string {
  const head = ['scenario', 'terminal', 'keys', 'frames', 'render mean', 'render p95'];
  const rows = Object.entries(results).flatMap(([name, r]) =>
    r.ui
      ? [
          [
            name,
            `${r.ui.columns}×${r.ui.rows}`,
            String(r.ui.keys),
            String(r.ui.frames),
            `${r.ui.renderMeanMs.toFixed(2)} ms`,
            `${r.ui.renderP95Ms.toFixed(2)} ms`,
          ],
        ]
      : [],
  );
  return markdownTable(head, rows);
}

export function markdownTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}
