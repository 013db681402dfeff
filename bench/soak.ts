/**
 * npm run bench:soak [-- --hours N] [-- --every H] [-- --speed S] [-- --seed N] [-- --json]
 * npm run bench:soak -- --real-minutes N [--serve | --source demo|polymarket|kalshi|manifold|board|all]
 *   [--control] [--speed S] [--size 160x48] [--warmup 15] [--snapshots 5,20 --snapshot-dir DIR]
 *   [--cpu-prof-at 12,45 [--cpu-prof-seconds 60] --snapshot-dir DIR] [--json]
 *
 * With --real-minutes: the built CLI on the real clock in a terminal (soakReal.ts).
 * Without:
 *
 * The whole dashboard left running, compressed (see soakRun.ts): a row per
 * report interval (default every simulated hour) with heap after a forced GC,
 * RSS, store sizes, frames and render time, requests and 429s; then a summary
 * line with the heap growth from hour 2 to the last row (heap used after GC;
 * RSS is mostly the heap V8 keeps reserved, shown as `heap total`). --json prints
 * `{ config, rows, summary }` instead. The npm script runs node with
 * --expose-gc; without it the heap is measured without a forced GC (and the
 * output says so).
 */
import { asksHelp, flagArgs, isMain, numberArg, refuseUnknownFlags } from './main.js';
import { markdownTable } from './metrics.js';
import { realSoakMain } from './soakReal.js';
import { runSoak, type SoakResult, type SoakRow, type SoakSummary } from './soakRun.js';

/**
 * Default simulated hours. The App commits ~7 000 times per simulated hour (a
 * display tick every second, plus every request sent and answered); since the
 * render work was cut (~0.5–2 ms of React per commit, ~5 ms per drawn frame), one
 * simulated hour takes 5–14 s of real time on a 2-core machine, 24 h about 3.5
 * minutes. The default (8 h, ~1.5 min) shows the trend; --hours 24 is the full day.
 */
export const DEFAULT_HOURS = 8;

export interface SoakArgs {
  hours: number;
  everyHours: number;
  seed: number;
  speed: number;
  json: boolean;
}

/** What `--help` prints: the flags of both soaks, the compressed one's defaults. */
export const SOAK_USAGE = `Usage:
  npm run bench:soak [-- --hours N] [--every H] [--speed S] [--seed N] [--json]
      the whole dashboard on a virtual clock against the simulator, compressed: a row per --every simulated hours
      (default ${DEFAULT_HOURS} h, a row an hour, speed ×24, seed 11; ~1.5 min of real time for 8 h)
  npm run bench:soak -- --real-minutes N [--serve | --source demo|polymarket|kalshi|manifold|board|all]
      [--control] [--speed S] [--size 160x48] [--warmup 15] [--snapshots 5,20 --snapshot-dir DIR]
      [--cpu-prof-at 12,45 [--cpu-prof-seconds 60] --snapshot-dir DIR] [--json]
      the built dashboard on the real clock in a tmux pane for N minutes
`;

/** The compressed soak's flags; any other is refused rather than run an 8-hour soak it did not ask for. */
const SOAK_FLAGS = new Set(['--hours', '--every', '--seed', '--speed', '--json']);

/** The usage when it is asked for (`--help`, `-h`), else undefined: nothing is run then. */
export function soakHelp(argv: string[]): string | undefined {
  return asksHelp(argv) ? SOAK_USAGE : undefined;
}

/** bench:soak's own flags (bench:index shares parseSoakArgs with the budget's, each ignoring the other's). */
export function refuseUnknownSoakFlags(given: string[]): void {
  refuseUnknownFlags(given, SOAK_FLAGS);
}

