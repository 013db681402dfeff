import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeClient, maxInWindow } from '../../test/support/syncHarness.js';
import { FileLedger } from '../ledger/file.js';
import { MemoryLedger } from '../ledger/memory.js';
import type { SendLedger } from '../ledger/types.js';
import { createOddsStore, type OddsStore } from '../store/store.js';
import { ManualClock } from '../util/clock.js';
import { createSync } from './index.js';
import type { RateAwareSync } from './types.js';

/**
 * Several oddsboard processes on one budget, on one virtual clock: schedulers
 * (dashboards) and plain claimers (one-shot commands) share a ledger, and the
 * window invariant holds for all of them together.
 */
interface Process {
  client: FakeClient;
  store: OddsStore;
  sync: RateAwareSync;
}

function dashboard(
  clock: ManualClock,
  limit: number,
  ledger: SendLedger | undefined,
  onLedgerProblem?: (text: string) => void,
): Process {
  const client = new FakeClient(clock);
  const store = createOddsStore({ mode: limit === 30 ? 'key' : 'anon', limit });
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sync = createSync({
    client,
    store,
    clock,
    limit,
    random,
    ...(ledger ? { ledger } : {}),
    ...(onLedgerProblem ? { onLedgerProblem } : {}),
  });
  return { client, store, sync };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

async function runFor(clock: ManualClock, ms: number): Promise<void> {
  const target = clock.now() + ms;
  await flush();
  for (;;) {
    const due = clock.nextDueAt();
    if (due === undefined || due > target) break;
    clock.runNext();
    await flush();
  }
  clock.advanceTo(target);
  await flush();
}

describe('one budget for every process', () => {
  it('two dashboards and a polling script never put more than the limit into any window together', async () => {
    const clock = new ManualClock(0);
    const shared = new MemoryLedger();
    const a = dashboard(clock, 30, shared.view('a', 1_000));
    const b = dashboard(clock, 30, shared.view('b', 1_000));
    const script = shared.view('script');
    const scriptSends: number[] = [];
    // a one-shot command every 700 ms, taking a slot whenever one is free (leaving the dashboards' quote slot)
    const poll = () => {
      if (script.claim(clock.now(), 29).ok) scriptSends.push(clock.now());
      clock.setTimeout(poll, 700);
    };
    poll();
    a.sync.start();
    b.sync.start();
    // interactive work on both: selections and quotes now and then
    for (let minute = 0; minute < 6; minute++) {
      await runFor(clock, 20_000);
      a.sync.select('m2');
      b.sync.editQuote('m1', { outcome: 'Yes', amount: '5', action: 'buy' });
      await runFor(clock, 40_000);
    }
    const all = [...a.client.calls.map((c) => c.at), ...b.client.calls.map((c) => c.at), ...scriptSends];
    expect(maxInWindow(all)).toBeLessThanOrEqual(30);
    // everyone got a share, and each dashboard's header counts the others
    expect(a.client.calls.length).toBeGreaterThan(10);
    expect(b.client.calls.length).toBeGreaterThan(10);
    expect(scriptSends.length).toBeGreaterThan(10);
    expect(a.store.getState().rate.othersInWindow).toBeGreaterThan(0);
    expect(a.store.getState().rate.usedInWindow + a.store.getState().rate.othersInWindow).toBeLessThanOrEqual(30);
    await a.sync.stop();
    await b.sync.stop();
  });

  it('a dashboard restarted within the minute counts the previous run’s sends', async () => {
    for (const withLedger of [true, false]) {
      const clock = new ManualClock(0);
      const shared = new MemoryLedger();
      const first = dashboard(clock, 10, withLedger ? shared.view('run1', 1_000) : undefined);
      first.sync.start();
      await runFor(clock, 50_000);
      await first.sync.stop();
      const second = dashboard(clock, 10, withLedger ? shared.view('run2', 1_000) : undefined);
      second.sync.start();
      await runFor(clock, 120_000);
      await second.sync.stop();
      const all = [...first.client.calls.map((c) => c.at), ...second.client.calls.map((c) => c.at)];
      if (withLedger) expect(maxInWindow(all)).toBeLessThanOrEqual(10);
      // without the ledger the second run starts with a fresh window and overshoots: what the ledger is for
      else expect(maxInWindow(all)).toBeGreaterThan(10);
    }
  });

  it('a wall clock set back an hour: each process still counts the others’ sends of the minute before', async () => {
    const HOUR = 3_600_000;
    const clock = new ManualClock();
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    const [a, b] = ['a', 'b'].map((proc) => dashboard(clock, 30, new FileLedger(path, { proc, pollMs: 1_000 })));
    a!.sync.start();
    b!.sync.start();
    await runFor(clock, 90_000);
    const before = [a!, b!].map((p) => p.client.calls.length);
    clock.step(-HOUR);
    await runFor(clock, 1_000);
    // the header: the other process’s sends of the minute, as before the step (it read +0)
    expect(a!.store.getState().rate.othersInWindow).toBeGreaterThan(5);
    await runFor(clock, 90_000);
    // the service's windows run on its own clock: the sends after the step as they were, an hour later on the wall
    const real = [a!, b!].flatMap((p, i) => p.client.calls.map((c, n) => (n < before[i]! ? c.at : c.at + HOUR)));
    // it put 42 into one minute of the service at a limit of 30: each counted only its own
    expect(maxInWindow(real)).toBeLessThanOrEqual(30);
    await a!.sync.stop();
    await b!.sync.stop();
  });

  it('a wall clock set ahead an hour: each process still counts the others’ sends of the minute before', async () => {
    const HOUR = 3_600_000;
    const clock = new ManualClock();
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    const [a, b] = ['a', 'b'].map((proc) => dashboard(clock, 30, new FileLedger(path, { proc, pollMs: 1_000 })));
    a!.sync.start();
    b!.sync.start();
    await runFor(clock, 90_000);
    const before = [a!, b!].map((p) => p.client.calls.length);
    clock.step(HOUR);
    await runFor(clock, 1_000);
    // the header: the other process’s sends of the minute, as before the step (they looked an hour old: +0)
    expect(a!.store.getState().rate.othersInWindow).toBeGreaterThan(5);
    await runFor(clock, 90_000);
    // the service's windows run on its own clock: the sends after the step as they were, an hour earlier on the wall
    const real = [a!, b!].flatMap((p, i) => p.client.calls.map((c, n) => (n < before[i]! ? c.at : c.at - HOUR)));
    // each counted only its own sends of the minute before the step: the limit was free again for the other's
    expect(maxInWindow(real)).toBeLessThanOrEqual(30);
    await a!.sync.stop();
    await b!.sync.stop();
  });

  it('a 429 seen by one process holds back the others until its wait is over', async () => {
    const clock = new ManualClock(0);
    const shared = new MemoryLedger();
    const a = dashboard(clock, 30, shared.view('a', 1_000));
    shared.view('script').pause(45_000, 0);
    a.sync.start();
    await runFor(clock, 44_000);
    expect(a.client.calls).toHaveLength(0);
    await runFor(clock, 2_000);
    expect(a.client.calls.length).toBeGreaterThan(0);
    await a.sync.stop();
  });

  it('a ledger that cannot be written is said once; what it ignored as from the future too', async () => {
    const clock = new ManualClock(0);
    const eperm = Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    let onNotice: ((text: string) => void) | undefined;
    const readOnly: SendLedger = {
      path: '/home/ann/.local/state/oddsboard/budget-1.ledger',
      others: () => [],
      pausedUntil: () => undefined,
      claim: () => {
        onNotice?.('the ledger held entries from the future'); // a file ledger says it once itself (file.test.ts)
        onNotice = undefined;
        throw eperm;
      },
      pause: () => undefined,
      pollMs: 1_000,
      listen: (fn) => (onNotice = fn),
    };
    const said: string[] = [];
    const a = dashboard(clock, 10, readOnly, (text) => said.push(text));
    a.sync.start();
    await runFor(clock, 2 * 60_000);
    expect(a.client.calls.length).toBeGreaterThan(5); // every claim failed, each send went out all the same
    expect(said).toEqual([
      'the ledger held entries from the future',
      // it named no file and no fix
      'the rate ledger /home/ann/.local/state/oddsboard/budget-1.ledger cannot be used (EPERM): it or its directory ' +
        'is not writable: check the permissions; this process counts only its own requests',
    ]);
    await a.sync.stop();
  });

  it('a ledger that fails leaves the own budget in charge', async () => {
    const clock = new ManualClock(0);
    const broken: SendLedger = {
      others: () => {
        throw new Error('EIO');
      },
      pausedUntil: () => {
        throw new Error('EIO');
      },
      claim: () => {
        throw new Error('EIO');
      },
      pause: () => {
        throw new Error('EIO');
      },
      pollMs: 1_000,
    };
    const a = dashboard(clock, 10, broken);
    a.sync.start();
    await runFor(clock, 5 * 60_000);
    const times = a.client.calls.map((c) => c.at);
    expect(times.length).toBeGreaterThan(30);
    expect(maxInWindow(times)).toBeLessThanOrEqual(10);
    await a.sync.stop();
  });
});
