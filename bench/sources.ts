/**
 * npm run bench:sources [-- --source polymarket,kalshi,manifold] [-- --minutes 10] [-- --json]
 *
 * For each platform source: `oddsboard serve --replay DIR --source S --log-requests` on the recorded answers in
 * test/fixtures/real/<S>/, and the built dashboard against it in a real terminal (tmux, 160×48) for N minutes,
 * used as a person would now and then (a few rows down, a page forward and back, the Events and Closing soon views,
 * a search), then left alone. From the service's request log: every request on a documented route with documented
 * parameters (the source's `undocumented`), requests per minute (the most in any sliding 60 s, and the mean),
 * answers per status, 429s. Exits 1 when a source sent an undocumented request, went over its cadence, or drew a 429.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { loadPlatform } from '../src/sources/index.js';
import type { PlatformDef } from '../src/sources/types.js';
import { TmuxSession } from '../test/support/tmux.js';
import { maxInWindow } from './drill/checks.js';
import { isMain } from './main.js';
import { CLI, PLATFORMS, PROJECT, startReplay, type Platform } from './replays.js';

export interface SourceRun {
  source: Platform;
  minutes: number;
  requests: number;
  perMinuteMax: number;
  perMinuteMean: number;
  cadence: number;
  documentedLimit: number;
  byStatus: Record<string, number>;
  rateLimited: number;
  undocumented: string[];
  routes: Record<string, number>;
  headerNamed: boolean;
  pass: boolean;
}

interface LoggedRequest {
  at: number;
  path: string;
  status: number | undefined;
}

/** The request log lines of `serve --log-requests` (`req {json}`), in order. */
export function parseLog(out: string): LoggedRequest[] {
  const rows: LoggedRequest[] = [];
  for (const line of out.split('\n')) {
    if (!line.startsWith('req ')) continue;
    try {
      const e = JSON.parse(line.slice(4)) as Partial<LoggedRequest>;
      if (typeof e.at === 'number' && typeof e.path === 'string')
        rows.push({ at: e.at, path: e.path, status: typeof e.status === 'number' ? e.status : undefined });
    } catch {
      // a line cut by the kill: not a request
    }
  }
  return rows;
}

/** The figures of one run from its request log (pure: the bench's test checks it). */
export function analyse(
  def: Pick<PlatformDef, 'undocumented' | 'replayPrefix' | 'limits'>,
  source: Platform,
  log: readonly LoggedRequest[],
  minutes: number,
  cadence: number,
  headerNamed: boolean,
): SourceRun {
  const byStatus: Record<string, number> = {};
  const routes: Record<string, number> = {};
  const undocumented: string[] = [];
  for (const r of log) {
    byStatus[String(r.status ?? 'none')] = (byStatus[String(r.status ?? 'none')] ?? 0) + 1;
    const url = new URL(r.path, 'http://replay.invalid');
    const below = url.pathname.startsWith(def.replayPrefix)
      ? url.pathname.slice(def.replayPrefix.length) || '/'
      : url.pathname;
    // an id, a ticker or a token (a digit or a capital in it) reads as {id}; route words stay
    const shape = below.replace(/\/[^/]*[0-9A-Z][^/]*/g, '/{id}');
    routes[shape] = (routes[shape] ?? 0) + 1;
    const why = def.undocumented(below, url.searchParams);
    if (why !== undefined && undocumented.length < 20) undocumented.push(`${r.path}: ${why}`);
  }
  const times = log.map((r) => r.at);
  const perMinuteMax = maxInWindow(times, 60_000);
  const perMinuteMean = minutes > 0 ? Math.round((log.length / minutes) * 10) / 10 : 0;
  const rateLimited = byStatus['429'] ?? 0;
  return {
    source,
    minutes,
    requests: log.length,
    perMinuteMax,
    perMinuteMean,
    cadence,
    documentedLimit: def.limits.documentedPerMinute,
    byStatus,
    rateLimited,
    undocumented,
    routes,
    headerNamed,
    pass: undocumented.length === 0 && perMinuteMax <= cadence && rateLimited === 0 && headerNamed && log.length > 0,
  };
}

