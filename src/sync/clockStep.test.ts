/**
 * A wall clock set back or ahead (an NTP step, a person fixing the clock, a VM restored) while the dashboard runs: the
 * sync schedules on the wall clock, so after a step back every time it keeps was in its future and the background
 * waited for the clock to catch up (0 requests in two minutes after a step back of an hour; clamping the last send
 * alone brought the lists back and starved the selected market's detail). A step is now seen against the steady clock
 * (clockStep.ts) and every kept time moves with it.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../sources/caps.js';
import type { SourceCaps } from '../sources/types.js';
import { ManualClock } from '../util/clock.js';
import { sampleCount, unpack } from '../store/samples.js';
import { limitOnce, maxInWindow, rig, runningRig, type Rig } from '../../test/support/syncHarness.js';
import { STEP_MS, stepAware } from './clockStep.js';

const CAPS: SourceCaps = { ...PUBLIC_CAPS, book: true, history: false, batch: 100, events: true };
const MIN = 60_000;
const HOUR = 60 * MIN;

function warmRig(): Rig {
  const r = rig({ limit: 60, platform: true, caps: CAPS, mode: 'kalshi' });
  r.client.handler = (c) =>
    c.method === 'getBook'
      ? { data: { marketId: 'm1', outcome: 'Yes', bids: [], asks: [], raw: null }, status: 200 }
      : undefined;
  r.sync.start();
  return r;
}

/** The requests from the `from`-th on, by method. */
function mix(r: Rig, from: number) {
  const calls = r.client.calls.slice(from);
  const count = (m: string, id?: string) =>
    calls.filter((c) => c.method === m && (id === undefined || c.args[0] === id)).length;
  return { all: calls.length, lists: count('listMarkets'), detail: count('getMarket', 'm1'), book: count('getBook') };
}

/** Each request's time on the steady clock, as it is made: the service's windows do not move with the wall clock. */
function steadyTimes(r: Rig): number[] {
  const times: number[] = [];
  const answer = r.client.handler;
  r.client.handler = (c) => (times.push(r.clock.steady()), answer(c));
  return times;
}

describe('a wall clock stepped while the dashboard runs', () => {
  for (const [what, step] of [
    ['back an hour', -HOUR],
    ['ahead an hour', HOUR],
    ['back 20 s', -20_000],
  ] as const) {
    it(`${what}: lists, the selected market's detail and book within a few slots; never over the limit`, async () => {
      const r = warmRig();
      const sent = steadyTimes(r);
      await r.run(3 * MIN);
      const before = mix(
        r,
        r.client.calls.findIndex((c) => c.at >= r.clock.now() - MIN),
      );
      expect(before.lists).toBeGreaterThan(5);
      expect(before.detail).toBeGreaterThan(2);
      expect(before.book).toBeGreaterThan(2);
      r.clock.step(step);
      const at = r.client.calls.length;
      // within a few slots (1 s each at 60/min): a list, the detail and the book
      await r.run(15_000);
      const soon = mix(r, at);
      expect(soon.lists).toBeGreaterThanOrEqual(1);
      expect(soon.detail).toBeGreaterThanOrEqual(1);
      expect(soon.book).toBeGreaterThanOrEqual(1);
      await r.run(2 * MIN - 15_000);
      const after = mix(r, at);
      // the usual mix, two minutes' worth
      expect(after.all).toBeGreaterThan(1.6 * before.all);
      expect(after.lists).toBeGreaterThan(1.5 * before.lists);
      expect(after.detail).toBeGreaterThan(1.5 * before.detail);
      expect(after.book).toBeGreaterThan(1.5 * before.book);
      // counted on the steady clock (the service's), never more than the limit in any 60 s
      expect(maxInWindow(sent, 60_000)).toBeLessThanOrEqual(60);
      // the data's ages are sensible again: nothing stamped in the future, nothing older than a minute
      const st = r.store.getState();
      const now = r.clock.now();
      expect(st.list.loadedAt).toBeLessThanOrEqual(now);
      expect(now - st.list.loadedAt!).toBeLessThan(MIN);
      expect(now - st.markets.m1!.detailAt!).toBeLessThan(MIN);
      expect(st.connection.status).toBe('online');
    });
  }
});

describe('a wall clock set back during a pause', () => {
  it('a 429’s Retry-After of 30 s still ends 30 s later, not an hour and 30 s', async () => {
    const r = warmRig();
    await r.run(MIN);
    const limit = limitOnce(r.client, 30_000);
    await r.run(2_000);
    expect(limit.used).toBe(true);
    expect(r.store.getState().connection.status).toBe('rate_limited');
    const n = r.client.calls.length;
    r.clock.step(-HOUR);
    await r.run(20_000);
    expect(r.client.calls.length).toBe(n);
    await r.run(20_000);
    expect(r.client.calls.length).toBeGreaterThan(n + 5);
    expect(r.store.getState().connection.status).toBe('online');
  });
});

