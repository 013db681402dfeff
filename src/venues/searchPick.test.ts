/**
 * A search after the cursor was moved (`j j j`, then `/fed⏎`, every venue shown): the quick local filter selects its
 * first row, and the answer kept that market because it listed it, though as its last row — the cursor landed on the
 * answer's last row. A new search selects the first row of its answer (docs/views.md § The selection); a refresh of
 * the same query still keeps the market picked (keptPick.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { drawnFor } from '../../test/support/drawn.js';
import { mkt, venues } from '../../test/support/joinedVenues.js';
import { marketsView } from '../ui/views/markets.js';

function board() {
  const v = venues();
  v.joined.sync.show('markets', drawnFor(marketsView, new ManualClock()));
  const selected = () => v.joined.store.getState().selectedId;
  return { ...v, selected };
}

describe('the selection after a search on a board of several venues', () => {
  it('the cursor moved first: the answer selects its first row, not the local filter’s first row it lists', () => {
    const { joined, stacks, selected } = board();
    joined.sync.select('kalshi:K2');
    joined.sync.search({ q: 'polymarket' });
    // the quick local filter: its first row
    expect(selected()).toBe('polymarket:1');
    stacks[1]!.store.getState().listLoaded(
      ['polymarket:3', 'polymarket:2', 'polymarket:1'].map((id) => mkt(id)),
      20,
    );
    expect(selected()).toBe('polymarket:3');
    // a refresh of that answer keeps the market then picked
    joined.sync.select('polymarket:2');
    stacks[1]!.store.getState().listLoaded(
      ['polymarket:1', 'polymarket:2', 'polymarket:3'].map((id) => mkt(id)),
      30,
    );
    expect(selected()).toBe('polymarket:2');
  });

  it('the cursor never moved: the answer selects its first row (as before)', () => {
    const { joined, stacks, selected } = board();
    joined.sync.search({ q: 'polymarket' });
    stacks[1]!.store.getState().listLoaded(
      ['polymarket:3', 'polymarket:2', 'polymarket:1'].map((id) => mkt(id)),
      20,
    );
    expect(selected()).toBe('polymarket:3');
  });
});
