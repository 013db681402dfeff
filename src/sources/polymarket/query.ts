/**
 * The list's query in Gamma's words (docs/sources/polymarket.md): the store's status, sort and category as
 * `/markets/keyset` parameters, the page sizes Gamma takes, and what Polymarket can do (its caps).
 */
import { ApiError } from '../../api/errors.js';
import type { MarketQuery } from '../../api/types.js';
import { unsupported } from '../http.js';
import type { ListSort, ListStatus, Query, SourceCaps } from '../types.js';

/** Page sizes Gamma takes: 100 markets on /markets/keyset, 500 events on /events/keyset. */
export const MAX_MARKETS_PAGE = 100;
export const MAX_EVENTS_PAGE = 500;
const DEFAULT_LIMIT = 20;

const STATUS_QUERY: Record<Exclude<ListStatus, 'all'>, Query> = {
  active: [['closed', 'false']],
  closed: [['closed', 'true']],
  settling: [['uma_resolution_status', 'proposed']],
  resolved: [
    ['closed', 'true'],
    ['uma_resolution_status', 'resolved'],
  ],
};

const SORT_QUERY: Record<ListSort, Query> = {
  volume: [
    ['order', 'volumeNum'],
    ['ascending', 'false'],
  ],
  newest: [
    ['order', 'createdAt'],
    ['ascending', 'false'],
  ],
  closing: [
    ['order', 'endDate'],
    ['ascending', 'true'],
  ],
  liquidity: [
    ['order', 'liquidityNum'],
    ['ascending', 'false'],
  ],
};

export const POLYMARKET_CAPS: SourceCaps = {
  statuses: ['active', 'closed', 'settling', 'resolved'],
  sorts: ['volume', 'newest', 'closing', 'liquidity'],
  categoryWord: 'tag',
  // `/markets/keyset` takes `tag_id` (a number from `/tags`); its documented parameters have no tag slug or label
  categoryById: true,
  events: true,
  search: true,
  // `/public-search` ranks by relevance and documents no status values (docs/sources/polymarket.md)
  searchIgnores: ['status', 'sort'],
  batch: MAX_MARKETS_PAGE,
  quotes: true,
  book: true,
  history: true,
  maxLimit: MAX_MARKETS_PAGE,
};

export function pageSize(limit: number | undefined, max: number): number {
  if (limit === undefined) return Math.min(DEFAULT_LIMIT, max);
  if (!Number.isInteger(limit) || limit < 1)
    throw new ApiError({
      kind: 'invalid_request',
      code: 'INVALID_LIMIT',
      param: 'limit',
      message: 'limit must be a positive whole number.',
    });
  return Math.min(limit, max);
}

export function offsetOf(offset: number | undefined): number {
  if (offset === undefined) return 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw new ApiError({
      kind: 'invalid_request',
      code: 'INVALID_OFFSET',
      param: 'offset',
      message: 'offset must be 0 or more.',
    });
  return offset;
}

/** The list query's filters as Gamma's parameters (everything but the page). */
export function filterQuery(q: MarketQuery): Query {
  const status = (q.status ?? 'active') as ListStatus;
  if (!(POLYMARKET_CAPS.statuses as readonly string[]).includes(status))
    throw unsupported(`status filter "${status}" (its list defaults to open markets)`, 'Polymarket');
  const sort = (q.sort ?? 'volume') as ListSort;
  if (!(POLYMARKET_CAPS.sorts as readonly string[]).includes(sort)) throw unsupported(`sort "${sort}"`, 'Polymarket');
  const tag: Query = q.category !== undefined && q.category !== '' ? [['tag_id', q.category]] : [];
  return [...STATUS_QUERY[status as Exclude<ListStatus, 'all'>], ...tag, ...SORT_QUERY[sort]];
}
