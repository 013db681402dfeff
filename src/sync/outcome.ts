import { ApiError, ROUTE_NOT_FOUND, routeNotFound } from '../api/errors.js';
import { QUIET_KINDS } from './quietKinds.js';
import { G } from '../util/glyphs.js';
import { RouteTrouble } from './routeTrouble.js';
import type { ApiResult, Market, MarketEvent, Quote, RateHeaders } from '../api/types.js';
import type { Batch, Paged } from '../sources/types.js';
import type { OrderBook, PricePoint } from '../api/types.js';

import { errorInfo, type OddsStore } from '../store/store.js';
import type { Health } from './health.js';
import { isDecoration, LIST_ROUTES, NAMED_ROUTES, ownsFailure } from './decoration.js';
import { extraFailed } from './extraJobs.js';
import { GoneMarkets } from './goneMarkets.js';
import { queryKey } from '../store/listQuery.js';
import { isBatchLookup, type Job } from './jobs.js';
import type { Limits } from './limits.js';
import type { ResolvedOptions } from './options.js';
import type { Queue } from './queue.js';
export { toApiError } from './toApiError.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isMarket = (v: unknown): v is Market => isObj(v) && typeof v.id === 'string' && Array.isArray(v.outcomes);
const isEvent = (v: unknown): v is MarketEvent => isObj(v) && typeof v.id === 'string' && Array.isArray(v.markets);

/** One answer (or failure) and the request it belongs to. */
export interface Answered {
  job: Job;
  /** Our send count including this request. */
  seq: number;
  /** When the request went out. */
  sentAt: number;
}

/**
 * What an answer changes: the store's data and connection state, the queue
 * (what is put back, followed up or skipped), the budget's view of the server's
 * rate headers, and the connection's health (pauses, probes).
 */
export class Outcomes {
  /** The query of the last list answer: a list for the same query keeps the selection's place. */
  private lastListKey: string | undefined;
  /** Which of the screen's list routes keep failing (routeTrouble.ts). */
  private readonly routes = new RouteTrouble();
  /** What a market's 404 does (goneMarkets.ts). */
  private readonly gone: GoneMarkets;

  constructor(
    private readonly o: ResolvedOptions,
    private readonly store: OddsStore,
    private readonly q: Queue,
    private readonly limits: Limits,
    private readonly health: Health,
  ) {
    this.gone = new GoneMarkets(store, q);
  }

  success(a: Answered, res: ApiResult<unknown>, now: number): void {
    this.noteRate(res.rate, now, a.seq, true);
    const { job } = a;
    const st = this.store.getState();
    const data = res.data;
    const odd = () =>
      this.failure(
        a,
        new ApiError({
          kind: 'protocol',
          code: 'BAD_DATA',
          message: 'The server answered with data of an unexpected shape.',
        }),
        now,
      );
    switch (job.kind) {
      case 'list': {
        if (!Array.isArray(data)) return odd();
        this.listLoaded(a, data.filter(isMarket), now, (res as Paged<unknown>).more);
        break;
      }
      case 'detail':
        if (isBatchLookup(job)) {
          if (!Array.isArray(data)) return odd();
          const later = new Set((res as Batch).deferred ?? []);
          this.gone.batchLoaded([job.marketId, ...job.batch], data.filter(isMarket), now, a.sentAt, later);
          break;
        }
        if (!isMarket(data)) return odd();
        st.marketLoaded(data, now, a.sentAt);
        this.q.allow(job.marketId);
        this.gone.found(job.marketId);
        break;
      case 'events':
        if (!Array.isArray(data)) return odd();
        st.eventsLoaded(data.filter(isEvent), now, a.sentAt);
        break;
      case 'closing':
        if (!Array.isArray(data)) return odd();
        st.closingLoaded(data.filter(isMarket), now, a.sentAt);
        break;
      case 'event':
        if (!isEvent(data)) return odd();
        st.eventLoaded(data, now, a.sentAt);
        break;
      case 'quote':
        if (!isObj(data)) return odd();
        st.quoteLoaded(job.marketId, job.form, data as unknown as Quote, now);
        break;
      case 'book':
        if (!isObj(data) || !Array.isArray(data.bids) || !Array.isArray(data.asks)) return odd();
        st.bookLoaded(data as unknown as OrderBook, now);
        this.q.trader.books.loaded(job.marketId);
        break;
      case 'history':
        if (!Array.isArray(data)) return odd();
        st.seriesLoaded(job.marketId, job.range, job.outcome, data as PricePoint[], now, (res as Paged<unknown>).more);
        break;
      case 'lookup':
        if (!this.q.goTo.found(job, data, now, a.sentAt)) return odd();
        break;
      case 'positions':
        this.q.positions?.answered(job, data);
        break;
      case 'extra':
        job.req.answered(data, now, a.sentAt);
        break;
      case 'categories':
        if (!Array.isArray(data)) return odd();
        this.q.decor.loaded(job);
        st.categoriesLoaded(
          data.flatMap((c: unknown) =>
            isObj(c) && typeof c.id === 'string'
              ? [{ id: c.id, label: typeof c.label === 'string' ? c.label : c.id }]
              : [],
          ),
        );
        break;
    }
    this.routes.answered(job);
    this.answered(now);
  }

