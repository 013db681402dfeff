/**
 * Markets that left the list. With an unchanged query, a market the previous
 * answer had and this one lacks either closed (the default list shows active
 * markets only), vanished (private, under review) or was overtaken by others;
 * one low-priority detail request tells which. The queue is small, entries
 * expire, and follow-ups take at most one background slot in FOLLOW_EVERY.
 */

/** Markets waiting for a follow-up at most; more departures than this are not followed. */
export const DEPARTED_MAX = 5;
/** A departure not followed within this long is dropped (the list has moved on). */
export const DEPARTED_TTL_MS = 5 * 60_000;
/** At most one follow-up per this many background slots. */
export const FOLLOW_EVERY = 4;

export interface Departure {
  id: string;
  since: number;
  /** Its closing time had passed when it left: most likely closed, followed first. */
  due: boolean;
}

export class Departed {
  private lastKey: string | undefined;
  private lastIds: string[] = [];
  private queue: Departure[] = [];
  /** Background sends since the last follow-up (starts allowing one). */
  private since = FOLLOW_EVERY - 1;

  get size(): number {
    return this.queue.length;
  }

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    for (const d of this.queue) d.since += by;
  }

  ids(): string[] {
    return this.queue.map((d) => d.id);
  }

  /**
   * A list answer for the query `key`. `cached` says whether a market is still in the store
   * (and whether its closing time has passed).
   */
  listAnswered(
    key: string,
    ids: readonly string[],
    now: number,
    cached: (id: string) => { due: boolean } | undefined,
  ): void {
    const present = new Set(ids);
    this.queue = this.queue.filter((d) => !present.has(d.id));
    if (key === this.lastKey) {
      for (const id of this.lastIds) {
        if (present.has(id)) continue;
        const c = cached(id);
        if (c) this.add({ id, since: now, due: c.due });
      }
    }
    this.lastKey = key;
    this.lastIds = ids.slice();
  }

  private add(d: Departure): void {
    if (this.queue.some((x) => x.id === d.id)) return;
    if (this.queue.length >= DEPARTED_MAX) {
      // a market past its closing time is worth more than one that was probably only overtaken
      const victim = d.due ? this.queue.findIndex((x) => !x.due) : -1;
      if (victim < 0) return;
      this.queue.splice(victim, 1);
    }
    this.queue.push(d);
  }

  /** Put back one whose request failed for a passing reason (it keeps its age). */
  requeue(d: Departure, now: number): void {
    if (now - d.since < DEPARTED_TTL_MS) this.add(d);
  }

  forget(id: string): void {
    if (this.queue.some((d) => d.id === id)) this.queue = this.queue.filter((d) => d.id !== id);
  }

  /** The market this background slot may follow up, if any (expired ones are dropped; `skip`ped ones too). */
  next(now: number, skip: (id: string) => boolean): Departure | undefined {
    this.queue = this.queue.filter((d) => now - d.since < DEPARTED_TTL_MS && !skip(d.id));
    if (this.since < FOLLOW_EVERY - 1) return undefined;
    return this.queue.find((d) => d.due) ?? this.queue[0];
  }

  /** A background request went out: a follow-up (taken off the queue) or a routine one. */
  backgroundSent(followUp: Departure | undefined): void {
    if (followUp) {
      this.forget(followUp.id);
      this.since = 0;
    } else this.since++;
  }
}
