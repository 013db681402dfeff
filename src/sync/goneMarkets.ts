/**
 * What a 404 about a market does (docs/faults.md § 404 on a market, § Required routes): the market is gone — except
 * where the 404 may be the route's. A batch of watched markets answering 404 as a whole says nothing of any one of
 * them (the lookup route is missing: `route not found`, an outage like the list's); a watched market's 404 is believed
 * only when it comes again after a good list answer, so a watched market is never dropped on a single 404 while the
 * venue's routes are in doubt (at the start of an outage where every route answers 404, before the list's own 404).
 */
import type { Market } from '../api/types.js';
import type { ErrorInfo } from '../store/types.js';
import type { OddsStore } from '../store/store.js';
import { isWatched } from '../store/watchlist.js';
import type { Job } from './jobs.js';
import type { Queue } from './queue.js';

const GONE_RUN_MS = 60_000; // markets answering 404 less than this apart are a run (`goneAt`)
/** Watched markets in doubt kept at most (each a single 404 not yet confirmed). */
const DOUBTED_CAP = 500;

type MarketJob = Extract<Job, { kind: 'detail' | 'quote' }>;

export class GoneMarkets {
  private goneAt = Number.NEGATIVE_INFINITY; // when a market last answered 404 (a run of them: apiGone.test.ts)
  /** Good list answers so far: a watched market's second 404 confirms it only after one more of them. */
  private lists = 0;
  /** Watched markets whose detail or quote answered 404 once, with `lists` at the time. */
  private readonly doubted = new Map<string, number>();

  constructor(
    private readonly store: OddsStore,
    private readonly q: Queue,
  ) {}

  /** A list of markets answered with data: the venue's routes work. */
  listAnswered(): void {
    this.lists++;
  }

  /** A market's own data arrived: a 404 before it is forgotten. */
  found(id: string): void {
    this.doubted.delete(id);
  }

  /** A market's detail or quote answered 404 (the routes not known to be missing). */
  notFound(job: MarketJob, info: ErrorInfo, now: number): void {
    const st = this.store.getState();
    if (job.kind === 'quote') st.quoteFailed(job.marketId, job.form, info);
    const id = job.marketId;
    if (this.doubts(id, now)) return;
    const wasSelected = st.selectedId === id;
    st.marketGone(id, now);
    this.q.forgetDetail(id, now);
    // a second market gone within a minute: the list first, the next one's detail in the background (every route
    // answering 404 emptied the list one selection at a time before the list's own 404 was known)
    if (now - this.goneAt < GONE_RUN_MS) this.q.listSoon(now);
    else if (wasSelected) this.q.selectionMoved(now);
    this.goneAt = now;
  }

  /**
   * A watched market said missing (its 404, or left out of a good batch answer) not yet confirmed: kept with its age,
   * the list asked first; its next miss after a good list answer drops it. False when it is to be dropped now.
   */
  private doubts(id: string, now: number): boolean {
    if (!isWatched(this.store.getState(), id) || this.confirmed(id)) {
      this.doubted.delete(id);
      return false;
    }
    if (this.doubted.size >= DOUBTED_CAP) this.doubted.clear();
    if (!this.doubted.has(id)) this.doubted.set(id, this.lists);
    this.q.listSoon(now);
    return true;
  }

  private confirmed(id: string): boolean {
    const at = this.doubted.get(id);
    return at !== undefined && this.lists > at;
  }

  /**
   * Watched markets refreshed in one request: each one answered is loaded; one the source left out is missing as a 404
   * of its own detail would say — held in doubt once (`doubts`: no venue documents that a batch leaves out only ids it
   * does not know, docs/sources/), gone on its next miss after a good list answer, then asked for again later; one it
   * `deferred` (not asked: one request a job, Manifold's reads) is neither, and comes first in the next watch slot.
   */
  batchLoaded(ids: string[], markets: Market[], now: number, sentAt: number, later: ReadonlySet<string>): void {
    const st = this.store.getState();
    const answered = new Set<string>();
    for (const m of markets) {
      st.marketLoaded(m, now, sentAt);
      this.q.allow(m.id);
      this.found(m.id);
      answered.add(m.id);
    }
    for (const id of ids) {
      if (answered.has(id)) continue;
      if (later.has(id)) {
        this.q.forgetDetail(id, now, false);
        continue;
      }
      if (this.doubts(id, now)) continue;
      st.marketGone(id, now);
      this.q.forgetDetail(id, now);
    }
  }
}
