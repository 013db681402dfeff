/**
 * One drill row: the reference service with a chaos profile, the built
 * dashboard against it in a real terminal (tmux), the screen read four times a
 * second and every byte the dashboard writes recorded; then the checks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { TmuxSession } from '../../test/support/tmux.js';
import {
  foreignControls,
  garbled,
  keySeen,
  maxInWindow,
  requestTimes,
  rowCount,
  selectedTitle,
  staleCount,
  stateOf,
} from './checks.js';
import type { DrillProfile } from './profiles.js';

export interface DrillTiming {
  /** Normal service before the fault (s). */
  afterS: number;
  /** The fault's length (s); flap: each down and up phase. */
  forS: number;
  /**
   * The end-to-end test's way: that each state showed during the fault and that the dashboard came back online, not
   * how soon in real time (a loaded machine stretches it; `npm run drill` reports the figures and holds them to the
   * profile's limits); the wait for the recovery is three times as long.
   */
  untimed?: boolean;
}

export interface DrillRow {
  profile: string;
  crashed: boolean;
  keptData: boolean;
  /** What showed during the fault: a state, or "notice". */
  shown: string;
  shownAfterMs: number | null;
  recoveredAfterMs: number | null;
  staleSeen: boolean;
  maxPer60s: number;
  limit: number;
  foreignControls: number;
  keySeen: boolean;
  pass: boolean;
  failures: string[];
}

const ROOT = resolve(import.meta.dirname, '../..');
/** From dist-bench/bench/drill, the project root is three levels up; from bench/drill (vitest), two. */
const PROJECT = ROOT.endsWith('dist-bench') ? resolve(ROOT, '..') : ROOT;
export const CLI = join(PROJECT, 'dist/cli.js');
const KEY_LIMIT = 30;

interface Server {
  proc: ChildProcess;
  url: string;
  log: () => string;
}

async function startServer(p: DrillProfile, t: DrillTiming, key: string): Promise<Server> {
  const args = [
    CLI,
    'serve',
    '--port',
    '0',
    '--keys',
    key,
    '--chaos',
    p.chaos,
    '--chaos-after',
    String(t.afterS),
    '--chaos-for',
    String(t.forS),
    '--log-requests',
  ];
  if (p.retryAfter) args.push('--chaos-retry-after', p.retryAfter);
  if (p.path) args.push('--chaos-path', p.path);
  const proc = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let out = '';
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  const deadline = Date.now() + 60_000;
  while (!out.includes('\n')) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`the chaos service did not start: ${out}`);
    await delay(20);
  }
  return { proc, url: out.split('\n')[0]!.trim(), log: () => out };
}

function describeShown(p: DrillProfile): string {
  return typeof p.expect === 'string' ? p.expect : 'notice';
}

