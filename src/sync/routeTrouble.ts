/**
 * The connection's trouble is per route that matters for the screen (docs/faults.md § A route that keeps failing):
 * a list route that keeps failing (5xx, no answer, a bad body, "route not found") is trouble while its view is shown,
 * even while other routes answer — the market's detail answering does not make a gone market list "online". So the
 * header stays degraded, its count grows with each of the list's failures, and the outage is recorded (a minute or
 * more) when the list answers again; a good answer of another kind only says that the server is there.
 */
import { LIST_ROUTES } from './decoration.js';
import type { Job } from './jobs.js';
import type { BackgroundKind } from './plan.js';

export class RouteTrouble {
  private readonly failing = new Set<Job['kind']>();
  /** The list routes whose last answer was a 404: "route not found". */
  private readonly notFound = new Set<Job['kind']>();

  /**
   * A request failed in a way that is the connection's (the pause-and-retry path of outcome.ts); `gone`: a list route
   * answered 404.
   */
  failed(job: Job, gone = false): void {
    if (LIST_ROUTES[job.kind] === undefined) return;
    this.failing.add(job.kind);
    if (gone) this.notFound.add(job.kind);
    else this.notFound.delete(job.kind);
  }

  /** A request of this kind got data: its route works. */
  answered(job: Job): void {
    this.failing.delete(job.kind);
    this.notFound.delete(job.kind);
  }

  /**
   * A list route answers 404 now: a 404 about one market (or event) then says the service's API is missing — a new
   * base path, an edge answering not found for everything — not that the thing is gone (docs/faults.md).
   */
  apiMissing(): boolean {
    return this.notFound.size > 0;
  }

  /** Whether the shown view's own list is failing, so that another kind's good answer does not end the trouble. */
  holds(shown: BackgroundKind): boolean {
    return (this.failing as ReadonlySet<string>).has(shown);
  }
}