describe('a quote after a step back', () => {
  it('⏎ on the same form 5 s later asks again, where it read "current" for as long as the step', async () => {
    const r = await runningRig(1_000, { limit: 10 });
    const form = { outcome: 'Yes', amount: '25', action: 'buy' as const };
    r.sync.editQuote('m1', form);
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(1);
    r.clock.step(-HOUR);
    await r.run(6_000);
    expect(r.sync.submitQuote('m1')).toBe('sent');
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(2);
  });
});

describe('a wall clock set ahead while a person browses', () => {
  it('the minute before the step still counts: never more than the limit in any 60 s of the service', async () => {
    const r = rig({ limit: 10 });
    const sent = steadyTimes(r);
    r.sync.start();
    const browse = async (ms: number) => {
      for (let t = 0; t < ms; t += 500) {
        r.sync.select(`m${1 + ((t / 500) % 6)}`);
        await r.run(500);
      }
    };
    await browse(2 * MIN);
    r.clock.step(HOUR);
    await browse(MIN);
    expect(sent.length).toBeGreaterThan(25);
    expect(maxInWindow(sent, 60_000)).toBeLessThanOrEqual(10);
  });
});

describe('stepAware', () => {
  it('without a steady clock, sees a step back as a time before the latest read, and moves what is kept as far', () => {
    let wall = 100_000;
    const steps: number[] = [];
    const clock = { now: () => wall, setTimeout: () => ({ id: 0 }), clearTimeout: () => undefined };
    const r = rig();
    const aware = stepAware(clock, r.store, () => [{ shift: (by) => steps.push(by) }]);
    expect(aware.now()).toBe(100_000);
    wall = 160_000;
    expect(aware.now()).toBe(160_000);
    wall = 40_000;
    expect(aware.now()).toBe(40_000);
    expect(steps).toEqual([-120_000]);
    wall = 41_000;
    aware.now();
    expect(steps).toEqual([-120_000]);
  });

  it('with one, tells a step from time passing, and a step of less than STEP_MS from none', () => {
    const clock = new ManualClock(0);
    const back: number[] = [];
    const ahead: number[] = [];
    const r = rig();
    const aware = stepAware(clock, r.store, () => [{ shift: (by) => back.push(by), ahead: (by) => ahead.push(by) }]);
    aware.now();
    clock.advance(10 * MIN);
    clock.step(STEP_MS - 1);
    aware.now();
    clock.step(-HOUR);
    clock.advance(5_000);
    aware.now();
    clock.step(HOUR);
    aware.now();
    expect(back).toEqual([-HOUR]);
    expect(ahead).toEqual([HOUR]);
  });

  it('moves the store’s stamps back with the clock, so no age reads from the future', async () => {
    const r = warmRig();
    await r.run(MIN);
    const st = r.store.getState();
    const [list, detail, book] = [st.list.loadedAt!, st.markets.m1!.detailAt!, st.books.m1!.at];
    const firstSeen = st.markets.m1!.firstSeenAt;
    const change = { id: 'm2', title: 'M2', from: 'active', to: 'closed', at: r.clock.now() - 5_000 } as const;
    r.store.setState({ transitions: [change] });
    r.clock.step(-HOUR);
    r.sync.select('m1'); // the sync reads its clock
    const moved = r.store.getState();
    expect([moved.list.loadedAt, moved.markets.m1!.detailAt, moved.books.m1!.at]).toEqual([
      list - HOUR,
      detail - HOUR,
      book - HOUR,
    ]);
    expect(moved.transitions).toEqual([{ ...change, at: change.at - HOUR }]);
    // read by nothing on screen today; kept out of the clock's future all the same, as every stamp of a market
    expect(moved.markets.m1!.firstSeenAt).toBe(firstSeen - HOUR);
  });

  it('keeps the price history growing after a step back (it took no sample for as long as the step)', async () => {
    const r = warmRig();
    await r.run(3 * MIN);
    const samples = () => sampleCount(r.store.getState().history.m1!.samples);
    const n = samples();
    expect(n).toBeGreaterThanOrEqual(3);
    r.clock.step(-HOUR);
    await r.run(3 * MIN);
    // a sample a minute of an unchanged price, as before the step
    expect(samples()).toBeGreaterThanOrEqual(n + 2);
    const times = unpack(r.store.getState().history.m1!.samples).map((x) => x.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(r.clock.now());
  });
});
