/**
 * The market list's query: as the client sends it, and as a filter over the
 * markets already cached, so a new status, category or search shows its rows
 * at once while the service's answer is on its way.
 */
import type { Market, MarketQuery } from '../api/types.js';
import { holdsWords, queryWords } from '../util/searchWords.js';
import type { ListQuery, MarketEntry } from './types.js';

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

/** Two queries start at the same row (offset): only then can the cache stand in for the answer. */
export function samePage(a: ListQuery, b: ListQuery): boolean {
  return (toMarketQuery(a).offset ?? 0) === (toMarketQuery(b).offset ?? 0);
}

/**
 * Whether a cached market would be in the answer to `q` (as far as we can tell here; the service has the last word).
 */
export function matchesQuery(m: Market, q: ListQuery): boolean {
  const status = q.status.trim().toLowerCase();
  if (status !== '' && status !== 'all' && m.status !== status) return false;
  const category = q.category.trim().toLowerCase();
  if (category !== '' && (m.category ?? '').toLowerCase() !== category) return false;
  // every word of the search in the title or category, in any order (the venues' searches and Kalshi's scan alike)
  return holdsWords([m.title, m.category], queryWords(q.q));
}

type SortKey = (m: Market) => number | undefined;
const SORT_KEYS: Record<string, { key: SortKey; descending: boolean }> = {
  volume: { key: (m) => m.volume, descending: true },
  liquidity: { key: (m) => m.liquidity, descending: true },
  closing: { key: (m) => m.closesAt, descending: false },
};

/**
 * The listed ids a changed query keeps, in the order it asks for where the cache can tell (volume, liquidity,
 * closing; `newest` keeps the current order). Unknown values sort last.
 */
export function filterListed(
  ids: readonly string[],
  markets: Readonly<Record<string, MarketEntry>>,
  q: ListQuery,
): string[] {
  const kept = ids.filter((id) => {
    const m = markets[id]?.market;
    return m !== undefined && matchesQuery(m, q);
  });
  const sort = SORT_KEYS[q.sort];
  if (!sort) return kept;
  const value = (id: string) => sort.key(markets[id]!.market);
  return kept
    .map((id, i) => ({ id, i, v: value(id) }))
    .sort((a, b) => {
      if (a.v === undefined || b.v === undefined) return a.v === b.v ? a.i - b.i : a.v === undefined ? 1 : -1;
      return (sort.descending ? b.v - a.v : a.v - b.v) || a.i - b.i;
    })
    .map((x) => x.id);
}

/** The list's page size and offset as sent (the service's default page of 20 when the query has none). */
export function pageOf(q: ListQuery): { limit: number; offset: number } {
  return {
    limit: Number.isInteger(q.limit) && q.limit > 0 ? q.limit : 20,
    offset: Number.isInteger(q.offset) && q.offset > 0 ? q.offset : 0,
  };
}

/** The page the list shows (1-based). */
export function pageNumber(q: ListQuery): number {
  const { limit, offset } = pageOf(q);
  return Math.floor(offset / limit) + 1;
}
