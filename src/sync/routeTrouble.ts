/**
 * The connection's trouble is per route that matters for the screen (docs/faults.md § A route that keeps failing):
 * a list route that keeps failing (5xx, no answer, a bad body, "route not found") is trouble while its view is shown,
 * even while other routes answer — the market's detail answering does not make a gone market list "online". So the
 * header stays degraded, its count grows with each of the list's failures, and the outage is recorded (a minute or
 * more) when the list answers again; a good answer of another kind only says that the server is there.
 */
import { LIST_ROUTES } from './decoration.js';
import { isBatchLookup, type Job } from './jobs.js';
import type { BackgroundKind } from './plan.js';

/** A route that says the API moved when it answers 404: a list's, by its kind, or the watched markets' batch lookup. */
type Route = Job['kind'] | 'batch';

function routeOf(job: Job): Route | undefined {
  if (isBatchLookup(job)) return 'batch';
  return LIST_ROUTES[job.kind] === undefined ? undefined : job.kind;
}

export class RouteTrouble {
  private readonly failing = new Set<Route>();
  /**
   * The routes whose last answer was a 404, "route not found": a list route, or the batch lookup of watched markets —
   * a lookup route missing says the API moved as much as a list's (before, only a list's 404 counted, so a batch's
   * left a single market's 404 meaning "gone" and dropping it).
   */
  private readonly notFound = new Set<Route>();

  /**
   * A request failed in a way that is the connection's (the pause-and-retry path of outcome.ts); `gone`: a list route
   * or the batch lookup answered 404.
   */
  failed(job: Job, gone = false): void {
    const route = routeOf(job);
    if (route === undefined) return;
    this.failing.add(route);
    if (gone) this.notFound.add(route);
    else this.notFound.delete(route);
  }

  /** A request of this kind (a batch: a batch) got data: its route works. */
  answered(job: Job): void {
    const route = routeOf(job);
    if (route === undefined) return;
    this.failing.delete(route);
    this.notFound.delete(route);
  }

  /**
   * A list route (or the batch lookup) answers 404 now: a 404 about one market (or event) then says the service's API
   * is missing — a new base path, an edge answering not found for everything — not that the thing is gone
   * (docs/faults.md).
   */
  apiMissing(): boolean {
    return this.notFound.size > 0;
  }

  /** Whether the shown view's own list is failing, so that another kind's good answer does not end the trouble. */
  holds(shown: BackgroundKind): boolean {
    return (this.failing as ReadonlySet<string>).has(shown);
  }
}
