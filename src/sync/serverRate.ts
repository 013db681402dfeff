import type { RateHeaders } from '../api/types.js';
import type { Budget } from './budget.js';

/**
 * What the server's rate headers last told us, turned into an estimate of the
 * shared bucket now: the remaining count it announced, minus what we sent since,
 * plus what of ours has left the window since. Other clients' sends are not
 * visible, so the estimate is only trusted until the announced reset (or one
 * window at most); without headers it never holds anything back.
 */
export class ServerRate {
  private remaining: number | undefined;
  private at = 0;
  private validUntil = 0;
  /** Our sends counted before the answer (the request's own sequence number). */
  private seq = 0;

  /** How many of the bucket's requests were not ours, as seen in recent answers (newest last). */
  private others: Array<{ at: number; n: number }> = [];

  constructor(
    private readonly budget: Budget,
    private readonly windowMs: number,
    /** Sends of our other processes in (from, to], known from the shared ledger. */
    private readonly known: (from: number, to: number) => number = () => 0,
  ) {}

  /**
   * From a successful answer's `limit` and `remaining`: the bucket's use minus our own
   * sends (this process's and, through the ledger, our other processes') in the server's
   * window is what other clients on the same IP / key spend.
   */
  observeShare(rate: RateHeaders | undefined, at: number): void {
    if (!rate || typeof rate.limit !== 'number' || typeof rate.remaining !== 'number') return;
    if (!Number.isFinite(rate.limit) || !Number.isFinite(rate.remaining) || rate.remaining > rate.limit) return;
    const ours = this.budget.sentBetween(at - this.windowMs, at) + this.known(at - this.windowMs, at);
    const n = Math.max(0, Math.floor(rate.limit - rate.remaining) - ours);
    this.others.push({ at, n });
    this.prune(at);
  }

  /**
   * The most other clients spent in any answer of the window before `now` (0 when nobody else showed up). Changes
   * nothing: the scheduler asks about times ahead too (the next background slot, minutes away), and such a question
   * must not drop what was seen (only an answer, at its time, prunes).
   */
  othersPeak(now: number): number {
    let peak = 0;
    for (const o of this.others) if (o.at > now - this.windowMs) peak = Math.max(peak, o.n);
    return peak;
  }

  private prune(now: number): void {
    let i = 0;
    while (i < this.others.length && this.others[i]!.at <= now - this.windowMs) i++;
    if (i > 0) this.others.splice(0, i);
    if (this.others.length > 256) this.others.splice(0, this.others.length - 256);
  }

  update(rate: RateHeaders | undefined, at: number, sentSeq: number, slotMs: number): void {
    if (!rate || typeof rate.remaining !== 'number' || !Number.isFinite(rate.remaining) || rate.remaining < 0) return;
    const reset =
      typeof rate.resetMs === 'number' && Number.isFinite(rate.resetMs) && rate.resetMs >= 0 ? rate.resetMs : slotMs;
    this.remaining = Math.floor(rate.remaining);
    this.at = at;
    this.seq = sentSeq;
    this.validUntil = at + Math.min(reset, this.budget.spanMs);
  }

  /** Estimated remaining requests in the server's bucket, or undefined when we know nothing current. */
  estimate(now: number): number | undefined {
    if (this.remaining === undefined || now >= this.validUntil) return undefined;
    const sentSince = Math.max(0, this.budget.total - this.seq);
    const span = this.budget.spanMs;
    const expiredSince = this.budget.sentBetween(this.at - span, now - span);
    return this.remaining - sentSince + expiredSince;
  }

  /** Earliest time ≥ now at which the estimate lets a request through that must leave `reserve` slots free. */
  allowedAt(now: number, reserve: number): number {
    const est = this.estimate(now);
    if (est === undefined || est > reserve) return now;
    const expiry = this.budget.nextExpiryAt(now);
    return expiry !== undefined && expiry > now ? Math.min(expiry, this.validUntil) : this.validUntil;
  }

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    this.at += by;
    this.validUntil += by;
    for (const o of this.others) o.at += by;
  }

  clear(): void {
    this.remaining = undefined;
    this.others = [];
  }
}
