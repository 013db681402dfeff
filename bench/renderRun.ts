/**
 * One measured run of bench:render: a program (the dashboard or the bare Ink
 * reference) in a tmux pane of a given size — time to its first useful frame,
 * then a warm-up, an idle window (CPU from /proc, bytes, frames and lines per
 * frame from what it wrote), RSS at a fixed time after start (still idle),
 * then keypress → frame latency for `j`. `runMinutes` instead samples memory once a minute.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { mulberry32 } from '../src/util/prng.js';
import { BSU, countPricedRows, framesIn, latencyStats, type Press } from './frames.js';
import { percentile } from './metrics.js';
import type { RenderCase } from './renderCases.js';
import type { VenueRequests } from './renderRequests.js';
import type { Platform } from './replays.js';
import { TmuxPane, type PaneProgram } from './tmuxControl.js';

export type ProgramName = 'dashboard' | 'reference';

export interface RunSpec extends PaneProgram {
  program: ProgramName;
  /** The dashboard's case (renderCases.ts); none for the reference. */
  case?: RenderCase;
  /** The dashboard is ready at its first frame with this many priced rows (renderCases.ts: `readyRows`). */
  pricedRows: number;
  /**
   * `j` presses before the cursor is sent back to the top with `g`: fewer than the list's rows, which do not wrap
   * (renderCases.ts: `sweepPresses`); a `j` on the last row draws nothing, and would be timed to the next clock frame.
   */
  sweep: number;
  warmupS: number;
  idleS: number;
  presses: number;
  rssAtS: number;
  seed: number;
}

export interface RunResult {
  program: ProgramName;
  case?: RenderCase;
  columns: number;
  rows: number;
  /** Start → first frame with `pricedRows` priced rows (the reference: its first frame). */
  firstFrameMs: number;
  cpuPct: number;
  bytesPerS: number;
  framesPerMin: number;
  linesPerFrame: number;
  rssMB: number;
  latency: ReturnType<typeof latencyStats>;
  /** The idle window on the wall clock (ms), to read the replays' request logs by (renderRequests.ts). */
  idleWall: { from: number; to: number };
  /** Requests a minute each replay logged in the idle window (render.ts fills it in for the platform cases). */
  requests?: Partial<Record<Platform, VenueRequests>>;
}

const STARTUP_TIMEOUT_MS = 20_000;

export async function firstFrame(pane: TmuxPane, program: ProgramName, t0: number, pricedRows = 10): Promise<number> {
  for (;;) {
    const screen = await pane.screen();
    const ready =
      program === 'dashboard' ? countPricedRows(screen) >= pricedRows : screen.includes('bare ink reference');
    if (ready) return performance.now() - t0;
    if (performance.now() - t0 > STARTUP_TIMEOUT_MS || !pane.alive())
      throw new Error(`${program} drew no data within ${STARTUP_TIMEOUT_MS / 1000} s; the screen was:\n${screen}`);
    await delay(20);
  }
}

/** The time of the first output after `t`, waiting up to `timeoutMs`. */
function nextOutput(pane: TmuxPane, t: number, timeoutMs: number): Promise<number | undefined> {
  const seen = pane.chunks.find((c) => c.at > t);
  if (seen) return Promise.resolve(seen.at);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pane.onChunk = undefined;
      resolve(undefined);
    }, timeoutMs);
    pane.onChunk = (c) => {
      if (c.at <= t) return;
      clearTimeout(timer);
      pane.onChunk = undefined;
      resolve(c.at);
    };
  });
}

function lastFrameBefore(pane: TmuxPane, t: number): number | undefined {
  for (let i = pane.chunks.length - 1; i >= 0; i--) {
    const c = pane.chunks[i]!;
    if (c.at < t && c.bytes.includes(BSU)) return c.at;
  }
  return undefined;
}

async function pressKeys(pane: TmuxPane, n: number, sweep: number, seed: number): Promise<Press[]> {
  const rand = mulberry32(seed);
  const presses: Press[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % sweep === 0) {
      pane.key('Home');
      await delay(400);
    }
    const since = lastFrameBefore(pane, performance.now());
    const at = pane.key('j');
    const answered = await nextOutput(pane, at, 1000);
    presses.push({
      at,
      latencyMs: answered === undefined ? undefined : answered - at,
      sinceFrameMs: since === undefined ? undefined : at - since,
    });
    await delay(120 + rand() * 200);
  }
  return presses;
}

