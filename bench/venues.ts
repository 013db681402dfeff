/**
 * npm run bench:venues [-- --idle S] [-- --warmup S] [-- --rounds N] [-- --each]
 *
 * What several venues in one dashboard cost next to one (issue #27: three venues idle at most 1.3× the CPU and 1.2×
 * the RSS of one). The three platforms' replays (`serve --replay test/fixtures/real/<s> --source <s>`) run once; the
 * built dashboard runs in tmux at 160×48 with `--source kalshi` and then with `--source all` (the three), each
 * `--rounds` times (default 2, alternating which goes first), left alone: the time to the first priced Kalshi row
 * (`K` rows with all), then after `--warmup` seconds (default 20) the CPU it uses over `--idle` seconds (default 60,
 * from /proc/<pid>/stat) and its RSS at the end (/proc/<pid>/status). `--each`: also Polymarket and Manifold alone, once
 * (what the three cost apart, beside what they cost together). Prints a table and the ratios; asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { TmuxSession } from '../test/support/tmux.js';
import { isMain, numberArg } from './main.js';

const ROOT = resolve(import.meta.dirname, '..');
const PROJECT = ROOT.endsWith('dist-bench') ? resolve(ROOT, '..') : ROOT;
const CLI = join(PROJECT, 'dist/cli.js');
const PLATFORMS = ['polymarket', 'kalshi', 'manifold'] as const;
const TICKS = 100; // USER_HZ

async function replay(source: string): Promise<{ url: string; proc: ChildProcess }> {
  const asOf = source === 'manifold' ? ['--as-recorded'] : [];
  const dir = join(PROJECT, 'test/fixtures/real', source);
  const proc = spawn(process.execPath, [CLI, 'serve', '--replay', dir, '--source', source, ...asOf, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((res, rej) => {
    createInterface({ input: proc.stdout! }).once('line', res);
    proc.once('exit', (c) => rej(new Error(`serve --source ${source} exited with ${c}`)));
  });
  return { url, proc };
}

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]); // utime, stime
}

function rssMB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Run {
  label: string;
  firstKalshiMs: number;
  cpuPct: number;
  rssMB: number;
}

async function runOnce(label: string, args: string, warmupS: number, idleS: number): Promise<Run> {
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-bench-venues-'));
  const t = new TmuxSession(`bv-${label}`);
  try {
    t.start(PROJECT, 160, 48, { HOME: home, XDG_STATE_HOME: join(home, 'st'), XDG_CONFIG_HOME: join(home, 'c') });
    const t0 = performance.now();
    t.type(`NODE_ENV=production ${process.execPath} --max-semi-space-size=2 --single-threaded-gc ${CLI} ${args}`);
    t.keys('Enter');
    // a priced Kalshi row: its price (`12.0¢`) on a row (with several venues, a `K` row)
    const kalshiRow = label === 'all' ? /^[▸ ] +ACTIVE +K .*\d+\.\d¢/m : /^[▸ ] +[A-Z]+ +.*\d+\.\d¢/m;
    await t.waitFor('a priced row', (s) => kalshiRow.test(s), 30_000);
    const firstKalshiMs = performance.now() - t0;
    const pid = t.childPid();
    await delay(warmupS * 1000);
    const c0 = cpuTicks(pid);
    const w0 = performance.now();
    await delay(idleS * 1000);
    const cpuPct = ((cpuTicks(pid) - c0) / TICKS / ((performance.now() - w0) / 1000)) * 100;
    const rss = rssMB(pid);
    t.keys('q');
    return { label, firstKalshiMs, cpuPct, rssMB: rss };
  } finally {
    t.kill();
    rmSync(home, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const idleS = numberArg(argv, '--idle', 60, (n) => n > 0);
  const warmupS = numberArg(argv, '--warmup', 20, (n) => n >= 0);
  const rounds = numberArg(argv, '--rounds', 2, (n) => Number.isInteger(n) && n > 0);
  const replays = await Promise.all(PLATFORMS.map(replay));
  const url = Object.fromEntries(PLATFORMS.map((p, i) => [p, replays[i]!.url])) as Record<string, string>;
  const one = `--source kalshi --base-url ${url.kalshi}`;
  const all = `--source all ${PLATFORMS.map((p) => `--base-url ${p}=${url[p]}`).join(' ')}`;
  const runs: Run[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const order: Array<['one' | 'all', string]> = [
        ['one', one],
        ['all', all],
      ];
      if (r % 2 === 1) order.reverse();
      for (const [label, args] of order) runs.push(await runOnce(label, args, warmupS, idleS));
    }
    if (argv.includes('--each'))
      for (const p of ['polymarket', 'manifold'] as const)
        runs.push(await runOnce(p, `--source ${p} --base-url ${url[p]}`, warmupS, idleS));
  } finally {
    for (const r of replays) r.proc.kill('SIGTERM');
  }
  const mean = (label: string, k: 'firstKalshiMs' | 'cpuPct' | 'rssMB') => {
    const xs = runs.filter((r) => r.label === label).map((r) => r[k]);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  console.log(`bench:venues — 160×48, idle ${idleS} s after ${warmupS} s, ${rounds} round(s)`);
  console.log('case                      first row     CPU %    RSS MB');
  for (const r of runs)
    console.log(
      `${(r.label === 'one' ? '--source kalshi' : r.label === 'all' ? '--source all (3 venues)' : `--source ${r.label}`).padEnd(26)}` +
        `${(r.firstKalshiMs / 1000).toFixed(2).padStart(8)} s ${r.cpuPct.toFixed(2).padStart(7)} ${r.rssMB.toFixed(1).padStart(9)}`,
    );
  console.log(
    `ratio all/one: CPU ${(mean('all', 'cpuPct') / mean('one', 'cpuPct')).toFixed(2)}×, RSS ` +
      `${(mean('all', 'rssMB') / mean('one', 'rssMB')).toFixed(2)}×, first Kalshi row ` +
      `${(mean('all', 'firstKalshiMs') / mean('one', 'firstKalshiMs')).toFixed(2)}×`,
  );
}

if (isMain(import.meta.url))
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
