/**
 * Values the screen derives from the store: the badge a row shows, how fresh
 * data is, the list refresh interval estimate, the filter cycles.
 */
import type { MarketStatus } from '../api/types.js';
import type { AppState, MarketEntry, QuoteForm, RateState } from '../store/types.js';

export type Badge = MarketStatus | 'stale';

/** A trading state learned from a 409/410/423 quote wins over the market's own (older) status. */
export function effectiveStatus(entry: MarketEntry): MarketStatus {
  return entry.tradeState ?? entry.market.status;
}

/** Background request kinds sharing the budget (list + selected market's detail). */
export const BACKGROUND_KINDS = 2;
/** Never call a row stale sooner than three times this. */
export const MIN_LIST_INTERVAL_MS = 10_000;
export const STALE_FACTOR = 3;

/**
 * How often the list is expected to refresh. The budget allows one request
 * every 60 s / effectiveLimit; the background kinds share it, so one kind gets
 * its turn about every 60 s / effectiveLimit × BACKGROUND_KINDS. When sync has
 * planned the next list refresh, the planned gap since the last load is a
 * better estimate, and we take the larger of the two (and at least 10 s), so
 * a slower schedule does not paint every row STALE.
 */
export function listRefreshIntervalMs(rate: RateState, listLoadedAt: number | undefined): number {
  const limit = rate.effectiveLimit > 0 ? rate.effectiveLimit : rate.limit > 0 ? rate.limit : 1;
  const budget = (60_000 / limit) * BACKGROUND_KINDS;
  const planned =
    rate.nextListRefreshAt !== undefined && listLoadedAt !== undefined && rate.nextListRefreshAt > listLoadedAt
      ? rate.nextListRefreshAt - listLoadedAt
      : 0;
  return Math.max(MIN_LIST_INTERVAL_MS, budget, planned);
}

/** A row is stale when its data is older than three refresh intervals. */
export function isStale(receivedAt: number, now: number, intervalMs: number): boolean {
  return now - receivedAt > STALE_FACTOR * intervalMs;
}

/**
 * The time the header's data age counts from: the list's last answer. Every
 * listed row came with it or later, so a row that shows no age of its own (it
 * is not stale) is at most this old. Before the first list answer, the newest
 * data of any kind.
 */
export function shownDataAt(s: Pick<AppState, 'list' | 'connection'>): number | undefined {
  return s.list.loadedAt ?? s.connection.lastSuccessAt;
}

/** The row the cursor is on: the selected market when listed, else the first row (or -1 when empty). */
export function cursorIndex(ids: readonly string[], selectedId: string | undefined): number {
  if (ids.length === 0) return -1;
  const i = selectedId === undefined ? -1 : ids.indexOf(selectedId);
  return i >= 0 ? i : 0;
}

export const SORTS = ['volume', 'newest', 'closing', 'liquidity'] as const;
export const STATUSES = ['active', 'closed', 'settling', 'resolved', 'all'] as const;

/** The value after `current` in `values` (wrapping); the first one when `current` is not among them. */
export function nextInCycle(values: readonly string[], current: string): string {
  const i = values.indexOf(current);
  return values[(i + 1) % values.length] ?? '';
}

export function sameForm(a: QuoteForm | undefined, b: QuoteForm | undefined): boolean {
  return !!a && !!b && a.outcome === b.outcome && a.amount.trim() === b.amount.trim() && a.action === b.action;
}

/**
 * The market the detail pane and the quote form are about: the selected one
 * when listed, else the first row; a selected market that left the list is
 * still shown while the list is empty.
 */
export function currentMarketId(s: Pick<AppState, 'list' | 'selectedId' | 'markets'>): string | undefined {
  const ids = s.list.ids;
  const sel = s.selectedId;
  if (sel !== undefined && ids.includes(sel)) return sel;
  if (ids.length > 0) return ids[0];
  return sel !== undefined && s.markets[sel] ? sel : undefined;
}
