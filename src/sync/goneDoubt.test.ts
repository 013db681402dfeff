/**
 * A 404 that may be the route's, not the market's (docs/faults.md § Required routes): a batch of watched markets
 * answering 404 as a whole.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../sources/caps.js';
import { apiError, market, rig, type Call } from '../../test/support/syncHarness.js';

const NOT_FOUND = () => apiError({ kind: 'not_found', status: 404, code: 'NOT_FOUND' });
const goneNotices = (r: ReturnType<typeof rig>) =>
  r.store.getState().notices.filter((n) => /no longer available/.test(n.text));

describe('a batch of watched markets answering 404 as a whole', () => {
  it('marks none of them gone (not the first, not all): the lookup route is missing, an outage', async () => {
    const caps = { ...PUBLIC_CAPS, batch: 100 };
    const r = rig({ limit: 60, platform: true, caps, mode: 'kalshi' });
    let gone = false;
    r.client.handler = (c: Call) => {
      if (c.method !== 'getMarkets') return undefined;
      return gone ? NOT_FOUND() : { data: (c.args[0] as string[]).map((id) => market(id)), status: 200 };
    };
    r.sync.start();
    await r.run(100);
    const watched = ['w0', 'w1', 'w2', 'w3'];
    for (const id of watched) r.sync.toggleWatch(id);
    await r.run(5 * 60_000);
    expect(r.store.getState().markets.w0).toBeDefined();
    gone = true;
    const from = r.clock.now();
    await r.run(10 * 60_000);
    const s = r.store.getState();
    expect(r.client.of('getMarkets').filter((c) => c.at >= from).length).toBeGreaterThan(0);
    // before, the batch's first id (the stalest watched market) was dropped as "no longer available"
    for (const id of watched) {
      expect(s.markets[id]).toBeDefined();
      expect(s.watch.byId[id]?.goneAt).toBeUndefined();
    }
    expect(goneNotices(r)).toEqual([]);
    expect(s.connection.lastError?.code).toBe('ROUTE_NOT_FOUND');
    gone = false;
    await r.run(5 * 60_000);
    expect(r.store.getState().connection.status).toBe('online');
    await r.sync.stop();
  });
});