export async function measureRun(spec: RunSpec): Promise<RunResult> {
  const pane = new TmuxPane();
  try {
    const t0 = await pane.start(spec);
    const firstFrameMs = await firstFrame(pane, spec.program, t0, spec.pricedRows);
    await delay(Math.max(0, t0 + spec.warmupS * 1000 - performance.now()));
    const cpu0 = pane.cpuSeconds();
    const i0 = performance.now();
    const w0 = Date.now();
    await delay(spec.idleS * 1000);
    const cpu1 = pane.cpuSeconds();
    const i1 = performance.now();
    const w1 = Date.now();
    const seconds = (i1 - i0) / 1000;
    const frames = framesIn(pane.textBetween(i0, i1));
    // RSS of the idle program, before the key presses
    await delay(Math.max(0, t0 + spec.rssAtS * 1000 - performance.now()));
    const rssMB = pane.rssMB();
    const presses = await pressKeys(pane, spec.presses, spec.sweep, spec.seed);
    if (!pane.alive()) throw new Error(`${spec.program} exited during the run`);
    return {
      program: spec.program,
      case: spec.case,
      columns: spec.columns,
      rows: spec.rows,
      firstFrameMs,
      cpuPct: ((cpu1 - cpu0) / seconds) * 100,
      bytesPerS: pane.bytesBetween(i0, i1) / seconds,
      framesPerMin: (frames.length / seconds) * 60,
      linesPerFrame: frames.length ? frames.reduce((a, b) => a + b, 0) / frames.length : 0,
      rssMB,
      latency: latencyStats(presses, percentile),
      idleWall: { from: w0, to: w1 },
    };
  } finally {
    pane.stop();
  }
}

export interface MinuteSample {
  minute: number;
  rssMB: number;
  heapUsedMB: number | undefined;
  heapTotalMB: number | undefined;
  externalMB: number | undefined;
  arrayBuffersMB: number | undefined;
  /** V8's heap spaces, used KB (new_space, old_space, code_space, large_object_space, …), from the probe. */
  spacesKB: Record<string, number> | undefined;
  cpuPct: number;
  framesPerMin: number;
}

/** The last line the memory probe (memProbe.ts) wrote, if any. */
function lastProbe(
  file: string,
):
  | { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; spacesKB: Record<string, number> }
  | undefined {
  try {
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    return JSON.parse(lines[lines.length - 1]!);
  } catch {
    return undefined;
  }
}

/** Real-time memory run: the program idles `minutes` minutes; RSS, heap and external memory every minute. */
export async function runMinutes(
  spec: PaneProgram & { program: ProgramName; pricedRows: number; minutes: number; probeFile: string },
  onSample: (s: MinuteSample) => void,
): Promise<MinuteSample[]> {
  const pane = new TmuxPane();
  const out: MinuteSample[] = [];
  const MB = 1024 * 1024;
  try {
    const t0 = await pane.start(spec);
    await firstFrame(pane, spec.program, t0, spec.pricedRows);
    let cpu = pane.cpuSeconds();
    let from = performance.now();
    for (let m = 1; m <= spec.minutes; m++) {
      // a little after the probe's own minute, so its line for this minute is there
      await delay(Math.max(0, t0 + m * 60_000 + 2000 - performance.now()));
      if (!pane.alive()) throw new Error(`${spec.program} exited at minute ${m}`);
      const now = performance.now();
      const c = pane.cpuSeconds();
      const p = lastProbe(spec.probeFile);
      const s: MinuteSample = {
        minute: m,
        rssMB: pane.rssMB(),
        heapUsedMB: p && p.heapUsed / MB,
        heapTotalMB: p && p.heapTotal / MB,
        externalMB: p && p.external / MB,
        arrayBuffersMB: p && p.arrayBuffers / MB,
        spacesKB: p?.spacesKB,
        cpuPct: ((c - cpu) / ((now - from) / 1000)) * 100,
        framesPerMin: (framesIn(pane.textBetween(from, now)).length / (now - from)) * 60_000,
      };
      // the pane's output is only needed per minute: drop what was counted
      pane.chunks.splice(0, pane.chunks.length);
      cpu = c;
      from = now;
      out.push(s);
      onSample(s);
    }
    return out;
  } finally {
    pane.stop();
  }
}
