import type { OddsStore } from '../store/store.js';
import { Departed, type Departure } from './departed.js';
import { shiftMap } from './clockStep.js';
import type { Job } from './jobs.js';
import type { Limits } from './limits.js';
import type { ResolvedOptions } from './options.js';
import { chooseBackground, type BackgroundKind, type Staleness } from './plan.js';
import { EVENTS_SHOWN_MIN_MS, type Shown } from './shown.js';
import { FINAL_DETAIL_MS, isFinal } from './final.js';
import type { SourceJobs } from './sourceJobs.js';
import { followedIds, GONE_RETRY_MS, stalest, watchStaleness } from './watchRefresh.js';

/** An event or an outcome-less market's detail is asked for again only after this long. */
export const EXTRA_RETRY_MS = 10 * 60_000;

/** When the market list and a market's detail were last loaded or asked for (the queue keeps that). */
export interface AskedAt {
  listRef(): number;
  detailRef(id: string): number;
}

/**
 * The background's choice: which kind of data is most overdue (each kind's staleness, chosen among by plan.ts) and
 * the job that serves it — the shown view's data, the market list, the selected market's detail, a watched market, a
 * market that left the list, or what the screen still lacks. It keeps what only that choice needs: the markets that
 * left the list, the ones that answered 404 or 403, and whether the last slot went to an extra.
 */
