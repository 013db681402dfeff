/**
 * One rate budget for every oddsboard process of a user that talks to the
 * same service with the same key (or anonymously): a ledger of sends they all
 * append to. `sync/` consults it for other processes' sends and claims a slot
 * in it before each request; the one-shot commands wait on it.
 */

export type Claim = { ok: true } | { ok: false; retryAt: number; reason: 'budget' | 'paused' | 'busy' };

export interface SendLedger {
  /** Sends by other processes in the window ending at `now`, oldest first. May be a view up to `pollMs` old. */
  others(now: number): readonly number[];
  /** Until when a 429 seen by any process pauses every process (undefined: no pause). */
  pausedUntil(now: number): number | undefined;
  /**
   * Atomically: while fewer than `allowed` sends of all processes are in the window ending at
   * `now` and no pause is on, records one at `now` and says ok; otherwise says when to try again
   * (`busy`: another process holds the ledger for a moment).
   */
  claim(now: number, allowed: number): Claim;
  /** Every process holds back until `until` (a 429's wait). */
  pause(until: number, now: number): void;
  /** How often a holder should look again for other processes' sends; undefined when nobody else writes to it. */
  readonly pollMs: number | undefined;
  /**
   * `onNotice` hears, once, what the ledger ignored as not credible (entries from the future: FUTURE_SKEW_MS,
   * MAX_PAUSE_MS). A ledger that never ignores anything need not have it.
   */
  listen?(onNotice: (text: string) => void): void;
  /**
   * The wall clock was set back by -by (`by` < 0; src/sync/clockStep.ts): the sends and pauses stamped before the step,
   * in the clock's future now, move back with it, so every process counts them (left out, each counted only its own:
   * two dashboards put 42 sends into a minute at a limit of 30). A ledger only this process writes need not have it.
   */
  stepBack?(by: number, now: number): void;
  /**
   * The wall clock was set ahead by `by` (> 0; src/sync/clockStep.ts), and reads `now`: the sends stamped before the
   * step, in the window then, move ahead with it, so every process counts them as long as the service does (left,
   * they looked `by` older and left every count early: two dashboards put 42 sends into a minute at a limit of 30).
   */
  stepAhead?(by: number, now: number): void;
  /** The file it is kept in (a file ledger), named when it cannot be used. */
  readonly path?: string;
}

/**
 * Added to the server's window wherever a send is counted (the ledger's span, the sync's own budget): the service
 * counts a request when it arrives, a process when it claims the slot, and what lies between varies — a new
 * connection (its TCP and TLS handshakes, a fresh process's first request), a process starved on a loaded machine
 * between its claim and its write. Two sends a whole span apart by their claims still land in one window of the
 * service when the older one took longer by more than this. 250 ms was not enough: on a loaded 2-core machine a
 * one-shot command's first request reached a local service up to 1.0 s after its claim, a dashboard's on its open
 * connection 2 ms after (docs/rate-budget.md § The margin). 1 s costs slots that recycle 1.6 % slower in 60 s windows.
 */
export const RATE_MARGIN_MS = 1_000;

/** The window the ledger counts in: the server's 60 s plus the margin (the same the sync counts its own sends with). */
export const LEDGER_SPAN_MS = 60_000 + RATE_MARGIN_MS;

/**
 * How far ahead of a reader's clock a send of its own host may be stamped and still count: the clocks of two
 * processes on one machine differ by a little. A send stamped later than that was written by a clock that has since
 * stepped back (an NTP correction) or by no oddsboard at all, and is ignored. Another host's lines: hosts.ts.
 */
export const FUTURE_SKEW_MS = 5_000;

/**
 * The longest pause any oddsboard process writes (pause() clamps to it): the sync's longest 429 wait — the server's
 * hint capped at 15 min (`MAX_SERVER_WAIT_MS`, sync/backoff.ts) plus up to 2 min of jitter after 429s in a row — and
 * the one-shot commands' hint, clamped here. A pause reaching further than this (plus FUTURE_SKEW_MS) is ignored.
 */
export const MAX_PAUSE_MS = 17 * 60_000;

/** Whether a ledger line could have been written by an oddsboard whose clock agrees with `now` (see above). */
export function credible(kind: 's' | 'p', at: number, now: number): boolean {
  return at <= now + FUTURE_SKEW_MS + (kind === 'p' ? MAX_PAUSE_MS : 0);
}

/** What a process says (once) when its ledger held entries it could not believe. */
export const FUTURE_NOTICE =
  'the rate ledger held entries stamped in the future (a clock set back?); they were ignored';

/**
 * Earliest time ≥ now at which fewer than `allowed` of `sends` (ascending) are in (t − span, t],
 * i.e. when the (n − allowed + 1)-th newest leaves the window.
 */
export function slotAfter(sends: readonly number[], now: number, allowed: number, spanMs: number): number {
  const live = sends.filter((t) => t > now - spanMs);
  const need = Math.max(1, allowed);
  if (live.length < need) return now;
  return Math.max(now, live[live.length - need]! + spanMs);
}

/** The ledger of a process that shares its budget with nobody: every claim is granted. */
export const NO_LEDGER: SendLedger = {
  others: () => [],
  pausedUntil: () => undefined,
  claim: () => ({ ok: true }),
  pause: () => undefined,
  pollMs: undefined,
};

/**
 * The ledger with its failures (a full disk, a state directory made read-only) turned into
 * "share nothing this time": claims granted, no others, no pause. `onProblem` hears of each.
 * The process's own budget still holds it to the limit.
 */
export function tolerant(ledger: SendLedger, onProblem: (e: unknown) => void = () => undefined): SendLedger {
  const guard =
    <A extends unknown[], R>(fn: (...a: A) => R, fallback: R) =>
    (...a: A): R => {
      try {
        return fn(...a);
      } catch (e) {
        onProblem(e);
        return fallback;
      }
    };
  return {
    others: guard((now: number) => ledger.others(now), []),
    pausedUntil: guard((now: number) => ledger.pausedUntil(now), undefined),
    claim: guard((now: number, allowed: number) => ledger.claim(now, allowed), { ok: true }),
    pause: guard((until: number, now: number) => ledger.pause(until, now), undefined),
    ...(ledger.stepBack ? { stepBack: guard((by: number, now: number) => ledger.stepBack!(by, now), undefined) } : {}),
    ...(ledger.stepAhead
      ? { stepAhead: guard((by: number, now: number) => ledger.stepAhead!(by, now), undefined) }
      : {}),
    pollMs: ledger.pollMs,
    ...(ledger.path !== undefined ? { path: ledger.path } : {}),
    ...(ledger.listen ? { listen: (onNotice: (text: string) => void) => ledger.listen!(onNotice) } : {}),
  };
}
