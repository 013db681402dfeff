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
    return this.inWindow(now).length;
  }

  /** Sends with timestamp in (from, to]. */
  sentBetween(from: number, to: number): number {
    let n = 0;
    for (const t of this.sends) if (t > from && t <= to) n++;
    return n;
  }

  /**
   * Earliest time ≥ now at which fewer than `allowed` sends are in the window — ours and
   * `others` (other processes' sends on the same budget, ascending).
   */
  nextSlotAt(now: number, allowed: number, others: readonly number[] = []): number {
    const inWindow =
      others.length === 0
        ? this.inWindow(now)
        : merge(
            this.inWindow(now),
            others.filter((t) => t > now - this.spanMs),
          );
    const n = inWindow.length;
    if (n < Math.max(1, allowed)) return now;
    // the (n - allowed + 1)-th oldest send must leave the window
    const t = inWindow[n - Math.max(1, allowed)];
    return t === undefined ? now : Math.max(now, t + this.spanMs);
  }

  /** When the oldest send in the window leaves it, or undefined when the window is empty. */
  nextExpiryAt(now: number): number | undefined {
    const t = this.inWindow(now)[0];
    return t === undefined ? undefined : t + this.spanMs;
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

  /** Timestamps in the window (oldest first). Drops nothing (record prunes); sends stamped after `now`: setBack. */
  inWindow(now: number): number[] {
    this.setBack(now);
    return this.sends.filter((t) => t > now - this.spanMs && t <= now);
  }

  /** Every send recorded so far (a running total, not pruned). */
  get total(): number {
    return this.totalSends;
  }
}

/** Two ascending lists as one. */
function merge(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!);
  return out;
}
