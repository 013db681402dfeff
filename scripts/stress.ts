/**
 * `npm run test:stress [-- --runs N] [-- --hogs N] [-- --no-dashboard]`: the whole suite (vitest run, npm test's
 * config; the build is done once before) N times in a row with CPU hogs (`yes > /dev/null`) and an oddsboard
 * dashboard on the demo (the built CLI in tmux, real time) beside it, as a busy developer machine or CI runner has.
 * Prints each run's result, then how many runs passed and each failing test; exits 1 when a run failed.
 *
 * Everything it starts is its own to end, on exit and on Ctrl-C: the hogs and each vitest run (its own process
 * group, with the `serve` children of the tests), and every tmux server — the dashboard's and the end-to-end
 * tests' — through a private TMUX_TMPDIR. Each run's vitest output and JSON report stay in the directory it names.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseStressArgs, readRun, stressHelp, stressSummary, type RunResult } from './stressReport.js';

/** From dist-bench/scripts, the project is two levels up. */
const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

const children = new Set<ChildProcess>();
/** The process group of the last vitest run (its pid): killed whole, with anything its tests left running. */
let suiteGroup: number | undefined;
let tmuxDir: string | undefined;
let cleaned = false;

function tmux(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('tmux', args, {
    encoding: 'utf8',
    env: { ...process.env, TMUX_TMPDIR: tmuxDir },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return { ok: r.status === 0, out: r.stdout ?? '' };
}

/** Ends what this script started; synchronous, so it also runs from an exit handler. */
function cleanUp(): void {
  if (cleaned) return;
  cleaned = true;
  if (suiteGroup !== undefined) killGroup(suiteGroup);
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (tmuxDir) {
    // every tmux server here was started by this script or by its test runs: the dashboard's and the tests'
    const sockets = join(tmuxDir, `tmux-${process.getuid?.() ?? 0}`);
    for (const name of existsSync(sockets) ? readdirSync(sockets) : []) tmux(['-L', name, 'kill-server']);
    rmSync(tmuxDir, { recursive: true, force: true });
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** tmux servers in the private TMUX_TMPDIR other than the dashboard's: what a run's tests left behind. */
function testSockets(): string[] {
  const sockets = join(tmuxDir!, `tmux-${process.getuid?.() ?? 0}`);
  return (existsSync(sockets) ? readdirSync(sockets) : []).filter((n) => n !== 'stress-dashboard');
}

/** Says what a run left running (a test that does not clean up after itself) and ends it. */
async function endLeftovers(pgid: number | undefined): Promise<void> {
  const left: string[] = [];
  // the workers' own exits may trail vitest's by a moment
  for (let i = 0; i < 30 && pgid !== undefined && groupAlive(pgid); i++) await delay(100);
  if (pgid !== undefined && groupAlive(pgid)) {
    left.push('processes of its process group');
    killGroup(pgid);
  }
  const sockets = testSockets().filter((n) => tmux(['-L', n, 'list-sessions']).ok);
  if (sockets.length > 0) left.push(`tmux servers ${sockets.join(', ')}`);
  for (const n of testSockets()) tmux(['-L', n, 'kill-server']);
  if (left.length > 0)
    process.stdout.write(`    (the run left ${left.join(' and ')} running: ended)
`);
}

function startHogs(n: number): void {
  for (let i = 0; i < n; i++) {
    const hog = spawn('yes', [], { stdio: 'ignore' });
    hog.on('error', (e) => process.stderr.write(`test:stress: cannot start a CPU hog (yes): ${e.message}\n`));
    children.add(hog);
  }
}

/** The built dashboard on the demo, 160×48, real time, with a home of its own; resolves once it shows markets. */
async function startDashboard(home: string): Promise<void> {
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state') };
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const started = tmux([
    '-L',
    'stress-dashboard',
    '-f',
    '/dev/null',
    'new-session',
    '-d',
    '-s',
    'dash',
    '-x',
    '160',
    '-y',
    '48',
    ...envArgs,
    process.execPath,
    CLI,
  ]);
  if (!started.ok) throw new Error('tmux could not start the dashboard (is tmux installed?)');
  const deadline = Date.now() + 60_000;
  while (!/DEMO/.test(tmux(['-L', 'stress-dashboard', 'capture-pane', '-p', '-t', 'dash']).out)) {
    if (Date.now() > deadline) throw new Error('the dashboard beside the suite did not show its screen in 60 s');
    await delay(200);
  }
}

function dashboardAlive(): boolean {
  return /DEMO/.test(tmux(['-L', 'stress-dashboard', 'capture-pane', '-p', '-t', 'dash']).out);
}

/** One `vitest run` with a JSON report; its own process group, so it and everything it started can be ended. */
function runSuite(outDir: string, i: number): Promise<{ code: number | null; report: string | undefined }> {
  const json = join(outDir, `run-${i}.json`);
  const log = join(outDir, `run-${i}.log`);
  const child = spawn(
    process.execPath,
    [VITEST, 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${json}`],
    {
      cwd: ROOT,
      env: { ...process.env, TMUX_TMPDIR: tmuxDir, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  suiteGroup = child.pid;
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (out += d));
  // on exit, not close: a child a test left running can hold vitest's output pipe open for good
  return new Promise((done) => {
    child.on('exit', (code) => {
      const finish = () => {
        writeFileSync(log, out);
        done({ code, report: existsSync(json) ? readFileSync(json, 'utf8') : undefined });
      };
      if (child.stdout!.closed && child.stderr!.closed) finish();
      else {
        const t = setTimeout(finish, 3_000);
        child.once('close', () => {
          clearTimeout(t);
          finish();
        });
      }
    });
  });
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${stressHelp()}\n`);
    return 0;
  }
  const args = parseStressArgs(argv);
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: npm run test:stress builds it first');
  const outDir = mkdtempSync(join(tmpdir(), 'oddsboard-stress-'));
  tmuxDir = mkdtempSync(join(tmpdir(), 'oddsboard-stress-tmux-'));
  const home = join(outDir, 'dashboard-home');
  mkdirSync(home);
  process.stdout.write(
    `test:stress: the suite ${args.runs}× with ${args.hogs} CPU hog(s)` +
      `${args.dashboard ? ' and a dashboard on the demo in tmux' : ''} beside it; load ${load()}; logs in ${outDir}\n`,
  );
  startHogs(args.hogs);
  if (args.dashboard) await startDashboard(home);
  const results: RunResult[] = [];
  for (let i = 1; i <= args.runs; i++) {
    if (args.dashboard && !dashboardAlive()) {
      process.stdout.write('  (the dashboard beside the suite had stopped; started again)\n');
      tmux(['-L', 'stress-dashboard', 'kill-server']);
      await startDashboard(home);
    }
    const t0 = Date.now();
    const { code, report } = await runSuite(outDir, i);
    if (cleaned) break;
    const r = readRun(report, code, ROOT);
    results.push(r);
    const s = Math.round((Date.now() - t0) / 1000);
    process.stdout.write(
      `run ${i}/${args.runs}: ${r.passed ? 'passed' : 'FAILED'} (${r.passedTests} of ${r.tests} tests passed, ${s} s, load ${load()})\n`,
    );
    for (const f of r.failures) process.stdout.write(`    ✗ ${f.test}\n      ${f.why}\n`);
    await endLeftovers(suiteGroup);
  }
  process.stdout.write(`\n${stressSummary(results)}\n`);
  return results.length === args.runs && results.every((r) => r.passed) ? 0 : 1;
}

process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    process.stdout.write(`\ntest:stress: ${signal}, ending the suite, the hogs and the tmux servers\n`);
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 129);
  });

main(process.argv.slice(2)).then(
  (code) => {
    cleanUp();
    process.exitCode = code;
  },
  (e: unknown) => {
    cleanUp();
    process.stderr.write(`test:stress: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  },
);
