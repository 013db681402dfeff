import type { ApiResult, RateHeaders } from '../api/types.js';
import type { ApiError } from '../api/errors.js';
import type { OddsStore } from '../store/store.js';
import type { ListQuery, QuoteForm, RateState } from '../store/types.js';
import type { Clock, TimerHandle } from '../util/clock.js';
import { Flights, type Flight } from './flights.js';
import { perform, type Job } from './jobs.js';
import { applyError, applySuccess, type OutcomeHost } from './outcome.js';
import { resolveOptions, type ResolvedOptions, type SyncOptions } from './options.js';
import { makePlan, type Candidate, type Plan } from './plan.js';
import { publishRate } from './publish.js';
import { Queue } from './queue.js';
import { QuoteDesk } from './quoteDesk.js';
import { Limits } from './limits.js';
import { validateOffset } from '../api/validate.js';
import { queryKey } from '../store/listQuery.js';
import { turnPage } from './paging.js';
import type { PageResult, QuoteSubmit, RateAwareSync, RefreshResult, ViewSource } from './types.js';

/**
 * The rate-aware scheduler. See design.md §3 and README "Rate budget".
 * The intents fill the queue (queue.ts), the pump sends the best candidate the
 * budget allows (plan.ts, limits.ts), and answers come back through the
 * outcome bookkeeping (outcome.ts) by way of the OutcomeHost methods here.
 */
class Sync implements RateAwareSync, OutcomeHost {
  readonly o: ResolvedOptions;
  readonly store: OddsStore;
  readonly clock: Clock;
  private readonly limits: Limits;
  private readonly q: Queue;
  private running = false;
  private halted = false;
  private timer: TimerHandle | undefined;
  private timerAt: number | undefined;
  private readonly flights: Flights;
  private readonly desk: QuoteDesk;
  private backoffUntil: number | undefined;
  private backoffReason: RateState['backoffReason'];
  consecutive429 = 0;
  consecutiveFailures = 0;
  private total429 = 0;
  private last429At: number | undefined;
  /** The view shown last (what the background refreshes). */
  private source: ViewSource = 'markets';
  /** A page was turned: when the answer to that query arrives, the selection moves to its first (or last) row. */
  private pageTurn: { key: string; pick: 'first' | 'last' } | undefined;

  constructor(private readonly opts: SyncOptions) {
    this.o = resolveOptions(opts);
    this.store = opts.store;
    this.clock = opts.clock;
    this.limits = new Limits(this.o);
    this.q = new Queue(this.o, this.store, this.limits);
    this.flights = new Flights(this.clock, this.o.requestTimeoutMs, (f, res, err) => this.finish(f, res, err));
    this.desk = new QuoteDesk(this.o, this.store, this.q, this.flights, this.clock);
  }

  // ── intents ────────────────────────────────────────────────────────────

  start(): void {
    if (this.running) return;
    this.running = true;
    this.halted = false;
    this.q.start(this.clock.now());
    this.pump();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.arm(undefined);
    await this.flights.abortAll();
  }

  select(id: string | undefined): void {
    this.store.getState().select(id);
    this.q.selectSoon(id, this.clock.now(), this.o.quietSelect);
    this.pump();
  }

  search(patch: Partial<ListQuery>): void {
    const { offset, ...rest } = patch;
    // the service takes offsets up to 10000: anything else is never sent (the rest of the change still applies)
    this.store.getState().setQuery(offset !== undefined && validateOffset(offset).ok ? patch : rest);
    this.pageTurn = undefined;
    this.q.listSoon(this.clock.now() + this.o.quietSearch);
    this.pump();
  }

  editQuote(marketId: string, patch: Partial<QuoteForm>): QuoteSubmit {
    const { result, queued } = this.desk.edit(marketId, patch);
    if (queued) this.pump();
    return result;
  }

  submitQuote(marketId: string): QuoteSubmit {
    const { result, queued } = this.desk.submit(marketId);
    if (queued) this.pump();
    return result;
  }

  openQuote(marketId: string): void {
    if (this.desk.open(marketId)) this.pump();
  }

  refreshNow(): RefreshResult {
    const now = this.clock.now();
    if (this.halted) return { ok: false, retryAt: now, reason: 'auth_failed' };
    if (!this.running) return { ok: false, retryAt: now, reason: 'stopped' };
    if (this.backoffUntil !== undefined && this.backoffUntil > now) {
      return { ok: false, retryAt: this.backoffUntil, reason: this.backoffReason === 'rate_limited' ? 'rate_limited' : 'backoff' };
    }
    const at = this.limits.slotAt('interactive', now);
    if (at > now) return { ok: false, retryAt: at, reason: 'budget' };
    this.q.refreshShown(this.source, now);
    if (this.q.shownKind() !== 'events') this.q.selectSoon(this.store.getState().selectedId, now, 0, true);
    this.pump();
    return { ok: true };
  }

  show(source: ViewSource): void {
    this.source = source;
    this.q.show(source, this.clock.now(), this.o.quietSelect);
    this.pump();
  }

  openEvent(id: string | undefined): void {
    this.store.getState().openEvent(id);
    this.source = 'events';
    // a deliberate ⏎ or Esc, not a burst: no quiet time
    this.q.show('events', this.clock.now(), 0);
    this.pump();
  }

