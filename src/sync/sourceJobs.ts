/**
 * What a platform source adds to the scheduler: the trader's view (docs/sources.md § Trader's view): the selected
 * market's order book — asked for when a market is selected or its quote form picks another outcome, then refreshed
 * in the background with the selected market's detail, sharing its slots — and the platform's price history of a
 * market shown the first time, once per market and range (`h` switches 24 h / 7 d). Nothing here runs on a source
 * without books or histories. (Its groupings for `c` are a decoration: decoration.ts.)
 */
import type { HistoryRange } from '../api/types.js';
import { leadingOutcome } from '../store/outcomes.js';
import type { OddsStore } from '../store/store.js';
import { seriesKey } from '../store/traderSlice.js';
import { BookBackoff } from './bookBackoff.js';
import { ExtraJobs } from './extraJobs.js';
import { bookWanted } from './final.js';
import { shiftMap } from './clockStep.js';
import type { Job } from './jobs.js';
import type { Candidate } from './plan.js';

/** A history asked for is not asked for again for this long (a failure, or a market without one). */
export const HISTORY_RETRY_MS = 10 * 60_000;
const ASKED_CAP = 256;

export class SourceJobs {
  private bookJob: { id: string; outcome: string; readyAt: number } | undefined;
  private historyJob: { id: string; outcome: string; range: HistoryRange; readyAt: number } | undefined;
  private readonly bookSent = new Map<string, number>();
  private readonly historyAsked = new Map<string, number>();
  /** Requests asked for beside the screen's data: a pair's candidates and books (extraJobs.ts). */
  readonly extras = new ExtraJobs();
  /** Books that failed, per market: asked again only on the slow schedule (bookBackoff.ts). */
  readonly books: BookBackoff;

  constructor(
    private readonly store: OddsStore,
    random: () => number = Math.random,
  ) {
    this.books = new BookBackoff(random);
  }

  /** The outcome whose book and history are shown: the one the quote form names, else the leading one. */
  outcomeOf(id: string): string | undefined {
    const st = this.store.getState();
    const market = st.markets[id]?.market;
    const chosen = st.quotes[id]?.form.outcome;
    if (chosen && market?.outcomes.some((o) => o.name === chosen)) return chosen;
    return (market ? leadingOutcome(market) : undefined)?.name ?? market?.outcomes[0]?.name;
  }

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    if (this.bookJob) this.bookJob.readyAt += by;
    if (this.historyJob) this.historyJob.readyAt += by;
    shiftMap(this.bookSent, by);
    shiftMap(this.historyAsked, by);
    this.books.shift(by);
    this.extras.shift(by);
  }

  /** When the selected market's book was last loaded or asked for (−∞ when never). */
  bookRef(id: string): number {
    const loaded = this.store.getState().books[id]?.at ?? Number.NEGATIVE_INFINITY;
    return Math.max(loaded, this.bookSent.get(id) ?? Number.NEGATIVE_INFINITY);
  }

  /** A market is selected (or its form picked another outcome): its book and, once per range, its history. */
  selected(id: string | undefined, now: number, delay: number): void {
    const st = this.store.getState();
    if (id === undefined || st.markets[id] === undefined) {
      this.bookJob = undefined;
      this.historyJob = undefined;
      return;
    }
    const outcome = this.outcomeOf(id);
    if (outcome === undefined) return;
    // a book that failed waits for its retry (the background asks it then), however often the market is selected; a
    // resolved market has none (final.ts)
    if (st.caps.book)
      this.bookJob =
        now < this.books.retryAt(id) || !bookWanted(st, id) ? undefined : { id, outcome, readyAt: now + delay };
    this.historySoon(id, outcome, st.historyRange, now + delay);
  }

  /** `h`: the selected market's history in the other range, unless known. */
  rangeChanged(now: number): void {
    const st = this.store.getState();
    const id = st.selectedId;
    const outcome = id === undefined ? undefined : this.outcomeOf(id);
    if (id !== undefined && outcome !== undefined) this.historySoon(id, outcome, st.historyRange, now);
  }

  private historySoon(id: string, outcome: string, range: HistoryRange, readyAt: number): void {
    const st = this.store.getState();
    if (!st.caps.history) return;
    const key = seriesKey(id, range);
    const have = st.series[key];
    const asked = this.historyAsked.get(key);
    if ((have && have.outcome === outcome) || (asked !== undefined && readyAt - asked < HISTORY_RETRY_MS)) return;
    this.historyJob = { id, outcome, range, readyAt };
  }

  /** Whether the background may refresh this market's book now (not while a failure's retry is waiting). */
  bookDue(id: string, now: number): boolean {
    return now >= this.books.retryAt(id);
  }

  /** The background's book refresh of the selected market. */
  backgroundBook(id: string): Job | undefined {
    const outcome = this.outcomeOf(id);
    return outcome === undefined ? undefined : { kind: 'book', cls: 'background', marketId: id, outcome };
  }

  /** `interval`: the background spacing (the background extras' pace follows it, extraJobs.ts). */
  candidates(interval: number): Candidate[] {
    const out: Candidate[] = [];
    const b = this.bookJob;
    if (b)
      out.push({
        prio: 2,
        cls: 'interactive',
        readyAt: b.readyAt,
        take: () => ({ kind: 'book', cls: 'interactive', marketId: b.id, outcome: b.outcome }),
      });
    const h = this.historyJob;
    if (h)
      out.push({
        prio: 3,
        cls: 'interactive',
        readyAt: h.readyAt,
        take: () => ({ kind: 'history', cls: 'interactive', marketId: h.id, outcome: h.outcome, range: h.range }),
      });
    return [...out, ...this.extras.candidates(interval)];
  }

  sent(job: Job, now: number): void {
    if (job.kind === 'book') {
      if (this.bookSent.size >= ASKED_CAP) this.bookSent.clear();
      this.bookSent.set(job.marketId, now);
      if (this.bookJob?.id === job.marketId) this.bookJob = undefined;
    } else if (job.kind === 'history') {
      if (this.historyAsked.size >= ASKED_CAP) this.historyAsked.clear();
      this.historyAsked.set(seriesKey(job.marketId, job.range), now);
      if (this.historyJob?.id === job.marketId && this.historyJob.range === job.range) this.historyJob = undefined;
    }
  }

  /** A failed interactive book of the still-selected market is asked again (a history waits). */
  requeue(job: Job, now: number): void {
    if (job.kind === 'book' && job.cls === 'interactive' && this.store.getState().selectedId === job.marketId)
      this.bookJob ??= { id: job.marketId, outcome: job.outcome, readyAt: now };
  }
}
