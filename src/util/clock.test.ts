import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock, MAX_TIMER_MS, systemClock } from './clock.js';

/** V8's `gc()` without --expose-gc on the command line: the flag set at run time, `gc` from a fresh context. */
function forcedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('systemClock', () => {
  it('cuts a delay Node cannot take to the longest it can, instead of firing every millisecond', () => {
    const delays: unknown[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((_fn: () => void, ms: number) => {
      delays.push(ms);
      return 0 as unknown as NodeJS.Timeout;
    }) as typeof setTimeout);
    try {
      systemClock.setTimeout(() => undefined, 4_102_444_800_000 - 1_700_000_000_000);
      systemClock.setTimeout(() => undefined, Number.POSITIVE_INFINITY);
      systemClock.setTimeout(() => undefined, Number.NaN);
      systemClock.setTimeout(() => undefined, -5);
    } finally {
      spy.mockRestore();
    }
    expect(delays).toEqual([MAX_TIMER_MS, MAX_TIMER_MS, 0, 0]);
  });

  it('holds nothing of a timer once it has fired', async () => {
    const gc = forcedGc();
    const N = 300;
    const refs: Array<WeakRef<() => void>> = [];
    let fired = 0;
    for (let i = 0; i < N; i++) {
      // each timer its own closure: alive only as long as something holds the Node timer that runs it
      const fn = () => {
        fired += i >= 0 ? 1 : 0;
      };
      refs.push(new WeakRef(fn));
      systemClock.setTimeout(fn, 0);
    }
    // timers of the same delay run in the order they were set: this one runs after all of them
    await new Promise<void>((resolve) => systemClock.setTimeout(resolve, 0));
    expect(fired).toBe(N);
    await tick();
    gc();
    await tick();
    gc();
    // node's own timer code keeps the last timer it ran (as with the global setTimeout): one, however many ran
    expect(refs.filter((r) => r.deref() !== undefined).length).toBeLessThanOrEqual(1);
  });

  it('holds nothing of a timer once it has been cleared', async () => {
    const gc = forcedGc();
    const refs: Array<WeakRef<() => void>> = [];
    let fired = 0;
    for (let i = 0; i < 100; i++) {
      const fn = () => {
        fired += 1;
      };
      refs.push(new WeakRef(fn));
      systemClock.clearTimeout(systemClock.setTimeout(fn, 60_000));
    }
    await tick();
    gc();
    await tick();
    gc();
    expect(fired).toBe(0);
    // node's own timer code keeps the last timer cleared (as with the global clearTimeout): one, however many were set
    expect(refs.filter((r) => r.deref() !== undefined).length).toBeLessThanOrEqual(1);
  });

  it('runs a timer that is not cleared, and not one that is', async () => {
    const ran: string[] = [];
    const cleared = systemClock.setTimeout(() => ran.push('cleared'), 0);
    systemClock.setTimeout(() => ran.push('kept'), 0);
    systemClock.clearTimeout(cleared);
    systemClock.clearTimeout(undefined);
    // a handle from another clock is ignored, not an error
    systemClock.clearTimeout(new ManualClock().setTimeout(() => undefined, 0));
    await new Promise<void>((resolve) => systemClock.setTimeout(resolve, 0));
    expect(ran).toEqual(['kept']);
  });
});

describe('ManualClock', () => {
  it('steps its wall clock back or ahead as NTP does: no time passes, timers fire after their delays', () => {
    const clock = new ManualClock(1_000_000);
    const ran: number[] = [];
    clock.setTimeout(() => ran.push(clock.now()), 5_000);
    clock.step(-3_600_000);
    expect(clock.now()).toBe(1_000_000 - 3_600_000);
    expect(clock.steady()).toBe(1_000_000);
    expect(clock.nextDueAt()).toBe(1_005_000 - 3_600_000);
    clock.advance(5_000);
    expect(ran).toEqual([1_005_000 - 3_600_000]);
    clock.step(7_200_000);
    clock.setTimeout(() => ran.push(clock.steady()), 1_000);
    clock.advance(999);
    expect(ran).toHaveLength(1);
    clock.advance(1);
    expect(ran).toEqual([1_005_000 - 3_600_000, 1_006_000]);
    expect(clock.now()).toBe(1_006_000 + 3_600_000);
  });
});
