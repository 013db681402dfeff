/**
 * Requests asked for by something beside the screen's own data (issue #29: a market's candidates searched on another
 * venue, the books of a pair's two legs), sent as jobs in this venue's budget like `g`'s lookups (goTo.ts): each one
 * waits its turn among the interactive (or background) candidates, is sent once, and its answer or failure goes back
 * to whoever asked. Keyed: asking again for a key that waits replaces it (the one replaced is told: `dropped`); a
 * failure is not retried here (the asker decides), except a 429 or an outage, which the scheduler's usual handling
 * covers before the asker hears of it.
 */
import type { ApiError } from '../api/errors.js';
import type { ApiResult, CallOptions } from '../api/types.js';
import type { Job, SyncClient } from './jobs.js';
import type { Candidate } from './plan.js';

export interface ExtraRequest {
  /** What it is, for replacing a request that still waits (`search:kalshi:X`, `book:polymarket:Y`). */
  key: string;
  /** Interactive (a key was pressed) or background (a light refresh). */
  cls: 'interactive' | 'background';
  run(client: SyncClient, opts: CallOptions): Promise<ApiResult<unknown>>;
  /** Its answer, read at `now`; `sentAt`: when its request left (a market it carries goes through olderThanHeld). */
  answered(data: unknown, now: number, sentAt?: number): void;
  failed(e: ApiError, now: number): void;
  /**
   * It was let go unsent (replaced by a request of the same key, or the oldest background one beyond MAX_WAITING): its
   * answer will never come, so its asker need not wait for it (a pair's refresh is let go at once, pairRefresh.ts).
   */
  dropped?(now: number): void;
}

export type ExtraJob = Extract<Job, { kind: 'extra' }>;

/**
 * The share of a venue's background slots its background extras (the confirmed pairs' refresh) may take at most: one
 * every interval / share (docs/rate-budget.md § Confirmed pairs).
 */
export const BACKGROUND_EXTRA_SHARE = 0.2;

/**
 * Waiting extras at most: beyond it the oldest background one goes (the pair it refreshes is let go, pairRefresh.ts).
 * An interactive extra is never let go: a person asked and waits for its answer (`P`'s "searching…"), and there are
 * only as many as keys pressed, each replacing its own (docs/rate-budget.md § Confirmed pairs).
 */
export const MAX_WAITING = 32;

export class ExtraJobs {
  private readonly waiting = new Map<string, { req: ExtraRequest; readyAt: number }>();
  /** When the last background extra went out: the next one goes no sooner than the spacing after it. */
  private backgroundAt = Number.NEGATIVE_INFINITY;

  ask(req: ExtraRequest, now: number): void {
    const gone: ExtraRequest[] = [];
    const held = this.waiting.get(req.key);
    if (held && held.req !== req) gone.push(held.req);
    this.waiting.delete(req.key);
    this.waiting.set(req.key, { req, readyAt: now });
    for (const [key, w] of this.waiting) {
      if (this.waiting.size <= MAX_WAITING) break;
      if (w.req.cls !== 'background') continue;
      this.waiting.delete(key);
      gone.push(w.req);
    }
    // told once the queue is settled: whoever hears may ask again
    for (const g of gone) g.dropped?.(now);
  }

  /**
   * Every interactive extra waiting, and the oldest background one, ready no sooner than `interval` /
   * BACKGROUND_EXTRA_SHARE after the last background extra: the confirmed pairs' refresh took 47–52 of Kalshi's 60
   * requests a minute with 1,000 pairs (the list 4–6, the watched markets next to none), as background extras were
   * ready the moment they were asked and each send pushed the venue's own background slot back.
   */
  candidates(interval: number): Candidate[] {
    const out: Candidate[] = [];
    let background = false;
    for (const { req, readyAt } of this.waiting.values()) {
      if (req.cls === 'background' && background) continue;
      background ||= req.cls === 'background';
      const paced = req.cls === 'background' ? Math.ceil(this.backgroundAt + interval / BACKGROUND_EXTRA_SHARE) : 0;
      out.push({
        prio: req.cls === 'interactive' ? 3 : 4,
        cls: req.cls,
        readyAt: Math.max(readyAt, paced),
        take: (now): ExtraJob => {
          this.waiting.delete(req.key);
          if (req.cls === 'background') this.backgroundAt = now;
          return { kind: 'extra', cls: req.cls, req };
        },
      });
    }
    return out;
  }

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    this.backgroundAt += by;
    for (const w of this.waiting.values()) w.readyAt += by;
  }

  /** A passing failure (429, offline): asked again when the scheduler sends again, unless asked anew meanwhile. */
  requeue(job: ExtraJob, now: number): void {
    if (!this.waiting.has(job.req.key)) this.waiting.set(job.req.key, { req: job.req, readyAt: now });
  }
}

/** Failures that pass (a 429, an outage): the request is asked again and the scheduler's usual handling follows. */
const PASSING: ReadonlySet<ApiError['kind']> = new Set([
  'rate_limited',
  'unauthorized',
  'server',
  'timeout',
  'network',
]);

/** A failed extra request: for good, its asker hears of it (true: handled); a passing one waits again (false). */
export function extraFailed(extras: ExtraJobs, job: ExtraJob, e: ApiError, now: number): boolean {
  if (PASSING.has(e.kind)) {
    extras.requeue(job, now);
    return false;
  }
  job.req.failed(e, now);
  return true;
}
