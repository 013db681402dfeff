/**
 * Sliding-window rate limiter: per identity, the timestamps of the requests it
 * accepted in the last `windowMs`. A request is accepted when fewer than
 * `limit` remain in the window; rejected requests are not recorded.
 *
 * Headers (IETF draft-ietf-httpapi-ratelimit-headers, combined-field style):
 *   RateLimit-Policy: 10;w=60
 *   RateLimit: limit=10, remaining=7, reset=42
 * `reset` = whole seconds (ceil) until the oldest request in the window expires,
 * i.e. until `remaining` grows again (0 when the window is empty).
 * On 429 also `Retry-After` = the same number of seconds, at least 1.
 *
 * Memory stays bounded: identities whose window is empty are pruned in a sweep
 * run at most once per window.
 */
import type { Clock } from '../util/clock.js';

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a slot frees up (ceil; 0 when the window is empty). */
  resetSeconds: number;
  /** Set only when rejected: seconds to wait, ≥ 1. */
  retryAfterSeconds?: number;
}

export class SlidingWindowLimiter {
  private readonly windows = new Map<string, number[]>();
  private lastSweep: number;

  constructor(
    private readonly clock: Clock,
    readonly windowMs: number,
  ) {
    this.lastSweep = clock.now();
  }

  /** Count a request for `identity` against `limit` if there is room. */
  take(identity: string, limit: number): LimitDecision {
    const now = this.clock.now();
    this.sweep(now);
    let stamps = this.windows.get(identity);
    if (stamps) prune(stamps, now - this.windowMs);
    const used = stamps?.length ?? 0;
    if (used >= limit) {
      const wait = this.secondsUntilFree(stamps, now);
      return { allowed: false, limit, remaining: 0, resetSeconds: wait, retryAfterSeconds: Math.max(1, wait) };
    }
    if (!stamps) {
      stamps = [];
      this.windows.set(identity, stamps);
    }
    stamps.push(now);
    return { allowed: true, limit, remaining: limit - stamps.length, resetSeconds: this.secondsUntilFree(stamps, now) };
  }

  /** Number of identities currently held (for the memory-bound test). */
  size(): number {
    return this.windows.size;
  }

  private secondsUntilFree(stamps: number[] | undefined, now: number): number {
    const oldest = stamps?.[0];
    if (oldest === undefined) return 0;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [id, stamps] of this.windows) {
      prune(stamps, now - this.windowMs);
      if (stamps.length === 0) this.windows.delete(id);
    }
  }
}

/** Drop timestamps at or before `cutoff` (they are sorted ascending). */
function prune(stamps: number[], cutoff: number): void {
  let k = 0;
  while (k < stamps.length && (stamps[k] ?? 0) <= cutoff) k++;
  if (k > 0) stamps.splice(0, k);
}

export function rateHeaders(d: LimitDecision, windowMs: number): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${d.limit};w=${Math.max(1, Math.round(windowMs / 1000))}`,
    RateLimit: `limit=${d.limit}, remaining=${d.remaining}, reset=${d.resetSeconds}`,
  };
  if (d.retryAfterSeconds !== undefined) headers['Retry-After'] = String(d.retryAfterSeconds);
  return headers;
}
