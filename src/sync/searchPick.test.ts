/**
 * A search after the cursor was moved (`j j`, then `/fed⏎`), a venue alone: the quick local filter selects its first
 * row; the answer selects its own first row, not that market wherever the answer lists it (docs/views.md § The
 * selection; a board of several venues: src/venues/searchPick.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { market, rig } from '../../test/support/syncHarness.js';
import { drawnFor } from '../../test/support/drawn.js';
import { marketsView } from '../ui/views/markets.js';

const LIST = [market('m1', { title: 'Fed cut' }), market('m2', { title: 'Fed hold' }), market('m3', { title: 'Vote' })];

describe('the selection after a search, a venue alone', () => {
  it('the cursor moved first: the answer selects its first row', async () => {
    let rows: Market[] = LIST;
    const r = rig({ limit: 30, mode: 'key' });
    r.client.handler = (c) => (c.method === 'listMarkets' ? { data: rows, status: 200 } : undefined);
    r.sync.show(marketsView.source, drawnFor(marketsView, r.clock));
    r.sync.start();
    await r.run(2_000);
    r.sync.select('m3');
    rows = [market('m4', { title: 'Fed hike' }), LIST[1]!, LIST[0]!];
    const n = r.client.of('listMarkets').length;
    r.sync.search({ q: 'fed' });
    // the quick local filter: its first row
    const local = r.store.getState().list.ids[0];
    expect(['m1', 'm2']).toContain(local);
    expect(r.store.getState().selectedId).toBe(local);
    for (let i = 0; i < 300 && r.client.of('listMarkets').length === n; i++) await r.run(1_000);
    await r.run(100);
    expect(r.store.getState().list.ids[0]).toBe('m4');
    expect(r.store.getState().selectedId).toBe('m4');
    await r.sync.stop();
  });
});
