import type { Job, JobClass } from './jobs.js';

/** Something that could be sent: its priority (0 = first), its budget class and when it becomes ready. */
export interface Candidate {
  prio: number;
  cls: JobClass;
  readyAt: number;
  take(now: number): Job | undefined;
}

export interface Plan {
  /** The candidate to send now, if any. */
  send?: Candidate;
  /** When to look again (a candidate becomes ready or the budget frees a slot); undefined = nothing to wait for. */
  wakeAt?: number;
}

/**
 * Picks what goes out now: the highest-priority candidate that is ready, fits its
 * class's budget and may fly given what is already on the wire. Lower classes
 * keep more slots free, so a higher candidate that does not fit means no lower one
 * fits either; a lower one can still go first when the higher one is not ready yet
 * (a debounce still running).
 */
export function makePlan(
  candidates: Candidate[],
  now: number,
  earliest: (c: Candidate) => number,
  mayFly: (c: Candidate) => boolean,
): Plan {
  const sorted = candidates.slice().sort((a, b) => a.prio - b.prio || a.readyAt - b.readyAt);
  let wakeAt: number | undefined;
  for (const c of sorted) {
    const at = earliest(c);
    if (at <= now) {
      if (mayFly(c)) return { send: c };
      continue; // waits for the request on the wire; its end pumps again
    }
    if (wakeAt === undefined || at < wakeAt) wakeAt = at;
  }
  return wakeAt === undefined ? {} : { wakeAt };
}

export type BackgroundKind = 'list' | 'detail' | 'events' | 'closing' | 'event' | 'watch' | 'book';

/** One kind of background refresh: when it was last fetched or asked for (−∞ when never) and how often it is due. */
export interface Staleness {
  kind: BackgroundKind;
  at: number;
  periodMs: number;
  /** Not chosen at all while younger than this (a kind that changes slowly); default 0. */
  minMs?: number;
}

/**
 * Which background refresh is most overdue relative to its period (the first of equals wins); a kind younger than
 * its minMs waits, unless every kind does (then the first one goes).
 * The caller lists the kinds: the shown view's data every intervalMs / (1 − share), the selected
 * market's detail every intervalMs / share, the events list every eventsEveryMs, …
 */
export function chooseBackground(now: number, kinds: readonly Staleness[]): BackgroundKind {
  let best: BackgroundKind = kinds[0]?.kind ?? 'list';
  let score = Number.NEGATIVE_INFINITY;
  for (const k of kinds) {
    if (now - k.at < (k.minMs ?? 0)) continue;
    const s = (now - k.at) / k.periodMs;
    if (s > score) {
      best = k.kind;
      score = s;
    }
  }
  return best;
}
