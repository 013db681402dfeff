/**
 * Two dashboards on one state directory, each noticing the other's writes (fileChanges.ts, KeptFiles.pull): fs.watch
 * is a fake the test fires (the real one: fileChanges.test.ts, the tmux test), the clock a ManualClock. For
 * src/watch/pull*.test.ts.
 */
import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Market } from '../../src/api/types.js';
import { createOddsStore } from '../../src/store/store.js';
import type { AlertRule } from '../../src/store/watchTypes.js';
import { ManualClock } from '../../src/util/clock.js';
import type { Spawn } from '../../src/watch/effects.js';
import { PULL_DELAY_MS, type WatchDir } from '../../src/watch/fileChanges.js';
import { startWatcher } from '../../src/watch/index.js';
import { FILES, SAVE_DEBOUNCE_MS } from '../../src/watch/persist.js';
import { market } from './markets.js';

export const mkt = (id: string, status: Market['status'] = 'active'): Market => market(id, { status });

export function dirWatch() {
  const listeners: ((event: string, name: string | null) => void)[] = [];
  const watch: WatchDir = (_dir, listener) => {
    listeners.push(listener);
    return { close: () => {}, on: () => {} };
  };
  return { watch, written: (name: string) => listeners.forEach((l) => l('rename', name)) };
}

/** A spawn that starts nothing: each run's ODDSBOARD_ALERT_RULE and _TO, the child exiting a moment later. */
function fakeSpawn() {
  const runs: string[] = [];
  const spawn: Spawn = (_cmd, _args, opts) => {
    runs.push(`${opts.env?.ODDSBOARD_ALERT_RULE} ${opts.env?.ODDSBOARD_ALERT_TO}`);
    const child = Object.assign(new EventEmitter(), {
      kill: () => true,
      unref: () => undefined,
    }) as unknown as ChildProcess;
    queueMicrotask(() => child.emit('exit', 0, null));
    return child;
  };
  return { spawn, runs };
}

export function board(
  dir: string,
  clock: ManualClock,
  fs: ReturnType<typeof dirWatch>,
  alerts: AlertRule[] = [],
  command = false,
  /** The config file these alerts are from (a tag of its path: src/cli/alertConfig.ts configTag). */
  configTag?: string,
) {
  const store = createOddsStore({ mode: 'key', limit: 30 });
  const out: string[] = [];
  const fake = fakeSpawn();
  const watcher = startWatcher({
    store,
    clock,
    dir,
    alerts,
    bell: true,
    env: {},
    out: { write: (s: string) => out.push(s) },
    watchDir: fs.watch,
    ...(command ? { alertCommand: ['notify'], spawn: fake.spawn } : {}),
    ...(configTag ? { configTag } : {}),
  });
  const notices = () => store.getState().notices.map((n) => n.text);
  return { store, watcher, bells: () => out.filter((s) => s === '\x07').length, notices, runs: fake.runs };
}

/** A writes (its debounce), the file's event reaches B, B reads it a moment later. */
export function settle(clock: ManualClock, fs: ReturnType<typeof dirWatch>, ...names: string[]) {
  clock.advance(SAVE_DEBOUNCE_MS);
  for (const n of names) fs.written(n);
  clock.advance(PULL_DELAY_MS);
}

export const logged = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, FILES.log), 'utf8')) as { entries: { ruleId: string }[] }).entries;

/** A new state directory, one clock, one (fake) fs.watch. */
export function home() {
  return { dir: mkdtempSync(join(tmpdir(), 'oddsboard-pull-')), clock: new ManualClock(1_000), fs: dirWatch() };
}

/** Two dashboards on one new state directory; `command`: each with an alertCommand (a fake spawn: `runs`). */
export function two(command = false) {
  const { dir, clock, fs } = home();
  return { dir, clock, fs, a: board(dir, clock, fs, [], command), b: board(dir, clock, fs, [], command) };
}

/**
 * Both dashboards hold market m1 with their alerts checked, then each sees it close, `b` a moment (300 ms) after `a`:
 * before either's write reaches the other.
 */
export function bothSeeClose({ clock, a, b }: Pick<ReturnType<typeof two>, 'clock' | 'a' | 'b'>): void {
  for (const t of [a, b]) t.store.getState().listLoaded([mkt('m1')], clock.now());
  for (const t of [a, b]) t.store.getState().checkAlerts(clock.now());
  a.store.getState().marketLoaded(mkt('m1', 'closed'), clock.now());
  clock.advance(300); // b's own refresh, a moment later
  b.store.getState().marketLoaded(mkt('m1', 'closed'), clock.now());
}
