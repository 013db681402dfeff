import type { ValidQuoteParams } from '../api/validate.js';
import { queryKey } from '../store/listQuery.js';
import type { OddsStore } from '../store/store.js';
import type { QuoteForm } from '../store/types.js';
import { Departed, type Departure } from './departed.js';
import type { Job } from './jobs.js';
import type { Limits } from './limits.js';
import type { ResolvedOptions } from './options.js';
import { chooseBackground, type BackgroundKind, type Candidate, type Staleness } from './plan.js';
import { EVENTS_SHOWN_MIN_MS, Shown, type ShownKind } from './shown.js';
import type { ViewSource } from './types.js';
import { followedIds, GONE_RETRY_MS, stalest, watchStaleness } from './watchRefresh.js';

/** An event or an outcome-less market's detail is asked for again only after this long. */
export const EXTRA_RETRY_MS = 10 * 60_000;

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
  /** The last background send was an extra (an event by id, or the detail of a list entry without outcomes). */
  private lastWasExtra = false;
  /** When a market's detail answered 404: a watched one is asked for again only GONE_RETRY_MS later. */
  private readonly goneAt = new Map<string, number>();
  private readonly departed = new Departed();
  /** Markets whose detail answered 403, and until when they are left alone in the background. */
  private readonly forbidden = new Map<string, number>();
  private readonly shown: Shown;
  /** A page was turned: when the answer to that query arrives, the selection moves to its first (or last) row. */
  private pageTurn: { key: string; pick: 'first' | 'last' } | undefined;

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
    if (this.forbidden.size > 100) for (const [k, until] of this.forbidden) if (until <= now) this.forbidden.delete(k);
    this.forbidden.set(id, now + this.o.forbiddenRetryMs);
    if (this.selJob?.id === id) this.selJob = undefined;
  }

  /** Its detail answered again. */
  allow(id: string): void {
    this.forbidden.delete(id);
  }

  private pollable(id: string, now: number): boolean {
    const until = this.forbidden.get(id);
    return until === undefined || until <= now;
  }

  /** The selected market, when its detail may be refreshed in the background. */
  private polledSelection(now: number): string | undefined {
    const id = this.store.getState().selectedId;
    return id !== undefined && this.pollable(id, now) ? id : undefined;
  }

  /** Watched markets outside the list: how many, and the stalest of them (undefined when there are none). */
  private watched(now: number): { count: number; id: string; at: number } | undefined {
    const ids = followedIds(this.store.getState(), (id) => {
      const t = this.goneAt.get(id);
      return t !== undefined && now - t < GONE_RETRY_MS && now >= t;
    });
    const s = stalest(ids, (id) => this.detailRef(id));
    return s ? { count: ids.length, ...s } : undefined;
  }

  /**
   * The background kinds and their periods. Watched markets outside the list take the share W of the background
   * slots (the stalest in each; watchRefresh.ts); the rest, at the interval I' = I / (1 − W): the shown view's data
   * every list period (I' over the list's share), the selected market's detail every I' over its share while a market
   * is drawn, the events list every eventsEveryMs; while another view is shown, the market list at half its rate (it
   * feeds Movers, the changes and the markets that leave it).
   */
  private staleness(now: number): Staleness[] {
    const I = this.limits.interval(now);
    const w = this.watched(now);
    const W = w ? this.o.watchShare : 0;
    const rest = I / (1 - W);
    const shown = this.shown.kind();
    const sel = shown !== 'events' ? this.polledSelection(now) : undefined;
    const share = sel !== undefined ? this.o.detailShare : 0;
    const listPeriod = rest / (1 - share);
    const out: Staleness[] = [
      {
        kind: shown,
        at: this.shown.ref(shown),
        periodMs: listPeriod,
        ...(shown === 'events' ? { minMs: EVENTS_SHOWN_MIN_MS } : {}),
      },
    ];
    if (shown !== 'list') out.push({ kind: 'list', at: this.listRef(), periodMs: 2 * listPeriod });
    if (sel !== undefined) out.push({ kind: 'detail', at: this.detailRef(sel), periodMs: rest / share });
    if (shown !== 'events') out.push({ kind: 'events', at: this.shown.ref('events'), periodMs: this.o.eventsEveryMs });
    if (w) out.push(watchStaleness(w, I, W, now));
    return out;
  }

  /** How often the market list is refreshed in the background now (pauses aside: the period its rows age against). */
  listPeriod(now: number): number {
    return this.staleness(now).find((k) => k.kind === 'list')!.periodMs;
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
        take: () => (
          this.quotes.delete(marketId),
          { kind: 'quote', cls: 'quote', marketId, form: q.form, params: q.params }
        ),
      });
    }
    const I = this.limits.interval(now);
    // what the shown view draws, starved by interactive work, is promoted once it is three of its periods old
    const own = this.staleness(now)[0]!;
    if (Number.isFinite(own.at)) {
      const kind = own.kind as ShownKind;
      const period = Math.max(own.periodMs, own.minMs ?? 0);
      out.push({
        prio: 1,
        cls: 'interactive',
        readyAt: Math.ceil(own.at + 3 * period),
        take: () => this.shownJob(kind, 'overdue'),
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
      take: (at) => this.backgroundJob(at),
    });
    return out;
  }

  /**
   * The most overdue background kind's job. A slot of the market refreshes (list, detail) now and then goes to a market
   * that left the list, or — at most every other slot — to what the screen still lacks (nextExtra).
   */
  private backgroundJob(at: number): Job {
    const kind = this.backgroundKind(at);
    const marketSlot = kind === 'list' || kind === 'detail';
    const follow = marketSlot ? this.nextDeparted(at) : undefined;
    if (follow)
      return { kind: 'detail', cls: 'background', marketId: follow.id, origin: 'departed', departure: follow };
    const extra = marketSlot && !this.lastWasExtra ? this.nextExtra(at) : undefined;
    if (extra) return extra;
    const id = this.polledSelection(at);
    if (kind === 'detail' && id !== undefined) return { kind, cls: 'background', marketId: id, origin: 'background' };
    const w = kind === 'watch' ? this.watched(at) : undefined;
    if (w) return { kind: 'detail', cls: 'background', marketId: w.id, origin: 'watch' };
    return kind === 'detail' || kind === 'watch'
      ? this.shownJob('list', 'background')
      : this.shownJob(kind, 'background');
  }

  /** The job that fetches a view's data; `overdue` is the promoted refresh of the shown one. */
  private shownJob(kind: ShownKind, origin: 'interactive' | 'background' | 'overdue'): Job {
    const cls = origin === 'background' ? 'background' : 'interactive';
    const job =
      kind === 'list'
        ? undefined
        : this.shown.jobFor(kind, cls, origin === 'background' ? 'background' : 'interactive');
    // the market list stands in when an event closed between the plan and the send
    return job ?? { kind: 'list', cls, origin };
  }

  /** A departed market to follow up in this background slot, if one is waiting and the spacing allows. */
  private nextDeparted(now: number): Departure | undefined {
    const st = this.store.getState();
    // the selected and watched ones are refreshed anyway; one that was dropped from the cache cannot be shown
    return this.departed.next(
      now,
      (id) =>
        id === st.selectedId ||
        st.watch.byId[id] !== undefined ||
        st.markets[id] === undefined ||
        !this.pollable(id, now) ||
        now - this.detailRef(id) < this.limits.interval(now),
    );
  }

  /**
   * What the screen still lacks: the selected market's event when it is not known (its title, its category), else
   * the detail of a listed market whose list entry named no outcomes (in list order; the selected one has its own
   * detail request). Each is asked for again only after EXTRA_RETRY_MS, so an event that is not found, or a detail
   * that still lists none, costs one request.
   */
  private nextExtra(now: number): Job | undefined {
    const st = this.store.getState();
    const sel = st.selectedId === undefined ? undefined : st.markets[st.selectedId]?.market;
    const eventId = sel?.eventId;
    if (
      eventId !== undefined &&
      st.events.byId[eventId] === undefined &&
      now - this.shown.eventSentAt(eventId) >= EXTRA_RETRY_MS
    ) {
      return { kind: 'event', cls: 'background', eventId };
    }
    for (const id of st.list.ids) {
      if (id === st.selectedId || !st.markets[id]?.market.outcomesPending) continue;
      if (now - this.detailRef(id) >= EXTRA_RETRY_MS)
        return { kind: 'detail', cls: 'background', marketId: id, origin: 'outcomes' };
    }
    return undefined;
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
    if (job.cls === 'background')
      this.lastWasExtra =
        (job.kind === 'event' && job.origin === undefined) || (job.kind === 'detail' && job.origin === 'outcomes');
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
      if (!this.quotes.has(job.marketId))
        this.quotes.set(job.marketId, { form: job.form, params: job.params, readyAt: now });
    } else if (job.kind === 'detail' && job.departure) {
      this.departed.requeue(job.departure, now);
    } else if (job.kind === 'detail' && job.origin === 'selection') {
      const selected = this.store.getState().selectedId === job.marketId;
      if (!this.selJob && selected && this.pollable(job.marketId, now))
        this.selJob = { id: job.marketId, readyAt: now };
    } else if (job.kind === 'list' && job.origin === 'interactive') {
      this.listJob ??= { readyAt: now };
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
    const markets = this.store.getState().markets;
    this.departed.listAnswered(key, ids, now, (id) => {
      const m = markets[id]?.market;
      return m ? { due: m.closesAt !== undefined && m.closesAt <= now } : undefined;
    });
    const turn = this.pageTurn;
    if (!turn || key !== turn.key) return;
    this.pageTurn = undefined;
    const id = turn.pick === 'first' ? ids[0] : ids[ids.length - 1];
    if (id === undefined) return;
    this.store.getState().select(id);
    this.selectionMoved(now);
  }

  /** A 404: the market is gone (for now). */
  forgetDetail(id: string, now: number): void {
    this.detailSent.delete(id);
    if (this.goneAt.size > 500) this.goneAt.clear();
    this.goneAt.set(id, now);
  }
}
