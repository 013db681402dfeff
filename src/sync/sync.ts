import type { PaperKeep } from '../store/paperSlice.js';
import type { ApiResult, HistoryRange } from '../api/types.js';
import type { ApiError } from '../api/errors.js';
import type { OddsStore } from '../store/store.js';
import type { ListQuery, QuoteForm } from '../store/types.js';
import type { Clock, TimerHandle } from '../util/clock.js';
import { Flights, type Flight } from './flights.js';
import { Health } from './health.js';
import { perform, tellRequest, type Job } from './jobs.js';
import { Outcomes } from './outcome.js';
import { resolveOptions, type ResolvedOptions, type SyncOptions } from './options.js';
import { makePlan, type Candidate, type Plan } from './plan.js';
import { publishRate } from './publish.js';
import { Queue } from './queue.js';
import { QuoteDesk } from './quoteDesk.js';
import { Limits } from './limits.js';
import { turnListPage } from './paging.js';
import type { AlertAddResult, PageResult, QuoteSubmit, RateAwareSync, RefreshResult, ViewSource } from './types.js';
import type { AlertDraft } from '../store/alertRules.js';
import { addAlertTo } from './alertIntent.js';
import type { ParsedTarget } from '../links/types.js';
import type { GoToStart } from './goTo.js';
import type { ExtraRequest } from './extraJobs.js';
import { keepDrawn, type DrawnMarket } from './drawn.js';
import { stepAware } from './clockStep.js';
import { FurtherSends } from './further.js';

/**
 * The rate-aware scheduler. See design.md §3 and docs/rate-budget.md. The intents fill the queue (queue.ts), the pump
 * sends the best candidate the budget (plan.ts, limits.ts) and the connection's health (health.ts) allow, and answers
 * come back through the outcome handling (outcome.ts).
 */
class Sync implements RateAwareSync {
  private readonly o: ResolvedOptions;
  private readonly store: OddsStore;
  private readonly clock: Clock;
  private readonly limits: Limits;
  private readonly q: Queue;
  private readonly health: Health;
  private readonly outcomes: Outcomes;
  private running = false;
  private timer: TimerHandle | undefined;
  private timerAt: number | undefined;
  private readonly flights: Flights;
  private readonly desk: QuoteDesk;
  private readonly further: FurtherSends;

  constructor(private readonly opts: SyncOptions) {
    this.o = resolveOptions(opts);
    this.store = opts.store;
    this.clock = stepAware(opts.clock, this.store, () => [this.q, this.health, this.limits, this.flights]);
    this.limits = new Limits(this.o, opts.ledger, opts.onLedgerProblem);
    this.q = new Queue(this.o, this.store, this.limits);
    this.health = new Health(this.o, this.limits);
    this.outcomes = new Outcomes(this.o, this.store, this.q, this.limits, this.health);
    this.flights = new Flights(this.clock, this.o.requestTimeoutMs, (f, res, err) => this.finish(f, res, err));
    this.further = new FurtherSends(this.limits, this.health, () => this.pump());
    this.desk = new QuoteDesk(this.o, this.store, this.q, this.flights, this.clock);
    if (this.q.positions) this.q.positions.wake = () => this.pump();
  }

  // ── intents ────────────────────────────────────────────────────────────

  start(): void {
    if (this.running) return;
    this.running = true;
    this.q.start(this.clock.now());
    this.pump();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.arm(undefined);
    await this.flights.abortAll();
  }

  select(id: string | undefined): void {
    this.q.shown.pick.chose(id, this.store.getState(), this.q.shown.drawn);
    this.store.getState().select(id);
    this.q.selectSoon(id, this.clock.now(), this.o.quietSelect);
    this.pump();
  }

  search(patch: Partial<ListQuery>): void {
    const { offset, ...rest } = patch;
    // an offset past the source's (the interface's 10000) is never sent (the rest of the change still applies)
    const max = this.store.getState().caps.maxOffset;
    const ok = offset !== undefined && Number.isInteger(offset) && offset >= 0 && (max === undefined || offset <= max);
    this.store.getState().setQuery(ok ? patch : rest);
    this.q.pageTurnDropped();
    this.q.listSoon(this.clock.now() + this.o.quietSearch);
    this.pump();
  }

  editQuote(marketId: string, patch: Partial<QuoteForm>): QuoteSubmit {
    const before = this.store.getState().quotes[marketId]?.form.outcome;
    const { result, queued } = this.desk.edit(marketId, patch);
    // another outcome chosen in the form: its book (a multi-outcome Polymarket market has one per outcome)
    const moved = patch.outcome !== undefined && patch.outcome !== before;
    if (moved && this.store.getState().selectedId === marketId)
      this.q.trader.selected(marketId, this.clock.now(), this.o.quietSelect);
    if (queued || moved) this.pump();
    return result;
  }

  setHistoryRange(range: HistoryRange): void {
    this.store.getState().setHistoryRange(range);
    this.q.trader.rangeChanged(this.clock.now());
    this.pump();
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
    if (!this.running) return { ok: false, retryAt: now, reason: 'stopped' };
    // a rejected key or a failing server is tried once at once; a 429's pause holds
    const held = this.health.tryNow(now);
    if (held) return { ok: false, retryAt: held.until, reason: 'rate_limited' };
    const at = this.limits.slotAt('interactive', now);
    if (at > now) return { ok: false, retryAt: at, reason: 'budget' };
    this.q.refreshShown(this.q.shown.source, now);
    if (this.q.shownKind() !== 'events') this.q.selectSoon(this.store.getState().selectedId, now, 0, true);
    this.pump();
    return { ok: true };
  }