  failure(a: Answered, err: ApiError, now: number): void {
    const { job } = a;
    this.noteRate(err.rate, now, a.seq, err.kind !== 'rate_limited');
    const st = this.store.getState();
    // the person's positions: their failure is theirs (said in the Positions view), a 429 the venue's too
    if (job.kind === 'positions') {
      if (err.kind === 'rate_limited') this.health.rateLimited(err, now);
      return this.q.positions?.failed(job, err);
    }
    // a decoration that fails is asked again on its own slow schedule and leaves the connection alone
    if (isDecoration(job) && ownsFailure(err.kind)) {
      const info = errorInfo(err, now);
      this.q.decor.failed(job, err.status, now);
      if (job.kind === 'categories') st.categoriesFailed(info);
      return;
    }
    // the selected market's book is optional: its failure waits on its own slow schedule (bookBackoff.ts), unknown
    if (job.kind === 'book' && ownsFailure(err.kind)) {
      this.q.trader.books.failed(job.marketId, err.status, now);
      return st.bookFailed(job.marketId, errorInfo(err, now));
    }
    // a 404 on a list route: the route is gone (the service changed its API), not one thing asked for; so is a 404 on
    // a market's or an event's route while a list route answers 404 too: every route missing says nothing of one market
    // — and a 404 on a batch of watched markets as a whole: its lookup route is missing, not its first market
    const named = this.routes.apiMissing() ? NAMED_ROUTES[job.kind] : undefined;
    const batch = isBatchLookup(job) ? `the watched markets${G.apos} lookup` : undefined;
    const route = err.kind === 'not_found' ? (LIST_ROUTES[job.kind] ?? batch ?? named) : undefined;
    const e = route !== undefined ? routeNotFound(err, route, this.o.baseHint) : err;
    const info = errorInfo(e, now);
    // a `g` lookup: not found sends the next, a refusal is said once; else it waits like any request (goTo.ts)
    if (job.kind === 'lookup' && this.q.goTo.failed(job, e, now)) return this.answered(now);
    if (job.kind === 'extra' && extraFailed(this.q.trader.extras, job, e, now)) return this.answered(now);
    // a market without a history (404, a refusal in its words) leaves the rest of the screen alone
    if (job.kind === 'history' && QUIET_KINDS.has(e.kind)) {
      this.answered(now);
      return;
    }
    switch (e.kind) {
      case 'unauthorized':
        // never downgraded to anonymous: everything waits for a probe that gets data again
        st.requestFailed(info, a.sentAt);
        this.health.authFailed(now, a.sentAt);
        this.q.requeue(job, now);
        return;
      case 'rate_limited':
        this.health.rateLimited(e, now);
        st.requestFailed(info, a.sentAt);
        this.q.requeue(job, now);
        return;
      case 'forbidden':
        // one market refused: that market is marked and left alone for a while, the session goes on
        if (job.kind === 'detail' || job.kind === 'quote') {
          if (job.kind === 'quote') st.quoteFailed(job.marketId, job.form, info);
          st.marketForbidden(job.marketId, info);
          this.q.forbid(job.marketId, now);
          this.answered(now);
          return;
        }
        break;
      case 'not_found':
        if (job.kind === 'event') {
          // the Events view's open event leaves the list (and is closed); the selected market's unknown event is
          // simply not there: its markets go on without it (not asked again for a while, see Queue)
          if (job.origin !== undefined) st.eventGone(job.eventId, now);
          this.answered(now);
          return;
        }
        if (job.kind === 'detail' || job.kind === 'quote') {
          this.gone.notFound(job, info, now);
          this.answered(now);
          return;
        }
        break;
      case 'closed':
      case 'resolved':
      case 'settling':
      case 'invalid_request':
        if (job.kind === 'quote') {
          st.quoteFailed(job.marketId, job.form, info);
          this.answered(now);
          return;
        }
        if (e.kind === 'invalid_request') {
          // our query was refused: say so, do not retry faster than the normal cadence
          this.health.refused();
          st.requestFailed(info, a.sentAt);
          return;
        }
        break;
      case 'aborted':
        this.q.requeue(job, now);
        return;
      default:
        break;
    }
    // network, timeout, 5xx, a body that cannot be read, or a status that makes no sense here: pause, keep the data —
    // unless it was on the wire when a 429 or a 401 paused everything: that pause and its name hold (health.ts heldBy)
    const held = this.health.heldBy(now, a.sentAt);
    if (!held) this.health.failed(e.kind === 'network' || e.kind === 'timeout' ? 'offline' : 'server', now);
    this.routes.failed(job, e.code === ROUTE_NOT_FOUND);
    if (!held) st.requestFailed(info, a.sentAt);
    if (job.kind === 'quote') st.quoteDelayed(job.marketId, job.form, info);
    // a follow-up of a market that left the list is best effort: not retried into a failing server
    if (!(job.kind === 'detail' && job.origin === 'departed')) this.q.requeue(job, now);
  }

