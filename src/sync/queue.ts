import type { ValidQuoteParams } from '../api/validate.js';
import { queryKey } from '../store/listQuery.js';
import type { OddsStore } from '../store/store.js';
import type { QuoteForm } from '../store/types.js';
import { Background } from './background.js';
import { SourceJobs } from './sourceJobs.js';
import { GoTo } from './goTo.js';
import { Decorations } from './decoration.js';
import { PositionsDesk } from './positions.js';
import type { Job } from './jobs.js';
import type { Limits } from './limits.js';
import type { ResolvedOptions } from './options.js';
import type { BackgroundKind, Candidate } from './plan.js';
import { Shown, type ShownKind } from './shown.js';
import { shiftMap } from './clockStep.js';
import type { ViewSource } from './types.js';

export type PendingQuote = { form: QuoteForm; params: ValidQuoteParams; readyAt: number };

/**
 * The pending work: what is waiting to go out (quotes, the selection's detail, a list refresh, the shown view's data),
 * when each kind of data was last asked for, and from that the candidates the pump chooses among — the background's
 * slot among them, whose job the background's choice picks (background.ts). The intents fill it, a send empties it,
 * a failed request may be put back.
 */
export class Queue {
  private readonly quotes = new Map<string, PendingQuote>();
  private selJob: { id: string; readyAt: number } | undefined;
  private listJob: { readyAt: number } | undefined;
  private startedAt = 0;
  /** The last send of any class: the background's next slot is one interval after it. */
  private lastSendAt: number | undefined;
  private listSentAt = Number.NEGATIVE_INFINITY;
  private readonly detailSent = new Map<string, number>();
  readonly shown: Shown;
  private readonly background: Background;
  readonly trader: SourceJobs; // what a platform adds: the selected market's book, the histories of markets shown
  readonly goTo = new GoTo(() => this.store, this); // `g`'s lookups (goTo.ts)
  readonly decor: Decorations; // what only decorates the screen (the source's groupings), on its own schedule
  readonly positions: PositionsDesk | undefined; // the person's positions, at their own cadence (positions.ts)
  /** A page was turned: when the answer to that query arrives, the selection moves to its first (or last) row. */
  private pageTurn: { key: string; pick: 'first' | 'last' } | undefined;

  constructor(
    private readonly o: ResolvedOptions,
    private readonly store: OddsStore,
    private readonly limits: Limits,
  ) {
    this.shown = new Shown(store, o.viewFreshMs, () => this.listRef(), o.onBoard);
    this.trader = new SourceJobs(store, o.random);
    this.decor = new Decorations(o.random);
    this.positions = o.positions ? new PositionsDesk(o.positions, store, (at) => limits.interval(at)) : undefined;
    this.background = new Background(o, store, limits, this.shown, this, this.trader);
  }

  /** A (re)start: the list now, the selected market's detail now. */
  start(now: number): void {
    this.startedAt = now;
    this.lastSendAt = undefined;
    this.listJob = { readyAt: now };
    const st = this.store.getState();
    if (this.o.categories && st.caps.categoryWord !== undefined && st.sourceCategories === undefined)
      this.decor.categoriesSoon(Math.ceil(now + 2 * this.limits.interval(now)));
    const sel = st.selectedId;
    if (sel !== undefined) this.selJob = { id: sel, readyAt: now };
  }

  /** The wall clock was set back by -by (clockStep.ts): every time kept moves with it, as far apart. */
  shift(by: number): void {
    [this.startedAt, this.listSentAt] = [this.startedAt + by, this.listSentAt + by];
    if (this.lastSendAt !== undefined) this.lastSendAt += by;
    for (const j of [this.selJob, this.listJob, ...this.quotes.values()]) if (j) j.readyAt += by;
    shiftMap(this.detailSent, by);
    for (const p of [this.background, this.shown, this.trader, this.goTo, this.decor, this.positions]) p?.shift(by);
  }

  /** When the list was last loaded or asked for (−∞ when never). */
  listRef(): number {
    return Math.max(this.store.getState().list.loadedAt ?? Number.NEGATIVE_INFINITY, this.listSentAt);
  }

