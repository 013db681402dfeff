/**
 * `g` through sync (docs/links.md): the venue's lookups for what was pasted (src/links/plan.ts) go out one at a time
 * as interactive jobs in the budget, like a selection's detail; the first that finds something wins, a "not found"
 * sends the next. What it found goes into the store: a market is loaded, pinned first in Markets and selected; an
 * event is loaded (the screen opens it in Events). The outcome is `goTo` in the store, one `seq` per `g`.
 *
 * The board shows one venue (`rate.mode`); readings of other venues are refused with their name (the multi-venue
 * board will route them to their venue's scheduler: the intent already takes the whole parsed target).
 */
import type { ApiError } from '../api/errors.js';
import { lookupsOf } from '../links/plan.js';
import { notFound } from '../links/resolve.js';
import { boardVenue } from '../links/page.js';
import type { Found, Lookup, ParsedTarget } from '../links/types.js';
import { SOURCE_NAMES } from '../sources/names.js';
import type { OddsStore } from '../store/store.js';
import type { Job } from './jobs.js';
import type { Candidate } from './plan.js';

/** What `goTo` did at once: looking it up now, or why not (one line). */
export type GoToStart = { ok: true; understood: string } | { ok: false; message: string };

type LookupJob = Extract<Job, { kind: 'lookup' }>;

export class GoTo {
  private seq = 0;
  private pending: { seq: number; lookups: Lookup[]; index: number; readyAt: number } | undefined;

  constructor(
    private readonly store: OddsStore,
    /** A market was selected by `g`: its detail, book and history follow as for any selection. */
    private readonly onSelected: (id: string, now: number) => void,
  ) {}

  start(target: ParsedTarget, now: number): GoToStart {
    if (!target.ok) return { ok: false, message: target.message };
    const venue = boardVenue(this.store.getState().rate.mode);
    const mine = target.readings.filter((r) => r.venue === venue);
    if (mine.length === 0) {
      const theirs = [...new Set(target.readings.map((r) => r.venue))];
      const names = theirs.map((v) => SOURCE_NAMES[v]).join(' or ');
      const flag = `(start with --source ${theirs[0]})`;
      if (venue === 'public')
        return { ok: false, message: `${target.understood} is on ${names}: the interface has no links ${flag}.` };
      return {
        ok: false,
        message: `${target.understood} is on ${names}; this board shows ${SOURCE_NAMES[venue]} ${flag}.`,
      };
    }
    const seq = ++this.seq;
    const lookups = lookupsOf(mine);
    this.chain = { seq, lookups };
    this.pending = { seq, lookups, index: 0, readyAt: now };
    this.store.getState().setGoTo({ seq, understood: target.understood, status: 'looking' });
    return { ok: true, understood: target.understood };
  }

  candidates(): Candidate[] {
    const p = this.pending;
    if (!p) return [];
    const lookup = p.lookups[p.index]!;
    return [
      {
        prio: 2,
        cls: 'interactive',
        readyAt: p.readyAt,
        take: (): LookupJob => ({ kind: 'lookup', cls: 'interactive', lookup, seq: p.seq }),
      },
    ];
  }

  /** The job left: nothing waits until its answer. */
  sent(job: Job): void {
    if (job.kind === 'lookup' && this.pending?.seq === job.seq) this.pending = undefined;
  }

  /** A passing failure (rate limited, offline): the same lookup again, unless a newer `g` replaced it. */
  requeue(job: LookupJob, now: number): void {
    if (job.seq !== this.seq || this.pending) return;
    const lookups = this.lookupsOf(job);
    if (lookups) this.pending = { seq: job.seq, lookups, index: lookups.indexOf(job.lookup), readyAt: now };
  }

  /** What was found: loaded, and a market pinned and selected. */
  found(job: LookupJob, data: Found, now: number): void {
    if (job.seq !== this.seq) return;
    this.chain = undefined;
    const st = this.store.getState();
    const g = st.goTo;
    if ('market' in data) {
      st.marketLoaded(data.market, now);
      st.pinMarket(data.market.id);
      this.onSelected(data.market.id, now);
      st.setGoTo({ ...g!, status: 'found', market: data.market.id });
    } else {
      st.eventLoaded(data.event, now);
      st.setGoTo({ ...g!, status: 'found', event: data.event.id });
    }
  }

  /** A failure of a lookup: true when handled here (not found → the next lookup, or nothing found). */
  failed(job: LookupJob, e: ApiError, now: number): boolean {
    if (!notFound(e)) return false;
    const lookups = this.lookupsOf(job);
    if (job.seq !== this.seq) return true;
    const next = lookups ? lookups.indexOf(job.lookup) + 1 : 0;
    if (lookups && next > 0 && next < lookups.length) {
      this.pending = { seq: job.seq, lookups, index: next, readyAt: now };
      return true;
    }
    this.chain = undefined;
    const g = this.store.getState().goTo;
    if (g) this.store.getState().setGoTo({ ...g, status: 'none', message: `Nothing found for ${g.understood}.` });
    return true;
  }

  /** The venue did not answer for good (a refusal, a broken answer): said once, not retried. */
  gaveUp(job: LookupJob, e: ApiError): void {
    if (job.seq === this.seq) this.chain = undefined;
    const g = this.store.getState().goTo;
    if (job.seq === this.seq && g) this.store.getState().setGoTo({ ...g, status: 'failed', message: e.message });
  }

  /** The lookups of the latest `g` while it is on its way (a job carries one of them). */
  private chain: { seq: number; lookups: Lookup[] } | undefined;
  private lookupsOf(job: LookupJob): Lookup[] | undefined {
    return this.chain?.seq === job.seq ? this.chain.lookups : undefined;
  }
}
