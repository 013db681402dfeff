import type { ValidQuoteParams } from '../api/validate.js';
import type { OddsStore } from '../store/store.js';
import type { QuoteForm } from '../store/types.js';
import { Departed, type Departure } from './departed.js';
import { queryKey } from '../store/listQuery.js';
import type { Job } from './jobs.js';
import type { Limits } from './limits.js';
import type { ResolvedOptions } from './options.js';
import { chooseBackground, type BackgroundKind, type Candidate } from './plan.js';
import { followedIds, GONE_RETRY_MS, stalest } from './watchRefresh.js';

/** An event or an outcome-less market's detail is asked for again only after this long. */
export const EXTRA_RETRY_MS = 10 * 60_000;

export interface PendingQuote {
  form: QuoteForm;
  params: ValidQuoteParams;
  readyAt: number;
}

/**
 * What is waiting to go out (quotes, the selection's detail, a list refresh),
 * when each kind of data was last asked for, and from that the candidates the
 * pump chooses among. The intents fill it, a send empties it, a failed request
 * may be put back.
 */
export class Queue {
  private readonly quotes = new Map<string, PendingQuote>();
  private selJob: { id: string; readyAt: number } | undefined;
  private listJob: { readyAt: number } | undefined;
  private startedAt = 0;
  /** The last send of any class: the background's next slot is one interval after it. */
  private lastSendAt: number | undefined;
  private listSentAt = Number.NEGATIVE_INFINITY;
  private eventsSentAt = Number.NEGATIVE_INFINITY;
  private readonly detailSent = new Map<string, number>();
  private readonly eventSent = new Map<string, number>();
  /** The last background send was an extra (an event by id, or the detail of a list entry without outcomes). */
  private lastWasExtra = false;
  /** When a market's detail answered 404: a watched one is asked for again only GONE_RETRY_MS later. */
  private readonly goneAt = new Map<string, number>();
  private readonly departed = new Departed();
  /** Markets whose detail answered 403, and until when they are left alone in the background. */
  private readonly forbidden = new Map<string, number>();

