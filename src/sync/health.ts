import type { ApiError } from '../api/errors.js';
import { fullJitter, rateLimitWait } from './backoff.js';
import type { Limits } from './limits.js';
import type { ResolvedOptions } from './options.js';

/** Why nothing goes out for now: a 429, no answer, a failing answer, or a rejected key (probing). */
export type PauseReason = 'rate_limited' | 'offline' | 'server' | 'auth';

export interface HealthView {
  /** Nothing goes out before this (during 'auth': the next probe). */
  pausedUntil: number | undefined;
  reason: PauseReason | undefined;
  last429At: number | undefined;
  total429: number;
}

/**
 * The connection's health as the scheduler sees it: failures in a row, the
 * pause they called for and why, the 429 tally, and the probing of a rejected
 * key. Outcome handling reports what happened through the named methods; the
 * pump asks `pausedUntil()` before it sends anything.
 *
 * - a failure that is not a 429 pauses with full jitter, never longer than
 *   `backoff.probeCapMs`: the first good answer after an outage comes within it;
 * - a 429 pauses for Retry-After (or the rate headers' reset), else with full
 *   jitter up to `backoff.capMs`, and cuts the own limit (AIMD, in Limits);
 * - a 401 pauses everything but a probe: the first `authProbeFirstMs` later,
 *   doubling up to `authProbeMaxMs`, and at once on `r`. It never falls back to
 *   anonymous access; a probe that gets data resumes everything.
 */
export class Health {
  private consecutive429 = 0;
  private consecutiveFailures = 0;
  private authFailures = 0;
  /** When the key was last rejected. */
  private authRejectedAt = Number.NEGATIVE_INFINITY;
  private until: number | undefined;
  private why: PauseReason | undefined;
  private total429 = 0;
  private last429At: number | undefined;

  constructor(
    private readonly o: ResolvedOptions,
    private readonly limits: Limits,
  ) {}

  /** The wall clock was set back by -by (clockStep.ts): a pause lasts as long as it was to. */
  shift(by: number): void {
    this.authRejectedAt += by;
    if (this.until !== undefined) this.until += by;
    if (this.last429At !== undefined) this.last429At += by;
  }

  /** The server answered this request for itself (data, or a 404/409/410/423 about one resource): all is well. */
  answered(): void {
    this.consecutive429 = 0;
    this.consecutiveFailures = 0;
    this.authFailures = 0;
    this.authRejectedAt = Number.NEGATIVE_INFINITY;
    this.until = undefined;
    this.why = undefined;
  }

  /**
   * Another route answered while the shown view's list keeps failing (routeTrouble.ts): the server is there (a run of
   * 429s or a rejected key is over), but the list's failures in a row and its pause stand: its tries keep spacing out.
   */
  answeredBeside(): void {
    this.consecutive429 = 0;
    this.authFailures = 0;
    this.authRejectedAt = Number.NEGATIVE_INFINITY;
    if (this.why === 'rate_limited' || this.why === 'auth') {
      this.until = undefined;
      this.why = undefined;
    }
  }

  /** Our query was refused (400): not the connection's fault, no pause; a run of 429s is over. */
  refused(): void {
    this.consecutive429 = 0;
  }

  /**
   * A request that was on the wire when a 429 or a rejected key paused everything (it left no later than that answer
   * came) failed while that pause holds: its failure says nothing new, and must not rename the pause — `offline` would
   * let `r` send into a 429's pause, and the header would call a rate-limited venue offline (pauseReason.test.ts).
   */
  heldBy(now: number, sentAt: number): boolean {
    if (this.why === 'auth') return sentAt <= this.authRejectedAt;
    if (this.why !== 'rate_limited' || this.until === undefined || this.until <= now) return false;
    return this.last429At !== undefined && sentAt <= this.last429At;
  }

  /** No answer (network, timeout) or a failing one (5xx, a body that cannot be read): pause briefly and try again. */
  failed(reason: 'offline' | 'server', now: number): void {
    this.consecutiveFailures++;
    const { baseMs, probeCapMs } = this.o.backoff;
    this.pause(now + fullJitter(this.consecutiveFailures, this.o.random, { baseMs, capMs: probeCapMs }), reason);
  }

  /**
   * 429: everything waits (the bucket is shared: our other processes are told through the ledger), and the own
   * limit is cut once per episode.
   */
  rateLimited(e: ApiError, now: number): void {
    this.total429++;
    this.last429At = now;
    this.consecutive429++;
    this.limits.rateLimited(now, this.consecutive429 === 1);
    const until = now + rateLimitWait(this.consecutive429, e.retryAfterMs, e.rate, this.o.random, this.o.backoff);
    this.pause(until, 'rate_limited');
    this.limits.sharePause(until, now);
  }

  /**
   * 401: nothing goes out until the next probe. A request that left before the last rejection
   * (on the wire at the time) says nothing new: the probes do not space out for it.
   */
  authFailed(now: number, sentAt: number): void {
    if (!(this.why === 'auth' && sentAt <= this.authRejectedAt)) this.authFailures++;
    this.authRejectedAt = now;
    this.pause(now + this.probeWait(), 'auth');
  }

  /** A request went out. While the key is rejected it is the probe: the next one waits a whole probe interval. */
  sent(now: number): void {
    if (this.why === 'auth') this.until = Math.max(this.until ?? 0, now + this.probeWait());
  }

  /**
   * A person asked for a refresh during a pause: a rejected key or a failing
   * server is tried once at once; a 429's pause is kept (another client may be
   * spending the shared bucket). Returns the pause that still holds, if any.
   */
  tryNow(now: number): { until: number; reason: PauseReason } | undefined {
    if (this.until === undefined || this.until <= now || this.why === undefined) return undefined;
    if (this.why === 'rate_limited') return { until: this.until, reason: this.why };
    this.until = now;
    return undefined;
  }

  /** Nothing may go out before this (undefined: no pause). */
  pausedUntil(): number | undefined {
    return this.until;
  }

  view(now: number): HealthView {
    const active = this.until !== undefined && (this.until > now || this.why === 'auth');
    return {
      pausedUntil: active ? this.until : undefined,
      reason: active ? this.why : undefined,
      last429At: this.last429At,
      total429: this.total429,
    };
  }

  private probeWait(): number {
    return Math.min(
      this.o.authProbeMaxMs,
      this.o.authProbeFirstMs * 2 ** Math.min(Math.max(0, this.authFailures - 1), 30),
    );
  }

  private pause(until: number, reason: PauseReason): void {
    this.until = Math.max(this.until ?? 0, until);
    this.why = reason;
  }
}
