import type { ValidQuoteParams } from '../api/validate.js';
import type { ApiResult, MarketClient, MarketQuery } from '../api/types.js';
import type { ListQuery, QuoteForm } from '../store/types.js';
import type { Departure } from './departed.js';
import type { RequestInfo } from './types.js';

export type JobKind = RequestInfo['kind'];
export type JobClass = RequestInfo['cls'];

/** One request the scheduler decided to send. */
export type Job =
  | { kind: 'list'; cls: JobClass; origin: 'interactive' | 'overdue' | 'background'; /** the query as sent */ query?: ListQuery }
  | { kind: 'detail'; cls: JobClass; marketId: string; origin: 'selection' | 'background' | 'departed'; departure?: Departure }
  | { kind: 'events'; cls: JobClass }
  | { kind: 'quote'; cls: 'quote'; marketId: string; form: QuoteForm; params: ValidQuoteParams };

/** The store's list query as the client's query: empty strings are not sent. */
export function toMarketQuery(q: ListQuery): MarketQuery {
  const out: MarketQuery = {};
  if (q.q.trim() !== '') out.q = q.q.trim();
  if (q.status !== '') out.status = q.status;
  if (q.category !== '') out.category = q.category;
  if (q.sort !== '') out.sort = q.sort;
  if (Number.isInteger(q.limit) && q.limit > 0) out.limit = q.limit;
  if (Number.isInteger(q.offset) && q.offset > 0) out.offset = q.offset;
  return out;
}

/** Two list queries are the same when they send the same parameters. */
export function queryKey(q: ListQuery): string {
  const m = toMarketQuery(q);
  return JSON.stringify([m.q, m.status, m.category, m.sort, m.limit, m.offset]);
}

export const EVENTS_QUERY = { limit: 50 };

/** Starts the call a job stands for. */
export function perform(client: MarketClient, job: Job, query: ListQuery, signal: AbortSignal): Promise<ApiResult<unknown>> {
  switch (job.kind) {
    case 'list':
      return client.listMarkets(toMarketQuery(job.query ?? query), { signal });
    case 'detail':
      return client.getMarket(job.marketId, { signal });
    case 'events':
      return client.listEvents(EVENTS_QUERY, { signal });
    case 'quote':
      return client.getQuote(job.marketId, { outcome: job.params.outcome, amount: job.params.amount, action: job.params.action }, { signal });
  }
}

export function sameForm(a: QuoteForm | undefined, b: QuoteForm | undefined): boolean {
  return !!a && !!b && a.outcome === b.outcome && a.amount === b.amount && a.action === b.action;
}
