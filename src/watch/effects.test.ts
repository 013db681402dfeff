import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { createOddsStore } from '../store/store.js';
import { ManualClock } from '../util/clock.js';
import type { AlertFired } from '../store/watchTypes.js';
import { AlertEffects, BEL, commandEnv, type Spawn } from './effects.js';
import { waitFor } from '../../test/support/wait.js';

const mkt = (id: string, status: Market['status'], extra: Partial<Market> = {}): Market => ({
  id,
  title: `Market \x1b[31m${id}`,
  status,
  outcomes: [
    { name: 'Yes', price: 0.6 },
    { name: 'No', price: 0.4 },
  ],
  raw: {},
  ...extra,
});

/** A store watching m1, effects attached; `fire` makes m1's status change (one alert). */
function setup(o: { bell?: boolean; command?: string[]; timeoutMs?: number; restored?: AlertFired[] } = {}) {
  const clock = new ManualClock(Date.UTC(2026, 0, 5));
  const store = createOddsStore({ mode: 'key', limit: 30 });
  if (o.restored) store.getState().restoreWatch({ log: o.restored });
  store.getState().listLoaded([mkt('m1', 'active')], clock.now());
  store.getState().toggleWatch('m1', clock.now());
  const out: string[] = [];
  const children: ChildProcess[] = [];
  const spy: Spawn = (cmd, args, opts) => {
    const c = spawn(cmd, args, opts);
    children.push(c);
    return c;
  };
  const fx = new AlertEffects({
    store,
    clock,
    out: { write: (s: string) => out.push(s) },
    bell: o.bell ?? true,
    env: { PATH: process.env.PATH, ODDSBOARD_API_KEY: 'sk-secret-key', ODDSBOARD_ALERT_TEXT: 'stale', KEEP: 'me' },
    ...(o.command ? { command: o.command } : {}),
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
    spawn: spy,
  });
  fx.start();
  const statuses: Market['status'][] = ['closed', 'settling', 'resolved'];
  let n = 0;
  const fire = () =>
    store.getState().marketLoaded(mkt('m1', statuses[n++ % 3]!, { resolvedOutcome: 'No' }), clock.now());
  const exited = (c: ChildProcess) =>
    new Promise<void>((r) =>
      c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => setImmediate(r)),
    );
  const warnings = () =>
    store
      .getState()
      .notices.filter((x) => x.level === 'warn')
      .map((x) => x.text);
  return { store, clock, out, children, fire, exited, warnings, fx };
}

