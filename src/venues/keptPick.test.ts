/**
 * A board of several venues keeps the market a person picked across a moment its view draws no row (every venue's
 * refresh answered with no row by a glitchy server), as a venue alone does (src/sync/drawn.ts KeptPick).
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { drawnFor } from '../../test/support/drawn.js';
import { mkt, venues } from '../../test/support/joinedVenues.js';
import { marketsView } from '../ui/views/markets.js';

function board() {
  const v = venues();
  v.joined.sync.show('markets', drawnFor(marketsView, new ManualClock()));
  const answer = (at: number, kalshi: string[], polymarket: string[]) => {
    v.stacks[0]!.store.getState().listLoaded(
      kalshi.map((id) => mkt(id)),
      at,
    );
    v.stacks[1]!.store.getState().listLoaded(
      polymarket.map((id) => mkt(id)),
      at,
    );
  };
  const selected = () => v.joined.store.getState().selectedId;
  return { ...v, answer, selected };
}

describe('a board’s selection across refreshes answered with no row', () => {
  it('the market picked is selected again, and polled on its venue, when the rows come back listing it', () => {
    const { joined, stacks, answer, selected } = board();
    expect(selected()).toBe('kalshi:K1');
    joined.sync.select('polymarket:2');
    answer(20, [], []);
    expect(selected()).toBeUndefined();
    answer(30, ['kalshi:K1', 'kalshi:K2'], ['polymarket:1', 'polymarket:2']);
    expect(selected()).toBe('polymarket:2');
    expect(stacks.map((s) => s.store.getState().selectedId)).toEqual([undefined, 'polymarket:2']);
    // rows back without it: the first row, and the pick is over
    answer(40, [], []);
    answer(50, ['kalshi:K1'], ['polymarket:1']);
    expect(selected()).toBe('kalshi:K1');
    answer(60, ['kalshi:K1'], ['polymarket:1', 'polymarket:2']);
    expect(selected()).toBe('kalshi:K1');
  });

  it('one who never moved the cursor gets the first row the rows bring back', () => {
    const { answer, selected } = board();
    expect(selected()).toBe('kalshi:K1');
    answer(20, [], []);
    answer(30, ['kalshi:K2', 'kalshi:K1'], ['polymarket:1']);
    expect(selected()).toBe('kalshi:K2');
  });
});
