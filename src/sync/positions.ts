/**
 * The person's real positions on this venue through the sync layer (issue #28; docs/positions.md § The Positions
 * view). A reading is a chain of requests — pages, then values, then markets — that the venue's reader
 * (src/positions/readers.ts) asks for one at a time through `send`; each one goes out here as a `positions` job of the
 * background class, in the venue's own budget, at most one background interval after the last one (like goTo.ts runs
 * a `g`'s lookups one job at a time). Readings come at their own slow cadence (POSITIONS_EVERY_MS), the first soon
 * after the start.
 *
 * A failure is the positions' own (a 401 refused signature, a 404, a bad answer): the reading stops, the Positions
 * view says why, and the next reading comes at the cadence — the venue's connection state is never turned (a 429
 * still tells the venue's health: outcome.ts). The reader's key, when it has one, stays inside its signer: nothing of
 * it is in a job, the store or a message.
 */
import type { ApiResult, CallOptions } from '../api/types.js';
import type { ApiError } from '../api/errors.js';
import type { PositionsReader } from '../positions/readers.js';
import type { SourceClient } from '../sources/types.js';
import type { OddsStore } from '../store/store.js';
import type { Job } from './jobs.js';
import type { Candidate } from './plan.js';

/** How often the positions are read (a reading is several requests). */
export const POSITIONS_EVERY_MS = 5 * 60_000;
/** The first reading waits this many background intervals after the start, so the list and the selection go first. */
const FIRST_AFTER_INTERVALS = 2;

export type PositionsJob = Extract<Job, { kind: 'positions' }>;

/** What the dashboard reads positions with: the reader and the venue's own (unprefixed) source client. */
export interface PositionsSetup {
  reader: PositionsReader;
  client: SourceClient;
  /** Default POSITIONS_EVERY_MS. */
  everyMs?: number;
}

interface Pending {
  run: (opts: CallOptions) => Promise<ApiResult<unknown>>;
  resolve: (data: unknown) => void;
  reject: (e: unknown) => void;
}

export class PositionsDesk {
  private nextAt: number | undefined;
  private reading = false;
  private pending: Pending | undefined;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private readonly waiting = new Map<PositionsJob, Pending>();
  /** Nudges the pump when the reader asks for its next request (set by sync.ts). */
  wake: () => void = () => {};
  private readonly everyMs: number;

  constructor(
    private readonly setup: PositionsSetup,
    private readonly store: OddsStore,
    /** The venue's background interval now (limits.ts). */
    private readonly interval: (now: number) => number,
  ) {
    this.everyMs = setup.everyMs ?? POSITIONS_EVERY_MS;
  }

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    if (this.nextAt !== undefined) this.nextAt += by;
    this.lastSentAt += by;
  }

  candidates(now: number): Candidate[] {
    const I = this.interval(now);
    if (this.nextAt === undefined) {
      this.nextAt = Math.ceil(now + FIRST_AFTER_INTERVALS * I);
      const { venue, identity } = this.setup.reader;
      this.store.getState().positionsReading(venue, identity, false, this.nextAt);
    }
    const p = this.pending;
    if (p)
      return [
        {
          prio: 5,
          cls: 'background',
          readyAt: Math.ceil(this.lastSentAt + I),
          take: () => this.jobOf(p),
        },
      ];
    if (this.reading) return [];
    return [{ prio: 5, cls: 'background', readyAt: this.nextAt, take: (at) => this.begin(at) }];
  }

  private jobOf(p: Pending): PositionsJob {
    this.pending = undefined;
    const job: PositionsJob = { kind: 'positions', cls: 'background', run: p.run };
    this.waiting.set(job, p);
    return job;
  }

  /** A reading starts: the reader's first request is this job (it asks for it at once). */
  private begin(at: number): PositionsJob | undefined {
    const { reader, client } = this.setup;
    this.reading = true;
    this.store.getState().positionsReading(reader.venue, reader.identity, true);
    let sync = true;
    const send = <T>(call: (c: SourceClient, o: CallOptions) => Promise<ApiResult<T>>): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        this.pending = {
          run: (opts) => call(client, opts),
          resolve: resolve as (d: unknown) => void,
          reject,
        };
        if (!sync) queueMicrotask(this.wake);
      });
    reader
      .read(send)
      .then(
        (data) => this.store.getState().positionsRead(data, this.doneAt(at), this.nextAt!),
        (e: unknown) => {
          const err = e as Partial<ApiError>;
          const message = typeof err.message === 'string' && err.message ? err.message : 'the reading failed';
          this.store
            .getState()
            .positionsFailed(
              reader.venue,
              reader.identity,
              { message, ...(typeof err.status === 'number' ? { status: err.status } : {}), at: this.doneAt(at) },
              this.nextAt!,
            );
        },
      )
      // a store that throws must not become an unhandled rejection (the dashboard's crash handler)
      .catch(() => {});
    sync = false;
    this.nextAt = at + this.everyMs;
    const p = this.pending as Pending | undefined;
    return p ? this.jobOf(p) : undefined;
  }

  /** When the last answer of the reading came (the time of its last send, else when it started). */
  private doneAt(at: number): number {
    this.reading = false;
    return Math.max(at, this.lastSentAt);
  }

  sent(job: Job, now: number): void {
    if (job.kind === 'positions') this.lastSentAt = now;
  }

  /** An answer: the reader goes on (its next request, or the reading's end). */
  answered(job: PositionsJob, data: unknown): void {
    const p = this.waiting.get(job);
    this.waiting.delete(job);
    p?.resolve(data);
  }

  /** A failure: the reading stops with it (said in the view); the next one comes at the cadence. */
  failed(job: PositionsJob, err: ApiError): void {
    const p = this.waiting.get(job);
    this.waiting.delete(job);
    p?.reject(err);
  }
}