/** Runs one profile; `tag` keeps parallel tmux servers apart. */
export async function runDrill(p: DrillProfile, t: DrillTiming, tag: string): Promise<DrillRow> {
  const key = `drill-secret-${Math.random().toString(16).slice(2, 10)}-k3y9`;
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-drill-'));
  const raw = join(home, 'terminal.out');
  const server = await startServer(p, t, key);
  const tmux = new TmuxSession(`drill-${tag}`);
  const screens: Array<{ at: number; screen: string }> = [];
  let exitCode: number | undefined;
  let exitedAlone = false;
  try {
    tmux.start(PROJECT, 160, 40, {
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      ODDSBOARD_BASE_URL: server.url,
      ODDSBOARD_API_KEY: key,
    });
    tmux.recordOutput(raw);
    await tmux.run(`${process.execPath} ${CLI}; echo "EXIT=$?"`);
    // the service's schedule counts from its first request (however slowly the dashboard starts)
    const giveUpAt = Date.now() + 60_000;
    let faultAt = Number.POSITIVE_INFINITY;
    let endAt = Number.POSITIVE_INFINITY;
    for (;;) {
      const now = Date.now();
      const screen = tmux.capture();
      screens.push({ at: now, screen });
      if (/EXIT=\d+/.test(screen)) {
        exitedAlone = true;
        break;
      }
      if (!Number.isFinite(faultAt)) {
        const first = requestTimes(server.log())[0];
        if (first === undefined && now > giveUpAt) break;
        if (first !== undefined) {
          faultAt = first + t.afterS * 1000;
          endAt = faultAt + t.forS * 1000;
        }
      }
      const recovered = p.recoverMs > 0 && now > endAt && stateOf(screen) === 'online';
      const giveUp = endAt + Math.max(p.recoverMs, 2_000) * (t.untimed ? 3 : 1) + 3_000;
      if (now > giveUp || (recovered && now > endAt + 2_000)) break;
      await delay(250);
    }
    if (!/EXIT=\d+/.test(tmux.capture())) {
      tmux.keys('q');
      await tmux.waitFor('the dashboard to exit', (s) => /EXIT=\d+/.test(s), 10_000).catch(() => undefined);
    }
    const m = /EXIT=(\d+)/.exec(tmux.capture());
    exitCode = m ? Number(m[1]) : undefined;
    return judge(
      p,
      { screens, faultAt, endAt, exitCode, exitedAlone, raw: readText(raw), log: server.log(), key },
      { untimed: t.untimed === true },
    );
  } finally {
    tmux.kill();
    server.proc.kill('SIGTERM');
    rmSync(home, { recursive: true, force: true });
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

interface Observed {
  screens: Array<{ at: number; screen: string }>;
  faultAt: number;
  endAt: number;
  exitCode: number | undefined;
  /** The dashboard ended before it was asked to quit. */
  exitedAlone: boolean;
  raw: string;
  log: string;
  key: string;
}

/** The row's figures and verdict from what was seen. */
export function judge(p: DrillProfile, o: Observed, opts: { untimed?: boolean } = {}): DrillRow {
  const failures: string[] = [];
  const dashboard = o.screens.filter((s) => !/EXIT=\d+/.test(s.screen));
  const loaded = dashboard.findIndex((s) => rowCount(s.screen) >= 5);
  const after = loaded < 0 ? [] : dashboard.slice(loaded);
  const crashed = o.exitedAlone || o.exitCode !== 0;
  const keptData = loaded >= 0 && after.every((s) => rowCount(s.screen) >= 5);
  const during = after.filter((s) => s.at >= o.faultAt && s.at < o.endAt + 1_000);
  const expect = p.expect;
  const shownAt = during.find((s) =>
    typeof expect === 'string' ? stateOf(s.screen) === expect : expect.notice.test(s.screen),
  )?.at;
  const shownAfterMs = shownAt === undefined ? null : Math.max(0, shownAt - o.faultAt);
  const back = after.find((s) => s.at >= o.endAt && stateOf(s.screen) === 'online')?.at;
  const recoveredAfterMs = p.recoverMs === 0 ? 0 : back === undefined ? null : Math.max(0, back - o.endAt);
  const maxPer60s = maxInWindow(requestTimes(o.log));
  const foreign = foreignControls(o.raw);
  const seenKey = keySeen(o.raw, o.key) || o.screens.some((s) => keySeen(s.screen, o.key));
  if (crashed)
    failures.push(
      o.exitedAlone
        ? `ended by itself (exit code ${o.exitCode})`
        : `exit code ${o.exitCode ?? 'none (did not quit on q)'}`,
    );
  if (loaded < 0) failures.push('no market rows ever showed');
  else if (!keptData) failures.push('market rows went missing');
  if (shownAfterMs === null) failures.push(`${describeShown(p)} never showed during the fault`);
  else if (shownAfterMs > p.showMs && !opts.untimed)
    failures.push(`${describeShown(p)} showed only after ${(shownAfterMs / 1000).toFixed(1)} s`);
  if (recoveredAfterMs === null) failures.push('not back to ● online after the fault');
  else if (recoveredAfterMs > p.recoverMs && !opts.untimed)
    failures.push(`back online only after ${(recoveredAfterMs / 1000).toFixed(1)} s`);
  if (typeof expect === 'string' && expect !== 'online' && p.recoverMs === 0)
    failures.push('a state other than online must recover');
  if (p.chaos === 'none' && during.some((s) => stateOf(s.screen) !== 'online'))
    failures.push('left ● online without a fault');
  if (maxPer60s > KEY_LIMIT) failures.push(`${maxPer60s} requests in one 60 s window (limit ${KEY_LIMIT})`);
  if (foreign.length > 0)
    failures.push(
      `${foreign.length} raw control sequences reached the terminal: ${JSON.stringify(foreign.slice(0, 3))}`,
    );
  if (seenKey) failures.push('the API key showed');
  if (dashboard.some((s) => garbled(s.screen))) failures.push('NaN / undefined on screen');
  const moved = p.chaos === 'vanish' ? selectionMoved(after, o.faultAt) : true;
  if (!moved) failures.push('the selection did not move off the vanished market');
  return {
    profile: p.name,
    crashed,
    keptData,
    shown: shownAt === undefined ? '—' : describeShown(p),
    shownAfterMs,
    recoveredAfterMs,
    staleSeen: after.some((s) => staleCount(s.screen) > 0),
    maxPer60s,
    limit: KEY_LIMIT,
    foreignControls: foreign.length,
    keySeen: seenKey,
    pass: failures.length === 0,
    failures,
  };
}

function selectionMoved(screens: Array<{ at: number; screen: string }>, faultAt: number): boolean {
  const before = [...screens].reverse().find((s) => s.at < faultAt);
  const last = screens[screens.length - 1];
  if (!before || !last) return false;
  return selectedTitle(before.screen) !== selectedTitle(last.screen);
}