  /** When a market's detail was last loaded or asked for (−∞ when never). */
  detailRef(id: string): number {
    const st = this.store.getState();
    return Math.max(
      st.markets[id]?.detailAt ?? Number.NEGATIVE_INFINITY,
      this.detailSent.get(id) ?? Number.NEGATIVE_INFINITY,
    );
  }

  /**
   * The selected market's detail after `delay`, replacing any earlier one — none while its detail is younger than
   * selectFreshMs, unless `force` (a manual refresh).
   */
  selectSoon(id: string | undefined, now: number, delay: number, force = false): void {
    const fresh = id !== undefined && !force && now - this.detailRef(id) < this.o.selectFreshMs;
    this.selJob = id === undefined || fresh ? undefined : { id, readyAt: now + delay };
    if (!fresh || force) this.trader.selected(id, now, delay);
  }

  /** The selection moved without the user (404, a list without it, the first list): its detail without a quiet time. */
  selectionMoved(now: number): void {
    this.selectSoon(this.store.getState().selectedId, now, 0);
  }

  /** The list, at `at` (a search or filter change, another page). */
  listSoon(at: number): void {
    this.listJob = { readyAt: at };
  }

  /** A page was turned to `query`: the list now, and the selection moves to its first or last row when it answers. */
  pageTurned(key: string, pick: 'first' | 'last', now: number): void {
    this.pageTurn = { key, pick };
    this.listSoon(now);
  }

  /** A search or filter change: a page turn waiting for its answer no longer moves the selection. */
  pageTurnDropped(): void {
    this.pageTurn = undefined;
  }

  /**
   * A view is shown (or an event opened): its data after `delay` unless fresh; the background refreshes it from now on.
   */
  show(source: ViewSource, now: number, delay: number): void {
    this.shown.show(source, now, now + delay);
  }

  /** A manual refresh: the shown view's data now, fresh or not. */
  refreshShown(source: ViewSource, now: number): void {
    this.shown.show(source, now, now, true);
  }

  /** The request kind that refreshes what the shown view draws. */
  shownKind(): BackgroundKind {
    return this.shown.kind();
  }

  /** A quote to send at `readyAt`, replacing any other waiting for the same market. */
  quoteSoon(marketId: string, quote: PendingQuote): void {
    this.quotes.set(marketId, quote);
  }

  dropQuote(marketId: string): void {
    this.quotes.delete(marketId);
  }

  /** The quote waiting for a market, if any. */
  pendingQuote(marketId: string): PendingQuote | undefined {
    return this.quotes.get(marketId);
  }

  /**
   * A market's detail answered 403: no background refresh of it for a while (a person selecting it again still asks).
   */
  forbid(id: string, now: number): void {
    this.background.forbid(id, now);
    if (this.selJob?.id === id) this.selJob = undefined;
  }

  /** Its detail answered again. */
  allow(id: string): void {
    this.background.allow(id);
  }

  /** How often the market list is refreshed in the background now (pauses aside: the period its rows age against). */
  listPeriod(now: number): number {
    return this.background.listPeriod(now);
  }

  /** The kind of data the next background slot refreshes, as things stand at `now`. */
  backgroundKind(now: number): BackgroundKind {
    return this.background.kind(now);
  }

