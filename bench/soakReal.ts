/**
 * `npm run bench:soak -- --real-minutes N`: the soak on the real clock. The
 * built CLI (dist/cli.js, systemClock, real Node timers) idles in a tmux pane
 * — by default on its embedded demo service (`--demo`, the simulator in the
 * same process), with --serve in key mode against a separate `oddsboard
 * serve` — for N real minutes. memProbe.ts is preloaded and the program runs
 * with --expose-gc, so every minute there is heap used after a forced GC and
 * the live async resources (Timeouts and other handles) as the program itself
 * sees them; RSS and CPU come from /proc. With --snapshots 5,20 the program
 * also writes a heap snapshot (node --heapsnapshot-signal) at those minutes
 * into --snapshot-dir.
 *
 * `--source polymarket|kalshi|manifold` runs it against that platform's replay (`oddsboard serve --replay
 * test/fixtures/real/<source> --source <source>`, as bench:sources does), `--source demo` is the default and
 * `--source all` runs the four side by side (each its own pane, service and state directory). `--source board` is the
 * dashboard of issue 27: one process with `--source all` on the three platforms' replays at once (the joined store,
 * three venues' clients, budgets and timers in one program); it is not in `all`, name it (`--source board,kalshi`).
 *
 * CPU is also reported per 10-minute window (soakWindows.ts) beside heap and RSS, and the run fails when a window
 * after minute 20 costs more than 1.2× the median minute of minutes 10–20 (issue 30).
 *
 * The limits it holds (docs/benchmarks.md): from --warmup (15) minutes on, heap
 * after GC grows ≤ 0.5 MB per hour (the least-squares slope over every minute:
 * end to end, one sample's noise of a few tenths of a MB would decide), and
 * the timers to run and the Timeout objects still reachable each stay within
 * TIMER_SPREAD of their lowest.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { makeDirs } from '../src/util/files.js';
import { framesIn } from './frames.js';
import { flagArgs, numberArg } from './main.js';
import { markdownTable } from './metrics.js';
import { NODE_FLAGS, ROOT, startServe } from './render.js';
import { firstFrame } from './renderRun.js';
import { cpuWindows, windowReport, WINDOW_MINUTES, type CpuCheck, type MinuteSample } from './soakWindows.js';
import { PLATFORMS, startReplay, type Platform, type Replay } from './replays.js';
import { TmuxPane } from './tmuxControl.js';

/** Heap after GC may grow at most this much per hour after warm-up. */
export const HEAP_MB_PER_HOUR_LIMIT = 0.5;
/**
 * Live Timeouts may differ by at most this much between samples after warm-up:
 * one per request in flight when the probe runs comes and goes; a leak climbs.
 */
export const TIMER_SPREAD = 4;

/**
 * `control`: bench:render's bare Ink app (a 1 Hz clock above 100 lines) in its own pane beside the others — the same
 * work every minute, so its CPU shows what the machine's load does to the figures (the harness shares 2 cores).
 */
export type SoakTarget = 'demo' | 'serve' | 'control' | 'board' | Platform;
/** What `--source all` runs, side by side. */
export const SOAK_SOURCES: readonly SoakTarget[] = ['demo', ...PLATFORMS];
/** What `--source` takes by name: the sources, and the board of the three platforms in one process. */
const SOAK_NAMES: readonly SoakTarget[] = [...SOAK_SOURCES, 'board'];

export interface RealSoakArgs {
  minutes: number;
  /** What the dashboard runs against; several with `--source all`, side by side. */
  targets: SoakTarget[];
  columns: number;
  rows: number;
  speed: number;
  warmupMinutes: number;
  snapshotsAt: number[];
  snapshotDir: string | undefined;
  /** Minutes at which the program records a CPU profile of `profileSeconds` into the snapshot directory. */
  profileAt: number[];
  profileSeconds: number;
  json: boolean;
}

