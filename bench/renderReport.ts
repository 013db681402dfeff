/**
 * bench:render's tables: per size, each figure of each case and of the bare Ink reference over the rounds, each case's
 * ratio to the reference, and three venues (`all`) against each platform alone.
 */
import { markdownTable, median } from './metrics.js';
import type { RenderCase } from './renderCases.js';
import type { MinuteSample, RunResult } from './renderRun.js';
import { PLATFORMS, type Platform } from './replays.js';

export interface Figure {
  name: string;
  unit: string;
  dashboard: number[];
  reference: number[];
  /** Median of the per-pair ratios dashboard / reference. */
  ratio: number;
}

export interface RenderSummary {
  columns: number;
  rows: number;
  case: RenderCase;
  /** Per figure: the case's runs as `dashboard`, the bare Ink runs of the same size as `reference`. */
  figures: Figure[];
}

const FIGURES: Array<{ name: string; unit: string; get: (r: RunResult) => number; digits: number }> = [
  { name: 'idle CPU', unit: '% of a core', get: (r) => r.cpuPct, digits: 2 },
  { name: 'bytes to the terminal', unit: 'B/s', get: (r) => r.bytesPerS, digits: 0 },
  { name: 'frames', unit: 'per min', get: (r) => r.framesPerMin, digits: 1 },
  { name: 'lines rewritten', unit: 'per frame', get: (r) => r.linesPerFrame, digits: 1 },
  { name: 'RSS at the end', unit: 'MB', get: (r) => r.rssMB, digits: 0 },
  { name: 'keypress → frame p50', unit: 'ms', get: (r) => r.latency.p50Ms, digits: 1 },
  { name: 'keypress → frame p95*', unit: 'ms', get: (r) => r.latency.p95Ms, digits: 1 },
  { name: 'first frame with data', unit: 'ms', get: (r) => r.firstFrameMs, digits: 0 },
];

/** The median of the ratios a[k] / b[k] (the k-th runs of two programs, run back to back); NaN when there is none. */
function pairedRatio(a: readonly number[], b: readonly number[]): number {
  const ratios = a
    .slice(0, b.length)
    .map((x, i) => (b[i]! > 0 ? x / b[i]! : Number.NaN))
    .filter(Number.isFinite);
  return ratios.length ? median(ratios) : Number.NaN;
}

const at = (runs: readonly RunResult[], columns: number, rows: number) =>
  runs.filter((r) => r.columns === columns && r.rows === rows);
const ofCase = (runs: readonly RunResult[], c: RenderCase) =>
  runs.filter((r) => r.program === 'dashboard' && r.case === c);

/**
 * Per size and case: the k-th run of the case at a size is paired with the k-th reference run of that size (the
 * harness runs a pair's programs back to back).
 */
export function summarizePairs(
  runs: readonly RunResult[],
  sizes: ReadonlyArray<{ columns: number; rows: number }>,
  cases: readonly RenderCase[],
): RenderSummary[] {
  return sizes.flatMap(({ columns, rows }) => {
    const here = at(runs, columns, rows);
    const ref = here.filter((r) => r.program === 'reference');
    return cases.map((c) => {
      const dash = ofCase(here, c);
      const figures = FIGURES.map((f) => {
        const d = dash.map(f.get);
        const r = ref.map(f.get);
        return { name: f.name, unit: f.unit, dashboard: d, reference: r, ratio: pairedRatio(d, r) };
      });
      return { columns, rows, case: c, figures };
    });
  });
}

/** Three venues against one: `all` ÷ a platform alone, per size, the median of the per-pair ratios. */
export interface VenueRatio {
  columns: number;
  rows: number;
  against: Platform;
  cpu: number;
  rss: number;
  firstFrame: number;
}

/** The issue's targets (#27): three venues at most 1.3× the CPU and 1.2× the RSS of one. */
export const VENUE_TARGETS = { cpu: 1.3, rss: 1.2 };

export function venueRatios(
  runs: readonly RunResult[],
  sizes: ReadonlyArray<{ columns: number; rows: number }>,
  cases: readonly RenderCase[],
): VenueRatio[] {
  if (!cases.includes('all')) return [];
  const alone = PLATFORMS.filter((p) => cases.includes(p));
  return sizes.flatMap(({ columns, rows }) => {
    const here = at(runs, columns, rows);
    const all = ofCase(here, 'all');
    return alone.map((p) => {
      const one = ofCase(here, p);
      const ratio = (get: (r: RunResult) => number) => pairedRatio(all.map(get), one.map(get));
      return {
        columns,
        rows,
        against: p,
        cpu: ratio((r) => r.cpuPct),
        rss: ratio((r) => r.rssMB),
        firstFrame: ratio((r) => r.firstFrameMs),
      };
    });
  });
}

