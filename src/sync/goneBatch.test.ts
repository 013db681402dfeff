/**
 * A watched market left out of a good batch answer, and a batch lookup route missing (docs/faults.md § 404 on a
 * market, § Required routes): each is the same doubt as a single 404.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../sources/caps.js';
import { apiError, market, rig, type Call } from '../../test/support/syncHarness.js';

const NOT_FOUND = () => apiError({ kind: 'not_found', status: 404, code: 'NOT_FOUND' });
const goneNotices = (r: ReturnType<typeof rig>) =>
  r.store.getState().notices.filter((n) => /no longer available/.test(n.text));
const watched = ['w0', 'w1', 'w2', 'w3'];

/** A venue that looks watched markets up in batches; `leave(id, call)` says whether an answer leaves that id out. */
function batchRig(leave: (id: string, c: Call) => boolean) {
  const r = rig({ limit: 60, platform: true, caps: { ...PUBLIC_CAPS, batch: 100 }, mode: 'kalshi' });
  r.client.handler = (c: Call) => {
    if (c.method !== 'getMarkets') return undefined;
    const ids = (c.args[0] as string[]).filter((id) => !leave(id, c));
    return { data: ids.map((id) => market(id)), status: 200 };
  };
  return r;
}

describe('a watched market left out of a good batch answer', () => {
  it('is held in doubt once: left out of one answer only, it stays (no notice)', async () => {
    let misses = 0;
    const r = batchRig((id) => id === 'w2' && r.clock.now() > 3 * 60_000 && misses++ === 0);
    r.sync.start();
    await r.run(100);
    for (const id of watched) r.sync.toggleWatch(id);
    await r.run(10 * 60_000);
    // before, the one answer that left w2 out dropped it as "no longer available" (and left it 30 min unasked)
    expect(misses).toBeGreaterThan(1);
    const s = r.store.getState();
    expect(s.markets.w2).toBeDefined();
    expect(s.watch.byId.w2?.goneAt).toBeUndefined();
    expect(goneNotices(r)).toEqual([]);
    await r.sync.stop();
  });

  it('really gone: dropped on its second miss, after the list answered in between', async () => {
    const r = batchRig((id) => id === 'w2' && r.clock.now() > 3 * 60_000);
    r.sync.start();
    await r.run(100);
    for (const id of watched) r.sync.toggleWatch(id);
    await r.run(15 * 60_000);
    const goneAt = r.store.getState().watch.byId.w2?.goneAt;
    expect(goneAt).toBeDefined();
    const sent = r.client.calls.filter((c) => c.at > 3 * 60_000 && c.at <= goneAt!);
    const batches = sent.flatMap((c, i) =>
      c.method === 'getMarkets' && (c.args[0] as string[]).includes('w2') ? [i] : [],
    );
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(sent.slice(batches[0], batches.at(-1)).some((c) => c.method === 'listMarkets')).toBe(true);
    expect(goneNotices(r)).toHaveLength(1);
    for (const id of ['w0', 'w1', 'w3']) expect(r.store.getState().watch.byId[id]?.goneAt).toBeUndefined();
    await r.sync.stop();
  });
});

describe('a batch lookup route answering 404, then a market’s own detail', () => {
  it('the market’s 404 is "route not found" too (the API moved), the market kept, as after a list’s 404', async () => {
    const r = rig({ limit: 60, platform: true, caps: { ...PUBLIC_CAPS, batch: 100 }, mode: 'kalshi' });
    let moved = false;
    let batchMissing = false;
    let m3Missing = 0;
    r.client.handler = (c: Call) => {
      if (c.method === 'getMarkets') {
        if (moved) {
          batchMissing = true;
          return NOT_FOUND();
        }
        return { data: (c.args[0] as string[]).map((id) => market(id)), status: 200 };
      }
      if (c.method !== 'getMarket' || c.args[0] !== 'm3' || !batchMissing) return undefined;
      m3Missing++;
      return NOT_FOUND();
    };
    r.sync.start();
    await r.run(1_000);
    r.sync.select('m3');
    for (const id of watched) r.sync.toggleWatch(id);
    await r.run(3 * 60_000);
    moved = true;
    await r.run(5 * 60_000);
    const s = r.store.getState();
    expect(m3Missing).toBeGreaterThan(0);
    // before, a batch's 404 did not count as a route missing: m3's first 404 dropped it and moved the selection
    expect(s.markets.m3).toBeDefined();
    expect(s.selectedId).toBe('m3');
    expect(goneNotices(r)).toEqual([]);
    expect(s.connection.lastError?.code).toBe('ROUTE_NOT_FOUND');
    moved = batchMissing = false;
    await r.run(3 * 60_000);
    expect(r.store.getState().connection.status).toBe('online');
    expect(r.store.getState().markets.m3).toBeDefined();
    await r.sync.stop();
  });
});