  /** Everything that may go out next, each with its priority, class and when it is ready (plan.ts chooses). */
  candidates(now: number): Candidate[] {
    const out: Candidate[] = [];
    for (const [marketId, q] of this.quotes) {
      const job: Job = { kind: 'quote', cls: 'quote', marketId, form: q.form, params: q.params };
      out.push({ prio: 0, cls: 'quote', readyAt: q.readyAt, take: () => (this.quotes.delete(marketId), job) });
    }
    const I = this.limits.interval(now);
    // what the shown view draws, starved by interactive work, is promoted once it is three of its periods old
    const own = this.background.staleness(now)[0];
    if (Number.isFinite(own.at)) {
      const kind = own.kind as ShownKind;
      const period = Math.max(own.periodMs, own.minMs ?? 0);
      out.push({
        prio: 1,
        cls: 'interactive',
        readyAt: Math.ceil(own.at + 3 * period),
        take: () => this.shown.fetchJob(kind, 'overdue'),
      });
    }
    const sel = this.selJob;
    if (sel) {
      out.push({
        prio: 2,
        cls: 'interactive',
        readyAt: sel.readyAt,
        take: () => ({ kind: 'detail', cls: 'interactive', marketId: sel.id, origin: 'selection' }),
      });
    }
    if (this.listJob) {
      out.push({
        prio: 3,
        cls: 'interactive',
        readyAt: this.listJob.readyAt,
        take: () => ({ kind: 'list', cls: 'interactive', origin: 'interactive' }),
      });
    }
    out.push(...this.trader.candidates(I), ...this.goTo.candidates(), ...(this.positions?.candidates(now) ?? []));
    const view = this.shown.pending();
    if (view) {
      out.push({
        prio: 3,
        cls: 'interactive',
        readyAt: view.readyAt,
        take: () => (this.shown.take(), this.shown.fetchJob(this.shown.kind(), 'interactive')),
      });
    }
    out.push({
      prio: 4,
      cls: 'background',
      readyAt: Math.ceil(Math.max((this.lastSendAt ?? this.startedAt) + I, this.background.idleUntil(now))),
      take: (at) => this.background.job(at),
    });
    // after the background slot: the header's next refresh is read from the first background candidate (publish.ts)
    out.push(...this.decor.candidates());
    return out;
  }

  /** The bookkeeping of a send: what it satisfies and when each kind was last asked for. */
  sent(job: Job, now: number): void {
    if (job.kind === 'list') {
      this.listSentAt = now;
      this.listJob = undefined;
    } else if (job.kind === 'detail') {
      if (this.detailSent.size > 500) this.detailSent.clear();
      this.detailSent.set(job.marketId, now);
      for (const id of job.batch ?? []) this.detailSent.set(id, now);
      if (this.selJob?.id === job.marketId) this.selJob = undefined;
    }
    this.shown.sent(job, now);
    this.trader.sent(job, now);
    this.positions?.sent(job, now);
    this.background.sent(job);
    // Any send restarts the background's interval: an interactive request takes the next background one's place (two
    // sends close together free two slots close together a window later, then a gap in which a newly selected market
    // waits: bench:budget anon, seeds 1–8: up to 28 s before, 18 s after).
    this.lastSendAt = now;
  }

  /** Put a job that failed for a passing reason back, unless something newer replaced it. */
  requeue(job: Job, now: number): void {
    if (job.kind === 'quote') {
      if (!this.quotes.has(job.marketId))
        this.quotes.set(job.marketId, { form: job.form, params: job.params, readyAt: now });
    } else if (job.kind === 'detail' && job.departure) {
      this.background.requeueDeparture(job.departure, now);
    } else if (job.kind === 'detail' && job.origin === 'selection') {
      const selected = this.store.getState().selectedId === job.marketId;
      if (!this.selJob && selected && this.background.pollable(job.marketId, now))
        this.selJob = { id: job.marketId, readyAt: now };
    } else if (job.kind === 'list' && job.origin === 'interactive') {
      this.listJob ??= { readyAt: now };
    } else if (job.kind === 'categories') {
      this.decor.requeue(job, now);
    } else if (job.kind === 'book' || job.kind === 'history') {
      this.trader.requeue(job, now);
    } else {
      this.shown.requeue(job, now);
    }
  }

  /**
   * A list answer for the query it was sent with: markets that left it are followed up, and after a page turn the
   * selection moves to the new page's first (or last) row.
   */
  listAnswered(job: Job, ids: string[], now: number): void {
    if (job.kind !== 'list' || !job.query) return;
    const key = queryKey(job.query);
    this.background.listAnswered(key, ids, now);
    const turn = this.pageTurn;
    if (!turn || key !== turn.key) return;
    this.pageTurn = undefined;
    const id = turn.pick === 'first' ? ids[0] : ids[ids.length - 1];
    if (id === undefined) return;
    this.store.getState().select(id);
    this.selectionMoved(now);
  }

  /** A 404: the market is gone (for now); `gone` false: only not asked (a batch's `deferred`). */
  forgetDetail(id: string, now: number, gone = true): void {
    this.detailSent.delete(id);
    if (gone) this.background.gone(id, now);
  }
}
