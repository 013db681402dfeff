import type { Market, Outcome } from '../api/types.js';

/**
 * The outcome a one-line summary shows: "Yes" on a binary market, otherwise the
 * highest-priced outcome; undefined when no outcome has a price.
 */
export function leadingOutcome(market: Market): Outcome | undefined {
  const priced = market.outcomes.filter((o) => typeof o.price === 'number');
  if (priced.length === 0) return undefined;
  const yes = priced.find((o) => o.name.trim().toLowerCase() === 'yes');
  if (yes && market.outcomes.length === 2) return yes;
  let best = priced[0]!;
  for (const o of priced) if ((o.price ?? -1) > (best.price ?? -1)) best = o;
  return best;
}

/** Change of an outcome's price since first seen, or undefined when either side is unknown. */
export function changeSince(firstPrices: Record<string, number>, outcome: Outcome | undefined): number | undefined {
  if (!outcome || typeof outcome.price !== 'number') return undefined;
  const first = firstPrices[outcome.name];
  return typeof first === 'number' ? outcome.price - first : undefined;
}
