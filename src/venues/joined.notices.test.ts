/** The board's notices: each names its venue, once. */
import { describe, expect, it } from 'vitest';
import { venues } from '../../test/support/joinedVenues.js';

describe("the joined board's notices", () => {
  it("names the venue in each venue's notices", () => {
    const { joined, stacks } = venues();
    stacks[0]!.store.getState().notice('“Market K1” resolved Yes', 'info', 50);
    stacks[1]!.store.getState().notice('something', 'warn', 40);
    expect(joined.store.getState().notices.map((n) => n.text)).toEqual([
      'Polymarket: something',
      'Kalshi: “Market K1” resolved Yes',
    ]);
    // the board's shared files (watchlist, paper.json, pairs.json) are no venue's: their notices name none
    stacks[0]!.store.getState().notice('paper.json could not be read (not JSON): moved aside', 'warn', 60, 'board');
    expect(joined.store.getState().notices.at(-1)?.text).toBe('paper.json could not be read (not JSON): moved aside');
  });

  it('names the venue once when the notice already begins with it (a position alert, a stack warning)', () => {
    const { joined, stacks } = venues();
    // a position alert names its venue itself (src/store/positionAlerts.ts); the venue stack's warnings do too
    stacks[1]!.store.getState().notice('Polymarket “Fed holds” Yes (real) P&L +1.00 USDC (above 0.50)', 'alert', 60);
    stacks[0]!.store.getState().notice('Kalshi: positions not read: KALSHI_API_KEY_ID is not set', 'warn', 61);
    // a name that only starts the same is not the venue's
    stacks[0]!.store.getState().notice('Kalshis are not a thing', 'info', 62);
    expect(joined.store.getState().notices.map((n) => n.text)).toEqual([
      'Polymarket “Fed holds” Yes (real) P&L +1.00 USDC (above 0.50)',
      'Kalshi: positions not read: KALSHI_API_KEY_ID is not set',
      'Kalshi: Kalshis are not a thing',
    ]);
  });
});
