/**
 * The client's own sliding-window budget: the timestamps of the requests it
 * sent. `count(now)` is how many fall in the last `spanMs`; a request of a class
 * that may use `allowed` slots goes out only while `count < allowed`. The span
 * is the server's window plus a small margin, so clock skew and latency between
 * us and the server never make two sends look closer than they were.
 */
export class Budget {
  private sends: number[] = [];
  private totalSends = 0;

  constructor(readonly spanMs: number) {}

  /** Record one send at `at` (callers send in time order). */
  record(at: number): void {
    this.setBack(at);
    this.totalSends++;
    this.sends.push(at);
    this.prune(at);
  }

  /**
   * Keeps two spans of history: enough to tell which of our sends left the window since a server answer. Only a send
   * prunes, at its own time: the scheduler asks the reads about times ahead too, and such a question must not drop
   * sends still in the window now.
   */
  private prune(now: number): void {
    let i = 0;
    while (i < this.sends.length && this.sends[i]! <= now - 2 * this.spanMs) i++;
    if (i > 0) this.sends.splice(0, i);
  }

  /** Sends in the window (now - span, now]. */
  count(now: number): number {
    this.setBack(now);
    let n = 0;
    for (let i = 0; i < this.sends.length; i++) if (this.inSpan(this.sends[i]!, now)) n++;
    return n;
  }

  /** Sends with timestamp in (from, to]. */
  sentBetween(from: number, to: number): number {
    let n = 0;
    for (const t of this.sends) if (t > from && t <= to) n++;
    return n;
  }

  /**
   * Earliest time ≥ now at which fewer than `allowed` sends are in the window — ours and
   * `others` (other processes' sends on the same budget, ascending). Asked for every candidate of every scheduling
   * pass: it counts and walks both lists in place, no array made (a merged copy of both windows was, each time).
   */
  nextSlotAt(now: number, allowed: number, others: readonly number[] = []): number {
    this.setBack(now);
    const from = now - this.spanMs;
    let n = this.count(now);
    for (let j = 0; j < others.length; j++) if (others[j]! > from) n++;
    const need = Math.max(1, allowed);
    if (n < need) return now;
    // the (n - allowed + 1)-th oldest send must leave the window: the (n - need)-th of both windows merged
    const t = this.mergedAt(now, others, n - need);
    return t === undefined ? now : Math.max(now, t + this.spanMs);
  }

  /** When the oldest send in the window leaves it, or undefined when the window is empty. */
  nextExpiryAt(now: number): number | undefined {
    this.setBack(now);
    for (const t of this.sends) if (this.inSpan(t, now)) return t + this.spanMs;
    return undefined;
  }

  private inSpan(t: number, now: number): boolean {
    return t > now - this.spanMs && t <= now;
  }

  /** The k-th (from 0) of our sends in the window and `others` after now − span, merged as `merge` does. */
  private mergedAt(now: number, others: readonly number[], k: number): number | undefined {
    const from = now - this.spanMs;
    const a = this.sends;
    let i = 0;
    let j = 0;
    for (let seen = 0; ; seen++) {
      while (i < a.length && !this.inSpan(a[i]!, now)) i++;
      while (j < others.length && !(others[j]! > from)) j++;
      if (i >= a.length && j >= others.length) break;
      const t = j >= others.length || (i < a.length && a[i]! <= others[j]!) ? a[i++]! : others[j++]!;
      if (seen === k) return t;
    }
    return undefined;
  }

  /**
   * Sends stamped after `now` — the clock was set back (an NTP step) since they went out — are moved back with it, the
   * newest to `now` and the others as far: they are still in the service's window, which the clock's step did not
   * move, and leave it as far apart as they went out. Left out, as they were, the header read `0/30 req/min` at once
   * and the whole limit was free again on top of the minute's sends (a 429 from the service).
   */
  private setBack(now: number): void {
    const last = this.sends[this.sends.length - 1];
    if (last === undefined || last <= now) return;
    const step = last - now;
    for (let i = 0; i < this.sends.length; i++) this.sends[i] = this.sends[i]! - step;
  }

  /** The wall clock was set back by -by (clockStep.ts): every send moves with it. */
  shift(by: number): void {
    for (let i = 0; i < this.sends.length; i++) this.sends[i] = this.sends[i]! + by;
  }

  /** Every send recorded so far (a running total, not pruned). */
  get total(): number {
    return this.totalSends;
  }
}
