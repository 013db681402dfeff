/**
 * Why a quote filled nothing, in words, for the dashboard's quote form and `oddsboard quote` alike: an empty book, a
 * book with no orders on the side the trade takes, a pool at its price limit. Undefined when something filled.
 */
import type { Quote } from '../api/types.js';

export function nothingFilled(q: Quote): string | undefined {
  if (q.filled === undefined || q.filled > 0) return undefined;
  // Manifold refuses a sale that would leave a side of a binary market's pool under 0.01, whole (manifold/pool.ts)
  if (q.basis === 'pool' && q.action === 'sell')
    return 'a sale this large would drain the pool: Manifold refuses it whole';
  if (q.basis === 'pool') return "the pool's price is at its limit";
  if (q.basis === 'book')
    return q.priceBefore === undefined
      ? 'the book is empty, no orders on either side'
      : `the book has no orders to ${q.action === 'sell' ? 'sell to' : 'buy from'}`;
  return 'no orders or liquidity for it';
}