/** What a person does now and then while the dashboard runs; the rest of the time it is left alone. */
const ROUTINE: ReadonlyArray<{ atS: number; keys: string[] }> = [
  { atS: 20, keys: ['j', 'j', 'j'] },
  // past the last row of a full page: the next page; past the first: the previous one
  { atS: 40, keys: ['G', 'j'] },
  { atS: 60, keys: ['Home', 'k'] },
  { atS: 90, keys: ['5'] },
  { atS: 120, keys: ['4'] },
  { atS: 150, keys: ['1'] },
  { atS: 180, keys: ['/', 'e', 'Enter'] },
  { atS: 240, keys: ['/', 'BSpace', 'Enter'] },
  { atS: 300, keys: ['k', 'k'] },
];

export async function runSource(source: Platform, minutes: number): Promise<SourceRun> {
  const def = await loadPlatform(source);
  const home = mkdtempSync(join(tmpdir(), `oddsboard-bench-${source}-`));
  const replay = await startReplay(source);
  const tmux = new TmuxSession(`sources-${source}-${process.pid}`);
  try {
    tmux.start(PROJECT, 160, 48, {
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      NODE_ENV: 'production',
    });
    await tmux.run(`${process.execPath} --single-threaded-gc ${CLI} --source ${source} --base-url ${replay.url}`);
    await tmux.waitFor(`the ${source} header`, (s) => s.includes(source.toUpperCase()), 20_000);
    const t0 = Date.now();
    let step = 0;
    while (Date.now() - t0 < minutes * 60_000) {
      const due = ROUTINE[step];
      if (due && Date.now() - t0 >= due.atS * 1000) {
        for (const k of due.keys) tmux.keys(k);
        step++;
      }
      await delay(1000);
    }
    tmux.keys('q');
    await delay(1000);
  } finally {
    tmux.kill();
    replay.proc.kill('SIGTERM');
    rmSync(home, { recursive: true, force: true });
  }
  // waitFor threw had the header not named the source within 20 s
  return analyse(def, source, parseLog(replay.out()), minutes, def.limits.politePerMinute, true);
}

function report(rows: readonly SourceRun[]): string {
  const lines = [
    '| source | minutes | requests | max / 60 s | mean / min | cadence | documented limit | 429 | undocumented | pass |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.source} | ${r.minutes} | ${r.requests} | ${r.perMinuteMax} | ${r.perMinuteMean} | ${r.cadence} | ` +
        `${r.documentedLimit} | ${r.rateLimited} | ${r.undocumented.length} | ${r.pass ? 'pass' : 'FAIL'} |`,
    );
  for (const r of rows) {
    lines.push('', `${r.source} routes: ${JSON.stringify(r.routes)} statuses: ${JSON.stringify(r.byStatus)}`);
    for (const u of r.undocumented) lines.push(`  undocumented: ${u}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<void> {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const minutes = Number(value('--minutes') ?? 10);
  if (!(minutes > 0 && minutes <= 24 * 60)) throw new Error('--minutes must be a number above 0');
  const picked = (value('--source') ?? PLATFORMS.join(',')).split(',').map((s) => s.trim()) as Platform[];
  for (const s of picked) if (!PLATFORMS.includes(s)) throw new Error(`--source: ${s} is not a platform source`);
  if (!TmuxSession.available()) throw new Error('tmux is needed');
  // the sources run side by side: each its own replay, terminal and state directory
  const rows = await Promise.all(picked.map((s) => runSource(s, minutes)));
  process.stdout.write(argv.includes('--json') ? `${JSON.stringify(rows, null, 1)}\n` : report(rows));
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}

if (isMain(import.meta.url)) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`bench:sources: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
