/**
 * The least trade a venue takes, where it refuses a smaller one whole (Manifold: a bet under 1 mana, a sale of
 * 0.00000001 shares or fewer — docs/sources/manifold.md § Trader's view). The quote form (src/sync/quoteDesk.ts) and
 * the source's getQuote (`oddsboard quote`) say so in one line, sending nothing, rather than price a trade the venue
 * would refuse.
 */
import type { Action } from '../api/types.js';
import { formatAmount as plainDecimal } from '../api/validate.js';
import { formatAmount } from '../positions/format.js';
import type { Currency } from '../positions/types.js';

export interface LeastTrade {
  /** The venue as the line names it. */
  venue: string;
  /** The money a buy spends. */
  currency: Currency;
  /** The least a buy may spend (that much is taken). */
  buy: number;
  /** A sale must be of more shares than this. */
  sellAbove: number;
}

/** The line that says the venue refuses a trade of `amount` (money to buy, shares to sell); undefined: it takes it. */
export function tradeRefusal(least: LeastTrade | undefined, action: Action, amount: number): string | undefined {
  if (!least) return undefined;
  if (action === 'buy' && amount < least.buy)
    return `${least.venue}'s least bet is ${formatAmount(least.buy, least.currency)}: it refuses a smaller one.`;
  if (action === 'sell' && amount <= least.sellAbove)
    return `${least.venue} refuses a sale of ${plainDecimal(least.sellAbove)} shares or fewer.`;
  return undefined;
}
