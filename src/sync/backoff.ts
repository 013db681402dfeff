import type { RateHeaders } from '../api/types.js';

export interface BackoffOptions {
  /** First backoff ceiling (default 2 s). */
  baseMs: number;
  /** Largest backoff ceiling after a 429 without a hint (default 2 min). */
  capMs: number;
  /**
   * Largest backoff ceiling after a failure that is not a 429 (network, timeout, 5xx, a bad body; default 10 s):
   * the server did not say it is overloaded, so the next try is never far away, and the first good answer
   * after an outage comes within this long. Each try is one request, sent within the budget like any other.
   */
  probeCapMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, capMs: 120_000, probeCapMs: 10_000 };

/** Never wait longer than this, whatever a server asks for (a bad header must not freeze the app for days). */
export const MAX_SERVER_WAIT_MS = 15 * 60_000;
/** The smallest wait after a failure, so a zero draw of the jitter does not hammer a failing server. */
export const MIN_BACKOFF_MS = 250;

/** Exponential backoff with full jitter: uniform in [0, min(cap, base·2^(attempt-1))), at least MIN_BACKOFF_MS. */
export function fullJitter(
  attempt: number,
  random: () => number,
  opts: Pick<BackoffOptions, 'baseMs' | 'capMs'> = DEFAULT_BACKOFF,
): number {
  const n = Math.max(1, Math.floor(attempt));
  const ceiling = Math.min(opts.capMs, opts.baseMs * 2 ** Math.min(n - 1, 30));
  const r = random();
  const u = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0.5;
  return Math.max(MIN_BACKOFF_MS, Math.floor(u * ceiling));
}

/** A finite, non-negative wait from the server, clamped; undefined when unusable. */
export function serverWait(ms: number | undefined): number | undefined {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return undefined;
  return Math.min(ms, MAX_SERVER_WAIT_MS);
}

/** How long to pause after the `consecutive`-th 429 in a row: never more than MAX_SERVER_WAIT_MS. */
export function rateLimitWait(
  consecutive: number,
  retryAfterMs: number | undefined,
  rate: RateHeaders | undefined,
  random: () => number,
  opts: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const hinted = serverWait(retryAfterMs) ?? (rate?.remaining === 0 ? serverWait(rate.resetMs) : undefined);
  if (hinted !== undefined) {
    // Honour the hint; when it already failed us once in a row, add jitter so we do not collide with whoever took the
    // slot — within the cap, which is a cap: a hint at the cap (clamped from more) draws its jitter below it instead.
    if (consecutive <= 1) return hinted;
    const jitter = fullJitter(consecutive - 1, random, opts);
    return hinted >= MAX_SERVER_WAIT_MS ? MAX_SERVER_WAIT_MS - jitter : Math.min(hinted + jitter, MAX_SERVER_WAIT_MS);
  }
  return fullJitter(consecutive, random, opts);
}

/** A cut limit is back at its ceiling after this many clean `recoverMs` periods. */
export const AIMD_RECOVER_STEPS = 3;

/**
 * Additive increase, multiplicative decrease of the limit the client allows itself.
 * After an unexpected 429 the limit drops to `factor` of itself; it grows back in
 * equal steps every `recoverMs` without another 429, reaching the ceiling after
 * AIMD_RECOVER_STEPS of them (30 → 21 → 24 → 27 → 30: three minutes, not nine,
 * once a competing client has stopped).
 */
export class Aimd {
  private floorValue: number;
  private since: number | undefined;

  constructor(
    private ceiling: number,
    private readonly factor = 0.7,
    private readonly recoverMs = 60_000,
  ) {
    this.floorValue = ceiling;
  }

  /**
   * The allowed limit at `now`, changing nothing: the scheduler asks about times ahead too (when the next background
   * slot may go, minutes away), and such a question must not end the episode at the time it is asked.
   */
  value(now: number): number {
    if (this.since === undefined) return this.ceiling;
    const grown = this.floorValue + this.step() * Math.floor(Math.max(0, now - this.since) / this.recoverMs);
    return Math.min(grown, this.ceiling);
  }

  /** A climb that reached the ceiling by `now` is over (only where the limit is changed, at the present time). */
  private settle(now: number): void {
    if (this.since !== undefined && this.value(now) >= this.ceiling) {
      this.since = undefined;
      this.floorValue = this.ceiling;
    }
  }

  /** How much the limit grows per clean period. */
  private step(): number {
    return Math.max(1, Math.ceil((this.ceiling - this.floorValue) / AIMD_RECOVER_STEPS));
  }

  /** When value() changes next without another 429 (undefined at the ceiling). */
  nextChangeAt(now: number): number | undefined {
    if (this.since === undefined || this.value(now) >= this.ceiling) return undefined;
    return this.since + (Math.floor(Math.max(0, now - this.since) / this.recoverMs) + 1) * this.recoverMs;
  }

  /** The wall clock was set back by -by (clockStep.ts): the clean minutes count on. */
  shift(by: number): void {
    if (this.since !== undefined) this.since += by;
  }

  decrease(now: number): number {
    this.settle(now);
    const current = this.value(now);
    this.floorValue = Math.max(1, Math.floor(current * this.factor));
    this.since = now;
    return this.floorValue;
  }

  /** Another 429 in the same episode: no further cut, but the slow climb starts over from now. */
  hold(now: number): void {
    this.settle(now);
    if (this.since === undefined) return;
    this.since = now;
  }

  /** A server-announced limit lower than ours becomes the ceiling (never raised above the configured one). */
  setCeiling(ceiling: number, now: number): void {
    this.settle(now);
    const current = this.value(now);
    this.ceiling = Math.max(1, Math.floor(ceiling));
    if (current > this.ceiling) {
      this.floorValue = this.ceiling;
      this.since = undefined;
    }
  }

  getCeiling(): number {
    return this.ceiling;
  }
}
