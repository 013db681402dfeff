/**
 * Gamma's documented limits (https://docs.polymarket.com/api-reference/rate-limits, quoted in
 * docs/sources/polymarket.md) and the cadence oddsboard keeps by default.
 */
import type { SourceLimits } from '../types.js';

/** Per 10 s, as documented, for the Gamma routes oddsboard calls (and the CLOB's, for issue #18). */
export const GAMMA_LIMITS_PER_10S = {
  general: 4000,
  '/events': 500,
  '/markets': 300,
  '/markets + /events listing': 900,
  '/tags': 200,
  '/public-search': 350,
  'clob /book': 1500,
  'clob /prices-history': 1000,
} as const;

/** The lowest limit among the routes we call (/tags), per minute: no route passes its own limit whatever the mix. */
const CEILING_PER_MINUTE =
  Math.min(
    GAMMA_LIMITS_PER_10S['/events'],
    GAMMA_LIMITS_PER_10S['/markets'],
    GAMMA_LIMITS_PER_10S['/tags'],
    GAMMA_LIMITS_PER_10S['/public-search'],
  ) * 6;

export const POLYMARKET_LIMITS: SourceLimits = {
  documentedPerMinute: CEILING_PER_MINUTE,
  documented:
    'Gamma: 4,000 req / 10s general; /events 500, /markets 300, /markets + /events listing 900, /tags 200, ' +
    '/public-search 350 req / 10s: "enforced using Cloudflare\'s throttling system ... requests are throttled ' +
    '(delayed/queued) rather than immediately rejected. Limits reset on sliding time windows."',
  politePerMinute: 60,
};