  page(delta: 1 | -1): PageResult {
    const turn = turnPage(this.store.getState().list, delta);
    if ('refusal' in turn) return { ok: false, reason: turn.refusal };
    this.store.getState().setQuery({ offset: turn.offset });
    this.pageTurn = { key: queryKey(this.store.getState().list.query), pick: delta > 0 ? 'first' : 'last' };
    this.q.listSoon(this.clock.now());
    this.pump();
    return { ok: true, page: turn.page };
  }

  inFlight(): number {
    return this.flights.size;
  }

  async settled(): Promise<void> {
    await this.flights.settled();
  }

  // ── the pump ───────────────────────────────────────────────────────────

  /** When a candidate could go out at the earliest: ready, not backing off, and its class fits the budget. */
  private earliest(c: Candidate, now: number): number {
    return Math.max(c.readyAt, this.backoffUntil ?? Number.NEGATIVE_INFINITY, this.limits.slotAt(c.cls, now));
  }

  private pump(): void {
    if (!this.running || this.halted) return;
    for (let sent = 0; sent < 4; sent++) {
      const now = this.clock.now();
      const cands = this.q.candidates(now);
      const plan = makePlan(cands, now, (c) => this.earliest(c, now), (c) => this.flights.mayFly(c.cls === 'quote'));
      if (plan.send) {
        const job = plan.send.take(now);
        if (job) this.send(job, now);
        continue;
      }
      this.arm(plan.wakeAt);
      this.publish(now, cands, plan);
      return;
    }
    this.arm(this.clock.now());
  }

  private arm(at: number | undefined): void {
    if (at !== undefined && this.timer && this.timerAt === at) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = undefined;
    if (at === undefined) return;
    this.timerAt = at;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.timerAt = undefined;
      this.pump();
    }, at - this.clock.now());
  }

  private send(job: Job, now: number): void {
    const seq = this.limits.record(now);
    const query = this.store.getState().list.query;
    if (job.kind === 'list') job.query = query;
    this.q.sent(job, now);
    try {
      this.opts.onRequest?.({
        kind: job.kind,
        cls: job.cls,
        at: now,
        ...('marketId' in job ? { marketId: job.marketId } : {}),
        ...('eventId' in job ? { eventId: job.eventId } : {}),
      });
    } catch {
      // a hook must not break the scheduler
    }
    this.flights.launch(job, seq, (signal) => perform(this.opts.client, job, query, signal));
  }

  private finish(flight: Flight, res: ApiResult<unknown> | undefined, err: ApiError | undefined): void {
    if (!this.running || this.halted) return;
    const now = this.clock.now();
    try {
      if (res) applySuccess(this, flight.job, res, flight.seq, now);
      else if (err) applyError(this, flight.job, err, flight.seq, now);
    } catch {
      // a store or hook failure must not stop the scheduler
    }
    this.pump();
  }

  private publish(now: number, cands: Candidate[], plan: Plan): void {
    publishRate(this.store, this.limits, this.q, {
      now,
      cands,
      plan,
      halted: this.halted,
      backoffUntil: this.backoffUntil,
      backoffReason: this.backoffReason,
      last429At: this.last429At,
      total429: this.total429,
      earliest: (c, at) => this.earliest(c, at),
    });
  }

  // ── OutcomeHost: what outcome.ts may change ───────────────────────────

  noteRate(rate: RateHeaders | undefined, at: number, seq: number, ok: boolean): void {
    if (!rate) return;
    this.limits.noteRate(rate, at, seq, ok);
    this.store.getState().setRate({ server: { ...rate } });
  }

  backoff(until: number, reason: NonNullable<RateState['backoffReason']>): void {
    this.backoffUntil = Math.max(this.backoffUntil ?? 0, until);
    this.backoffReason = reason;
  }

  clearBackoff(): void {
    this.backoffUntil = undefined;
    this.backoffReason = undefined;
  }

  rateLimited(now: number): void {
    this.total429++;
    this.last429At = now;
    this.consecutive429++;
    this.limits.rateLimited(now, this.consecutive429 === 1);
  }

  halt(): void {
    this.halted = true;
    this.arm(undefined);
    this.q.clear();
    this.clearBackoff();
    this.flights.abortEach();
    this.publish(this.clock.now(), [], {});
  }

  requeue(job: Job, now: number): void {
    this.q.requeue(job, now);
  }

  listAnswered(job: Job, ids: string[], now: number): void {
    this.q.listAnswered(job, ids, now);
    const turn = this.pageTurn;
    if (job.kind !== 'list' || !job.query || !turn || queryKey(job.query) !== turn.key) return;
    this.pageTurn = undefined;
    const id = turn.pick === 'first' ? ids[0] : ids[ids.length - 1];
    if (id === undefined) return;
    this.store.getState().select(id);
    this.selectionMoved(now);
  }

  forgetDetail(id: string): void {
    this.q.forgetDetail(id);
  }

  /** The selection moved without the user (404, first list): fetch its detail without a quiet time. */
  selectionMoved(now: number): void {
    this.q.selectSoon(this.store.getState().selectedId, now, 0);
  }
}

export function createSync(opts: SyncOptions): RateAwareSync {
  return new Sync(opts);
}
