/** Two venues (Kalshi, Polymarket) joined for the screen over a recording sync, for src/venues/joined*.test.ts. */
import type { Market } from '../../src/api/types.js';
import { KALSHI_CAPS } from '../../src/sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../../src/sources/polymarket/query.js';
import type { SourceId } from '../../src/sources/types.js';
import { createOddsStore } from '../../src/store/store.js';
import { joinVenues } from '../../src/venues/joined.js';
import { recordingSync } from './venues.js';

export const mkt = (id: string, closesAt?: number): Market => ({
  id,
  title: `Market ${id}`,
  status: 'active',
  outcomes: [{ name: 'Yes', price: 0.5 }],
  ...(closesAt !== undefined ? { closesAt } : {}),
  raw: {},
});

/** A sync that records the intents it gets and applies the store's part of them (select, search, watch). */
export function venues() {
  const calls = { kalshi: [] as string[], polymarket: [] as string[] };
  const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps });
    return { id, store, sync: recordingSync(store, calls[id as 'kalshi']) };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  stacks[0]!.store.getState().listLoaded([mkt('kalshi:K1', 3_000), mkt('kalshi:K2', 1_000)], 10);
  stacks[1]!.store.getState().listLoaded([mkt('polymarket:1', 2_000), mkt('polymarket:2')], 10);
  return { stacks, calls, joined: joinVenues(stacks) };
}
