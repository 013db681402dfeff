import type { OddsStore } from '../store/store.js';
import type { Job, ViewOrigin } from './jobs.js';
import type { BackgroundKind } from './plan.js';
import type { DrawnMarket, ViewSource } from './types.js';
import { firstRowDrawn, KeptPick } from './drawn.js';
import { shiftMap } from './clockStep.js';

/** The request kinds that stand for what a view draws. */
export type ShownKind = Extract<BackgroundKind, 'list' | 'closing' | 'events' | 'event'>;

/**
 * The events list is refreshed no more often than this while the Events view shows it (its titles and counts change
 * slowly).
 */
export const EVENTS_SHOWN_MIN_MS = 30_000;

/**
 * What the shown view draws and when each view's data was last asked for: the
 * source the UI last showed (the market list, closing soon, the events list, or —
 * once one is open — an event's detail), and a fetch of it waiting to go out.
 */
export class Shown {
  /** The view's source shown last (what the background refreshes). */
  source: ViewSource = 'markets';
  /**
   * The market it draws as selected, kept selected (drawn.ts): the UI's rule, given with each view shown (at mount the
   * first), or firstRowDrawn where none is; none on a board of several venues (the board keeps the one selection).
   */
  drawn: DrawnMarket | undefined;
  /** The market a person picked in it, kept across a moment it draws no row (drawn.ts). */
  readonly pick = new KeptPick();
  /** The shown view's data, at readyAt (a view shown, an event opened, a manual refresh); `since`: its ref then. */
  private job: { readyAt: number; since: number } | undefined;
  private closingSentAt = Number.NEGATIVE_INFINITY;
  private eventsSentAt = Number.NEGATIVE_INFINITY;
  private readonly eventSent = new Map<string, number>();

  constructor(
    private readonly store: OddsStore,
    private readonly freshMs: number,
    /** When the market list was last loaded or asked for (the queue keeps that). */
    private readonly listRef: () => number,
    private readonly onBoard: boolean,
  ) {
    this.drawBy('markets');
  }

  /** The view `source` is shown: its market drawn as selected is `drawn`'s (the UI's), else by the rule above. */
  drawBy(source: ViewSource, drawn?: DrawnMarket): void {
    this.drawn = drawn ?? (this.onBoard ? undefined : firstRowDrawn(source));
    this.pick.forget();
  }

  kind(): ShownKind {
    if (this.source === 'closing') return 'closing';
    const st = this.store.getState();
    // a source without events (Manifold): the Events view says so, and the market list is what stays fresh
    if (this.source === 'events' && st.caps.events) return st.events.openId !== undefined ? 'event' : 'events';
    return 'list';
  }

  /**
   * The Events view without an event open: it draws events, not markets — or, on a source without events (Manifold),
   * says it has none. No market row is drawn either way.
   */
  eventsList(): boolean {
    return this.source === 'events' && this.kind() !== 'event';
  }

  /** When a view's data was last loaded or asked for (−∞ when never). */
  ref(kind: ShownKind): number {
    const st = this.store.getState();
    const max = (a: number | undefined, b: number | undefined) =>
      Math.max(a ?? Number.NEGATIVE_INFINITY, b ?? Number.NEGATIVE_INFINITY);
    switch (kind) {
      case 'list':
        return this.listRef();
      case 'closing':
        return max(st.closing.loadedAt, this.closingSentAt);
      case 'events':
        return max(st.events.loadedAt, this.eventsSentAt);
      case 'event': {
        const id = st.events.openId;
        return id === undefined ? Number.NEGATIVE_INFINITY : max(st.events.detailAt[id], this.eventSent.get(id));
      }
    }
  }

  /** The wall clock was set back by -by (clockStep.ts): what was asked moves with it. */
  shift(by: number): void {
    if (this.job) this.job = { readyAt: this.job.readyAt + by, since: this.job.since + by };
    this.closingSentAt += by;
    this.eventsSentAt += by;
    shiftMap(this.eventSent, by);
  }

  /** A view is shown: its data at `at`, unless younger than freshMs (or `force`, a manual refresh). */
  show(source: ViewSource, now: number, at: number, force = false): void {
    this.source = source;
    const since = this.ref(this.kind());
    this.job = force || now - since >= this.freshMs ? { readyAt: at, since } : undefined;
  }

  /** The waiting fetch of the shown data, unless that data was fetched or asked for since (by the background). */
  pending(): { readyAt: number } | undefined {
    if (this.job && this.ref(this.kind()) > this.job.since) this.job = undefined;
    return this.job;
  }

  /** The job that fetches a view's data other than the market list (undefined: the event closed meanwhile). */
  jobFor(kind: Exclude<ShownKind, 'list'>, cls: Job['cls'], origin: ViewOrigin): Job | undefined {
    if (kind === 'closing') return { kind, cls, origin };
    if (kind === 'events') return { kind, cls };
    const id = this.store.getState().events.openId;
    return id === undefined ? undefined : { kind, cls, eventId: id, origin };
  }

  /**
   * The job that fetches a view's data (`overdue`: the promoted refresh of the shown one); the market list stands in
   * when an event closed between the plan and the send.
   */
  fetchJob(kind: ShownKind, origin: 'interactive' | 'background' | 'overdue'): Job {
    const cls = origin === 'background' ? 'background' : 'interactive';
    const job =
      kind === 'list' ? undefined : this.jobFor(kind, cls, origin === 'background' ? 'background' : 'interactive');
    return job ?? { kind: 'list', cls, origin };
  }

  /** When the event `id` was last asked for by id (−∞ when never). */
  eventSentAt(id: string): number {
    return this.eventSent.get(id) ?? Number.NEGATIVE_INFINITY;
  }

  take(): void {
    this.job = undefined;
  }

  sent(job: Job, now: number): void {
    if (job.kind === 'closing') this.closingSentAt = now;
    else if (job.kind === 'events') this.eventsSentAt = now;
    else if (job.kind === 'event') {
      if (this.eventSent.size > 200) this.eventSent.clear();
      this.eventSent.set(job.eventId, now);
    }
  }

  /** A failed interactive fetch of view data is put back unless a newer one waits. */
  requeue(job: Job, now: number): void {
    if ((job.kind === 'closing' || job.kind === 'event') && job.origin === 'interactive')
      this.job ??= { readyAt: now, since: this.ref(this.kind()) };
  }

  clear(): void {
    this.job = undefined;
  }
}
