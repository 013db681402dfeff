import type { ValidQuoteParams } from '../api/validate.js';
import type { ApiResult, MarketClient, MarketQuery } from '../api/types.js';
import { toMarketQuery } from '../store/listQuery.js';
import type { ListQuery, QuoteForm } from '../store/types.js';
import type { Departure } from './departed.js';
import type { RequestInfo } from './types.js';

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
    }
  | { kind: 'events'; cls: JobClass }
  | { kind: 'closing'; cls: JobClass; origin: ViewOrigin }
  /** One event by id: the Events view's open one (`origin`), or the selected market's when it is not known yet. */
  | { kind: 'event'; cls: JobClass; eventId: string; origin?: ViewOrigin }
  | { kind: 'quote'; cls: 'quote'; marketId: string; form: QuoteForm; params: ValidQuoteParams };

/** A view's data: fetched because the view was shown (or refreshed by hand), or by the background cadence. */
export type ViewOrigin = 'interactive' | 'background';

export const EVENTS_QUERY = { limit: 50 };
/** Closing soon: the active markets that close first, as many as one request may carry. */
export const CLOSING_QUERY: MarketQuery = { status: 'active', sort: 'closing', limit: 100 };

/** Starts the call a job stands for. */
export function perform(
  client: MarketClient,
  job: Job,
  query: ListQuery,
  signal: AbortSignal,
): Promise<ApiResult<unknown>> {
  switch (job.kind) {
    case 'list':
      return client.listMarkets(toMarketQuery(job.query ?? query), { signal });
    case 'detail':
      return client.getMarket(job.marketId, { signal });
    case 'events':
      return client.listEvents(EVENTS_QUERY, { signal });
    case 'closing':
      return client.listMarkets(CLOSING_QUERY, { signal });
    case 'event':
      return client.getEvent(job.eventId, { signal });
    case 'quote':
      return client.getQuote(
        job.marketId,
        { outcome: job.params.outcome, amount: job.params.amount, action: job.params.action },
        { signal },
      );
  }
}
