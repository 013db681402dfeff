import { validateQuoteParams, type ValidQuoteParams } from '../api/validate.js';
import type { ApiResult, RateHeaders } from '../api/types.js';
import type { ApiError } from '../api/errors.js';
import type { OddsStore } from '../store/store.js';
import type { ListQuery, QuoteForm, RateState } from '../store/types.js';
import type { Clock, TimerHandle } from '../util/clock.js';
import { Flights, type Flight } from './flights.js';
import { Departed, type Departure } from './departed.js';
import { perform, queryKey, sameForm, type Job } from './jobs.js';
import { applyError, applySuccess, type OutcomeHost } from './outcome.js';
import { resolveOptions, type ResolvedOptions, type SyncOptions } from './options.js';
import { chooseBackground, makePlan, type BackgroundKind, type Candidate, type Plan } from './plan.js';
import { Limits } from './limits.js';
import type { RateAwareSync, RefreshResult } from './types.js';

interface PendingQuote {
  form: QuoteForm;
  params: ValidQuoteParams;
  readyAt: number;
}

/** The rate-aware scheduler. See design.md §3 and README "Rate budget". */
class Sync implements RateAwareSync, OutcomeHost {
  readonly o: ResolvedOptions;
  readonly store: OddsStore;
  readonly clock: Clock;
  private readonly limits: Limits;
  private running = false;
  private halted = false;
  private timer: TimerHandle | undefined;
  private timerAt: number | undefined;
  private readonly flights: Flights;
  private readonly quotes = new Map<string, PendingQuote>();
  private selJob: { id: string; readyAt: number } | undefined;
  private listJob: { readyAt: number } | undefined;
  private startedAt = 0;
  private lastBgAt: number | undefined;
  private listSentAt = Number.NEGATIVE_INFINITY;
  private eventsSentAt = Number.NEGATIVE_INFINITY;
  private readonly detailSent = new Map<string, number>();
  private readonly departed = new Departed();
  private backoffUntil: number | undefined;
  private backoffReason: RateState['backoffReason'];
  consecutive429 = 0;
  consecutiveFailures = 0;
  private total429 = 0;
  private last429At: number | undefined;

  constructor(private readonly opts: SyncOptions) {
    this.o = resolveOptions(opts);
    this.store = opts.store;
    this.clock = opts.clock;
    this.limits = new Limits(this.o);
    this.flights = new Flights(this.clock, this.o.requestTimeoutMs, (f, res, err) => this.finish(f, res, err));
  }

  // ── intents ────────────────────────────────────────────────────────────

  start(): void {
    if (this.running) return;
    this.running = true;
    this.halted = false;
    const now = this.clock.now();
    this.startedAt = now;
    this.lastBgAt = undefined;
    this.listJob = { readyAt: now };
    const sel = this.store.getState().selectedId;
    if (sel !== undefined) this.selJob = { id: sel, readyAt: now };
    this.pump();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.arm(undefined);
    await this.flights.abortAll();
  }

  select(id: string | undefined): void {
    const st = this.store.getState();
    st.select(id);
    if (id === undefined) this.selJob = undefined;
    else {
      const now = this.clock.now();
      const fetched = Math.max(st.markets[id]?.detailAt ?? Number.NEGATIVE_INFINITY, this.detailSent.get(id) ?? Number.NEGATIVE_INFINITY);
      this.selJob = now - fetched < this.o.selectFreshMs ? undefined : { id, readyAt: now + this.o.quietSelect };
    }
    this.pump();
  }

  search(patch: Partial<ListQuery>): void {
    this.store.getState().setQuery(patch);
    this.listJob = { readyAt: this.clock.now() + this.o.quietSearch };
    this.pump();
  }

  requestQuote(marketId: string, form: QuoteForm): void {
    const st = this.store.getState();
    st.setQuoteForm(marketId, form);
    const v = validateQuoteParams(form);
    if (!v.ok) {
      this.quotes.delete(marketId);
      st.quoteInvalid(marketId, v.message);
      return;
    }
    if (sameForm(this.quotes.get(marketId)?.form, form)) return; // already waiting for quiet
    if (this.flights.hasQuote(marketId, form)) return;
    const now = this.clock.now();
    const copy = { ...form };
    st.quoteRequested(marketId, copy, now);
    this.quotes.set(marketId, { form: copy, params: v.value, readyAt: now + this.o.quietQuote });
    this.pump();
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
    this.listJob = { readyAt: now };
    const sel = this.store.getState().selectedId;
    if (sel !== undefined) this.selJob = { id: sel, readyAt: now };
    this.pump();
    return { ok: true };
  }

