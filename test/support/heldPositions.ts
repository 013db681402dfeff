/**
 * Real positions as a venue's reader stores them, for the Positions view's tests: one on the board's market m1 and one
 * on a market the board does not show.
 */
import type { Position } from '../../src/positions/types.js';

/** 10 Yes of the board's market m1 bought for $4.00, at 50¢ now (on the interface unless `over` says otherwise). */
export const onBoard = (over: Partial<Position> = {}): Position => ({
  ref: { venue: 'public', id: 'm1' },
  title: 'Market number 1',
  outcome: 'Yes',
  shares: 10,
  avgPrice: 0.4,
  cost: 4,
  price: 0.5,
  value: 5,
  pnl: 1,
  pnlPct: 25,
  currency: 'USD',
  state: 'open',
  ...over,
});

/** 20 No of a market the board does not show, at the reader's own 30¢. */
export const offBoard: Position = {
  ref: { venue: 'public', id: 'far-away' },
  title: 'A market far away',
  outcome: 'No',
  shares: 20,
  avgPrice: 0.25,
  cost: 5,
  price: 0.3,
  value: 6,
  pnl: 1,
  pnlPct: 20,
  currency: 'USD',
  state: 'open',
};
