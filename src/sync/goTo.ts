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
import type { Queue } from './queue.js';

/** What `goTo` did at once: looking it up now, or why not (one line). */
export type GoToStart = { ok: true; understood: string } | { ok: false; message: string };

type LookupJob = Extract<Job, { kind: 'lookup' }>;

/** Failures a lookup is not retried after (the others — 429, offline, 5xx — put it back like any request). */
const GAVE_UP: ReadonlySet<ApiError['kind']> = new Set([
  'forbidden',
  'protocol',
  'invalid_request',
  'closed',
  'resolved',
  'settling',
]);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class GoTo {
  private seq = 0;
  private pending: { seq: number; lookups: Lookup[]; index: number; readyAt: number } | undefined;

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    if (this.pending) this.pending.readyAt += by;
  }

  constructor(
    /** The store (asked when used: the queue that makes this is still being made). */
    private readonly storeOf: () => OddsStore,
    /** A market selected by `g`: its detail, book and history follow as for any selection. */
    private readonly selection: Pick<Queue, 'selectSoon'>,
  ) {}

  start(target: ParsedTarget, now: number): GoToStart {
    if (!target.ok) return { ok: false, message: target.message };
    const venue = boardVenue(this.storeOf().getState().rate.mode);
    const mine = target.readings.filter((r) => r.venue === venue);
    if (mine.length === 0) {
      const theirs = [...new Set(target.readings.map((r) => r.venue))];
      const names = theirs.map((v) => SOURCE_NAMES[v]).join(' or ');
      const flag = `(start with --source ${theirs[0]})`;
      const word = target.input.trim();
      // a bare word on the interface's board may be one of its own ids (the detail pane shows them: `id mkt-…`):
      // asked of it as a market's id, then an event's; a platform's address or prefixed id is that platform's
      if (venue === 'public' && !/[/:]/.test(word))
        return this.begin(
          [
            { route: 'market', id: word },
            { route: 'event', id: word },
          ],
          `id ${word}`,
          now,
          `Nothing found for id ${word} on this service; as a ${target.understood.split(' ')[0]} it may be on ` +
            `${names} ${flag}.`,
        );
      if (venue === 'public')
        return { ok: false, message: `${target.understood} is on ${names}: the interface has no links ${flag}.` };
      return {
        ok: false,
        message: `${target.understood} is on ${names}; this board shows ${SOURCE_NAMES[venue]} ${flag}.`,
      };
    }
    return this.begin(lookupsOf(mine), target.understood, now);
  }

  /** The lookups of a `g`, the first one due now; `miss`: what "nothing found" says (else `Nothing found for …`). */
  private begin(lookups: Lookup[], understood: string, now: number, miss?: string): GoToStart {
    const seq = ++this.seq;
    this.chain = { seq, lookups, ...(miss ? { miss } : {}) };
    this.pending = { seq, lookups, index: 0, readyAt: now };
    this.storeOf().getState().setGoTo({ seq, understood, status: 'looking' });
    return { ok: true, understood };
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
        // taken: nothing of this `g` waits until its answer
        take: (): LookupJob => ((this.pending = undefined), { kind: 'lookup', cls: 'interactive', lookup, seq: p.seq }),
      },
    ];
  }

  /** What was found: loaded, and a market pinned and selected. False: the answer is not a market or an event. */
  found(job: LookupJob, answer: unknown, now: number, sentAt?: number): boolean {
    const data = answer as Partial<Record<'market' | 'event', { id?: unknown; outcomes?: unknown; markets?: unknown }>>;
    const market = isObj(data) && isObj(data.market) && Array.isArray(data.market.outcomes);
    if (!market && !(isObj(data) && isObj(data.event) && Array.isArray(data.event.markets))) return false;
    if (job.seq !== this.seq) return true;
    const found = answer as Found;
    this.chain = undefined;
    const st = this.storeOf().getState();
    const g = st.goTo;
    if ('market' in found) {
      st.marketLoaded(found.market, now, sentAt);
      st.pinMarket(found.market.id);
      this.selection.selectSoon(found.market.id, now, 0);
      st.setGoTo({ ...g!, status: 'found', market: found.market.id });
    } else {
      st.eventLoaded(found.event, now, sentAt);
      st.setGoTo({ ...g!, status: 'found', event: found.event.id });
    }
    return true;
  }

  /**
   * A failure of a lookup. Not found: the next lookup, or nothing found. A refusal for good (403, a broken answer, a
   * request refused): said once, not retried. Both are handled here (true). Any other failure (429, offline, 5xx) puts
   * the lookup back and leaves the rest to the scheduler's usual handling (false).
   */
  failed(job: LookupJob, e: ApiError, now: number): boolean {
    const lookups = this.lookupsOf(job);
    const current = job.seq === this.seq && lookups !== undefined;
    if (notFound(e)) {
      if (!current) return true;
      const next = lookups.indexOf(job.lookup) + 1;
      if (next > 0 && next < lookups.length) this.pending = { seq: job.seq, lookups, index: next, readyAt: now };
      else
        this.settle(
          'none',
          this.chain?.miss ?? `Nothing found for ${this.storeOf().getState().goTo?.understood ?? 'it'}.`,
        );
      return true;
    }
    if (GAVE_UP.has(e.kind)) {
      if (current) this.settle('failed', e.message);
      return true;
    }
    if (current && !this.pending)
      this.pending = { seq: job.seq, lookups, index: Math.max(0, lookups.indexOf(job.lookup)), readyAt: now };
    return false;
  }

  private settle(status: 'none' | 'failed', message: string): void {
    this.chain = undefined;
    const g = this.storeOf().getState().goTo;
    if (g)
      this.storeOf()
        .getState()
        .setGoTo({ ...g, status, message });
  }

  /** The lookups of the latest `g` while it is on its way (a job carries one of them). */
  private chain: { seq: number; lookups: Lookup[]; miss?: string } | undefined;
  private lookupsOf(job: LookupJob): Lookup[] | undefined {
    return this.chain?.seq === job.seq ? this.chain.lookups : undefined;
  }
}
