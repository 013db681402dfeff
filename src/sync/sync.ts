import { validateQuoteParams, type ValidQuoteParams } from '../api/validate.js';
import type { ApiResult, RateHeaders } from '../api/types.js';
import type { ApiError } from '../api/errors.js';
import type { OddsStore } from '../store/store.js';
import type { ListQuery, QuoteForm, RateState } from '../store/types.js';
import type { Clock, TimerHandle } from '../util/clock.js';
import { Aimd } from './backoff.js';
import { Budget } from './budget.js';
import { perform, sameForm, type Job, type JobClass } from './jobs.js';
import { applyError, applySuccess, toApiError, type OutcomeHost } from './outcome.js';
import { resolveOptions, type ResolvedOptions, type SyncOptions } from './options.js';
import { makePlan, type Candidate, type Plan } from './plan.js';
import { ServerRate } from './serverRate.js';
import type { RateAwareSync, RefreshResult } from './types.js';

interface Flight {
  job: Job;
  /** Our send count including this request. */
  seq: number;
  ctrl: AbortController;
  timer?: TimerHandle;
  finished: boolean;
  /** Resolves when the flight is over for the scheduler: answered, abandoned after its timeout, or stopped. */
  done: Promise<void>;
  resolve: () => void;
}

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
  private readonly budget: Budget;
  private readonly aimd: Aimd;
  private readonly server: ServerRate;
  private running = false;
  private halted = false;
  private timer: TimerHandle | undefined;
  private timerAt: number | undefined;
  private readonly flights = new Set<Flight>();
  private readonly quotes = new Map<string, PendingQuote>();
  private selJob: { id: string; readyAt: number } | undefined;
  private listJob: { readyAt: number } | undefined;
  private startedAt = 0;
  private lastBgAt: number | undefined;
  private listSentAt = Number.NEGATIVE_INFINITY;
  private eventsSentAt = Number.NEGATIVE_INFINITY;
  private readonly detailSent = new Map<string, number>();
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
    this.budget = new Budget(this.o.spanMs);
    this.aimd = new Aimd(this.o.limit, this.o.aimdFactor, this.o.aimdRecoverMs);
    this.server = new ServerRate(this.budget, this.o.windowMs);
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
    // abort and forget: a client that ignores its signal cannot hold stop() up
    const pending = [...this.flights];
    for (const f of pending) {
      f.ctrl.abort();
      this.finish(f, undefined, undefined);
    }
    await Promise.allSettled(pending.map((f) => f.done));
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
    for (const f of this.flights) if (f.job.kind === 'quote' && f.job.marketId === marketId && sameForm(f.job.form, form)) return;
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
    const at = Math.max(this.budget.nextSlotAt(now, this.allowed('interactive', now)), this.server.allowedAt(now, this.o.reserveInteractive));
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
    while (this.flights.size > 0) await Promise.allSettled([...this.flights].map((f) => f.done));
  }

  // ── the budget ─────────────────────────────────────────────────────────

  /**
   * The limit we allow ourselves now: the mode's limit (or a lower one the server announced),
   * minus what other clients on the same bucket were seen spending, lowered after a 429 (AIMD).
   */
  private effective(now: number): number {
    return Math.max(1, Math.min(this.aimd.value(now), this.aimd.getCeiling() - this.server.othersPeak(now)));
  }

  private allowed(cls: JobClass, now: number): number {
    const eff = this.effective(now);
    if (cls === 'quote') return eff;
    return Math.max(1, eff - (cls === 'interactive' ? this.o.reserveInteractive : this.o.reserveBackground));
  }

  private reserve(cls: JobClass): number {
    return cls === 'quote' ? 0 : cls === 'interactive' ? this.o.reserveInteractive : this.o.reserveBackground;
  }

  /** Background spacing: the background share of the window spread evenly. */
  private interval(now: number): number {
    return this.o.spanMs / this.allowed('background', now);
  }

  private earliest(c: Candidate, now: number): number {
    return Math.max(
      c.readyAt,
      this.backoffUntil ?? Number.NEGATIVE_INFINITY,
      this.budget.nextSlotAt(now, this.allowed(c.cls, now)),
      this.server.allowedAt(now, this.reserve(c.cls)),
    );
  }

  private listRef(): number {
    return Math.max(this.store.getState().list.loadedAt ?? Number.NEGATIVE_INFINITY, this.listSentAt);
  }

  private detailRef(id: string): number {
    return Math.max(this.store.getState().markets[id]?.detailAt ?? Number.NEGATIVE_INFINITY, this.detailSent.get(id) ?? Number.NEGATIVE_INFINITY);
  }

  /** Which background refresh is most overdue relative to its share of the cadence. */
  private backgroundKind(now: number): 'list' | 'detail' | 'events' {
    const st = this.store.getState();
    const I = this.interval(now);
    const sel = st.selectedId;
    const share = sel !== undefined ? this.o.detailShare : 0;
    const scores: Array<['list' | 'detail' | 'events', number]> = [['list', (now - this.listRef()) / (I / (1 - share))]];
    if (sel !== undefined) scores.push(['detail', (now - this.detailRef(sel)) / (I / share)]);
    scores.push(['events', (now - Math.max(st.events.loadedAt ?? Number.NEGATIVE_INFINITY, this.eventsSentAt)) / this.o.eventsEveryMs]);
    let best = scores[0]!;
    for (const s of scores) if (s[1] > best[1]) best = s;
    return best[0];
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
    const I = this.interval(now);
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
        if (kind === 'detail' && id !== undefined) return { kind, cls: 'background', marketId: id, origin: 'background' };
        return kind === 'events' ? { kind, cls: 'background' } : { kind: 'list', cls: 'background', origin: 'background' };
      },
    });
    return out;
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

  /** One quote and one other request may be on the wire at once, so a slow refresh never delays a quote (nor the reverse). */
  private mayFly(c: Candidate): boolean {
    const quote = c.cls === 'quote';
    for (const f of this.flights) if ((f.job.kind === 'quote') === quote) return false;
    return true;
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
    this.budget.record(now);
    const seq = this.budget.total;
    if (job.kind === 'list') {
      this.listSentAt = now;
      this.listJob = undefined;
    } else if (job.kind === 'detail') {
      if (this.detailSent.size > 500) this.detailSent.clear();
      this.detailSent.set(job.marketId, now);
      if (this.selJob?.id === job.marketId) this.selJob = undefined;
    } else if (job.kind === 'events') this.eventsSentAt = now;
    if (job.cls === 'background') this.lastBgAt = now;
    try {
      this.opts.onRequest?.({ kind: job.kind, cls: job.cls, at: now, ...('marketId' in job ? { marketId: job.marketId } : {}) });
    } catch {
      // a hook must not break the scheduler
    }
    const ctrl = new AbortController();
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    const flight: Flight = { job, seq, ctrl, finished: false, done, resolve };
    let call: Promise<ApiResult<unknown>>;
    try {
      call = perform(this.opts.client, job, this.store.getState().list.query, ctrl.signal);
    } catch (e) {
      call = Promise.reject(e);
    }
    flight.timer = this.clock.setTimeout(() => {
      flight.timer = undefined;
      ctrl.abort();
      this.finish(flight, undefined, toApiError(undefined, true));
    }, this.o.requestTimeoutMs);
    this.flights.add(flight);
    call.then(
      (res) => this.finish(flight, res, undefined),
      (err: unknown) => this.finish(flight, undefined, toApiError(err, false)),
    );
  }

  private finish(flight: Flight, res: ApiResult<unknown> | undefined, err: ApiError | undefined): void {
    if (flight.finished) return;
    flight.finished = true;
    this.clock.clearTimeout(flight.timer);
    flight.timer = undefined;
    this.flights.delete(flight);
    flight.resolve();
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
    this.server.update(rate, at, seq, this.o.spanMs / this.o.limit);
    if (ok) this.server.observeShare(rate, at);
    const lim = rate.limit;
    const windowOk = rate.windowMs === undefined || Math.abs(rate.windowMs - this.o.windowMs) <= 1_000;
    if (typeof lim === 'number' && Number.isInteger(lim) && lim >= 1 && windowOk) this.aimd.setCeiling(Math.min(this.o.limit, lim), at);
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
    if (this.consecutive429 === 1) this.aimd.decrease(now);
    else this.aimd.hold(now);
  }

  halt(): void {
    this.halted = true;
    this.arm(undefined);
    this.quotes.clear();
    this.selJob = undefined;
    this.listJob = undefined;
    this.clearBackoff();
    for (const f of this.flights) f.ctrl.abort();
    this.publish(this.clock.now(), [], {});
  }

  /** Put a job that failed for a passing reason back, unless something newer replaced it. */
  requeue(job: Job, now: number): void {
    if (job.kind === 'quote') {
      if (!this.quotes.has(job.marketId)) this.quotes.set(job.marketId, { form: job.form, params: job.params, readyAt: now });
    } else if (job.kind === 'detail' && job.origin === 'selection') {
      if (!this.selJob && this.store.getState().selectedId === job.marketId) this.selJob = { id: job.marketId, readyAt: now };
    } else if (job.kind === 'list' && job.origin === 'interactive') {
      this.listJob ??= { readyAt: now };
    }
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
      effectiveLimit: this.effective(now),
      usedInWindow: this.budget.count(now),
      nextRequestAt: plan.wakeAt,
      backoffUntil: this.backoffUntil !== undefined && this.backoffUntil > now ? this.backoffUntil : undefined,
      backoffReason: this.backoffUntil !== undefined && this.backoffUntil > now ? this.backoffReason : undefined,
      last429At: this.last429At,
      totalRequests: this.budget.total,
      total429: this.total429,
      nextListRefreshAt: undefined,
      nextDetailRefreshAt: undefined,
    };
    const bg = cands.find((c) => c.cls === 'background');
    if (bg && !this.halted) {
      const at = Math.max(now, this.earliest(bg, now));
      const later = at + this.interval(now);
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
