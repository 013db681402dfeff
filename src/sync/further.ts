/**
 * Every HTTP request a slot (docs/rate-budget.md § One request a job): the pump claims a job's slot before the job
 * starts, which pays for its first request; a job that sends more (Kalshi's events scan, Manifold's history of an
 * answer not read yet, Polymarket's closed markets after the open ones, a cursor walked) claims one slot more before
 * each further request, through `CallOptions.beforeSend`. A further send waits here until the budget has a slot for
 * the job's class and the connection is not paused; the pump serves these first, as a job under way holds a flight.
 */
import type { CallOptions } from '../api/types.js';
import type { Health } from './health.js';
import type { JobClass } from './jobs.js';
import type { Limits } from './limits.js';

interface Waiter {
  cls: JobClass;
  go: () => void;
}

export class FurtherSends {
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly limits: Pick<Limits, 'slotAt' | 'claim'>,
    private readonly health: Pick<Health, 'pausedUntil' | 'sent'>,
    private readonly pump: () => void,
  ) {}

  /**
   * The call options of a job whose first request's slot is claimed: each later request claims its own, and has the
   * job's whole timeout (`rearm`) from when it goes out, as the first had.
   */
  options(cls: JobClass, signal: AbortSignal, rearm: () => void): CallOptions & { signal: AbortSignal } {
    let first = true;
    const beforeSend = (): Promise<void> => {
      if (first) {
        first = false;
        return Promise.resolve();
      }
      if (signal.aborted) return Promise.reject(signal.reason as Error);
      return new Promise<void>((go, stop) => {
        const w: Waiter = { cls, go };
        // dropped unsent when the job is let go (a timeout, a query replaced, the sync stopped)
        const drop = () => {
          const i = this.waiting.indexOf(w);
          if (i >= 0) this.waiting.splice(i, 1);
          stop(signal.reason as Error);
        };
        w.go = () => {
          signal.removeEventListener('abort', drop);
          rearm();
          go();
        };
        signal.addEventListener('abort', drop, { once: true });
        this.waiting.push(w);
        queueMicrotask(this.pump);
      });
    };
    return { signal, beforeSend };
  }

  /** Lets out the further sends that fit now, in order; returns when to look again (undefined: none waits). */
  serve(now: number): number | undefined {
    while (this.waiting.length > 0) {
      const w = this.waiting[0]!;
      const at = Math.max(now, this.health.pausedUntil() ?? now, this.limits.slotAt(w.cls, now));
      if (at > now) return at;
      const slot = this.limits.claim(w.cls, now);
      if ('retryAt' in slot) return slot.retryAt;
      this.health.sent(now);
      this.waiting.shift();
      w.go();
    }
    return undefined;
  }
}
