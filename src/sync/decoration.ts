/**
 * What a source asks only to decorate the screen, apart from what the screen needs to show data (docs/faults.md
 * § Required routes and decoration).
 *
 * REQUIRED: the lists (markets, events, closing soon), the selected market's detail, the watchlist's refresh and
 * histories — their failures decide the connection's state and pause the scheduler. The selected market's book is
 * optional too, backed off per market on this module's schedule (bookBackoff.ts).
 *
 * DECORATION: the source's groupings for `c` (Polymarket tags, Kalshi categories, Manifold topics) and the selected
 * market's event when it is not known yet (its title and category, asked for once) — what is fetched once and only
 * adds to what is drawn. A failing decoration never changes the connection's state and pauses nothing (its good
 * answer is one like any other: the service works, which also ends a key's probing); it is asked again on its own
 * slow schedule (DECORATION_RETRY), and the thing missing says so where it would have been (`c` flashes "tags
 * unavailable (HTTP 404)").
 */
import type { ApiErrorKind } from '../api/errors.js';
import type { Job } from './jobs.js';
import type { Candidate } from './plan.js';

/** A decoration's retry schedule after `n` failures in a row. */
export const DECORATION_RETRY = {
  /** The first retry waits this long, each next one twice as long… */
  baseMs: 30_000,
  /** …up to this (a 5xx, no answer, a body that cannot be read). */
  capMs: 5 * 60_000,
  /** After this many 404s in a row the route is taken to be gone: then only every `goneMs`. */
  goneAfter: 3,
  /** At most three times an hour. */
  goneMs: 20 * 60_000,
  /** Each wait is stretched by a random part of up to this fraction (processes started together drift apart). */
  jitter: 0.25,
} as const;

/** Whether a job only decorates the screen (its failure is the decoration's alone). */
export function isDecoration(job: Job): boolean {
  // an event asked for without a view's origin is the selected market's, asked for once (background.ts nextExtra)
  return job.kind === 'categories' || (job.kind === 'event' && job.origin === undefined);
}

/**
 * How long to wait before asking again after the `failures`-th failure in a row, of which the last `gone404s` were
 * 404s: 30 s, 1 min, 2 min, 4 min, then every 5 min; from the third 404 in a row every 20 min. Each stretched by up to
 * a quarter.
 */
export function decorationDelay(failures: number, gone404s: number, random: () => number): number {
  const r = DECORATION_RETRY;
  const n = Math.max(1, Math.floor(failures));
  const ms = gone404s >= r.goneAfter ? r.goneMs : Math.min(r.capMs, r.baseMs * 2 ** Math.min(n - 1, 20));
  const u = random();
  const stretch = Number.isFinite(u) ? Math.min(Math.max(u, 0), 1) : 0.5;
  return Math.round(ms * (1 + r.jitter * stretch));
}

/**
 * The source's groupings: asked for once (after the first list and detail), and after a failure again on the
 * decoration schedule, as a background request (never the interactive reserve).
 */
export class Decorations {
  private categoriesJob: { readyAt: number; cls: 'interactive' | 'background' } | undefined;
  private failures = 0;
  private gone404s = 0;

  constructor(private readonly random: () => number) {}

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    if (this.categoriesJob) this.categoriesJob.readyAt += by;
  }

  /** The groupings at `readyAt`. */
  categoriesSoon(readyAt: number): void {
    this.categoriesJob = { readyAt, cls: 'interactive' };
  }

  candidates(): Candidate[] {
    const cat = this.categoriesJob;
    if (!cat) return [];
    return [
      {
        prio: 3,
        cls: cat.cls,
        readyAt: cat.readyAt,
        take: () => ((this.categoriesJob = undefined), { kind: 'categories', cls: cat.cls }),
      },
    ];
  }

  /** The groupings arrived: a later failure starts the schedule over. */
  loaded(job: Job): void {
    if (job.kind !== 'categories') return;
    this.failures = 0;
    this.gone404s = 0;
  }

  /**
   * A decoration failed (not a 429, a 401 or a cancel: those are the connection's). The groupings are asked for again
   * on the slow schedule; the selected market's event is asked for again by the background, rarely (EXTRA_RETRY_MS).
   * Returns when the groupings are asked for again (undefined for an event).
   */
  failed(job: Job, status: number | undefined, now: number): number | undefined {
    if (job.kind !== 'categories') return undefined;
    this.failures++;
    this.gone404s = status === 404 ? this.gone404s + 1 : 0;
    const readyAt = now + decorationDelay(this.failures, this.gone404s, this.random);
    this.categoriesJob = { readyAt, cls: 'background' };
    return readyAt;
  }

  /** Put back after a passing reason that is the connection's (429, 401, cancelled): as soon as it allows. */
  requeue(job: Job, now: number): void {
    if (job.kind === 'categories') this.categoriesJob ??= { readyAt: now, cls: 'interactive' };
  }
}

/**
 * Whether a decoration's failure is its own: everything but a 429 (the shared bucket), a 401 (the key) and a cancel,
 * which say something about every request and are handled as for any other.
 */
export function ownsFailure(kind: ApiErrorKind): boolean {
  return kind !== 'rate_limited' && kind !== 'unauthorized' && kind !== 'aborted';
}

/** The required routes that list things, by job kind, as a 404 of theirs names them (routeNotFound). */
export const LIST_ROUTES: Partial<Record<Job['kind'], string>> = {
  list: 'the market list',
  events: 'the events list',
  closing: 'the closing-soon list',
};

/**
 * The routes that name one thing, whose 404 says that thing is gone — unless a list route answers 404 too
 * (routeTrouble.ts `apiMissing`), when it is the route that is missing (docs/faults.md § Required routes).
 */
export const NAMED_ROUTES: Partial<Record<Job['kind'], string>> = {
  detail: "a market's detail",
  quote: 'a quote',
  event: 'an event',
};