  goTo(target: ParsedTarget): GoToStart {
    const r = this.q.goTo.start(target, this.clock.now());
    if (r.ok) this.pump();
    return r;
  }

  extra(req: ExtraRequest): void {
    this.q.trader.extras.ask(req, this.clock.now());
    this.pump();
  }

  // ── the watchlist and alerts (docs/watcher.md) ──

  toggleWatch(marketId: string): boolean {
    const on = this.store.getState().toggleWatch(marketId, this.clock.now());
    this.pump();
    return on;
  }

  addAlert(draft: AlertDraft): AlertAddResult {
    const r = addAlertTo(this.store, draft, this.clock.now());
    if (r.ok) this.pump();
    return r;
  }

  removeAlert(ruleId: string): void {
    this.store.getState().removeAlert(ruleId);
  }

  keepPaper(marketId: string): PaperKeep {
    const r = this.store.getState().keepPaper(marketId, this.clock.now());
    this.pump(); // its market is followed from now on (watchRefresh.ts)
    return r;
  }

  // ── views (docs/views.md) ──

  show(source: ViewSource, drawn?: DrawnMarket): void {
    this.q.shown.drawBy(source, drawn);
    this.q.show(source, this.clock.now(), this.o.quietSelect);
    this.pump();
  }

  openEvent(id: string | undefined): void {
    this.store.getState().openEvent(id);
    // a deliberate ⏎ or Esc, not a burst: no quiet time
    this.q.show('events', this.clock.now(), 0);
    this.pump();
  }

  page(delta: 1 | -1): PageResult {
    const r = turnListPage(this.store, this.q, delta, this.clock.now());
    if (r.ok) this.pump();
    return r;
  }

  inFlight(): number {
    return this.flights.size;
  }

  async settled(): Promise<void> {
    await this.flights.settled();
  }

  // ── the pump ───────────────────────────────────────────────────────────

  /**
   * When a candidate could go out at the earliest: ready, not paused, and its class fits the budget — for the
   * candidates of one plan at `now`, the budget asked once per class (it depends only on the class and the time).
   */
  private earliestAt(now: number): (c: Candidate) => number {
    const paused = this.health.pausedUntil() ?? Number.NEGATIVE_INFINITY;
    const slots: Partial<Record<Candidate['cls'], number>> = {};
    return (c) => Math.max(c.readyAt, paused, (slots[c.cls] ??= this.limits.slotAt(c.cls, now)));
  }

  private pump(): void {
    if (keepDrawn(this.store, this.q.shown.drawn, this.q.shown.pick)) this.q.selectionMoved(this.clock.now());
    if (!this.running) return;
    for (let sent = 0; sent < 4; sent++) {
      const now = this.clock.now();
      const further = this.further.serve(now);
      const cands = this.q.candidates(now);
      const earliest = this.earliestAt(now);
      const plan = makePlan(cands, now, earliest, (c) => this.flights.mayFly(c.cls === 'quote'));
      if (plan.send) {
        // the slot is claimed in the budget shared with our other processes before the job leaves the queue
        const slot = this.limits.claim(plan.send.cls, now);
        if ('retryAt' in slot) {
          // refused now, so never again at this same instant (a fractional time can round either way)
          const retryAt = Math.max(slot.retryAt, Math.floor(now) + 1);
          this.arm(retryAt);
          // the claim read the shared ledger again: the budget asked afresh
          this.publish(now, cands, { wakeAt: retryAt }, this.earliestAt(now));
          return;
        }
        const job = plan.send.take(now);
        if (job) this.send(job, now, slot.seq);
        continue;
      }
      // also wake when the header's counts change on their own (a send leaves the window, a cut limit grows), and,
      // with other processes on the budget, now and then to show their sends
      const wake = [plan.wakeAt, further, this.limits.nextChangeAt(now), this.limits.pollAt(now)].filter(
        (t): t is number => t !== undefined,
      );
      this.arm(wake.length ? Math.min(...wake) : undefined);
      this.publish(now, cands, plan, earliest);
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

  private send(job: Job, now: number, seq: number): void {
    this.health.sent(now);
    const query = this.store.getState().list.query;
    if (job.kind === 'list') job.query = query;
    this.q.sent(job, now);
    tellRequest(this.opts.onRequest, job, now);
    this.flights.launch(job, seq, (signal, rearm) =>
      perform(this.opts.client, job, query, this.further.options(job.cls, signal, rearm)),
    );
  }

  private finish(flight: Flight, res: ApiResult<unknown> | undefined, err: ApiError | undefined): void {
    if (!this.running) return;
    const now = this.clock.now();
    try {
      if (res) this.outcomes.success(flight, res, now);
      else if (err) this.outcomes.failure(flight, err, now);
    } catch {
      // a store or hook failure must not stop the scheduler
    }
    this.pump();
  }

  private publish(now: number, cands: Candidate[], plan: Plan, earliest: (c: Candidate) => number): void {
    publishRate(this.store, this.limits, this.q, { now, cands, plan, health: this.health.view(now), earliest });
  }
}

export function createSync(opts: SyncOptions): RateAwareSync {
  return new Sync(opts);
}