export function parseRealSoakArgs(given: string[]): RealSoakArgs {
  const argv = flagArgs(given);
  const size = argv.includes('--size') ? (argv[argv.indexOf('--size') + 1] ?? '') : '160x48';
  const m = /^(\d+)x(\d+)$/.exec(size);
  if (!m) throw new Error(`--size takes COLUMNSxROWS (got ${JSON.stringify(size)})`);
  const snaps = argv.includes('--snapshots') ? (argv[argv.indexOf('--snapshots') + 1] ?? '') : '';
  const snapshotsAt = snaps ? snaps.split(',').map(Number) : [];
  if (snapshotsAt.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--snapshots takes minutes, e.g. 5,20 (got ${JSON.stringify(snaps)})`);
  const dirAt = argv.indexOf('--snapshot-dir');
  const profs = argv.includes('--cpu-prof-at') ? (argv[argv.indexOf('--cpu-prof-at') + 1] ?? '') : '';
  const profileAt = profs ? profs.split(',').map(Number) : [];
  if (profileAt.some((n) => !Number.isInteger(n) || n < 0))
    throw new Error(`--cpu-prof-at takes minutes, e.g. 12,45 (got ${JSON.stringify(profs)})`);
  const source = argv.includes('--source') ? (argv[argv.indexOf('--source') + 1] ?? '') : 'demo';
  const control: SoakTarget[] = argv.includes('--control') ? ['control'] : [];
  const targets: SoakTarget[] = argv.includes('--serve')
    ? ['serve', ...control]
    : source === 'all'
      ? [...SOAK_SOURCES, ...control]
      : [
          ...source.split(',').map((x) => {
            if (!SOAK_NAMES.includes(x as SoakTarget))
              throw new Error(`--source takes ${SOAK_NAMES.join(', ')} or all (got ${JSON.stringify(x)})`);
            return x as SoakTarget;
          }),
          ...control,
        ];
  return {
    minutes: numberArg(argv, '--real-minutes', 20, (n) => Number.isInteger(n) && n > 0),
    targets,
    columns: Number(m[1]),
    rows: Number(m[2]),
    speed: numberArg(argv, '--speed', 1, (n) => n > 0 && n <= 1000),
    warmupMinutes: numberArg(argv, '--warmup', 15, (n) => Number.isInteger(n) && n >= 0),
    snapshotsAt,
    snapshotDir: dirAt >= 0 ? resolve(argv[dirAt + 1] ?? '.') : undefined,
    profileAt,
    profileSeconds: numberArg(argv, '--cpu-prof-seconds', 60, (n) => n > 0),
    json: argv.includes('--json'),
  };
}

/**
 * A minute of the soak: what the CPU windows read (MinuteSample: minute, CPU, heap after GC, RSS, requests, snapshot)
 * and the rest of what the probe and /proc tell.
 */
export interface RealSample extends MinuteSample {
  /** After a forced GC (the program runs with --expose-gc). */
  heapUsedMB: number | undefined;
  heapTotalMB: number | undefined;
  externalMB: number | undefined;
  /** Timers still to run (the Timeouts of process.getActiveResourcesInfo(); the probe's own, unref'd, is not one). */
  timers: number | undefined;
  /** Timeout objects still reachable after a full GC (v8.queryObjects): run, cleared or waiting, the probe's included. */
  timerObjects: number | undefined;
  /** All live async resources: timers, sockets, the TTY, … */
  handles: number | undefined;
  resources: Record<string, number> | undefined;
  /** The program's CPU in this minute, % of a core, the probe's own work (its forced GCs and heap walk) taken out. */
  cpuPct: number;
  /** What the probe spent of it, % of a core (not in cpuPct). */
  probeCpuPct?: number;
  framesPerMin: number;
}

export interface RealSummary {
  fromMinute: number;
  toMinute: number;
  heapFromMB: number;
  heapToMB: number;
  /** (heap at the end − heap at warm-up) per hour. */
  heapEndToEndMBPerHour: number;
  /** Least-squares slope of heap after GC over the samples from warm-up on, per hour. */
  heapSlopeMBPerHour: number;
  rssFromMB: number;
  rssToMB: number;
  timersMin: number;
  timersMax: number;
  timerObjectsMin: number;
  timerObjectsMax: number;
  handlesMin: number;
  handlesMax: number;
  heapOk: boolean;
  timersOk: boolean;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/** The figures from `warmup` minutes on; undefined when fewer than two samples are that late. */
export function summarizeReal(samples: readonly RealSample[], warmup: number): RealSummary | undefined {
  const late = samples.filter((s) => s.minute >= warmup && s.heapUsedMB !== undefined);
  if (late.length < 2) return undefined;
  const first = late[0]!;
  const last = late[late.length - 1]!;
  const xs = late.map((s) => s.minute);
  const ys = late.map((s) => s.heapUsedMB!);
  const mx = xs.reduce((a, x) => a + x, 0) / xs.length;
  const my = ys.reduce((a, y) => a + y, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  const slope = (num / den) * 60;
  const endToEnd = ((last.heapUsedMB! - first.heapUsedMB!) / (last.minute - first.minute)) * 60;
  const timers = late.map((s) => s.timers ?? 0);
  const handles = late.map((s) => s.handles ?? 0);
  const objects = late.map((s) => s.timerObjects ?? 0);
  const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  return {
    fromMinute: first.minute,
    toMinute: last.minute,
    heapFromMB: r2(first.heapUsedMB!),
    heapToMB: r2(last.heapUsedMB!),
    heapEndToEndMBPerHour: r2(endToEnd),
    heapSlopeMBPerHour: r2(slope),
    rssFromMB: r2(first.rssMB),
    rssToMB: r2(last.rssMB),
    timersMin: Math.min(...timers),
    timersMax: Math.max(...timers),
    timerObjectsMin: Math.min(...objects),
    timerObjectsMax: Math.max(...objects),
    handlesMin: Math.min(...handles),
    handlesMax: Math.max(...handles),
    heapOk: slope <= HEAP_MB_PER_HOUR_LIMIT,
    timersOk: spread(timers) <= TIMER_SPREAD && spread(objects) <= TIMER_SPREAD,
  };
}

export function realSampleLine(s: RealSample): string {
  const f = (x: number | undefined) => (x === undefined ? '?' : x.toFixed(2));
  const other = Object.entries(s.resources ?? {})
    .filter(([k]) => k !== 'Timeout')
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `minute ${s.minute}: heap after GC ${f(s.heapUsedMB)} MB, rss ${s.rssMB.toFixed(1)} MB, timers ${s.timers ?? '?'} (Timeout objects ${s.timerObjects ?? '?'}), handles ${s.handles ?? '?'} (${other}), cpu ${s.cpuPct.toFixed(2)} %${s.probeCpuPct !== undefined ? ` (+ probe ${s.probeCpuPct.toFixed(2)} %)` : ''}${s.snapshot ? ', a heap snapshot written (left out of the CPU means; no window judged from here on)' : ''}`;
}

export function realReport(samples: readonly RealSample[], summary: RealSummary | undefined): string {
  const f = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(2));
  const table = markdownTable(
    [
      'minute',
      'heap after GC MB',
      'heap total MB',
      'external MB',
      'RSS MB',
      'timers',
      'Timeout objects',
      'handles',
      'CPU %',
      'frames/min',
    ],
    samples.map((s) => [
      String(s.minute),
      f(s.heapUsedMB),
      f(s.heapTotalMB),
      f(s.externalMB),
      s.rssMB.toFixed(1),
      String(s.timers ?? '—'),
      String(s.timerObjects ?? '—'),
      String(s.handles ?? '—'),
      s.cpuPct.toFixed(2),
      s.framesPerMin.toFixed(0),
    ]),
  );
  if (!summary) return `${table}\n\n(too short for a figure after warm-up)`;
  const s = summary;
  const sign = (x: number) => (x >= 0 ? `+${x.toFixed(2)}` : x.toFixed(2));
  return [
    table,
    '',
    `From minute ${s.fromMinute} to ${s.toMinute}: heap after GC ${s.heapFromMB.toFixed(2)} → ${s.heapToMB.toFixed(2)} MB, ` +
      `${sign(s.heapEndToEndMBPerHour)} MB/h end to end, ${sign(s.heapSlopeMBPerHour)} MB/h fitted ` +
      `(limit ${HEAP_MB_PER_HOUR_LIMIT}): ${s.heapOk ? 'ok' : 'OVER'}; RSS ${s.rssFromMB.toFixed(1)} → ${s.rssToMB.toFixed(1)} MB; ` +
      `timers ${s.timersMin}–${s.timersMax}, Timeout objects ${s.timerObjectsMin}–${s.timerObjectsMax} (spread limit ${TIMER_SPREAD}): ${s.timersOk ? 'ok' : 'OVER'}; handles ${s.handlesMin}–${s.handlesMax}`,
  ].join('\n');
}

interface ProbeLine {
  gc: boolean;
  timeoutObjects?: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  resources?: Record<string, number>;
  /** CPU the probe has spent since the program started, ms. */
  probeCpuMs?: number;
}

function lastProbe(file: string): ProbeLine | undefined {
  try {
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    return JSON.parse(lines[lines.length - 1]!) as ProbeLine;
  } catch {
    return undefined;
  }
}

export async function runRealSoak(
  a: RealSoakArgs,
  target: SoakTarget,
  onSample: (s: RealSample) => void,
): Promise<RealSample[]> {
  const work = mkdtempSync(join(tmpdir(), 'oddsboard-soak-'));
  const probeFile = join(work, 'mem.jsonl');
  const snapshotDir = a.snapshotDir ? join(a.snapshotDir, target) : join(work, 'snapshots');
  makeDirs(snapshotDir);
  const key = `soak-${randomBytes(8).toString('hex')}`;
  const serve = target === 'serve' ? await startServe([key], ['--speed', String(a.speed)]) : undefined;
  // a platform's replay, or for the board the three, each on its own port (a failed start stops those started)
  const platforms: readonly Platform[] =
    target === 'board' ? PLATFORMS : target === 'serve' || target === 'demo' || target === 'control' ? [] : [target];
  const replays: { platform: Platform; replay: Replay }[] = [];
  try {
    for (const platform of platforms) replays.push({ platform, replay: await startReplay(platform) });
  } catch (e) {
    for (const r of replays) r.replay.proc.kill('SIGTERM');
    throw e;
  }
  const onReplays = replays.length > 0;
  const requestsSoFar = () => replays.reduce((n, r) => n + (r.replay.out().match(/^req /gm) ?? []).length, 0);
  const pane = new TmuxPane();
  const stop = () => {
    pane.stop();
    serve?.proc.kill();
    for (const r of replays) r.replay.proc.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const flags = [
    ...NODE_FLAGS,
    '--expose-gc',
    '--heapsnapshot-signal=SIGUSR2',
    '--disable-warning=ExperimentalWarning', // v8.queryObjects in the probe
    `--diagnostic-dir=${snapshotDir}`,
    '--import',
    join(ROOT, 'dist-bench/bench/memProbe.js'),
  ];
  const program: { args: string[]; env: Record<string, string> } = serve
    ? { args: [], env: { ODDSBOARD_BASE_URL: serve.url, ODDSBOARD_API_KEY: key } }
    : target === 'board'
      ? {
          args: ['--source', 'all', ...replays.flatMap((r) => ['--base-url', `${r.platform}=${r.replay.url}`])],
          env: {},
        }
      : onReplays
        ? { args: ['--source', target, '--base-url', replays[0]!.replay.url], env: {} }
        : { args: ['--demo', '--speed', String(a.speed)], env: {} };
  if (target === 'board') seedBoardWatchlist(join(work, 'state'));
  const out: RealSample[] = [];
  const MB = 1024 * 1024;
  try {
    const t0 = await pane.start({
      columns: a.columns,
      rows: a.rows,
      cwd: ROOT,
      argv:
        target === 'control'
          ? [process.execPath, ...NODE_FLAGS, join(ROOT, 'dist-bench/bench/bareInk.js')]
          : [process.execPath, ...flags, join(ROOT, 'dist/cli.js'), ...program.args],
      env: {
        NODE_ENV: 'production',
        ODDSBOARD_CONFIG: join(work, 'none.json'),
        XDG_STATE_HOME: join(work, 'state'),
        ODDSBOARD_MEMPROBE_FILE: probeFile,
        ...(a.profileAt.length
          ? {
              ODDSBOARD_CPUPROF_AT: a.profileAt.join(','),
              ODDSBOARD_CPUPROF_MS: String(a.profileSeconds * 1000),
              ODDSBOARD_CPUPROF_DIR: snapshotDir,
            }
          : {}),
        ...program.env,
      },
    });
    if (target === 'control') await firstFrame(pane, 'reference', t0);
    else await firstFrame(pane, 'dashboard', t0, onReplays ? 5 : 10); // Kalshi's recording prices 7 of its 11 rows
    let cpu = pane.cpuSeconds();
    let requests = requestsSoFar();
    let probeMs = 0;
    let from = performance.now();
    // the minute after a snapshot was asked for is the one that writes it
    let snapshotting = false;
    for (let m = 1; m <= a.minutes; m++) {
      // well after the probe's own minute (its forced GCs and heap walk take seconds on a loaded machine), so its line
      // for this minute is there and the CPU it spent is in both readings: subtracted in the minute it was spent
      await delay(Math.max(0, t0 + m * 60_000 + 20_000 - performance.now()));
      if (!pane.alive()) throw new Error(`the dashboard exited at minute ${m}`);
      const now = performance.now();
      const c = pane.cpuSeconds();
      const p = lastProbe(probeFile);
      const resources = p?.resources;
      const probeSpentS = ((p?.probeCpuMs ?? probeMs) - probeMs) / 1000;
      const wallS = (now - from) / 1000;
      const s: RealSample = {
        minute: m,
        rssMB: pane.rssMB(),
        heapUsedMB: p && p.heapUsed / MB,
        heapTotalMB: p && p.heapTotal / MB,
        externalMB: p && p.external / MB,
        timers: resources && (resources.Timeout ?? 0),
        timerObjects: p?.timeoutObjects,
        handles: resources && Object.values(resources).reduce((x, n) => x + n, 0),
        resources,
        cpuPct: ((c - cpu - probeSpentS) / wallS) * 100,
        probeCpuPct: (probeSpentS / wallS) * 100,
        framesPerMin: (framesIn(pane.textBetween(from, now)).length / (now - from)) * 60_000,
        ...(onReplays ? { requests: requestsSoFar() - requests } : {}),
        ...(snapshotting ? { snapshot: true } : {}),
      };
      requests = requestsSoFar();
      probeMs = p?.probeCpuMs ?? probeMs;
      pane.chunks.splice(0, pane.chunks.length); // only each minute's output is needed
      cpu = c;
      from = now;
      out.push(s);
      onSample(s);
      // the control has no --heapsnapshot-signal: SIGUSR2 would end it
      snapshotting = target !== 'control' && a.snapshotsAt.includes(m);
      if (snapshotting) process.kill(pane.pid, 'SIGUSR2');
    }
    return out;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    stop();
  }
}

/**
 * The board watches one recorded market of each venue (the list's first rows on the replays), so the soak runs the
 * watch's polling and the joined watchlist too; the merged watchlist's place and format (src/venues/watchMerge.ts).
 */
export const BOARD_WATCHED = ['polymarket:2063134', 'kalshi:KXELONMARS-99', 'manifold:CL56c9sqQp'] as const;

function seedBoardWatchlist(stateHome: string): void {
  const dir = join(stateHome, 'oddsboard', 'venues');
  makeDirs(dir);
  const addedAt = Date.now();
  const markets = BOARD_WATCHED.map((id) => ({ id, addedAt }));
  writeFileSync(join(dir, 'watchlist.json'), `${JSON.stringify({ version: 1, markets }, null, 2)}\n`);
}

function describeTarget(a: RealSoakArgs, t: SoakTarget): string {
  if (t === 'demo') return `dist/cli.js --demo --speed ${a.speed}`;
  if (t === 'control') return 'dist-bench/bench/bareInk.js, the load control (no probe)';
  if (t === 'serve') return `dist/cli.js in key mode against oddsboard serve --speed ${a.speed}`;
  if (t === 'board')
    return `dist/cli.js --source all, one process, against the three platforms' replays (serve --replay, one each), watching ${BOARD_WATCHED.join(', ')}`;
  return `dist/cli.js --source ${t} against serve --replay test/fixtures/real/${t} --source ${t}`;
}

export interface RealSoakResult {
  target: SoakTarget;
  samples: RealSample[];
  summary: RealSummary | undefined;
  cpu: CpuCheck;
  error?: string;
}

export async function realSoakMain(argv: string[]): Promise<void> {
  const a = parseRealSoakArgs(argv);
  const several = a.targets.length > 1;
  const log = (text: string) => {
    if (!a.json) process.stdout.write(text);
  };
  log(
    `Soak on the real clock, ${a.columns}×${a.rows} tmux pane, idle ${a.minutes} min; heap after a forced GC; ` +
      `figures from minute ${a.warmupMinutes}; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} at the start\n` +
      a.targets.map((t) => `  ${t}: ${describeTarget(a, t)}\n`).join('') +
      '\n',
  );
  const results = await Promise.all(
    a.targets.map(async (target): Promise<RealSoakResult> => {
      const tag = several ? `[${target}] ` : '';
      const seen: RealSample[] = [];
      const onSample = (s: RealSample) => {
        seen.push(s);
        log(`${tag}${realSampleLine(s)}${s.requests !== undefined ? `, ${s.requests} requests` : ''}\n`);
        if (s.minute % WINDOW_MINUTES === 0)
          log(
            `${tag}minutes ${s.minute - WINDOW_MINUTES}–${s.minute}: cpu ${cpuWindows(seen).windows.at(-1)!.cpuPct.toFixed(2)} % of a core; load average ${loadavg()
              .map((x) => x.toFixed(2))
              .join(' ')}\n`,
          );
      };
      try {
        const samples = await runRealSoak(a, target, onSample);
        return { target, samples, summary: summarizeReal(samples, a.warmupMinutes), cpu: cpuWindows(samples) };
      } catch (e) {
        // one source failing does not end the others' runs; what it measured is reported
        const error = e instanceof Error ? e.message : String(e);
        log(`${tag}failed: ${error}\n`);
        return { target, samples: seen, summary: summarizeReal(seen, a.warmupMinutes), cpu: cpuWindows(seen), error };
      }
    }),
  );
  if (a.json) process.stdout.write(`${JSON.stringify({ config: a, results }, null, 2)}\n`);
  else
    for (const r of results)
      process.stdout.write(
        `\n## ${r.target}${r.error ? ` (failed: ${r.error})` : ''}\n\n${realReport(r.samples, r.summary)}\n\n${windowReport(r.cpu, '', results.find((c) => c.target === 'control' && c !== r)?.cpu)}\n`,
      );
  const bad = results.some(
    (r) => r.target !== 'control' && (r.error || !r.cpu.ok || (r.summary && !(r.summary.heapOk && r.summary.timersOk))),
  );
  if (bad) process.exitCode = 1;
}
