import type { ValidQuoteParams } from '../api/validate.js';
import type { OddsStore } from '../store/store.js';
import type { QuoteForm } from '../store/types.js';
import { Departed, type Departure } from './departed.js';
import { queryKey } from '../store/listQuery.js';
import type { Job } from './jobs.js';
import type { Limits } from './limits.js';
import type { ResolvedOptions } from './options.js';
import { chooseBackground, type BackgroundKind, type Candidate, type Staleness } from './plan.js';
import { EVENTS_SHOWN_MIN_MS, Shown, type ShownKind } from './shown.js';
import type { ViewSource } from './types.js';

export interface PendingQuote {
  form: QuoteForm;
  params: ValidQuoteParams;
  readyAt: number;
}

/**
 * What is waiting to go out (quotes, the selection's detail, a list refresh, the
 * shown view's data), when each kind of data was last asked for, and from that the
 * candidates the pump chooses among. The intents fill it, a send empties it, a
 * failed request may be put back.
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
  private readonly departed = new Departed();
  private readonly shown: Shown;

  constructor(
    private readonly o: ResolvedOptions,
    private readonly store: OddsStore,
    private readonly limits: Limits,
  ) {
    this.shown = new Shown(store, o.viewFreshMs, () => this.listRef());
  }

  /** A (re)start: the list now, the selected market's detail now. */
  start(now: number): void {
    this.startedAt = now;
    this.lastSendAt = undefined;
    this.listJob = { readyAt: now };
    const sel = this.store.getState().selectedId;
    if (sel !== undefined) this.selJob = { id: sel, readyAt: now };
  }

  /** Everything waiting is dropped (401). */
  clear(): void {
    this.quotes.clear();
    this.selJob = undefined;
    this.listJob = undefined;
    this.shown.clear();
  }

  /** When the list was last loaded or asked for (−∞ when never). */
  listRef(): number {
    return Math.max(this.store.getState().list.loadedAt ?? Number.NEGATIVE_INFINITY, this.listSentAt);
  }

  /** When a market's detail was last loaded or asked for (−∞ when never). */
  detailRef(id: string): number {
    return Math.max(this.store.getState().markets[id]?.detailAt ?? Number.NEGATIVE_INFINITY, this.detailSent.get(id) ?? Number.NEGATIVE_INFINITY);
  }

  /**
   * The selected market's detail after `delay`, replacing any earlier one — none while its detail is younger than
   * selectFreshMs, unless `force` (a manual refresh).
   */
  selectSoon(id: string | undefined, now: number, delay: number, force = false): void {
    this.selJob = id === undefined || (!force && now - this.detailRef(id) < this.o.selectFreshMs) ? undefined : { id, readyAt: now + delay };
  }

  /** The list, at `at` (a search or filter change, another page). */
  listSoon(at: number): void {
    this.listJob = { readyAt: at };
  }

  /** A view is shown (or an event opened): its data after `delay` unless fresh; the background refreshes it from now on. */
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
   * The background kinds and their periods. The shown view's data every list period (the background interval over the
   * list's share), the selected market's detail every interval over its share while a market is drawn, the events list
   * every eventsEveryMs; while another view is shown, the market list at half its rate (it feeds Movers, the changes
   * and the markets that leave it).
   */
  private staleness(now: number): Staleness[] {
    const st = this.store.getState();
    const I = this.limits.interval(now);
    const shown = this.shown.kind();
    const sel = st.selectedId !== undefined && shown !== 'events' ? st.selectedId : undefined;
    const share = sel !== undefined ? this.o.detailShare : 0;
    const listPeriod = I / (1 - share);
    const out: Staleness[] = [{ kind: shown, at: this.shown.ref(shown), periodMs: listPeriod, ...(shown === 'events' ? { minMs: EVENTS_SHOWN_MIN_MS } : {}) }];
    if (shown !== 'list') out.push({ kind: 'list', at: this.listRef(), periodMs: 2 * listPeriod });
    if (sel !== undefined) out.push({ kind: 'detail', at: this.detailRef(sel), periodMs: I / share });
    if (shown !== 'events') out.push({ kind: 'events', at: this.shown.ref('events'), periodMs: this.o.eventsEveryMs });
    return out;
  }

  backgroundKind(now: number): BackgroundKind {
    return chooseBackground(now, this.staleness(now));
  }

  candidates(now: number): Candidate[] {
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
    // what the shown view draws, starved by interactive work, is promoted once it is three of its periods old
    const own = this.staleness(now)[0]!;
    if (Number.isFinite(own.at)) {
      const kind = own.kind as ShownKind;
      const period = Math.max(own.periodMs, own.minMs ?? 0);
      out.push({ prio: 1, cls: 'interactive', readyAt: Math.ceil(own.at + 3 * period), take: () => this.shownJob(kind, 'overdue') });
    }
    const sel = this.selJob;
    if (sel) out.push({ prio: 2, cls: 'interactive', readyAt: sel.readyAt, take: () => ({ kind: 'detail', cls: 'interactive', marketId: sel.id, origin: 'selection' }) });
    if (this.listJob) out.push({ prio: 3, cls: 'interactive', readyAt: this.listJob.readyAt, take: () => ({ kind: 'list', cls: 'interactive', origin: 'interactive' }) });
    const view = this.shown.pending();
    if (view) {
      out.push({
        prio: 3,
        cls: 'interactive',
        readyAt: view.readyAt,
        take: () => (this.shown.take(), this.shownJob(this.shown.kind(), 'interactive')),
      });
    }
    out.push({
      prio: 4,
      cls: 'background',
      readyAt: Math.ceil((this.lastSendAt ?? this.startedAt) + I),
      take: (at) => {
        const kind = this.backgroundKind(at);
        const id = this.store.getState().selectedId;
        // a market that left the list now and then takes a slot of the market refreshes; else the most overdue kind
        const follow = kind === 'list' || kind === 'detail' ? this.nextDeparted(at) : undefined;
        if (follow) return { kind: 'detail', cls: 'background', marketId: follow.id, origin: 'departed', departure: follow };
        if (kind === 'detail' && id !== undefined) return { kind, cls: 'background', marketId: id, origin: 'background' };
        return kind === 'detail' ? this.shownJob('list', 'background') : this.shownJob(kind, 'background');
      },
    });
    return out;
  }

  /** The job that fetches a view's data; `overdue` is the promoted refresh of the shown one. */
  private shownJob(kind: ShownKind, origin: 'interactive' | 'background' | 'overdue'): Job {
    const cls = origin === 'background' ? 'background' : 'interactive';
    const job = kind === 'list' ? undefined : this.shown.jobFor(kind, cls, origin === 'background' ? 'background' : 'interactive');
    // the market list stands in when an event closed between the plan and the send
    return job ?? { kind: 'list', cls, origin };
  }

  /** A departed market to follow up in this background slot, if one is waiting and the spacing allows. */
  private nextDeparted(now: number): Departure | undefined {
    const st = this.store.getState();
    // the selected one is refreshed anyway; one that was dropped from the cache cannot be shown
    return this.departed.next(now, (id) => id === st.selectedId || st.markets[id] === undefined || now - this.detailRef(id) < this.limits.interval(now));
  }

  /** The bookkeeping of a send: what it satisfies and when each kind was last asked for. */
  sent(job: Job, now: number): void {
    if (job.kind === 'list') {
      this.listSentAt = now;
      this.listJob = undefined;
    } else if (job.kind === 'detail') {
      if (this.detailSent.size > 500) this.detailSent.clear();
      this.detailSent.set(job.marketId, now);
      if (this.selJob?.id === job.marketId) this.selJob = undefined;
      this.departed.forget(job.marketId);
    }
    this.shown.sent(job, now);
    // Any send restarts the background's interval: an interactive request takes the place of
    // the next background one instead of having it follow right behind. Two sends close
    // together are two slots freed close together a window later, then a long gap with none,
    // in which a newly selected market waits (bench:budget anon, seeds 1–8: up to 28 s before, 18 s after).
    this.lastSendAt = now;
    if (job.cls === 'background') this.departed.backgroundSent(job.kind === 'detail' ? job.departure : undefined);
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
    } else {
      this.shown.requeue(job, now);
    }
  }

  /** A list answer for the query it was sent with: markets that left it are followed up. */
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
}