  constructor(
    private readonly o: ResolvedOptions,
    private readonly store: OddsStore,
    private readonly limits: Limits,
  ) {}

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
    return Math.max(this.store.getState().markets[id]?.detailAt ?? Number.NEGATIVE_INFINITY, this.detailSent.get(id) ?? Number.NEGATIVE_INFINITY);
  }

  /**
   * The selected market's detail after `delay`, replacing any earlier one — none while its detail is younger than
   * selectFreshMs, unless `force` (a manual refresh).
   */
  selectSoon(id: string | undefined, now: number, delay: number, force = false): void {
    this.selJob = id === undefined || (!force && now - this.detailRef(id) < this.o.selectFreshMs) ? undefined : { id, readyAt: now + delay };
  }

  /** The list, at `at` (a search or filter change, a manual refresh). */
  listSoon(at: number): void {
    this.listJob = { readyAt: at };
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

  /** The selection moved without the user (404, a list without it, the first list): fetch its detail without a quiet time. */
  selectionMoved(now: number): void {
    this.selectSoon(this.store.getState().selectedId, now, 0);
  }

  /** A market's detail answered 403: no background refresh of it for a while (a person selecting it again still asks). */
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

  /**
   * How often the list is refreshed in the background at the current limit: every background
   * interval without a selection, every 1 / (1 − detailShare) of them with one, and 1 / (1 − watchShare) times
   * that while watched markets outside the list take their share. (Pauses do not count: this is the normal
   * period data ages against.)
   */
  listPeriod(now: number): number {
    const share = this.polledSelection(now) !== undefined ? this.o.detailShare : 0;
    const watchShare = this.watched(now) ? this.o.watchShare : 0;
    return this.limits.interval(now) / ((1 - share) * (1 - watchShare));
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

  backgroundKind(now: number): BackgroundKind {
    const st = this.store.getState();
    const sel = this.polledSelection(now);
    const w = this.watched(now);
    return chooseBackground({
      now,
      intervalMs: this.limits.interval(now),
      detailShare: this.o.detailShare,
      eventsEveryMs: this.o.eventsEveryMs,
      listAt: this.listRef(),
      detailAt: sel === undefined ? undefined : this.detailRef(sel),
      eventsAt: Math.max(st.events.loadedAt ?? Number.NEGATIVE_INFINITY, this.eventsSentAt),
      ...(w ? { watch: { count: w.count, at: w.at, share: this.o.watchShare } } : {}),
    });
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
    const listRef = this.listRef();
    if (Number.isFinite(listRef)) {
      // a list starved by interactive work is promoted once it is three list periods old
      const maxAge = 3 * this.listPeriod(now);
      out.push({ prio: 1, cls: 'interactive', readyAt: Math.ceil(listRef + maxAge), take: () => ({ kind: 'list', cls: 'interactive', origin: 'overdue' }) });
    }
    const sel = this.selJob;
    if (sel) out.push({ prio: 2, cls: 'interactive', readyAt: sel.readyAt, take: () => ({ kind: 'detail', cls: 'interactive', marketId: sel.id, origin: 'selection' }) });
    if (this.listJob) out.push({ prio: 3, cls: 'interactive', readyAt: this.listJob.readyAt, take: () => ({ kind: 'list', cls: 'interactive', origin: 'interactive' }) });
    out.push({
      prio: 4,
      cls: 'background',
      readyAt: Math.ceil((this.lastSendAt ?? this.startedAt) + I),
      take: (at) => {
        const kind = this.backgroundKind(at);
        const id = this.polledSelection(at);
        // events first; then, now and then, a market that left the list; else the most overdue refresh
        const follow = kind === 'events' ? undefined : this.nextDeparted(at);
        if (follow) return { kind: 'detail', cls: 'background', marketId: follow.id, origin: 'departed', departure: follow };
        const extra = kind === 'events' || this.lastWasExtra ? undefined : this.nextExtra(at);
        if (extra) return extra;
        if (kind === 'detail' && id !== undefined) return { kind, cls: 'background', marketId: id, origin: 'background' };
        const w = kind === 'watch' ? this.watched(at) : undefined;
        if (w) return { kind: 'detail', cls: 'background', marketId: w.id, origin: 'watch' };
        return kind === 'events' ? { kind, cls: 'background' } : { kind: 'list', cls: 'background', origin: 'background' };
      },
    });
    return out;
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
   * At most every other background slot, what the screen still lacks: the selected market's event when it is
   * not known (its title, its category), else the detail of a listed market whose list entry named no outcomes
   * (in list order; the selected one has its own detail request). Each is asked for again only after
   * EXTRA_RETRY_MS, so an event that is not found, or a detail that still lists none, costs one request.
   */
  private nextExtra(now: number): Job | undefined {
    const st = this.store.getState();
    const sel = st.selectedId === undefined ? undefined : st.markets[st.selectedId]?.market;
    const eventId = sel?.eventId;
    if (eventId !== undefined && st.events.byId[eventId] === undefined && now - (this.eventSent.get(eventId) ?? Number.NEGATIVE_INFINITY) >= EXTRA_RETRY_MS) {
      return { kind: 'event', cls: 'background', eventId };
    }
    for (const id of st.list.ids) {
      if (id === st.selectedId || !st.markets[id]?.market.outcomesPending) continue;
      if (now - this.detailRef(id) >= EXTRA_RETRY_MS) return { kind: 'detail', cls: 'background', marketId: id, origin: 'outcomes' };
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
    } else if (job.kind === 'events') this.eventsSentAt = now;
    else if (job.kind === 'event') {
      if (this.eventSent.size > 500) this.eventSent.clear();
      this.eventSent.set(job.eventId, now);
    }
    if (job.cls === 'background') this.lastWasExtra = job.kind === 'event' || (job.kind === 'detail' && job.origin === 'outcomes');
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
      if (!this.selJob && this.store.getState().selectedId === job.marketId && this.pollable(job.marketId, now)) this.selJob = { id: job.marketId, readyAt: now };
    } else if (job.kind === 'list' && job.origin === 'interactive') {
      this.listJob ??= { readyAt: now };
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

  /** A 404: the market is gone (for now). */
  forgetDetail(id: string, now: number): void {
    this.detailSent.delete(id);
    if (this.goneAt.size > 500) this.goneAt.clear();
    this.goneAt.set(id, now);
  }
}
