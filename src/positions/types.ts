/**
 * One view model for a person's position on any venue (issue #28, design.md §8): what they hold in a market's
 * outcome, what it cost, what it is worth now, and its P&L — in the venue's own currency. Keyed by (venue, id)
 * (src/venue/ref.ts) so the multi-venue board can join it to the markets it shows. Money is never added across
 * currencies: totals are per currency (pnl.ts `totalsByCurrency`).
 */
import type { MarketRef } from '../venue/ref.js';
import type { SourceId } from '../sources/types.js';

/** Polymarket settles in USDC, Kalshi in US dollars, Manifold in mana. */
export type Currency = 'USDC' | 'USD' | 'mana';

export const CURRENCY_OF: Readonly<Record<SourceId, Currency>> = {
  polymarket: 'USDC',
  kalshi: 'USD',
  manifold: 'mana',
  // the interface (and its demo) prices in its own units; paper positions there are counted as USD
  public: 'USD',
};

/**
 * - `open`: the market trades; value is shares × current price.
 * - `closed`: trading stopped, the result is not settled yet (value at the last price, marked as awaiting).
 * - `resolved`: settled; `paid` is what the shares paid (winner 1 a share, others 0, a void returns the cost).
 * - `redeemable`: settled and the venue holds the payout for the person to claim (Polymarket `redeemable`).
 */
export type PositionState = 'open' | 'closed' | 'resolved' | 'redeemable';

export interface Position {
  ref: MarketRef;
  title: string;
  /** The outcome held (Yes / No / a team / an answer). */
  outcome: string;
  shares: number;
  /** Cost per share, 0..1. */
  avgPrice?: number;
  /** The outcome's current price, 0..1 (after resolution: what a share pays). */
  price?: number;
  /** What the cost basis is: money put in, still in the position. */
  cost?: number;
  /** What the shares are worth now (shares × price), or what they paid once resolved. */
  value?: number;
  /** value − cost. */
  pnl?: number;
  /** pnl / cost × 100 (absent when nothing was paid). */
  pnlPct?: number;
  /** Locked-in P&L from shares already sold (the venue's own figure), not part of `pnl`. */
  realized?: number;
  /** Fees paid on the fills (Kalshi's figure; a paper position's previewed fee). */
  fees?: number;
  currency: Currency;
  state: PositionState;
  /** resolved / redeemable: what the position paid out (the venue's figure, else shares × payout per share). */
  paid?: number;
  /**
   * A paper position's shares sold beyond what it held — the same shares sold in two dashboards on one home — booked as
   * nothing (src/positions/paper.ts `holding`).
   */
  oversold?: number;
  /** Kept from a preview in the quote form, never traded (src/positions/paper.ts). */
  paper?: true;
}

/** What one venue answered for one identity. */
export interface VenuePositions {
  venue: SourceId;
  currency: Currency;
  /** Who: the wallet, the username, or the Kalshi key's id (never the key). */
  identity: string;
  positions: Position[];
  /** The venue's own figure for the total value of the positions (Polymarket `/value`), when it gives one. */
  reportedValue?: number;
  /** Cash not in positions (Kalshi's balance), when the venue gives it. */
  balance?: number;
  /** More positions exist than were read (a page cap). */
  more?: boolean;
}
