/**
 * With no screen to say which (the UI shows its view at mount, src/ui/hooks/useViewShown.ts), the board selects the row
 * its joined lists draw first (firstRowDrawn, src/sync/drawn.ts): on Closing soon the joined list's first row.
 */
import { describe, expect, it } from 'vitest';
import { market } from '../../test/support/markets.js';
import { recordingSync } from '../../test/support/venues.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import { createOddsStore } from '../store/store.js';
import { joinVenues } from './joined.js';

const closing = (closes: Record<string, number>) =>
  Object.entries(closes).map(([id, at]) => market(id, { closesAt: at }));

function board(k: Record<string, number>, p: Record<string, number>) {
  const mk = (id: 'kalshi' | 'polymarket', caps: typeof KALSHI_CAPS, closes: Record<string, number>) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, prefixed: true });
    store.getState().closingLoaded(closing(closes), 0);
    return { id, store, sync: recordingSync(store, []) };
  };
  return joinVenues([mk('kalshi', KALSHI_CAPS, k), mk('polymarket', POLYMARKET_CAPS, p)]);
}

describe('the first row of Closing soon, selected before any is chosen', () => {
  it("one venue shown: its list's first row in the service's order, as the joined list keeps it", () => {
    const joined = board({ 'kalshi:late': 9_000, 'kalshi:soon': 1_000 }, { 'polymarket:1': 500 });
    joined.sync.cycleVenue!(); // Kalshi alone
    joined.sync.show('closing');
    expect(joined.store.getState().selectedId).toBe('kalshi:late');
    joined.dispose();
  });

  it('several venues: the soonest to close, the first venue first on a tie, as the merged list sorts them', () => {
    const tie = board({ 'kalshi:1': 5_000, 'kalshi:2': 2_000 }, { 'polymarket:1': 2_000 });
    tie.sync.show('closing');
    expect(tie.store.getState().selectedId).toBe('kalshi:2');
    tie.dispose();
    const one = board({}, { 'polymarket:1': 2_000 });
    one.sync.show('closing');
    expect(one.store.getState().selectedId).toBe('polymarket:1');
    one.dispose();
    const none = board({}, {});
    none.sync.show('closing');
    expect(none.store.getState().selectedId).toBeUndefined();
    none.dispose();
  });
});
