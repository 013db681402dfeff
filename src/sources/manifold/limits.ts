/**
 * Manifold's documented limit and the cadence oddsboard keeps (docs/sources/manifold.md). The docs
 * (https://docs.manifold.markets/api, "Usage Guidelines"): "There is a rate limit of 500 requests per minute per IP.
 * Please don't use multiple IP addresses to circumvent this limit." The routes we read answer
 * `Cache-Control: public, max-age=5, stale-while-revalidate=10`, so asking the same thing more often than every
 * 5 s only returns the same answer.
 */
import type { SourceLimits } from '../types.js';

export const DOCUMENTED_PER_MINUTE = 500;

export const manifoldLimits: SourceLimits = {
  documentedPerMinute: DOCUMENTED_PER_MINUTE,
  documented:
    'There is a rate limit of 500 requests per minute per IP. ' +
    "Please don't use multiple IP addresses to circumvent this limit.",
  // about one request a second: 12 % of the documented limit
  politePerMinute: 60,
};

/** The polite cadence per screen (ms between two refreshes of the same thing). */
export const CADENCE = {
  listMs: 15_000,
  detailMs: 5_000,
  watchlistMs: 15_000,
  /** A watched market's full copy (status, resolution) is re-read at most this often; prices come in batches. */
  fullCopyMs: 10 * 60_000,
} as const;
