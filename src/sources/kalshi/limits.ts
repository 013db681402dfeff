/**
 * Kalshi's documented read limit and oddsboard's polite cadence (docs/sources/kalshi.md § Limits and cadence).
 * The docs give 20 reads a second on the Basic tier (the token version: a 200-token budget, 10 tokens a request);
 * a limit for requests without a key is not documented, so the Basic tier's is assumed.
 */
import type { SourceLimits } from '../types.js';

export const KALSHI_READS_PER_SECOND = 20;

export const KALSHI_LIMITS: SourceLimits = {
  documentedPerMinute: KALSHI_READS_PER_SECOND * 60,
  documented: 'Basic tier: 20 reads per second (docs.kalshi.com/getting_started/rate_limits); 429 without Retry-After.',
  politePerMinute: 60,
};

/** Page sizes the routes take (spec 3.7.0): `/markets` 1–1000, `/events` 1–200. */
export const MARKETS_MAX_LIMIT = 1000;
export const EVENTS_MAX_LIMIT = 200;
/** Tickers per `GET /markets?tickers=` (undocumented: our decision, keeps the URL short). */
export const TICKERS_PER_REQUEST = 100;
/** Event tickers per `event_ticker` ("maximum 10"). */
export const EVENT_TICKERS_MAX = 10;
/** The events scan (search, category) reads at most this many `/events` pages of 200. */
export const SCAN_MAX_PAGES = 5;
