/**
 * npm run bench:stacks [-- --cases kalshi,polymarket,manifold,all] [-- --rounds N] [-- --warmup S] [-- --idle S]
 *   [-- --limit N] [-- --json]
 *
 * What the answers cost without the screen: each case's board (every venue's client, store and sync, joined when
 * there are several: src/cli/board.ts, as the dashboard assembles it) runs with no Ink in a process of its own
 * (stacksRun.ts), with the dashboard's Node flags, on the platforms' replays (replays.ts), idle. For each case: its
 * CPU over the idle window (the whole process: every thread, user and system), the requests the replays logged in
 * that window, CPU per request. Set beside bench:render's idle CPU of the same case, the difference is what the screen
 * costs (docs/benchmarks.md § What the answers cost and what the screen costs). Rounds run the cases in turn, the
 * order reversed every other round; each run has a state directory of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isMain, numberArg } from './main.js';
import { markdownTable, median } from './metrics.js';
import { dashboardArgs, parseCases, replaysFor, type RenderCase } from './renderCases.js';
import { requestsIn } from './renderRequests.js';
import { PROJECT, startReplay, type Platform, type Replay } from './replays.js';
import type { StacksSample } from './stacksRun.js';

export interface StacksRun {
  case: RenderCase;
  /** % of one core over the idle window. */
  cpu: number;
  user: number;
  system: number;
  /** Requests a minute the replays logged in the window. */
  requests: number;
  changesPerMin: number;
  rssMb: number;
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** A run's figures from its sample and the replays' request logs. */
export function stacksRun(c: RenderCase, s: StacksSample, logs: readonly string[]): StacksRun {
  const secs = (s.to - s.from) / 1000;
  const pct = (ms: number) => (secs > 0 ? ms / 10 / secs : 0);
  const requests = logs.reduce((a, out) => a + requestsIn(out, s.from, s.to).perMin, 0);
  return {
    case: c,
    cpu: round(pct(s.userMs + s.systemMs), 3),
    user: round(pct(s.userMs), 3),
    system: round(pct(s.systemMs), 3),
    requests: round(requests, 1),
    changesPerMin: secs > 0 ? Math.round((s.changes / secs) * 60) : 0,
    rssMb: Math.round(s.rssMb),
  };
}

/** The report: a row per case (median over the rounds, min–max), then all ÷ each platform alone. */
export function stacksReport(runs: readonly StacksRun[]): string {
  const cases = [...new Set(runs.map((r) => r.case))];
  const of = (c: RenderCase) => runs.filter((r) => r.case === c);
  const span = (xs: number[], d: number) =>
    xs.length > 1
      ? `${median(xs).toFixed(d)} (${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)})`
      : median(xs).toFixed(d);
  // CPU a request: ms of CPU per request, over the window
  const perRequest = (r: StacksRun) => (r.requests > 0 ? ((r.cpu / 100) * 60_000) / r.requests : 0);
  const rows = cases.map((c) => {
    const rs = of(c);
    return [
      c,
      span(
        rs.map((r) => r.cpu),
        2,
      ),
      `${median(rs.map((r) => r.user)).toFixed(2)} / ${median(rs.map((r) => r.system)).toFixed(2)}`,
      span(
        rs.map((r) => r.requests),
        1,
      ),
      median(rs.map(perRequest)).toFixed(1),
      median(rs.map((r) => r.changesPerMin)).toFixed(0),
      median(rs.map((r) => r.rssMb)).toFixed(0),
    ];
  });
  const head = [
    'case',
    'CPU, no screen (% of a core)',
    'user / system',
    'requests (per min)',
    'CPU a request (ms)',
    'store changes (per min)',
    'RSS (MB)',
  ];
  const lines = [markdownTable(head, rows)];
  const all = of('all');
  if (all.length)
    for (const c of cases.filter((x) => x !== 'all')) {
      const alone = median(of(c).map((r) => r.cpu));
      if (alone > 0) lines.push(`- all ÷ ${c}: ${(median(all.map((r) => r.cpu)) / alone).toFixed(2)}× the CPU`);
    }
  return lines.join('\n');
}

function runOnce(
  c: RenderCase,
  urls: Partial<Record<Platform, string>>,
  o: { warmup: number; idle: number; limit: number },
): Promise<StacksSample> {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-stacks-'));
  const script = resolve(PROJECT, 'dist-bench/bench/stacksRun.js');
  const args = ['--warmup', String(o.warmup), '--idle', String(o.idle), '--', ...dashboardArgs(c, urls, o.limit)];
  const child = spawn(process.execPath, ['--max-semi-space-size=2', '--single-threaded-gc', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // no config file, no watchlist or ledger of a run before
    env: { ...process.env, NODE_ENV: 'production', XDG_STATE_HOME: dir, XDG_CONFIG_HOME: dir },
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  return new Promise((done, fail) =>
    child.on('close', (code) => {
      rmSync(dir, { recursive: true, force: true });
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) fail(new Error(`the ${c} run failed (exit ${code}): ${err.trim()}`));
      else done(JSON.parse(line) as StacksSample);
    }),
  );
}

async function main(argv: string[]): Promise<void> {
  const at = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const cases = parseCases(at('--cases') ?? 'kalshi,polymarket,manifold,all');
  if (cases.includes('public')) throw new Error('bench:stacks runs the platforms and all (not public)');
  const rounds = numberArg(argv, '--rounds', 2, (n) => Number.isInteger(n) && n > 0);
  const o = {
    warmup: numberArg(argv, '--warmup', 20, (n) => n >= 0),
    idle: numberArg(argv, '--idle', 60, (n) => n > 0),
    limit: numberArg(argv, '--limit', 100, (n) => Number.isInteger(n) && n > 0),
  };
  const replays = new Map<Platform, Replay>();
  for (const p of replaysFor(cases)) replays.set(p, await startReplay(p));
  const urls = Object.fromEntries([...replays].map(([p, r]) => [p, r.url]));
  const runs: StacksRun[] = [];
  try {
    for (let i = 0; i < rounds; i++)
      for (const c of i % 2 ? [...cases].reverse() : cases) {
        const sample = await runOnce(c, urls, o);
        const run = stacksRun(
          c,
          sample,
          [...replays.values()].map((r) => r.out()),
        );
        runs.push(run);
        process.stderr.write(`round ${i + 1} ${c}: ${run.cpu.toFixed(2)} % of a core, ${run.requests} requests/min\n`);
      }
  } finally {
    for (const r of replays.values()) r.proc.kill();
  }
  process.stdout.write(argv.includes('--json') ? `${JSON.stringify(runs, null, 2)}\n` : `${stacksReport(runs)}\n`);
}

if (isMain(import.meta.url))
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`bench:stacks: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
