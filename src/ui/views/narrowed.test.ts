/**
 * `v` on a board of three venues (docs/views.md § Several venues): every view lists the narrowed venue's rows only,
 * and all of them; with every venue shown, every venue's.
 */
import { describe, expect, it } from 'vitest';
import type { Market, MarketEvent } from '../../api/types.js';
import { PairDecisions } from '../../pairs/decisions.js';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { manifoldCaps } from '../../sources/manifold/caps.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import type { SourceId } from '../../sources/types.js';
import { createOddsStore } from '../../store/store.js';
import { joinVenues } from '../../venues/joined.js';
import { venueOf } from '../../venues/join.js';
import { recordingSync } from '../../../test/support/venues.js';
import { rowsOf as acrossRowsOf } from './across.js';
import { VIEWS } from './index.js';
import { currentMarketIn, viewState } from './state.js';
import type { ViewEnv, ViewState } from './types.js';

const NOW = 1_000_000_000_000;
const H = 3_600_000;
const IDS: readonly SourceId[] = ['kalshi', 'polymarket', 'manifold'];

const mkt = (id: string, closesAt: number, change: number): Market => ({
  id,
  title: `Market ${id}`,
  status: 'active',
  outcomes: [
    { name: 'Yes', price: 0.5, change24h: change },
    { name: 'No', price: 0.5, change24h: -change },
  ],
  closesAt,
  raw: {},
});

/**
 * Each venue with a list (L1 moved 10¢ over the day, by the service's figure; L2 closes within the day), a closing-soon
 * answer (C1), a watched market, an event and a paper position — so every view has rows of every venue.
 */
function board() {
  const stacks = IDS.map((id, i) => {
    const caps = [KALSHI_CAPS, POLYMARKET_CAPS, manifoldCaps][i]!;
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps });
    const s = store.getState();
    // two hours ago L1 was lower: we measured +5¢ on Kalshi, +30¢ on Polymarket, +10¢ on Manifold
    const p = [0.45, 0.2, 0.4][i]!;
    const before = {
      ...mkt(`${id}:L1`, NOW + 30 * 24 * H, 0.1),
      outcomes: [
        { name: 'Yes', price: p },
        { name: 'No', price: 1 - p },
      ],
    };
    s.listLoaded([before], NOW - 2 * H);
    s.listLoaded([mkt(`${id}:L1`, NOW + 30 * 24 * H, 0.1), mkt(`${id}:L2`, NOW + 3 * H, 0)], NOW);
    s.closingLoaded([mkt(`${id}:C1`, NOW + 2 * H, 0)], NOW);
    s.toggleWatch(`${id}:L1`, NOW + i);
    const event: MarketEvent = {
      id: `${id}:E1`,
      title: `Event of ${id}`,
      markets: [mkt(`${id}:L1`, NOW, 0.1)],
      raw: {},
    };
    s.eventsLoaded([event], NOW);
    s.restorePaper({
      positions: [
        {
          ref: { venue: id, id: 'L1' },
          title: `Market ${id}:L1`,
          outcome: 'Yes',
          currency: id === 'manifold' ? 'mana' : 'USD',
          trades: [{ at: NOW, action: 'buy', shares: 10, avgPrice: 0.4, fee: 0, total: 4 }],
        },
      ],
    });
    return { id, store, sync: recordingSync(store, []) };
  });
  return joinVenues(stacks);
}

/** Two pairs the sweep found: Kalshi–Polymarket and Polymarket–Manifold. */
const across = (): NonNullable<ViewState['across']> => ({
  rev: 0,
  decisions: new PairDecisions(),
  books: {},
  problems: [],
  sweep: [
    { a: 'kalshi:L1', b: 'polymarket:L1', relation: 'same', confidence: 0.9, reasons: [] },
    { a: 'polymarket:L2', b: 'manifold:L2', relation: 'same', confidence: 0.9, reasons: [] },
  ],
});

const ENV: ViewEnv = { now: NOW, moversThreshold: 0.02, moversWindow: '24h' };
const venue = (id: string) => venueOf(id, IDS);

describe('the detail pane of an emptied Markets list', () => {
  it('keeps the selection only when it is on a venue shown: narrowed to Polymarket, it drew a Kalshi market', () => {
    const joined = board();
    joined.sync.select('kalshi:L1');
    // no market cached is closed: every list is empty until its answer, and keeps the selection till then
    joined.sync.search({ status: 'closed' });
    const markets = VIEWS.find((v) => v.id === 'markets')!;
    const current = () => {
      const vs = viewState(joined.store.getState());
      return currentMarketIn(markets, { kind: 'markets', ids: [] }, vs, vs.markets);
    };
    expect(current()).toBe('kalshi:L1');
    joined.sync.cycleVenue!(); // Kalshi
    expect(current()).toBe('kalshi:L1');
    // Polymarket: the selection on the venue hidden moves to Polymarket's first row (joined.ts), none while its list
    // awaits its answer with no row — never a Kalshi market
    joined.sync.cycleVenue!();
    expect(current()).toBeUndefined();
    expect(joined.store.getState().selectedId).toBeUndefined();
  });
});

describe('Movers with every venue shown', () => {
  it('ranks on the move we measured, the same measure for every venue, not a venue’s own 24 h figure', () => {
    const joined = board();
    const movers = VIEWS.find((v) => v.id === 'movers')!;
    const rows = () => movers.rows(viewState(joined.store.getState()), ENV).ids;
    // every venue says +10¢ over the day; we saw +30¢, +10¢ and +5¢ (it ranked them as a tie, in id order)
    expect(rows()).toEqual(['polymarket:L1', 'manifold:L1', 'kalshi:L1']);
    // one venue alone: its own figure is the one its list shows
    joined.sync.cycleVenue!();
    expect(rows()).toEqual(['kalshi:L1']);
  });
});

describe('v narrows every view to one venue', () => {
  const joined = board();
  // every venue shown, then each alone
  for (const filter of [undefined, ...IDS]) {
    const shown = filter ? [filter] : IDS;
    for (const view of VIEWS) {
      it(`${view.title} with ${filter ?? 'every venue'} shown lists ${shown.join(', ')}'s rows, and only those`, () => {
        while (joined.store.getState().venueFilter !== filter) joined.sync.cycleVenue!();
        const vs: ViewState = { ...viewState(joined.store.getState()), across: across() };
        const ids = view.rows(vs, ENV).ids;
        // a pair of the Across view is on the venues of both its legs
        const venuesOf = (id: string) =>
          view.id === 'across'
            ? acrossRowsOf(vs)
                .filter((r) => r.id === id)
                .flatMap((r) => [venue(r.a), venue(r.b)])
            : [venue(id)];
        for (const id of ids) expect(venuesOf(id).some((v) => v !== undefined && shown.includes(v))).toBe(true);
        for (const v of shown) {
          // Manifold has no events; a pair with no leg on a venue is not that venue's
          if (view.id === 'events' || view.id === 'across') continue;
          expect(ids.some((id) => venue(id) === v)).toBe(true);
        }
        if (view.id === 'across') expect(ids.length).toBe(filter === 'polymarket' || !filter ? 2 : 1);
      });
    }
  }
});
