/**
 * A 404 that may be the route's, not the market's (docs/faults.md § Required routes): a batch of watched markets
 * answering 404 as a whole, and a watched market's detail answering 404 at the start of an outage where every route
 * answers 404, before the list's own 404 is known.
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

describe('a watched market’s 404 before the list’s first 404', () => {
  it('keeps the watched market (selected, and one outside the list) with its data, and has it back after', async () => {
    const r = rig({ limit: 30, mode: 'key' });
    let gone = false;
    let flipped = false;
    r.client.handler = (c) => {
      if (gone) return NOT_FOUND();
      if (c.method === 'getMarket' && c.args[0] === 'w1') return { data: market('w1'), status: 200 };
      if (c.method !== 'listMarkets') return undefined;
      // from just after this list's answer: the details first, the next list a few slots away
      if (!flipped && c.at > 60_000) gone = flipped = true;
      return undefined;
    };
    r.sync.start();
    await r.run(1_000);
    r.sync.select('m3');
    r.sync.toggleWatch('m3');
    r.sync.toggleWatch('w1');
    await r.run(3 * 60_000);
    const s = r.store.getState();
    expect(s.connection.status).toBe('degraded');
    for (const id of ['m3', 'w1']) {
      expect(s.markets[id]).toBeDefined();
      expect(s.watch.byId[id]?.goneAt).toBeUndefined();
    }
    expect(s.list.ids).toContain('m3');
    expect(goneNotices(r).filter((n) => /M3|W1/i.test(n.text))).toEqual([]);
    gone = false;
    await r.run(60_000);
    expect(r.store.getState().connection.status).toBe('online');
    expect(r.store.getState().selectedId).toBe('m3');
    await r.sync.stop();
  });

  it('a watched market really gone: dropped on its second 404, after the list answered in between', async () => {
    const r = rig({ limit: 30, mode: 'key' });
    r.client.handler = (c) => (c.method === 'getMarket' && c.args[0] === 'w1' ? NOT_FOUND() : undefined);
    r.sync.start();
    await r.run(1_000);
    r.sync.toggleWatch('w1');
    await r.run(15 * 60_000);
    const goneAt = r.store.getState().watch.byId.w1?.goneAt;
    expect(goneAt).toBeDefined();
    // in the order sent: w1's first 404, the list asked (and answered), w1's second 404, which drops it
    const sent = r.client.calls.filter((c) => c.at <= goneAt!);
    const w1 = sent.flatMap((c, i) => (c.method === 'getMarket' && c.args[0] === 'w1' ? [i] : []));
    expect(w1.length).toBeGreaterThanOrEqual(2);
    expect(sent.slice(w1[0], w1.at(-1)).some((c) => c.method === 'listMarkets')).toBe(true);
    expect(goneNotices(r)).toHaveLength(1);
    await r.sync.stop();
  });
});
