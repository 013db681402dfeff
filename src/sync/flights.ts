import type { ApiError } from '../api/errors.js';
import type { ApiResult } from '../api/types.js';
import type { Clock, TimerHandle } from '../util/clock.js';
import { sameForm } from '../store/quoteForm.js';
import type { Job } from './jobs.js';
import { toApiError } from './toApiError.js';
import type { QuoteForm } from '../store/types.js';

/**
 * A request's timeout that fires later than this after it was due was held up by the process itself (stopped,
 * starved), not by the service: it starts over.
 */
export const STALL_MS = 1_000;

export interface Flight {
  job: Job;
  /** Our send count including this request. */
  seq: number;
  /** When it went out. */
  sentAt: number;
  ctrl: AbortController;
  timer?: TimerHandle;
  finished: boolean;
  /** Resolves when the flight is over for the scheduler: answered, abandoned after its timeout, or stopped. */
  done: Promise<void>;
  resolve: () => void;
}

export type FlightEnd = (flight: Flight, res: ApiResult<unknown> | undefined, err: ApiError | undefined) => void;

/**
 * The requests on the wire: each with an AbortController and a timeout on the
 * injected clock, so a hung request is abandoned (and aborted) rather than
 * blocking the scheduler. `onEnd` runs exactly once per flight.
 */
export class Flights {
  private readonly set = new Set<Flight>();

  constructor(
    private readonly clock: Clock,
    private readonly timeoutMs: number,
    private readonly onEnd: FlightEnd,
  ) {}

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    for (const f of this.set) f.sentAt += by;
  }

  get size(): number {
    return this.set.size;
  }

  /** `call` gets the flight's signal and `rearm`: a further request of the job went out, its timeout starts over. */
  launch(job: Job, seq: number, call: (signal: AbortSignal, rearm: () => void) => Promise<ApiResult<unknown>>): void {
    const ctrl = new AbortController();
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    const flight: Flight = { job, seq, sentAt: this.clock.now(), ctrl, finished: false, done, resolve };
    let p: Promise<ApiResult<unknown>>;
    try {
      p = call(ctrl.signal, () => {
        if (flight.finished) return;
        this.clock.clearTimeout(flight.timer);
        arm();
      });
    } catch (e) {
      p = Promise.reject(e);
    }
    // One that falls due more than STALL_MS late starts over: the process did not run meanwhile (SIGSTOP, Ctrl-Z),
    // and its timers run before the answer that came while it was stopped is read (api/deadlines.ts).
    const arm = () => {
      const due = this.clock.now() + this.timeoutMs;
      flight.timer = this.clock.setTimeout(() => {
        flight.timer = undefined;
        if (this.clock.now() - due > STALL_MS) return arm();
        ctrl.abort();
        this.end(flight, undefined, toApiError(undefined, true));
      }, this.timeoutMs);
    };
    arm();
    this.set.add(flight);
    p.then(
      (res) => this.end(flight, res, undefined),
      (err: unknown) => this.end(flight, undefined, toApiError(err, false)),
    );
  }

  private end(flight: Flight, res: ApiResult<unknown> | undefined, err: ApiError | undefined): void {
    if (flight.finished) return;
    flight.finished = true;
    this.clock.clearTimeout(flight.timer);
    flight.timer = undefined;
    this.set.delete(flight);
    flight.resolve();
    this.onEnd(flight, res, err);
  }

  /** Abort everything on the wire and forget it (a client that ignores its signal cannot hold anyone up). */
  async abortAll(): Promise<void> {
    const all = [...this.set];
    for (const f of all) {
      f.ctrl.abort();
      this.end(f, undefined, undefined);
    }
    await Promise.allSettled(all.map((f) => f.done));
  }

  async settled(): Promise<void> {
    while (this.set.size > 0) await Promise.allSettled([...this.set].map((f) => f.done));
  }

  /**
   * One quote and one other request may be on the wire at once, so a slow refresh never delays a quote (nor the
   * reverse).
   */
  mayFly(quote: boolean): boolean {
    for (const f of this.set) if ((f.job.kind === 'quote') === quote) return false;
    return true;
  }

  hasQuote(marketId: string, form: QuoteForm): boolean {
    for (const f of this.set)
      if (f.job.kind === 'quote' && f.job.marketId === marketId && sameForm(f.job.form, form)) return true;
    return false;
  }
}
