/**
 * The real-clock soak's CPU limit (issue 30): the minutes grouped into 10-minute windows (CPU as the mean of the
 * minutes' % of a core, heap after GC and RSS at the window's last minute), and the check that the idle cost stays
 * flat — no window after minute 20 costs more than CPU_GROWTH_LIMIT × the median minute of minutes 10–20.
 */
import { markdownTable, median } from './metrics.js';

/** A window after minute 20 may cost at most this times the median minute of minutes 10–20. */
export const CPU_GROWTH_LIMIT = 1.2;
export const WINDOW_MINUTES = 10;
/** The baseline: the minutes ending in (BASE_FROM, BASE_TO]. */
const BASE_FROM = 10;
const BASE_TO = 20;
/** A last window shorter than this is shown but not judged (too few minutes for a mean). */
const MIN_JUDGED_MINUTES = 5;

/** What a window needs of a minute's sample (RealSample has it). */
export interface MinuteSample {
  /** The minute that ends with this sample (1 = the first minute). */
  minute: number;
  cpuPct: number;
  heapUsedMB: number | undefined;
  rssMB: number;
  /** Requests the service answered in this minute, when it logs them. */
  requests?: number;
  /**
   * The program wrote a heap snapshot in this minute (`--snapshots`): the harness's work, left out of the CPU means
   * (it still shows as the window's max). From then on V8 tracks every object's moves for the heap profiler, so every
   * garbage collection costs more (2.5–3× the CPU for the same allocating loop, measured): no window from this minute
   * on is judged, and a snapshot before minute 20 leaves no baseline.
   */
  snapshot?: boolean;
}

export interface CpuWindow {
  /** Minutes (from, to]: 0–10, 10–20, … */
  from: number;
  to: number;
  minutes: number;
  cpuPct: number;
  cpuMaxPct: number;
  heapUsedMB: number | undefined;
  rssMB: number;
  requestsPerMin: number | undefined;
  /** Judged against the baseline (after minute 20, long enough); `over` when above the limit. */
  judged: boolean;
  /** Holds a minute at or after the first heap snapshot: not judged (see MinuteSample.snapshot). */
  afterSnapshot: boolean;
  over: boolean;
}

export interface CpuCheck {
  /** Median % of a core of the minutes 11–20; undefined before minute 20. */
  baselinePct: number | undefined;
  limitPct: number | undefined;
  windows: CpuWindow[];
  /** True when every judged window is within the limit (and vacuously before minute 30). */
  ok: boolean;
}

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

export function cpuWindows(samples: readonly MinuteSample[]): CpuCheck {
  const firstSnapshot = samples.find((s) => s.snapshot)?.minute;
  const afterSnapshot = (s: MinuteSample) => firstSnapshot !== undefined && s.minute >= firstSnapshot;
  const base = samples.filter((s) => s.minute > BASE_FROM && s.minute <= BASE_TO);
  const baselinePct =
    base.length === BASE_TO - BASE_FROM && !base.some(afterSnapshot) ? median(base.map((s) => s.cpuPct)) : undefined;
  const limitPct = baselinePct === undefined ? undefined : baselinePct * CPU_GROWTH_LIMIT;
  const byWindow = new Map<number, MinuteSample[]>();
  for (const s of samples) {
    const w = Math.floor((s.minute - 1) / WINDOW_MINUTES);
    const list = byWindow.get(w) ?? [];
    list.push(s);
    byWindow.set(w, list);
  }
  const windows: CpuWindow[] = [...byWindow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([w, list]) => {
      const from = w * WINDOW_MINUTES;
      const last = list[list.length - 1]!;
      const idle = list.filter((s) => !s.snapshot);
      const cpu = mean((idle.length > 0 ? idle : list).map((s) => s.cpuPct));
      const reqs = list.every((s) => s.requests !== undefined) ? mean(list.map((s) => s.requests!)) : undefined;
      const perturbed = list.some(afterSnapshot);
      const judged = limitPct !== undefined && from >= BASE_TO && idle.length >= MIN_JUDGED_MINUTES && !perturbed;
      return {
        from,
        to: from + WINDOW_MINUTES,
        minutes: list.length,
        cpuPct: cpu,
        cpuMaxPct: Math.max(...list.map((s) => s.cpuPct)),
        heapUsedMB: last.heapUsedMB,
        rssMB: last.rssMB,
        requestsPerMin: reqs,
        judged,
        afterSnapshot: perturbed,
        over: judged && cpu > limitPct,
      };
    });
  return { baselinePct, limitPct, windows, ok: windows.every((w) => !w.over) };
}

/** `control`: the load control's windows (bareInk beside the run), shown as a column when given. */
export function windowReport(c: CpuCheck, label = '', control?: CpuCheck): string {
  const f = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(2));
  const table = markdownTable(
    [
      'minutes',
      'CPU % of a core (mean)',
      'max minute',
      'heap after GC MB (end)',
      'RSS MB (end)',
      'requests/min',
      ...(control ? ['control CPU %'] : []),
      '',
    ],
    c.windows.map((w, i) => [
      `${w.from}–${w.from + w.minutes}`,
      f(w.cpuPct),
      f(w.cpuMaxPct),
      f(w.heapUsedMB),
      w.rssMB.toFixed(1),
      w.requestsPerMin === undefined ? '—' : w.requestsPerMin.toFixed(1),
      ...(control ? [f(control.windows[i]?.cpuPct)] : []),
      w.over ? 'OVER' : w.judged ? 'ok' : w.afterSnapshot ? 'after a heap snapshot' : '',
    ]),
  );
  const snapped = c.windows.some((w) => w.afterSnapshot);
  const verdict =
    c.baselinePct === undefined
      ? c.windows.some((w) => w.afterSnapshot && w.from < BASE_TO)
        ? 'CPU: not judged (a heap snapshot before minute 20: every GC after it costs more)'
        : 'CPU: too short for the check (needs minutes 10–20)'
      : `CPU: median minute of minutes 10–20 ${c.baselinePct.toFixed(2)} %, limit ×${CPU_GROWTH_LIMIT} = ${c.limitPct!.toFixed(2)} % for every window after minute 20: ${c.ok ? 'ok' : 'OVER'}${snapped ? '; windows from the first heap snapshot on not judged (every GC after it costs more)' : ''}`;
  return `${label ? `${label}\n\n` : ''}${table}\n\n${verdict}`;
}
