import type { ValidQuoteParams } from '../api/validate.js';
import type { ApiResult, CallOptions, HistoryRange, MarketClient } from '../api/types.js';
import { ApiError } from '../api/errors.js';
import { CLOSING_QUERY } from '../sources/caps.js';
import type { SourceClient } from '../sources/types.js';
import { toMarketQuery } from '../store/listQuery.js';
import type { ListQuery, QuoteForm } from '../store/types.js';
import type { Departure } from './departed.js';
import type { RequestInfo } from './types.js';
import type { SyncOptions } from './options.js';
import { runLookup } from '../links/resolve.js';
import type { Lookup } from '../links/types.js';
import type { ExtraRequest } from './extraJobs.js';

export type JobKind = RequestInfo['kind'];
export type JobClass = RequestInfo['cls'];

/** One request the scheduler decided to send. */
export type Job =
  | {
      kind: 'list';
      cls: JobClass;
      origin: 'interactive' | 'overdue' | 'background';
      /** the query as sent */ query?: ListQuery;
    }
  | {
      kind: 'detail';
      cls: JobClass;
      marketId: string;
      origin: 'selection' | 'background' | 'departed' | 'outcomes' | 'watch';
      departure?: Departure;
      /** Watched markets refreshed in the same request (a source that looks up several ids at once). */
      batch?: string[];
    }
  /** The source's own groupings for `c` (Polymarket tags, Kalshi categories, Manifold topics): once. */
  | { kind: 'categories'; cls: JobClass }
  /** The selected market's order book (of the outcome its quote form names, else the leading one). */
  | { kind: 'book'; cls: JobClass; marketId: string; outcome: string }
  /** A market's price history over a range, once per market and range. */
  | { kind: 'history'; cls: JobClass; marketId: string; outcome: string; range: HistoryRange }
  | { kind: 'events'; cls: JobClass }
  | { kind: 'closing'; cls: JobClass; origin: ViewOrigin }
  /** One event by id: the Events view's open one (`origin`), or the selected market's when it is not known yet. */
  | { kind: 'event'; cls: JobClass; eventId: string; origin?: ViewOrigin }
  | { kind: 'quote'; cls: 'quote'; marketId: string; form: QuoteForm; params: ValidQuoteParams }
  /** One request of a `g` (a pasted link, src/links/plan.ts); `seq` names the `g` it belongs to. */
  | { kind: 'lookup'; cls: JobClass; lookup: Lookup; seq: number }
  /** One request of a reading of the person's positions (positions.ts): the reader's own call. */
  | { kind: 'positions'; cls: 'background'; run: (opts: CallOptions) => Promise<ApiResult<unknown>> }
  /** A request asked for beside the screen's data (a pair's candidates or books, extraJobs.ts). */
  | { kind: 'extra'; cls: JobClass; req: ExtraRequest };

/** A view's data: fetched because the view was shown (or refreshed by hand), or by the background cadence. */
export type ViewOrigin = 'interactive' | 'background';

export const EVENTS_QUERY = { limit: 50 };

/**
 * The client sync calls: the interface's five endpoints, and what a source adds (src/sources/types.ts): several
 * markets in one request, its groupings, its own closing-soon list. Fakes in tests may leave those out.
 */
export type SyncClient = MarketClient &
  Partial<Pick<SourceClient, 'getMarkets' | 'listCategories' | 'listClosing' | 'getBook' | 'getHistory' | 'lookup'>>;
/** Closing soon where the client has no list of its own (the interface's query). */
export { CLOSING_QUERY };

const noRoute = (what: string) =>
  new ApiError({ kind: 'invalid_request', code: 'NOT_SUPPORTED', message: `This source has no ${what}.` });

/**
 * A batch lookup (several watched markets in one request): answering 404 as a whole, it is named `route not found` and
 * retried like a list's — never one market (the first id) or all of them marked gone (goneMarkets.ts, routeTrouble.ts).
 */
export function isBatchLookup(job: Job): job is Extract<Job, { kind: 'detail' }> & { batch: string[] } {
  return job.kind === 'detail' && (job.batch?.length ?? 0) > 0;
}

/** Starts the call a job stands for (`opts.beforeSend`: each request past the first claims a slot, further.ts). */
export function perform(
  client: SyncClient,
  job: Job,
  query: ListQuery,
  opts: CallOptions & { signal: AbortSignal },
): Promise<ApiResult<unknown>> {
  switch (job.kind) {
    case 'list':
      return client.listMarkets(toMarketQuery(job.query ?? query), opts);
    case 'detail':
      return isBatchLookup(job) && client.getMarkets
        ? client.getMarkets([job.marketId, ...job.batch], { ...opts, oneRequest: true })
        : client.getMarket(job.marketId, opts);
    case 'book':
      if (!client.getBook) return Promise.reject(noRoute('an order book'));
      return client.getBook(job.marketId, job.outcome, opts);
    case 'history':
      if (!client.getHistory) return Promise.reject(noRoute('a price history'));
      return client.getHistory(job.marketId, job.outcome, job.range, opts);
    case 'categories':
      return client.listCategories ? client.listCategories(opts) : Promise.resolve({ data: [], status: 200 });
    case 'events':
      return client.listEvents(EVENTS_QUERY, opts);
    case 'closing':
      return client.listClosing ? client.listClosing(opts) : client.listMarkets(CLOSING_QUERY, opts);
    case 'event':
      return client.getEvent(job.eventId, opts);
    case 'lookup':
      return runLookup(client, job.lookup, opts);
    case 'positions':
      return job.run(opts);
    case 'extra':
      return job.req.run(client, opts);
    case 'quote':
      return client.getQuote(
        job.marketId,
        { outcome: job.params.outcome, amount: job.params.amount, action: job.params.action },
        opts,
      );
  }
}

/** Tells the `onRequest` hook of a job sent (a hook that throws must not break the scheduler). */
export function tellRequest(hook: SyncOptions['onRequest'], job: Job, now: number): void {
  try {
    hook?.({
      kind: job.kind,
      cls: job.cls,
      at: now,
      ...('marketId' in job ? { marketId: job.marketId } : {}),
      ...('eventId' in job ? { eventId: job.eventId } : {}),
    });
  } catch {
    // a hook must not break the scheduler
  }
}
