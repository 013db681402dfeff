/**
 * The person's real positions on a board of several venues: each venue's store holds its own reading
 * (src/sync/positions.ts), the joined board shows every venue's under `venue:id` (valued at the board's copy of the
 * market where the board has it), totals per venue in its currency — USD and USDC never added — a failed venue said
 * by name while the other's rows stay, and `v` narrowing to one venue.
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import type { VenuePositions } from '../positions/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import type { SourceId } from '../sources/types.js';
import { createOddsStore } from '../store/store.js';
import { positionRows } from '../ui/views/positions.js';
import { heldPositions, readingNotes, venueTotals } from '../ui/views/positionsModel.js';
import { viewState } from '../ui/views/state.js';
import { recordingSync } from '../../test/support/venues.js';
import { joinVenues } from './joined.js';

const mkt = (id: string, price: number): Market => ({
  id,
  title: `Market ${id}`,
  status: 'active',
  outcomes: [
    { name: 'Yes', price },
    { name: 'No', price: 1 - price },
  ],
  raw: {},
});

function board() {
  const calls: string[] = [];
  const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, prefixed: true });
    return { id, store, sync: recordingSync(store, calls) };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  return { stacks, joined: joinVenues(stacks) };
}

const kalshiRead: VenuePositions = {
  venue: 'kalshi',
  currency: 'USD',
  identity: 'key-id',
  positions: [
    {
      ref: { venue: 'kalshi', id: 'K1' },
      title: 'K one',
      outcome: 'Yes',
      shares: 10,
      cost: 4,
      price: 0.5,
      value: 5,
      currency: 'USD',
      state: 'open',
    },
  ],
};
const polyRead: VenuePositions = {
  venue: 'polymarket',
  currency: 'USDC',
  identity: '0xabc',
  positions: [
    {
      ref: { venue: 'polymarket', id: '0xcond' },
      title: 'P one',
      outcome: 'No',
      shares: 100,
      cost: 30,
      price: 0.2,
      value: 20,
      pnl: -10,
      pnlPct: -33.333333333,
      currency: 'USDC',
      state: 'open',
    },
  ],
};

describe('real positions on a board of several venues', () => {
  it('every venue’s rows, the board’s price where it has the market, totals per venue, never summed', () => {
    const { stacks, joined } = board();
    const [kalshi, poly] = stacks.map((s) => s.store);
    kalshi!.getState().positionsRead(kalshiRead, 1, 2);
    poly!.getState().positionsRead(polyRead, 1, 2);
    // the board has Kalshi's K1 at 70¢: 10 × 0.7 = 7.00, P&L +3.00
    kalshi!.getState().listLoaded([mkt('kalshi:K1', 0.7)], 3);
    const st = viewState(joined.store.getState());
    expect(positionRows(st)).toEqual(['kalshi:K1', 'polymarket:0xcond']);
    const held = heldPositions(st, joined.store.getState().markets);
    expect(held.map((h) => [h.id, h.real, h.pos.value, h.pos.pnl])).toEqual([
      ['kalshi:K1', true, 7, 3],
      ['polymarket:0xcond', true, 20, -10],
    ]);
    expect(venueTotals(held)).toEqual(['K USD value $7.00 · P&L +$3.00', 'P USDC value 20.00 USDC · P&L −10.00 USDC']);
    // a venue's failed reading is said by its name; the other venue's rows stay
    poly!.getState().positionsFailed('polymarket', '0xabc', { message: 'Not found.', status: 404, at: 4 }, 5);
    const after = viewState(joined.store.getState());
    expect(readingNotes(after)).toEqual(['Polymarket positions unavailable (HTTP 404): Not found.']);
    expect(positionRows(after)).toEqual(['kalshi:K1', 'polymarket:0xcond']);
    // v: Kalshi alone
    joined.sync.cycleVenue!();
    const narrowed = viewState(joined.store.getState());
    expect(positionRows(narrowed)).toEqual(['kalshi:K1']);
    expect(readingNotes(narrowed)).toEqual([]);
    joined.dispose();
  });

  it('the joined list of readings is the same object while no venue’s reading changed', () => {
    const { stacks, joined } = board();
    stacks[0]!.store.getState().positionsRead(kalshiRead, 1, 2);
    const a = joined.store.getState().realByVenue;
    stacks[0]!.store.getState().listLoaded([mkt('kalshi:K2', 0.1)], 3);
    expect(joined.store.getState().realByVenue).toBe(a);
    expect(a).toHaveLength(1);
    joined.dispose();
  });
});
