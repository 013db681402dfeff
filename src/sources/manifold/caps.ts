/** What Manifold can do on screen (docs/sources/manifold.md): no events, no quotes yet, no `settling` filter. */
import type { SourceCaps } from '../types.js';
import { MAX_LIMIT, MAX_OFFSET, MAX_PROB_IDS } from './routes.js';

export const manifoldCaps: SourceCaps = {
  statuses: ['active', 'closed', 'resolved', 'all'],
  sorts: ['volume', 'newest', 'closing', 'liquidity'],
  categoryWord: 'topic',
  events: false,
  search: true,
  batch: MAX_PROB_IDS,
  quotes: false,
  maxLimit: MAX_LIMIT,
  maxOffset: MAX_OFFSET,
};