export class Background {
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
    private readonly shown: Shown,
    private readonly asked: AskedAt,
    private readonly trader: SourceJobs,
  ) {}

  /** A market's detail answered 403: no background refresh of it for a while. */
  forbid(id: string, now: number): void {
    if (this.forbidden.size > 100) for (const [k, until] of this.forbidden) if (until <= now) this.forbidden.delete(k);
    this.forbidden.set(id, now + this.o.forbiddenRetryMs);
  }

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    shiftMap(this.goneAt, by);
    shiftMap(this.forbidden, by);
    this.departed.shift(by);
  }

  /** Its detail answered again. */
  allow(id: string): void {
    this.forbidden.delete(id);
  }

  /** Whether a market's detail may be asked for without a person asking (not while a 403 is recent). */
  pollable(id: string, now: number): boolean {
    const until = this.forbidden.get(id);
    return until === undefined || until <= now;
  }

  /** A 404: a watched market is asked for again only GONE_RETRY_MS later. */
  gone(id: string, now: number): void {
    if (this.goneAt.size > 500) this.goneAt.clear();
    this.goneAt.set(id, now);
  }

  /** The selected market, when its detail may be refreshed in the background. */
  private polledSelection(now: number): string | undefined {
    const id = this.store.getState().selectedId;
    return id !== undefined && this.pollable(id, now) ? id : undefined;
  }

  /**
   * Watched markets outside the list: how many requests a round of them costs (one per market, or one per batch where
   * the source looks up several ids at once), the stalest, and the ids (for its batch: batchOf). No sort here: it is
   * read several times a pass (every staleness read), the batch only when a watch slot is sent.
   */
  private watched(now: number): { count: number; id: string; at: number; ids: string[] } | undefined {
    const st = this.store.getState();
    const ids = followedIds(st, (id) => {
      const t = this.goneAt.get(id);
      return t !== undefined && now - t < GONE_RETRY_MS && now >= t;
    });
    const s = stalest(ids, (id) => this.asked.detailRef(id));
    if (!s) return undefined;
    return { count: Math.ceil(ids.length / this.batchSize()), ...s, ids };
  }

  private batchSize(): number {
    return Math.max(1, Math.floor(this.store.getState().caps.batch));
  }

  /** The next stalest watched markets that go with `id` in its batch. */
  private batchOf(w: { id: string; ids: string[] }): string[] {
    const size = this.batchSize();
    if (size <= 1) return [];
    return w.ids
      .filter((id) => id !== w.id)
      .map((id) => ({ id, at: this.asked.detailRef(id) }))
      .sort((a, b) => a.at - b.at)
      .slice(0, size - 1)
      .map((x) => x.id);
  }

  /**
   * The background kinds and their periods, the shown view's data first. Watched markets outside the list take the
   * share W of the background slots (the stalest in each; watchRefresh.ts); the rest, at the interval I' = I / (1 − W):
   * the shown view's data every list period (I' over the list's share), the selected market's detail every I' over
   * its share while a market is drawn, the events list every eventsEveryMs; while another view is shown, the market
   * list at half its rate (it feeds Movers, the changes and the markets that leave it).
   */
  staleness(now: number): [Staleness, ...Staleness[]] {
    const I = this.limits.interval(now);
    const w = this.watched(now);
    const W = w ? this.o.watchShare : 0;
    const rest = I / (1 - W);
    const shown = this.shown.kind();
    const sel = !this.shown.eventsList() ? this.polledSelection(now) : undefined;
    // with no market selected (a view that draws none, or another venue's on a board), the list keeps the period it
    // has with one selected (idleUntil)
    const share = sel !== undefined || this.idle(now) ? this.o.detailShare : 0;
    const listPeriod = rest / (1 - share);
    // the Events view of a source without events draws none of its markets: its list is only kept warm, as beside
    // another view (it went at its Markets period there: Manifold's every ~3 s on a board)
    const warmOnly = shown === 'list' && this.shown.eventsList();
    const out: [Staleness, ...Staleness[]] = [
      {
        kind: shown,
        at: this.shown.ref(shown),
        periodMs: warmOnly ? 2 * listPeriod : listPeriod,
        ...(shown === 'events' ? { minMs: EVENTS_SHOWN_MIN_MS } : {}),
      },
    ];
    if (shown !== 'list') out.push({ kind: 'list', at: this.asked.listRef(), periodMs: 2 * listPeriod });
    // a source with books: the selected market's slots go to its detail and its book in turn
    // a book that failed is left out until its retry (bookBackoff.ts): its slots go to the other kinds meanwhile
    // a resolved one: its detail now and then, no book (final.ts)
    const final = sel !== undefined && isFinal(this.store.getState(), sel);
    const book =
      sel !== undefined && !final && this.store.getState().caps.book === true && this.trader.bookDue(sel, now);
    const selPeriod = final ? FINAL_DETAIL_MS : (book ? 2 : 1) * (rest / share);
    if (sel !== undefined) out.push({ kind: 'detail', at: this.asked.detailRef(sel), periodMs: selPeriod });
    if (sel !== undefined && book) out.push({ kind: 'book', at: this.trader.bookRef(sel), periodMs: selPeriod });
    if (shown !== 'events' && this.store.getState().caps.events)
      out.push({ kind: 'events', at: this.shown.ref('events'), periodMs: this.o.eventsEveryMs });
    if (w) out.push(watchStaleness(w, I, W, now));
    return out;
  }

  /**
   * None of this venue's markets selected: a view that draws no row (an empty Watchlist, Closing soon, the events list,
   * which draws events, not markets, or says the source has none), or, on a board of several (`onBoard`), the board's
   * selection another venue's. The detail and book slots have nothing to refresh, and the list is not refreshed faster
   * for it (the events list shown filled every slot with a market list drawn nowhere: 255 in 10 min where Markets sends
   * 135).
   */
  private idle(now: number): boolean {
    if (this.shown.eventsList()) return true;
    const sel = this.polledSelection(now);
    // a resolved market selected takes only its slow detail (final.ts): its other slots stay unsent too
    return sel === undefined || isFinal(this.store.getState(), sel);
  }

  /**
   * The earliest the next background slot may go: while no market of this venue is selected (idle), when the first
   * kind is due (its period since it was last asked for), so the slots a selected market would take stay unsent; else
   * −∞ (the slot goes one interval after the last send).
   */
  idleUntil(now: number): number {
    if (!this.idle(now)) return Number.NEGATIVE_INFINITY;
    // what the screen still lacks goes between two list refreshes, not in place of one (alone it takes a slot the
    // selected market would otherwise have)
    if (!this.lastWasExtra && this.nextExtra(now) !== undefined) return Number.NEGATIVE_INFINITY;
    return Math.min(...this.staleness(now).map((k) => k.at + Math.max(k.periodMs, k.minMs ?? 0)));
  }

  /** How often the market list is refreshed in the background now (pauses aside: the period its rows age against). */
  listPeriod(now: number): number {
    return this.staleness(now).find((k) => k.kind === 'list')!.periodMs;
  }

  kind(now: number): BackgroundKind {
    return chooseBackground(now, this.staleness(now));
  }

  /**
   * The most overdue background kind's job. A slot of the market refreshes (list, detail) now and then goes to a market
   * that left the list, or — at most every other slot — to what the screen still lacks (nextExtra).
   */
  job(at: number): Job {
    const kind = this.kind(at);
    const marketSlot = kind === 'list' || kind === 'detail';
    const follow = marketSlot ? this.nextDeparted(at) : undefined;
    if (follow)
      return { kind: 'detail', cls: 'background', marketId: follow.id, origin: 'departed', departure: follow };
    const extra = marketSlot && !this.lastWasExtra ? this.nextExtra(at) : undefined;
    if (extra) return extra;
    const id = this.polledSelection(at);
    if (kind === 'detail' && id !== undefined) return { kind, cls: 'background', marketId: id, origin: 'background' };
    const book = kind === 'book' && id !== undefined ? this.trader.backgroundBook(id) : undefined;
    if (book) return book;
    const w = kind === 'watch' ? this.watched(at) : undefined;
    const batch = w ? this.batchOf(w) : [];
    if (w)
      return {
        kind: 'detail',
        cls: 'background',
        marketId: w.id,
        origin: 'watch',
        ...(batch.length ? { batch } : {}),
      };
    return kind === 'detail' || kind === 'watch' || kind === 'book'
      ? this.shown.fetchJob('list', 'background')
      : this.shown.fetchJob(kind, 'background');
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
        now - this.asked.detailRef(id) < this.limits.interval(now),
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
      st.caps.events &&
      eventId !== undefined &&
      st.events.byId[eventId] === undefined &&
      now - this.shown.eventSentAt(eventId) >= EXTRA_RETRY_MS
    ) {
      return { kind: 'event', cls: 'background', eventId };
    }
    for (const id of st.list.ids) {
      if (id === st.selectedId || !st.markets[id]?.market.outcomesPending) continue;
      if (now - this.asked.detailRef(id) >= EXTRA_RETRY_MS)
        return { kind: 'detail', cls: 'background', marketId: id, origin: 'outcomes' };
    }
    return undefined;
  }

  /** A send of any class: a market's detail asked for is no longer followed up; a background slot was used. */
  sent(job: Job): void {
    if (job.kind === 'detail') this.departed.forget(job.marketId);
    if (job.cls !== 'background') return;
    this.lastWasExtra =
      (job.kind === 'event' && job.origin === undefined) || (job.kind === 'detail' && job.origin === 'outcomes');
    this.departed.backgroundSent(job.kind === 'detail' ? job.departure : undefined);
  }

  /** A follow-up of a departed market failed for a passing reason: it waits again. */
  requeueDeparture(d: Departure, now: number): void {
    this.departed.requeue(d, now);
  }

  /** A list answer for the query with key `key`: the markets that left it are followed up. */
  listAnswered(key: string, ids: string[], now: number): void {
    const markets = this.store.getState().markets;
    this.departed.listAnswered(key, ids, now, (id) => {
      const m = markets[id]?.market;
      return m ? { due: m.closesAt !== undefined && m.closesAt <= now } : undefined;
    });
  }
}
