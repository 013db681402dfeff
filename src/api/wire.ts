/**
 * Wire shapes of the reference service (design.md §4). The only module shared by
 * `server/` and `api/`. The client must NOT assume a real service sends these:
 * it goes through `normalize`, which also accepts other platforms' shapes.
 */
export type WireMarketStatus = 'active' | 'closed' | 'settling' | 'resolved';

export interface WireOutcome {
  id: string;
  name: string;
  /** Probability-like price in 0..1. */
  price: number;
}

export interface WireMarket {
  id: string;
  title: string;
  category: string;
  status: WireMarketStatus;
  outcomes: WireOutcome[];
  volume: number;
  liquidity: number;
  /** ISO 8601. */
  closesAt: string;
  resolvedOutcome?: string;
  eventId: string;
  /** ISO 8601. */
  updatedAt: string;
  /** ISO 8601; the reference service sends it (`sort=newest` orders by it). Optional for other services. */
  createdAt?: string;
}

export interface WireEvent {
  id: string;
  title: string;
  category: string;
  markets: WireMarket[];
}

export type WireAction = 'buy' | 'sell';

export interface WireQuote {
  marketId: string;
  outcome: string;
  action: WireAction;
  amount: number;
  shares: number;
  averagePrice: number;
  priceBefore: number;
  priceAfter: number;
  priceImpact: number;
  fee: number;
  total: number;
}

export interface WireSuccess<T> {
  success: true;
  data: T;
}

export interface WireFailure {
  success: false;
  error: { code: string; message: string };
}

export type WireEnvelope<T> = WireSuccess<T> | WireFailure;

export const API_PREFIX = '/public/v1';

/** Values the reference service accepts for `status` (plus `all`). */
export const STATUS_FILTERS = ['active', 'closed', 'settling', 'resolved', 'all'] as const;
export const SORTS = ['volume', 'newest', 'closing', 'liquidity'] as const;
export type SortKey = (typeof SORTS)[number];

export const LIMIT_MAX = 100;
export const OFFSET_MAX = 10_000;
export const LIMIT_DEFAULT = 20;

/** Error codes of the reference service. A client decides by HTTP status first, never by these alone. */
export const ERROR_CODES = {
  400: 'INVALID_PARAMETER',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'MARKET_CLOSED',
  410: 'MARKET_RESOLVED',
  423: 'MARKET_SETTLING',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
} as const;
