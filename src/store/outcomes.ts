import type { Market, Outcome } from '../api/types.js';

/**
 * The outcome a one-line summary shows: the winner of a settled or resolved
 * market when it names one of its outcomes; else "Yes" on a binary market,
 * otherwise the highest-priced outcome; undefined when no outcome has a price.
 */
export function leadingOutcome(market: Market): Outcome | undefined {
  const priced = market.outcomes.filter((o) => typeof o.price === 'number');
  if (priced.length === 0) return undefined;
  if ((market.status === 'resolved' || market.status === 'settling') && market.resolvedOutcome !== undefined) {
    const winner = priced.find((o) => o.name === market.resolvedOutcome);
    if (winner) return winner;
  }
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

/** What a change figure measures: the service's own 24 h move, or ours since the market was first seen. */
export type ChangeBasis = '24h' | 'seen';

export interface PriceChange {
  value: number;
  basis: ChangeBasis;
}

/** The service's 24 h change when it gives one, else the change since first seen; undefined when neither is known. */
export function priceChange(
  firstPrices: Record<string, number>,
  outcome: Outcome | undefined,
): PriceChange | undefined {
  if (outcome?.change24h !== undefined && typeof outcome.price === 'number')
    return { value: outcome.change24h, basis: '24h' };
  const seen = changeSince(firstPrices, outcome);
  return seen === undefined ? undefined : { value: seen, basis: 'seen' };
}
