import { ApiError, isApiError } from '../api/errors.js';
import type { ApiResult, Market, MarketEvent, Quote, RateHeaders } from '../api/types.js';
import { errorInfo, type OddsStore } from '../store/store.js';
import type { RateState } from '../store/types.js';
import { fullJitter, rateLimitWait } from './backoff.js';
import type { Job } from './jobs.js';
import type { ResolvedOptions } from './options.js';

/** What applying an answer may change in the scheduler. */
export interface OutcomeHost {
  readonly o: ResolvedOptions;
  readonly store: OddsStore;
  consecutive429: number;
  consecutiveFailures: number;
  noteRate(rate: RateHeaders | undefined, at: number, seq: number, ok: boolean): void;
  backoff(until: number, reason: NonNullable<RateState['backoffReason']>): void;
  clearBackoff(): void;
  rateLimited(now: number): void;
  halt(): void;
  requeue(job: Job, now: number): void;
  forgetDetail(id: string): void;
  selectionMoved(now: number): void;
  /** A list answer arrived for the query it was sent with (departed markets are followed from here). */
  listAnswered(job: Job, ids: string[], now: number): void;
}

/** Whatever a call threw, as one ApiError (the message never carries request details such as the key). */
export function toApiError(err: unknown, timedOut: boolean): ApiError {
  if (timedOut) return new ApiError({ kind: 'timeout', message: 'The request took too long and was abandoned.' });
  if (isApiError(err)) return err;
  const aborted = err instanceof Error && err.name === 'AbortError';
  return new ApiError({ kind: aborted ? 'aborted' : 'network', message: aborted ? 'The request was cancelled.' : 'The request failed before an answer arrived.' });
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isMarket = (v: unknown): v is Market => isObj(v) && typeof v.id === 'string' && Array.isArray(v.outcomes);
const isEvent = (v: unknown): v is MarketEvent => isObj(v) && typeof v.id === 'string' && Array.isArray(v.markets);

export function applySuccess(h: OutcomeHost, job: Job, res: ApiResult<unknown>, seq: number, now: number): void {
  h.noteRate(res.rate, now, seq, true);
  const st = h.store.getState();
  const data = res.data;
  const odd = () => applyError(h, job, new ApiError({ kind: 'protocol', message: 'The server answered with data of an unexpected shape.' }), seq, now);
  switch (job.kind) {
    case 'list': {
      if (!Array.isArray(data)) return odd();
      const markets = data.filter(isMarket);
      st.listLoaded(markets, now, job.query);
      h.listAnswered(job, markets.map((m) => m.id), now);
      const after = h.store.getState();
      if (h.o.autoSelect && after.selectedId === undefined && after.list.ids[0] !== undefined) {
        after.select(after.list.ids[0]);
        h.selectionMoved(now);
      }
      break;
    }
    case 'detail':
      if (!isMarket(data)) return odd();
      st.marketLoaded(data, now);
      break;
    case 'events':
      if (!Array.isArray(data)) return odd();
      st.eventsLoaded(data.filter(isEvent), now);
      break;
    case 'closing':
      if (!Array.isArray(data)) return odd();
      st.closingLoaded(data.filter(isMarket), now);
      break;
    case 'event':
      if (!isEvent(data)) return odd();
      st.eventLoaded(data, now);
      break;
    case 'quote':
      if (!isObj(data)) return odd();
      st.quoteLoaded(job.marketId, job.form, data as unknown as Quote, now);
      break;
  }
  h.consecutive429 = 0;
  h.consecutiveFailures = 0;
  h.clearBackoff();
  st.requestSucceeded(now);
}

/** The server answered, and the answer is about this request only: no backoff. */
function answered(h: OutcomeHost, now: number): void {
  h.consecutive429 = 0;
  h.consecutiveFailures = 0;
  h.clearBackoff();
  h.store.getState().requestSucceeded(now);
}

export function applyError(h: OutcomeHost, job: Job, e: ApiError, seq: number, now: number): void {
  h.noteRate(e.rate, now, seq, e.kind !== 'rate_limited');
  const st = h.store.getState();
  const info = errorInfo(e, now);
  switch (e.kind) {
    case 'unauthorized':
      // never retried, never downgraded to anonymous: everything stops until the key is fixed
      st.authFailed(info);
      h.halt();
      return;
    case 'rate_limited': {
      h.rateLimited(now);
      h.backoff(now + rateLimitWait(h.consecutive429, e.retryAfterMs, e.rate, h.o.random, h.o.backoff), 'rate_limited');
      st.requestFailed(info);
      h.requeue(job, now);
      return;
    }
    case 'not_found':
      if (job.kind === 'event') {
        st.eventGone(job.eventId, now);
        answered(h, now);
        return;
      }
      if (job.kind === 'detail' || job.kind === 'quote') {
        if (job.kind === 'quote') st.quoteFailed(job.marketId, job.form, info);
        const wasSelected = st.selectedId === job.marketId;
        st.marketGone(job.marketId, now);
        h.forgetDetail(job.marketId);
        answered(h, now);
        if (wasSelected) h.selectionMoved(now);
        return;
      }
      break;
    case 'closed':
    case 'resolved':
    case 'settling':
    case 'invalid_request':
      if (job.kind === 'quote') {
        st.quoteFailed(job.marketId, job.form, info);
        answered(h, now);
        return;
      }
      if (e.kind === 'invalid_request') {
        // our query was refused: say so, do not retry faster than the normal cadence
        h.consecutive429 = 0;
        st.requestFailed(info);
        return;
      }
      break;
    case 'aborted':
      h.requeue(job, now);
      return;
    default:
      break;
  }
  // network, timeout, 5xx, protocol, or a status that makes no sense for this request: back off, keep the data
  h.consecutiveFailures++;
  const reason = e.kind === 'network' || e.kind === 'timeout' ? 'offline' : 'server';
  h.backoff(now + fullJitter(h.consecutiveFailures, h.o.random, h.o.backoff), reason);
  st.requestFailed(info);
  // a follow-up of a market that left the list is best effort: not retried into a failing server
  if (!(job.kind === 'detail' && job.origin === 'departed')) h.requeue(job, now);
}