  inFlight(): number {
    return this.flights.size;
  }

  async settled(): Promise<void> {
    await this.flights.settled();
  }

  // ── the budget ─────────────────────────────────────────────────────────

  private earliest(c: Candidate, now: number): number {
    return Math.max(
      c.readyAt,
      this.backoffUntil ?? Number.NEGATIVE_INFINITY,
      this.limits.slotAt(c.cls, now),
    );
  }

  private listRef(): number {
    return Math.max(this.store.getState().list.loadedAt ?? Number.NEGATIVE_INFINITY, this.listSentAt);
  }

  private detailRef(id: string): number {
    return Math.max(this.store.getState().markets[id]?.detailAt ?? Number.NEGATIVE_INFINITY, this.detailSent.get(id) ?? Number.NEGATIVE_INFINITY);
  }

  private backgroundKind(now: number): BackgroundKind {
    const st = this.store.getState();
    return chooseBackground({
      now,
      intervalMs: this.limits.interval(now),
      detailShare: this.o.detailShare,
      eventsEveryMs: this.o.eventsEveryMs,
      listAt: this.listRef(),
      detailAt: st.selectedId === undefined ? undefined : this.detailRef(st.selectedId),
      eventsAt: Math.max(st.events.loadedAt ?? Number.NEGATIVE_INFINITY, this.eventsSentAt),
    });
  }

  private candidates(now: number): Candidate[] {
    const out: Candidate[] = [];
    for (const [marketId, q] of this.quotes) {
      out.push({
        prio: 0,
        cls: 'quote',
        readyAt: q.readyAt,
        take: () => (this.quotes.delete(marketId), { kind: 'quote', cls: 'quote', marketId, form: q.form, params: q.params }),
      });
    }
    const I = this.limits.interval(now);
    const hasSel = this.store.getState().selectedId !== undefined;
    const listRef = this.listRef();
    if (Number.isFinite(listRef)) {
      // a list starved by interactive work is promoted once it is three list periods old
      const maxAge = (3 * I) / (1 - (hasSel ? this.o.detailShare : 0));
      out.push({ prio: 1, cls: 'interactive', readyAt: Math.ceil(listRef + maxAge), take: () => ({ kind: 'list', cls: 'interactive', origin: 'overdue' }) });
    }
    const sel = this.selJob;
    if (sel) out.push({ prio: 2, cls: 'interactive', readyAt: sel.readyAt, take: () => ({ kind: 'detail', cls: 'interactive', marketId: sel.id, origin: 'selection' }) });
    if (this.listJob) out.push({ prio: 3, cls: 'interactive', readyAt: this.listJob.readyAt, take: () => ({ kind: 'list', cls: 'interactive', origin: 'interactive' }) });
    out.push({
      prio: 4,
      cls: 'background',
      readyAt: Math.ceil((this.lastBgAt ?? this.startedAt) + I),
      take: (at) => {
        const kind = this.backgroundKind(at);
        const id = this.store.getState().selectedId;
        // events first; then, now and then, a market that left the list; else the most overdue refresh
        const follow = kind === 'events' ? undefined : this.nextDeparted(at);
        if (follow) return { kind: 'detail', cls: 'background', marketId: follow.id, origin: 'departed', departure: follow };
        if (kind === 'detail' && id !== undefined) return { kind, cls: 'background', marketId: id, origin: 'background' };
        return kind === 'events' ? { kind, cls: 'background' } : { kind: 'list', cls: 'background', origin: 'background' };
      },
    });
    return out;
  }

  /** A departed market to follow up in this background slot, if one is waiting and the spacing allows. */
  private nextDeparted(now: number): Departure | undefined {
    const st = this.store.getState();
    // the selected one is refreshed anyway; one that was dropped from the cache cannot be shown
    return this.departed.next(now, (id) => id === st.selectedId || st.markets[id] === undefined || now - this.detailRef(id) < this.limits.interval(now));
  }

  // ── the pump ───────────────────────────────────────────────────────────