export function parseSoakArgs(given: string[]): SoakArgs {
  const argv = flagArgs(given);
  const hours = numberArg(argv, '--hours', DEFAULT_HOURS, (n) => n > 0 && n <= 24 * 30);
  return {
    hours,
    everyHours: numberArg(argv, '--every', Math.min(1, hours), (n) => n > 0),
    seed: numberArg(argv, '--seed', 11, (n) => Number.isInteger(n)),
    speed: numberArg(argv, '--speed', 24, (n) => n > 0 && n <= 10_000),
    json: argv.includes('--json'),
  };
}

const HEAD = [
  'hour',
  'heap MB',
  'heap total',
  'rss MB',
  'markets',
  'listed',
  'hist samples',
  'quotes',
  'notices',
  'transitions',
  'events',
  'frames',
  'render mean',
  'render p95',
  'requests',
  '429',
  'server a/c/s/r',
  'real s',
];

export function rowCells(r: SoakRow): string[] {
  const st = r.serverStatus;
  return [
    r.hour.toFixed(Number.isInteger(r.hour) ? 0 : 3),
    r.heapUsedMB.toFixed(1),
    r.heapTotalMB.toFixed(1),
    r.rssMB.toFixed(1),
    String(r.store.marketsCached),
    String(r.store.listed),
    String(r.store.historySamples),
    String(r.store.quotes),
    String(r.store.notices),
    String(r.store.transitions),
    String(r.store.events),
    String(r.frames),
    `${r.renderMeanMs.toFixed(2)} ms`,
    `${r.renderP95Ms.toFixed(2)} ms`,
    String(r.requests),
    String(r.got429),
    `${st.active ?? 0}/${st.closed ?? 0}/${st.settling ?? 0}/${st.resolved ?? 0}`,
    (r.realMs / 1000).toFixed(1),
  ];
}

export function summaryLine(s: SoakSummary): string {
  const sign = s.heapGrowthMB >= 0 ? '+' : '';
  return (
    `Heap growth from hour ${s.fromHour} to hour ${s.toHour}: ${sign}${s.heapGrowthMB.toFixed(2)} MB (${sign}${s.heapGrowthPct.toFixed(1)} %), ` +
    `${s.heapFromMB.toFixed(1)} → ${s.heapToMB.toFixed(1)} MB; ${s.requests} requests, ${s.got429} × 429, ${s.frames} frames, ${s.keys} keys; ${s.realSeconds.toFixed(1)} s real time`
  );
}

export function soakReport(r: SoakResult): string {
  return [`${markdownTable(HEAD, r.rows.map(rowCells))}`, '', summaryLine(r.summary)].join('\n');
}

export async function soakMain(given: string[]): Promise<void> {
  const argv = flagArgs(given);
  const help = soakHelp(argv);
  if (help !== undefined) {
    process.stdout.write(help);
    return;
  }
  if (argv.includes('--real-minutes')) return realSoakMain(argv);
  refuseUnknownSoakFlags(argv);
  const a = parseSoakArgs(argv);
  const HOUR = 3_600_000;
  if (!a.json) {
    const gc =
      typeof (globalThis as { gc?: unknown }).gc === 'function'
        ? 'heap after a forced GC'
        : 'heap WITHOUT a forced GC (run node with --expose-gc)';
    process.stdout.write(
      `Soak: ${a.hours} simulated h, server speed ×${a.speed}, seed ${a.seed}, App in a 120×40 fake terminal; ${gc}\n\n`,
    );
    process.stdout.write(`${HEAD.join(' | ')}\n`);
  }
  const result = await runSoak({
    durationMs: Math.round(a.hours * HOUR),
    reportEveryMs: Math.round(a.everyHours * HOUR),
    seed: a.seed,
    speed: a.speed,
    ...(a.json ? {} : { onRow: (row: SoakRow) => process.stdout.write(`${rowCells(row).join(' | ')}\n`) }),
  });
  if (a.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else process.stdout.write(`\n${soakReport(result)}\n`);
}

if (isMain(import.meta.url)) {
  soakMain(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`bench:soak failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
