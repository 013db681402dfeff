import { describe, expect, it } from 'vitest';
import { maxInWindow, rig } from '../../test/support/syncHarness.js';

describe('cadence', () => {
  it('starts with the list, selects the first market and fetches its detail', async () => {
    const r = rig({ limit: 10 });
    r.sync.start();
    await r.run(1_000);
    expect(r.client.calls.map((c) => c.method).slice(0, 2)).toEqual(['listMarkets', 'getMarket']);
    expect(r.store.getState().selectedId).toBe('m1');
    expect(r.store.getState().markets.m1?.detailAt).toBe(0);
    expect(r.store.getState().connection.status).toBe('online');
    await r.sync.stop();
  });

  for (const [limit, floor] of [
    [30, 0.9],
    [10, 0.85],
  ] as const) {
    it(`uses close to the whole budget, spread evenly, at ${limit}/min`, async () => {
      const r = rig({ limit, mode: limit === 30 ? 'key' : 'anon' });
      r.sync.start();
      await r.run(30 * 60_000);
      const times = r.client.calls.map((c) => c.at);
      expect(maxInWindow(times)).toBeLessThanOrEqual(limit);
      expect(times.length / (limit * 30)).toBeGreaterThanOrEqual(floor);
      // spread evenly: after the first minute no gap between requests is longer than twice the background spacing
      const steady = times.filter((t) => t > 60_000);
      const gaps = steady.slice(1).map((t, i) => t - steady[i]!);
      expect(Math.max(...gaps)).toBeLessThanOrEqual((2 * 61_000) / (limit - (limit >= 20 ? 2 : 1)) + 1);
      // list and the selected market's detail share it (about 1 : 2), events rarely
      const count = (m: string) => r.client.of(m as never).length;
      expect(count('getMarket')).toBeGreaterThan(count('listMarkets'));
      expect(count('listMarkets')).toBeGreaterThan(times.length / 5);
      expect(count('listEvents')).toBeGreaterThanOrEqual(3);
      expect(count('listEvents')).toBeLessThanOrEqual(5);
      const rate = r.store.getState().rate;
      expect(rate.usedInWindow).toBeLessThanOrEqual(limit);
      expect(rate.nextListRefreshAt).toBeGreaterThanOrEqual(r.clock.now());
      expect(rate.nextDetailRefreshAt).toBeGreaterThanOrEqual(r.clock.now());
      await r.sync.stop();
    });
  }
});
