/**
 * Which service's field names an object uses, decided once per object from
 * fields only that service sends. Each field is then read with the unit that
 * service gives it (normalizeKalshi/Polymarket/Manifold.ts); anything else
 * goes through the reference rules (normalizeOutcomes.ts).
 */
import type { MarketSource } from './types.js';
import type { Rec } from './normalizeFields.js';

const KALSHI_FIELDS = [
  'event_ticker',
  'yes_sub_title',
  'yes_bid',
  'yes_ask',
  'last_price',
  'yes_bid_dollars',
  'yes_ask_dollars',
  'last_price_dollars',
  'market_type',
  'previous_price',
  'previous_price_dollars',
] as const;
const POLYMARKET_FIELDS = [
  'conditionId',
  'outcomePrices',
  'clobTokenIds',
  'umaResolutionStatus',
  'questionID',
  'marketMakerAddress',
  'groupItemTitle',
] as const;
const MANIFOLD_FIELDS = ['outcomeType', 'mechanism', 'creatorUsername', 'creatorId'] as const;

const has = (o: Rec, keys: readonly string[]): boolean => keys.some((k) => o[k] !== undefined && o[k] !== null);

export function detectSource(o: Rec): MarketSource {
  if (has(o, KALSHI_FIELDS)) return 'kalshi';
  if (has(o, POLYMARKET_FIELDS)) return 'polymarket';
  if (has(o, MANIFOLD_FIELDS)) return 'manifold';
  return 'reference';
}
