/**
 * Narrow selectors for components (`useStore(store, selectX)`): each returns a
 * value that keeps its identity while the part it reads is unchanged, so a
 * component re-renders only when its own slice changes.
 */
import type { Store } from './store.js';
import type { MarketEntry, PriceHistory, QuoteEntry, RateState } from './types.js';

export const selectListIds = (s: Store): string[] => s.list.ids;
export const selectQuery = (s: Store) => s.list.query;
export const selectSelectedId = (s: Store): string | undefined => s.selectedId;
export const selectSelectedEntry = (s: Store): MarketEntry | undefined => (s.selectedId === undefined ? undefined : s.markets[s.selectedId]);
export const selectEntry =
  (id: string) =>
  (s: Store): MarketEntry | undefined =>
    s.markets[id];
export const selectHistory =
  (id: string | undefined) =>
  (s: Store): PriceHistory | undefined =>
    id === undefined ? undefined : s.history[id];
export const selectQuote =
  (id: string | undefined) =>
  (s: Store): QuoteEntry | undefined =>
    id === undefined ? undefined : s.quotes[id];
export const selectConnection = (s: Store) => s.connection;
export const selectRate = (s: Store): RateState => s.rate;
export const selectNotices = (s: Store) => s.notices;
export const selectCategories = (s: Store) => s.categories;

export interface RateSummary {
  /** `7/10 req/min` (the limit shown is the one the scheduler allows itself). */
  budget: string;
  /** Whole seconds until the next planned refresh of anything, when one is planned. */
  nextRefreshInS?: number;
  /** Whole seconds until a pause ends, when paused. */
  retryInS?: number;
  paused?: 'rate_limited' | 'offline' | 'server';
}

/** What the header says about the budget at `now` (a pure function of the rate state). */
export function rateSummary(rate: RateState, now: number): RateSummary {
  const limit = rate.effectiveLimit > 0 ? rate.effectiveLimit : rate.limit;
  const out: RateSummary = { budget: `${Math.max(0, Math.min(rate.usedInWindow, 999))}/${limit} req/min` };
  const secs = (at: number | undefined) => (at === undefined || !Number.isFinite(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000)));
  if (rate.backoffUntil !== undefined && rate.backoffUntil > now) {
    out.retryInS = secs(rate.backoffUntil);
    out.paused = rate.backoffReason ?? 'server';
  }
  const next = [rate.nextListRefreshAt, rate.nextDetailRefreshAt].filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  if (next.length > 0) out.nextRefreshInS = secs(Math.min(...next));
  return out;
}
export const selectTransitions = (s: Store) => s.transitions;