  private pump(): void {
    if (!this.running || this.halted) return;
    for (let sent = 0; sent < 4; sent++) {
      const now = this.clock.now();
      const cands = this.candidates(now);
      const plan = makePlan(cands, now, (c) => this.earliest(c, now), (c) => this.mayFly(c));
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

  private mayFly(c: Candidate): boolean {
    return this.flights.mayFly(c.cls === 'quote');
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
    if (job.kind === 'list') {
      this.listSentAt = now;
      this.listJob = undefined;
      job.query = query;
    } else if (job.kind === 'detail') {
      if (this.detailSent.size > 500) this.detailSent.clear();
      this.detailSent.set(job.marketId, now);
      if (this.selJob?.id === job.marketId) this.selJob = undefined;
      this.departed.forget(job.marketId);
    } else if (job.kind === 'events') this.eventsSentAt = now;
    if (job.cls === 'background') {
      this.lastBgAt = now;
      this.departed.backgroundSent(job.kind === 'detail' ? job.departure : undefined);
    }
    try {
      this.opts.onRequest?.({ kind: job.kind, cls: job.cls, at: now, ...('marketId' in job ? { marketId: job.marketId } : {}) });
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
    this.quotes.clear();
    this.selJob = undefined;
    this.listJob = undefined;
    this.clearBackoff();
    this.flights.abortEach();
    this.publish(this.clock.now(), [], {});
  }

  /** Put a job that failed for a passing reason back, unless something newer replaced it. */
  requeue(job: Job, now: number): void {
    if (job.kind === 'quote') {
      if (!this.quotes.has(job.marketId)) this.quotes.set(job.marketId, { form: job.form, params: job.params, readyAt: now });
    } else if (job.kind === 'detail' && job.departure) {
      this.departed.requeue(job.departure, now);
    } else if (job.kind === 'detail' && job.origin === 'selection') {
      if (!this.selJob && this.store.getState().selectedId === job.marketId) this.selJob = { id: job.marketId, readyAt: now };
    } else if (job.kind === 'list' && job.origin === 'interactive') {
      this.listJob ??= { readyAt: now };
    }
  }

  listAnswered(job: Job, ids: string[], now: number): void {
    if (job.kind !== 'list' || !job.query) return;
    const markets = this.store.getState().markets;
    this.departed.listAnswered(queryKey(job.query), ids, now, (id) => {
      const m = markets[id]?.market;
      return m ? { due: m.closesAt !== undefined && m.closesAt <= now } : undefined;
    });
  }

  forgetDetail(id: string): void {
    this.detailSent.delete(id);
  }

  /** The selection moved without the user (404, first list): fetch its detail without a quiet time. */
  selectionMoved(now: number): void {
    const id = this.store.getState().selectedId;
    this.selJob = id === undefined || now - this.detailRef(id) < this.o.selectFreshMs ? undefined : { id, readyAt: now };
  }

  // ── what the UI sees ───────────────────────────────────────────────────

  private publish(now: number, cands: Candidate[], plan: Plan): void {
    const st = this.store.getState();
    const patch: Partial<RateState> = {
      effectiveLimit: this.limits.effective(now),
      usedInWindow: this.limits.budget.count(now),
      nextRequestAt: plan.wakeAt,
      backoffUntil: this.backoffUntil !== undefined && this.backoffUntil > now ? this.backoffUntil : undefined,
      backoffReason: this.backoffUntil !== undefined && this.backoffUntil > now ? this.backoffReason : undefined,
      last429At: this.last429At,
      totalRequests: this.limits.budget.total,
      total429: this.total429,
      nextListRefreshAt: undefined,
      nextDetailRefreshAt: undefined,
    };
    const bg = cands.find((c) => c.cls === 'background');
    if (bg && !this.halted) {
      const at = Math.max(now, this.earliest(bg, now));
      const later = Math.ceil(at + this.limits.interval(now));
      const kind = this.backgroundKind(at);
      patch.nextListRefreshAt = kind === 'list' ? at : later;
      if (st.selectedId !== undefined) patch.nextDetailRefreshAt = kind === 'detail' ? at : later;
    }
    const cur = st.rate as unknown as Record<string, unknown>;
    const changed = Object.entries(patch).some(([k, v]) => cur[k] !== v);
    if (changed) st.setRate(patch);
  }
}

export function createSync(opts: SyncOptions): RateAwareSync {
  return new Sync(opts);
}
