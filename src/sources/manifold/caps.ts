/**
 * What Manifold can do on screen (docs/sources/manifold.md): no events, no `settling` filter, no order book (a market
 * maker's pool: quotes preview through it, not below its least bet or sale), a price history from its bets.
 */
import type { SourceCaps } from '../types.js';
import { EPSILON, MIN_BET } from './pool.js';
import { MAX_LIMIT, MAX_OFFSET, MAX_PROB_IDS } from './routes.js';

export const manifoldCaps: SourceCaps = {
  statuses: ['active', 'closed', 'resolved', 'all'],
  sorts: ['volume', 'newest', 'closing', 'liquidity'],
  categoryWord: 'topic',
  events: false,
  search: true,
  batch: MAX_PROB_IDS,
  batchReadsEach: true,
  quotes: true,
  leastTrade: { venue: 'Manifold', currency: 'mana', buy: MIN_BET, sellAbove: EPSILON },
  book: false,
  history: true,
  maxLimit: MAX_LIMIT,
  maxOffset: MAX_OFFSET,
};
