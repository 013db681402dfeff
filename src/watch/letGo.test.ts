import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOddsStore } from '../store/store.js';
import { ManualClock } from '../util/clock.js';
import { AlertEffects } from './effects.js';
import type { Spawn } from './letGo.js';
import { market } from '../../test/support/markets.js';
import { waitFor } from '../../test/support/wait.js';

const readText = (f: string) => {
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return '';
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const left: number[] = [];
afterEach(() => {
  for (const pid of left.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** A store watching m1 with effects that wait for the log's write; m1 closes (one alert told, its command waiting). */
function toldBeforeQuit(command: string[], timeoutMs: number) {
  const clock = new ManualClock(Date.UTC(2026, 0, 5));
  const store = createOddsStore({ mode: 'key', limit: 30 });
  store.getState().listLoaded([market('m1')], clock.now());
  store.getState().toggleWatch('m1', clock.now());
  const started: ChildProcess[] = [];
  const spy: Spawn = (cmd, args, opts) => {
    const c = spawn(cmd, args, opts);
    started.push(c);
    return c;
  };
  const env = { PATH: process.env.PATH };
  const effects = new AlertEffects({
    store,
    clock,
    out: { write: () => true },
    bell: false,
    env,
    command,
    timeoutMs,
    spawn: spy,
    afterLogWrite: true,
  });
  effects.start();
  store.getState().marketLoaded(market('m1', { status: 'closed' }), clock.now());
  return { effects, started };
}

describe('a command let go as the dashboard quits', () => {
  it('is stopped with what it started after the command timeout, though the dashboard is gone', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'oddsboard-letgo-')), 'pid');
    const hang = ['/bin/sh', '-c', `sleep 60 & echo $! > ${pidFile}; wait`];
    const { effects, started } = toldBeforeQuit(hang, 300);
    expect(started).toHaveLength(0); // it waits for the log's write
    effects.stop(); // the dashboard quits: the command starts, let go
    expect(started).toHaveLength(1);
    await waitFor(() => readText(pidFile).endsWith('\n'), 'the let-go script to start its sleep');
    const sleeper = Number(readText(pidFile));
    left.push(sleeper);
    // the quitting dashboard watches nothing more: its watchdog stops the group at the timeout
    await waitFor(() => !alive(sleeper), 'the hung command (and its sleep) to be stopped by its watchdog');
  });
});
