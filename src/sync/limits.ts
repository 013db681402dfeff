import type { RateHeaders } from '../api/types.js';
import { ledgerUnusable } from '../ledger/open.js';
import { NO_LEDGER, tolerant, type SendLedger } from '../ledger/types.js';
import { Aimd } from './backoff.js';
import { Budget } from './budget.js';
import type { JobClass } from './jobs.js';
import type { ResolvedOptions } from './options.js';
import { ServerRate } from './serverRate.js';

/**
 * How many requests the client allows itself, per class, and when the next one
 * of a class may go: the own sliding-window budget, the reserves, the limit
 * lowered after a 429 (AIMD), what the server's rate headers say, and the
 * sends of other oddsboard processes on the same budget (the shared ledger).
 */
export class Limits {
  readonly budget: Budget;
  private readonly aimd: Aimd;
  private readonly server: ServerRate;

  /** A ledger that cannot be read or written at the moment leaves our own budget in charge (said once: `say`). */
  private readonly ledger: SendLedger;

  constructor(
    private readonly o: ResolvedOptions,
    ledger: SendLedger = NO_LEDGER,
    say: (text: string) => void = () => undefined,
  ) {
    let told = false;
    this.ledger = tolerant(ledger, (e) => {
      if (told) return;
      told = true;
      say(`the ${ledgerUnusable(ledger.path, e)}`);
    });
    ledger.listen?.(say);
    this.budget = new Budget(o.spanMs);
    this.aimd = new Aimd(o.limit, o.aimdFactor, o.aimdRecoverMs);
    // what other clients spent, seen in rate headers, excludes the processes the ledger already counts
    this.server = new ServerRate(
      this.budget,
      o.windowMs,
      (from, to) => this.others(to).filter((t) => t > from && t <= to).length,
    );
  }

  /** The wall clock was set back by -by (clockStep.ts), and reads `now`: the shared ledger's lines move too. */
  shift(by: number, now: number): void {
    this.budget.shift(by);
    this.aimd.shift(by);
    this.server.shift(by);
    this.ledger.stepBack?.(by, now);
  }

  /**
   * The wall clock was set ahead by `by`, and reads `now`: the own sends move with it, still in the service's window
   * (else the whole limit was free again on top of them), and so do the shared ledger's lines (`stepAhead`: else each
   * process counted only its own, and two dashboards put 42 sends into a minute at a limit of 30). A machine that
   * slept looks the same to the steady clock (it stops during sleep): its sends then count up to one window longer
   * than they had to.
   */
  ahead(by: number, now: number): void {
    this.budget.shift(by);
    this.ledger.stepAhead?.(by, now);
  }

  /** Other processes' sends in the window (none without a shared ledger). */
  others(now: number): readonly number[] {
    return this.ledger.others(now);
  }

  /**
   * The limit we allow ourselves now: the mode's limit (or a lower one the server announced),
   * minus what other clients on the same bucket were seen spending, lowered after a 429 (AIMD).
   */
  effective(now: number): number {
    return Math.max(1, Math.min(this.aimd.value(now), this.aimd.getCeiling() - this.server.othersPeak(now)));
  }

  reserve(cls: JobClass): number {
    return cls === 'quote' ? 0 : cls === 'interactive' ? this.o.reserveInteractive : this.o.reserveBackground;
  }

  /** Sends a class may have in the window: quotes may use all of it, the others leave their reserve free. */
  allowed(cls: JobClass, now: number): number {
    return Math.max(1, this.effective(now) - this.reserve(cls));
  }

  /** Background spacing: the background share of the window, spread evenly. */
  interval(now: number): number {
    return this.o.spanMs / this.allowed('background', now);
  }

  /**
   * Earliest time ≥ now at which a request of this class fits our budget with the other processes' sends, and the
   * server's last word.
   */
  slotAt(cls: JobClass, now: number): number {
    const paused = this.ledger.pausedUntil(now) ?? now;
    return Math.max(
      this.budget.nextSlotAt(now, this.allowed(cls, now), this.others(now)),
      this.server.allowedAt(now, this.reserve(cls)),
      paused,
    );
  }

  /**
   * When what the header shows about the budget changes next without a send: one of our sends
   * leaves the window, or a cut limit grows back. The pump wakes then, so the counts decay
   * during a long pause instead of freezing at their last value.
   */
  nextChangeAt(now: number): number | undefined {
    const expiry = this.budget.nextExpiryAt(now);
    const grow = this.aimd.nextChangeAt(now);
    if (expiry === undefined) return grow;
    return grow === undefined ? expiry : Math.min(expiry, grow);
  }

  /**
   * Takes a slot for a send now: claimed in the shared ledger (atomically, against every
   * process's sends), then recorded as ours. Returns the send's sequence number, or when to
   * try again if another process took the slot first.
   */
  claim(cls: JobClass, now: number): { seq: number } | { retryAt: number } {
    const claim = this.ledger.claim(now, this.allowed(cls, now));
    if (!claim.ok) return { retryAt: Math.max(now + 1, claim.retryAt) };
    this.budget.record(now);
    return { seq: this.budget.total };
  }

  /** A 429's wait, told to the other processes on the same budget. */
  sharePause(until: number, now: number): void {
    this.ledger.pause(until, now);
  }

  /** When to look at the ledger again for other processes' sends (undefined: no one else shares it). */
  pollAt(now: number): number | undefined {
    return this.ledger.pollMs === undefined ? undefined : now + this.ledger.pollMs;
  }

  noteRate(rate: RateHeaders, at: number, seq: number, ok: boolean): void {
    this.server.update(rate, at, seq, this.o.spanMs / this.o.limit);
    if (ok) this.server.observeShare(rate, at);
    const lim = rate.limit;
    const windowOk = rate.windowMs === undefined || Math.abs(rate.windowMs - this.o.windowMs) <= 1_000;
    if (typeof lim === 'number' && Number.isInteger(lim) && lim >= 1 && windowOk)
      this.aimd.setCeiling(Math.min(this.o.limit, lim), at);
  }

  /** An unexpected 429: cut the own limit once per episode; later 429s of the episode restart the slow climb. */
  rateLimited(now: number, firstOfEpisode: boolean): void {
    if (firstOfEpisode) this.aimd.decrease(now);
    else this.aimd.hold(now);
  }
}