  /** The server answered for itself: the connection works. */
  private answered(now: number): void {
    // while the shown view's list keeps failing, another route's answer does not end the trouble (routeTrouble.ts)
    if (this.routes.holds(this.q.shownKind())) return this.health.answeredBeside();
    this.health.answered();
    this.store.getState().requestSucceeded(now);
  }

  /** A list arrived: when the selected market left it, the selection moves to the row in its place (listAnswered). */
  private listLoaded(a: Answered, markets: Market[], now: number, more?: boolean): void {
    const { job } = a;
    const key = job.kind === 'list' && job.query ? queryKey(job.query) : undefined;
    const keepPlace = key !== undefined && key === this.lastListKey;
    if (key !== undefined) this.lastListKey = key;
    this.gone.listAnswered();
    const before = this.store.getState().selectedId;
    this.store.getState().listLoaded(markets, now, {
      ...(job.kind === 'list' && job.query ? { query: job.query } : {}),
      sentAt: a.sentAt,
      keepPlace,
      ...(more !== undefined ? { more } : {}),
    });
    this.q.listAnswered(
      job,
      markets.map((m) => m.id),
      now,
    );
    // (the first row it brings is selected by the view's drawn rule, sync.ts's pump after this answer: drawn.ts)
    if (this.store.getState().selectedId !== before) this.q.selectionMoved(now);
  }

  private noteRate(rate: RateHeaders | undefined, at: number, seq: number, ok: boolean): void {
    if (!rate) return;
    this.limits.noteRate(rate, at, seq, ok);
    this.store.getState().setRate({ server: { ...rate } });
  }
}