const node = process.execPath;
const readText = (f: string) => {
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return '';
  }
};
/** Whether a process runs (signal 0 only asks). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('when an alert fires', () => {
  it('BEL goes to the terminal once per moment; never with the bell off; never for what an earlier run logged', () => {
    const a = setup();
    a.fire();
    expect(a.out).toEqual([BEL]);
    // a second batch within the second is the same moment: one BEL for both
    a.clock.advance(500);
    a.fire();
    expect(a.store.getState().alerts.log).toHaveLength(2);
    expect(a.out).toEqual([BEL]);
    a.clock.advance(2000);
    a.fire();
    expect(a.out).toEqual([BEL, BEL]);
    const quiet = setup({ bell: false });
    quiet.fire();
    expect(quiet.store.getState().alerts.log).toHaveLength(1);
    expect(quiet.out).toEqual([]);
    // a log restored from the file rang in its own session: only what fires now rings
    const b = setup({ restored: a.store.getState().alerts.log });
    expect(b.store.getState().alerts.log).toHaveLength(3);
    expect(b.out).toEqual([]);
    b.fire();
    expect(b.store.getState().alerts.log[0]!.seq).toBe(4);
    expect(b.out).toEqual([BEL]);
  });

  it('alertCommand runs without a shell, with the alert in ODDSBOARD_ALERT_* and without the API key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-cmd-'));
    const file = join(dir, 'env.json');
    const script = join(dir, 'dump.mjs');
    writeFileSync(
      script,
      'import { writeFileSync } from "node:fs"; writeFileSync(process.argv[2], JSON.stringify({ argv: ' +
        'process.argv.slice(3), env: process.env }));',
    );
    const a = setup({ command: [node, script, file, '$HOME; echo not-a-shell', '*'] });
    a.fire();
    await a.exited(a.children[0]!);
    const got = JSON.parse(readFileSync(file, 'utf8')) as { argv: string[]; env: Record<string, string> };
    expect(got.argv).toEqual(['$HOME; echo not-a-shell', '*']);
    expect(got.env.ODDSBOARD_API_KEY).toBeUndefined();
    expect(got.env.KEEP).toBe('me');
    expect(got.env).toMatchObject({
      ODDSBOARD_ALERT_SEQ: '1',
      ODDSBOARD_ALERT_AT: '2026-01-05T00:00:00.000Z',
      ODDSBOARD_ALERT_RULE: 'watch:m1',
      ODDSBOARD_ALERT_SOURCE: 'watch',
      ODDSBOARD_ALERT_KIND: 'status',
      ODDSBOARD_ALERT_MARKET_ID: 'm1',
      ODDSBOARD_ALERT_TITLE: 'Market m1',
      ODDSBOARD_ALERT_FROM: 'active',
      ODDSBOARD_ALERT_TO: 'closed',
      ODDSBOARD_ALERT_TEXT: '“Market m1” closed',
    });
    expect(a.warnings()).toEqual([]);
  });

  it('a failure is a notice, never fatal: cannot start, non-zero exit, too slow; one at a time per alert', async () => {
    const missing = setup({ command: ['/nonexistent/oddsboard-notify'] });
    missing.fire();
    await waitFor(() => missing.warnings().length > 0, 'the spawn error');
    const said = [
      'alertCommand for “Market m1” could not start: /nonexistent/oddsboard-notify was not found (ENOENT); ' +
        'fix alertCommand in the config file (said once; alerts still show here and in A)',
    ];
    expect(missing.warnings()).toEqual(said);
    expect(missing.fx.active).toBe(0);
    // the next alert tries again, but the same problem is not said again: the alert keeps the notice line
    missing.fire();
    await waitFor(() => missing.fx.active === 0, 'the second start to fail');
    await new Promise((r) => setImmediate(r));
    expect(missing.warnings()).toEqual(said);
    expect(missing.store.getState().notices.at(-1)).toMatchObject({ level: 'alert' });

    const failing = setup({ command: [node, '-e', 'process.exit(3)'] });
    failing.fire();
    await failing.exited(failing.children[0]!);
    const failed = ['alertCommand for “Market m1” failed (exit code 3) (said once while it fails so)'];
    expect(failing.warnings()).toEqual(failed);
    // failing the same way at the next alert: not said again, the alert keeps the notice line
    failing.fire();
    await failing.exited(failing.children[1]!);
    expect(failing.warnings()).toEqual(failed);
    expect(failing.store.getState().notices.at(-1)).toMatchObject({ level: 'alert' });

    const slow = setup({ command: [node, '-e', 'setInterval(() => {}, 1000)'], timeoutMs: 5_000 });
    slow.fire();
    slow.fire(); // the first is still running: this one is not started
    expect(slow.children).toHaveLength(1);
    expect(slow.warnings()).toEqual([
      'alertCommand for “Market m1” not run: the previous one for this alert is still running',
    ]);
    slow.clock.advance(5_000);
    await slow.exited(slow.children[0]!);
    expect(slow.warnings().at(-1)).toBe(
      'alertCommand for “Market m1” took longer than 5 s and was stopped (said once while it fails so)',
    );
    expect(slow.fx.active).toBe(0);
  });

  it('a command stopped after the timeout is stopped with what it started (its process group)', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'oddsboard-fx-')), 'pid');
    const slow = setup({ command: ['/bin/sh', '-c', `sleep 60 & echo $! > ${pidFile}; wait`], timeoutMs: 5_000 });
    slow.fire();
    await waitFor(() => readText(pidFile).endsWith('\n'), 'the script to start its sleep');
    const sleeper = Number(readText(pidFile));
    expect(alive(sleeper)).toBe(true);
    slow.clock.advance(5_000);
    await slow.exited(slow.children[0]!);
    await waitFor(() => !alive(sleeper), 'the sleep the script started to be stopped too');
    expect(slow.warnings().at(-1)).toBe(
      'alertCommand for “Market m1” took longer than 5 s and was stopped (said once while it fails so)',
    );
  });

  it('on a board of several venues the venue is named, in its own variable and first in the text', () => {
    const resolved: AlertFired = {
      seq: 9,
      at: 0,
      ruleId: 'watch:kalshi:KXFED-H0',
      source: 'watch',
      kind: 'status',
      marketId: 'kalshi:KXFED-H0',
      title: 'Fed holds',
      from: 'active',
      to: 'resolved',
      winner: 'Yes',
      text: '“Fed holds” resolved: Yes',
    };
    expect(commandEnv({}, resolved, 'kalshi')).toMatchObject({
      ODDSBOARD_ALERT_VENUE: 'kalshi',
      ODDSBOARD_ALERT_TEXT: 'Kalshi: “Fed holds” resolved: Yes',
      ODDSBOARD_ALERT_TITLE: 'Fed holds',
    });
    // one venue alone: as before, no venue
    expect(commandEnv({}, resolved).ODDSBOARD_ALERT_VENUE).toBeUndefined();
    expect(commandEnv({}, resolved).ODDSBOARD_ALERT_TEXT).toBe('“Fed holds” resolved: Yes');
  });

  it('the environment drops the key and stale alert variables, keeps the rest', () => {
    const env = commandEnv(
      { ODDSBOARD_API_KEY: 'k', ODDSBOARD_ALERT_WINNER: 'old', HOME: '/h' },
      {
        seq: 4,
        at: 0,
        ruleId: 'r',
        source: 'config',
        kind: 'above',
        marketId: 'm\n1',
        title: 't',
        outcome: 'Yes',
        price: 0.715,
        text: 'x',
      },
    );
    expect(env).toEqual({
      HOME: '/h',
      ODDSBOARD_ALERT_SEQ: '4',
      ODDSBOARD_ALERT_AT: '1970-01-01T00:00:00.000Z',
      ODDSBOARD_ALERT_RULE: 'r',
      ODDSBOARD_ALERT_SOURCE: 'config',
      ODDSBOARD_ALERT_KIND: 'above',
      ODDSBOARD_ALERT_MARKET_ID: 'm 1',
      ODDSBOARD_ALERT_TITLE: 't',
      ODDSBOARD_ALERT_TEXT: 'x',
      ODDSBOARD_ALERT_OUTCOME: 'Yes',
      ODDSBOARD_ALERT_PRICE: '71.5',
    });
  });
});

describe('alertCommand variables of the P&L and gap kinds', () => {
  it('a P&L entry gives its venue, P&L, currency, paper and end; a gap entry its pair, gap and size', () => {
    const base = { seq: 3, at: 0, source: 'form' as const, marketId: 'kalshi:K1', title: 'T', text: 't' };
    const pnl: AlertFired = {
      ...base,
      ruleId: 'p1',
      kind: 'pnlAbove',
      venue: 'kalshi',
      pnl: 5.2,
      currency: 'USD',
      paper: false,
      ended: 'settled',
    };
    expect(commandEnv({}, pnl)).toMatchObject({
      ODDSBOARD_ALERT_KIND: 'pnlAbove',
      ODDSBOARD_ALERT_VENUE: 'kalshi',
      ODDSBOARD_ALERT_PNL: '5.20',
      ODDSBOARD_ALERT_CURRENCY: 'USD',
      ODDSBOARD_ALERT_PAPER: '0',
      ODDSBOARD_ALERT_ENDED: 'settled',
    });
    const gap: AlertFired = { ...base, ruleId: 'g1', kind: 'gap', pairId: 'polymarket:1', gapCents: 12.5, size: 100 };
    expect(commandEnv({}, gap)).toMatchObject({
      ODDSBOARD_ALERT_KIND: 'gap',
      ODDSBOARD_ALERT_PAIR_ID: 'polymarket:1',
      ODDSBOARD_ALERT_GAP: '12.5',
      ODDSBOARD_ALERT_SIZE: '100',
    });
  });
});
