/**
 * The one notion of time every layer uses. Production code gets `systemClock`;
 * tests and the budget benchmark get a `ManualClock` they advance by hand, so
 * nothing waits in real time.
 */
export type TimerHandle = { readonly id: number };

export interface Clock {
  now(): number;
  /**
   * A clock that only moves forward at the rate of time (performance.now: no NTP step, no clock set by hand moves it):
   * the sync tells a step of `now()` from time passing by it (clockStep.ts). Optional: without it a step forward is
   * not seen, and a step back only as a time before one already read.
   */
  steady?(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

/**
 * The time a record takes that must come after `prior` (a decision on a pair after the one it replaces, a paper trade
 * after its position's latest): `now`, or just after `prior` when that one is not older — made before a step back of
 * the wall clock. Such records keep their times in the files, which order them by time (docs/rate-budget.md § Clock
 * steps): stamped `now`, the later one would read as the earlier.
 */
export const stampAfter = (prior: number | undefined, now: number): number =>
  prior !== undefined && prior >= now ? prior + 1 : now;

let nextSystemId = 1;

/**
 * The longest delay a Node timer takes (2^31 − 1 ms, about 24.8 days): a longer one — a bad time from a file or a
 * server — is set to 1 ms with a TimeoutOverflowWarning, and a loop waiting on it spins. Longer waits are cut to
 * this; whoever waits looks again when it fires.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay Node's setTimeout takes as asked: at least 0, at most MAX_TIMER_MS (NaN: 0). */
export const timerDelay = (ms: number): number => (Number.isNaN(ms) ? 0 : Math.min(MAX_TIMER_MS, Math.max(0, ms)));

/**
 * systemClock's handle carries the Node timer itself, so nothing but the
 * caller holds it: once it has fired or been cleared and the caller lets go
 * of the handle, it is garbage. (A map from id to timer, emptied only by
 * clearTimeout, kept every timer that fired for as long as the process ran.)
 */
interface SystemTimer extends TimerHandle {
  readonly timeout: ReturnType<typeof globalThis.setTimeout>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  steady: () => performance.now(),
  setTimeout(fn, ms): SystemTimer {
    return { id: nextSystemId++, timeout: globalThis.setTimeout(fn, timerDelay(ms)) };
  },
  clearTimeout(handle) {
    // a handle from another clock (no Node timer in it) is ignored
    const timeout = (handle as Partial<SystemTimer> | undefined)?.timeout;
    if (timeout !== undefined) globalThis.clearTimeout(timeout);
  },
};

interface ManualTimer {
  id: number;
  at: number;
  seq: number;
  fn: () => void;
}

/**
 * A virtual clock: time moves only when `advance`/`advanceTo`/`runNext` is called. `step` sets the wall clock (`now`)
 * back or ahead without moving time (`steady`), as an NTP step or a person does: timers fire after their delays, as
 * Node's do (they run on the monotonic clock).
 */
export class ManualClock implements Clock {
  /** Steady time; `now()` is it plus the wall clock's steps. */
  private t: number;
  private wallOffset = 0;
  private seq = 0;
  private nextId = 1;
  private timers = new Map<number, ManualTimer>();

  constructor(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.t = start;
  }

  now(): number {
    return this.t + this.wallOffset;
  }

  steady(): number {
    return this.t;
  }

  /** The wall clock is set `ms` ahead (negative: back); no time passes, no timer runs. */
  step(ms: number): void {
    this.wallOffset += ms;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    const delay = Number.isFinite(ms) ? Math.max(0, ms) : 0;
    this.timers.set(id, { id, at: this.t + delay, seq: this.seq++, fn });
    return { id };
  }

  clearTimeout(handle: TimerHandle | undefined): void {
    if (handle) this.timers.delete(handle.id);
  }

  /** Number of timers still scheduled. */
  pending(): number {
    return this.timers.size;
  }

  private earliest(): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    for (const timer of this.timers.values())
      if (!best || timer.at < best.at || (timer.at === best.at && timer.seq < best.seq)) best = timer;
    return best;
  }

  /** When (on `now()`'s clock) the earliest timer is due, or undefined when none is scheduled. */
  nextDueAt(): number | undefined {
    const best = this.earliest();
    return best === undefined ? undefined : best.at + this.wallOffset;
  }

  /** Move to the earliest timer (never backwards), run it, return true; false when none. */
  runNext(): boolean {
    const best = this.earliest();
    if (!best) return false;
    this.timers.delete(best.id);
    if (best.at > this.t) this.t = best.at;
    best.fn();
    return true;
  }

  /** Run every timer due up to `target` (on `now()`'s clock), in order, then set the time to `target`. */
  advanceTo(target: number): void {
    for (;;) {
      const due = this.nextDueAt();
      if (due === undefined || due > target) break;
      this.runNext();
    }
    if (target > this.now()) this.t = target - this.wallOffset;
  }

  advance(ms: number): void {
    this.advanceTo(this.now() + ms);
  }

  /**
   * The process stopped for `ms` (SIGSTOP, Ctrl-Z) and running again: the time moves on with no timer run, then every
   * timer due by then runs, late, at the new time — as Node runs its due timers before it reads any I/O.
   */
  stall(ms: number): void {
    this.t += Math.max(0, ms);
    this.advanceTo(this.now());
  }
}
