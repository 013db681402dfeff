import { LEDGER_SPAN_MS, MAX_PAUSE_MS, slotAfter, type Claim, type SendLedger } from './types.js';

interface Entry {
  at: number;
  proc: string;
}

/**
 * A ledger in memory, shared by the views it hands out — several schedulers in one
 * test standing for several processes. The same rules as the file ledger.
 */
export class MemoryLedger {
  private sends: Entry[] = [];
  private pause: Entry | undefined;

  constructor(readonly spanMs = LEDGER_SPAN_MS) {}

  /** The ledger as process `proc` sees it; `pollMs` as a file ledger would say (undefined: nobody else writes). */
  view(proc: string, pollMs?: number): SendLedger {
    return {
      others: (now) =>
        this.live(now)
          .filter((e) => e.proc !== proc)
          .map((e) => e.at),
      pausedUntil: (now) => (this.pause && this.pause.at > now ? this.pause.at : undefined),
      claim: (now, allowed) => this.claim(proc, now, allowed),
      pause: (until, now) => {
        const at = Math.min(until, now + MAX_PAUSE_MS); // as the file ledger: never longer than any reader believes
        if (!this.pause || at > this.pause.at) this.pause = { at, proc };
      },
      pollMs,
    };
  }

  private live(now: number): Entry[] {
    return this.sends.filter((e) => e.at > now - this.spanMs);
  }

  private claim(proc: string, now: number, allowed: number): Claim {
    if (this.pause && this.pause.at > now) return { ok: false, retryAt: this.pause.at, reason: 'paused' };
    const at = slotAfter(
      this.live(now).map((e) => e.at),
      now,
      allowed,
      this.spanMs,
    );
    if (at > now) return { ok: false, retryAt: at, reason: 'budget' };
    this.sends = this.live(now); // only the window is kept
    this.sends.push({ at: now, proc });
    return { ok: true };
  }
}