/** "5.1 (4.9–5.6)": the median and, with more than one run, the range. */
export function spread(xs: number[], digits: number): string {
  if (xs.length === 0) return '—';
  const m = median(xs).toFixed(digits);
  if (xs.length === 1) return m;
  return `${m} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
}

const times = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—');

const CASE_NAMES: Record<RenderCase, string> = {
  public: 'public (key mode, serve)',
  polymarket: 'polymarket (replay)',
  kalshi: 'kalshi (replay)',
  manifold: 'manifold (replay)',
  all: 'all (3 replays)',
};

/** The lines on three venues against one, with the targets; none when `all` or no platform alone was run. */
export function venueLines(ratios: readonly VenueRatio[]): string[] {
  if (ratios.length === 0) return [];
  return [
    `Three venues against one (all ÷ the platform alone, median of the per-round ratios; issue #27: CPU ≤ ${VENUE_TARGETS.cpu}×, RSS ≤ ${VENUE_TARGETS.rss}×, the first priced rows as soon as alone):`,
    ...ratios.map(
      (v) =>
        `- ${v.columns}×${v.rows} all ÷ ${v.against}: idle CPU ${times(v.cpu)}${v.cpu > VENUE_TARGETS.cpu ? ' (over)' : ''}, RSS ${times(v.rss)}${v.rss > VENUE_TARGETS.rss ? ' (over)' : ''}, first frame with data ${times(v.firstFrame)}`,
    ),
  ];
}

export function renderReport(
  a: {
    pairs: number;
    warmupS: number;
    idleS: number;
    presses: number;
    rssAtS: number;
    limit: number;
    cases: readonly RenderCase[];
  },
  summary: RenderSummary[],
  ratios: readonly VenueRatio[] = [],
): string {
  const head = [
    'case',
    ...FIGURES.map((f) => `${f.name === 'RSS at the end' ? `RSS at ${a.rssAtS} s` : f.name} (${f.unit})`),
  ];
  const tables = [...new Set(summary.map((s) => `${s.columns}×${s.rows}`))].flatMap((size) => {
    const here = summary.filter((s) => `${s.columns}×${s.rows}` === size);
    const rows = here.map((s) => [
      CASE_NAMES[s.case],
      ...FIGURES.map((f, i) => `${spread(s.figures[i]!.dashboard, f.digits)} · ${times(s.figures[i]!.ratio)}`),
    ]);
    rows.push(['bare Ink', ...FIGURES.map((f, i) => spread(here[0]!.figures[i]!.reference, f.digits))]);
    return [`${size}:`, '', markdownTable(head, rows), ''];
  });
  const venues = venueLines(ratios);
  return [
    `bench:render — ${a.pairs} interleaved round(s) per size (each case and the bare Ink app, back to back), median (min–max) · the median of the per-round ratios to bare Ink; ${a.warmupS} s warm-up, ${a.idleS} s idle, RSS at ${a.rssAtS} s (idle), then ${a.presses} presses of j; dashboard --limit ${a.limit}.`,
    '',
    ...tables,
    ...(venues.length ? [...venues, ''] : []),
    '* p95 over the presses that did not land within 70 ms after a frame (Ink draws at most one frame per 67 ms at 15 fps). "First frame with data": with 10 priced rows on `public`, the first priced row on a replay and with all; the reference: its first frame.',
  ].join('\n');
}

export function minutesTable(samples: readonly MinuteSample[]): string {
  const f = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(1));
  const rows = samples.map((s) => [
    String(s.minute),
    f(s.rssMB),
    f(s.heapUsedMB),
    f(s.heapTotalMB),
    f(s.externalMB),
    f(s.arrayBuffersMB),
    s.cpuPct.toFixed(2),
    s.framesPerMin.toFixed(0),
  ]);
  const table = markdownTable(
    ['minute', 'RSS MB', 'heap used MB', 'heap total MB', 'external MB', 'array buffers MB', 'CPU %', 'frames'],
    rows,
  );
  const at = (m: number) => samples.find((s) => s.minute === m)?.rssMB;
  const last = samples[samples.length - 1];
  const r15 = at(15);
  const growth =
    r15 !== undefined && last && last.minute > 15
      ? `\nRSS at minute ${last.minute}: ${last.rssMB.toFixed(1)} MB = minute 15 (${r15.toFixed(1)} MB) ${last.rssMB >= r15 ? '+' : '−'} ${Math.abs(((last.rssMB - r15) / r15) * 100).toFixed(1)} %`
      : '';
  return table + growth;
}
