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
export function makePlan(candidates: Candidate[], now: number, earliest: (c: Candidate) => number, mayFly: (c: Candidate) => boolean): Plan {
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

export type BackgroundKind = 'list' | 'detail' | 'events' | 'watch';

export interface Staleness {
  now: number;
  /** Background spacing (ms between background requests). */
  intervalMs: number;
  /** Share of background slots for the selected market's detail (0 without a selection). */
  detailShare: number;
  eventsEveryMs: number;
  /** When each was last fetched or asked for (−∞ when never). */
  listAt: number;
  /** undefined when nothing is selected */
  detailAt: number | undefined;
  eventsAt: number;
  /** Watched markets outside the list (watchRefresh.ts): how many, when the stalest was fetched, their share. */
  watch?: { count: number; at: number; share: number };
}

/** A watched market never fetched (after a restart) is as overdue as one two periods late, so the list keeps its turns. */
export const WATCH_SCORE_CAP = 2;

/**
 * Which background refresh is most overdue relative to its share of the cadence. With N watched
 * markets outside the list taking the share W (0 without any): each of them every N · intervalMs / W
 * (the stalest goes first), the list every intervalMs / ((1 − W)(1 − share)), the selected detail every
 * intervalMs / ((1 − W) · share), events every eventsEveryMs. Ties go to the list, then the detail.
 */
export function chooseBackground(s: Staleness): BackgroundKind {
  const share = s.detailAt !== undefined ? s.detailShare : 0;
  const w = s.watch && s.watch.count > 0 ? s.watch.share : 0;
  const rest = s.intervalMs / (1 - w);
  const scores: Array<[BackgroundKind, number]> = [['list', (s.now - s.listAt) / (rest / (1 - share))]];
  if (s.detailAt !== undefined) scores.push(['detail', (s.now - s.detailAt) / (rest / share)]);
  if (s.watch && w > 0) scores.push(['watch', Math.min(WATCH_SCORE_CAP, (s.now - s.watch.at) / ((s.watch.count * s.intervalMs) / w))]);
  scores.push(['events', (s.now - s.eventsAt) / s.eventsEveryMs]);
  let best = scores[0]!;
  for (const x of scores) if (x[1] > best[1]) best = x;
  return best[0];
}
