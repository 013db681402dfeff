/** bench:render's tables: per size, each figure of the dashboard and the reference over the pairs, and their ratio. */
import { markdownTable } from './metrics.js';
import type { MinuteSample, RunResult } from './renderRun.js';

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

const median = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const s = xs.slice().sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Groups runs by size; the k-th dashboard run of a size is paired with the
 * k-th reference run of that size (the harness runs them back to back).
 */
export function summarizePairs(
  runs: readonly RunResult[],
  sizes: ReadonlyArray<{ columns: number; rows: number }>,
): RenderSummary[] {
  return sizes.map(({ columns, rows }) => {
    const at = runs.filter((r) => r.columns === columns && r.rows === rows);
    const dash = at.filter((r) => r.program === 'dashboard');
    const ref = at.filter((r) => r.program === 'reference');
    const figures = FIGURES.map((f) => {
      const d = dash.map(f.get);
      const r = ref.map(f.get);
      const ratios = d
        .slice(0, r.length)
        .map((x, i) => (r[i]! > 0 ? x / r[i]! : Number.NaN))
        .filter(Number.isFinite);
      return {
        name: f.name,
        unit: f.unit,
        dashboard: d,
        reference: r,
        ratio: ratios.length ? median(ratios) : Number.NaN,
      };
    });
    return { columns, rows, figures };
  });
}

/** "5.1 (4.9–5.6)": the median and, with more than one run, the range. */
export function spread(xs: number[], digits: number): string {
  if (xs.length === 0) return '—';
  const m = median(xs).toFixed(digits);
  if (xs.length === 1) return m;
  return `${m} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
}

export function renderReport(
  a: { pairs: number; warmupS: number; idleS: number; presses: number; rssAtS: number; limit: number },
  summary: RenderSummary[],
): string {
  const head = [
    'figure',
    ...summary.flatMap((s) => [`dashboard ${s.columns}×${s.rows}`, `bare Ink ${s.columns}×${s.rows}`, 'ratio']),
  ];
  const rows = FIGURES.map((f, i) => [
    `${f.name === 'RSS at the end' ? `RSS at ${a.rssAtS} s` : f.name} (${f.unit})`,
    ...summary.flatMap((s) => {
      const fig = s.figures[i]!;
      return [
        spread(fig.dashboard, f.digits),
        spread(fig.reference, f.digits),
        Number.isFinite(fig.ratio) ? `${fig.ratio.toFixed(2)}×` : '—',
      ];
    }),
  ]);
  return [
    `bench:render — ${a.pairs} interleaved pair(s) per size, median (min–max); ${a.warmupS} s warm-up, ${a.idleS} s idle, RSS at ${a.rssAtS} s (idle), then ${a.presses} presses of j; dashboard --limit ${a.limit}, key mode against a separate \`oddsboard serve\`.`,
    '',
    markdownTable(head, rows),
    '',
    '* p95 over the presses that did not land within 70 ms after a frame (Ink draws at most one frame per 67 ms at 15 fps). The reference "first frame with data" is its first frame.',
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
