import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { chooseBackground } from './plan.js';
import { WATCH_SCORE_CAP, watchStaleness } from './watchRefresh.js';
import type { RequestInfo } from './types.js';
import type { PaperTrade } from '../positions/paper.js';
import { GONE_RETRY_MS } from './watchRefresh.js';
import { apiError, market, maxInWindow, rig } from '../../test/support/syncHarness.js';

const LISTED = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];

/** A rig whose list answers LISTED (or `listed`) and whose detail answers `details[id]` (else the market, active). */
async function setup(opts: Parameters<typeof rig>[0] = {}) {
  const requests: RequestInfo[] = [];
  const r = rig({ ...opts, onRequest: (i) => requests.push(i) });
  const state = { listed: LISTED.slice(), details: {} as Record<string, Market | 'gone'> };
  r.client.handler = (c) => {
    if (c.method === 'listMarkets')
      return {
        data: state.listed.map((id) => (state.details[id] instanceof Object ? state.details[id] : market(id))),
        status: 200,
      };
    if (c.method === 'getMarket') {
      const d = state.details[String(c.args[0])];
      if (d === 'gone') return apiError({ kind: 'not_found', status: 404 });
      if (d) return { data: d, status: 200 };
    }
    return undefined;
  };
  const detailsOf = (id: string) =>
    r.client
      .of('getMarket')
      .filter((c) => c.args[0] === id)
      .map((c) => c.at);
  return { r, state, requests, detailsOf };
}

const gaps = (ts: number[]) => ts.slice(1).map((t, i) => t - ts[i]!);

describe('watched markets in the background budget', () => {
  it(
    'each watched market outside the list is seen about every N · interval / share, the window invariant ' + 'holds',
    async () => {
      const { r, detailsOf } = await setup({ limit: 30, mode: 'key' });
      const watched = Array.from({ length: 10 }, (_, i) => `w${i}`);
      r.sync.start();
      await r.run(100);
      for (const id of watched) r.sync.toggleWatch(id);
      r.sync.toggleWatch('m3'); // listed: the list refreshes it, no detail request of its own
      await r.run(30 * 60_000);
      const interval = 61_000 / 28; // span / (30 − the background reserve of 2)
      const period = (watched.length * interval) / (1 / 3);
      for (const id of watched) {
        const ts = detailsOf(id).filter((t) => t > 5 * 60_000);
        expect(ts.length, id).toBeGreaterThan((25 * 60_000) / period - 3);
        expect(Math.max(...gaps(ts)), id).toBeLessThan(1.5 * period);
      }
      expect(detailsOf('m3')).toEqual([]);
      expect(maxInWindow(r.client.calls.map((c) => c.at))).toBeLessThanOrEqual(30);
      // the list still gets its share: (1 − 1/3) · (1 − 2/3) of the background slots
      const lists = r.client
        .of('listMarkets')
        .filter((c) => c.at > 5 * 60_000)
        .map((c) => c.at);
      expect(Math.max(...gaps(lists))).toBeLessThan(2 * (interval / ((2 / 3) * (1 / 3))));
      await r.sync.stop();
    },
  );

  it('a watched market that leaves the list is followed until it resolves, then left alone', async () => {
    const { r, state, detailsOf } = await setup({ limit: 10 });
    r.sync.start();
    await r.run(100);
    expect(r.sync.toggleWatch('m6')).toBe(true);
    state.listed = LISTED.slice(0, 5);
    state.details.m6 = market('m6', { status: 'closed' });
    r.sync.refreshNow();
    await r.run(3 * 60_000);
    expect(r.store.getState().alerts.log.map((e) => e.text)).toEqual(['“Market m6” closed']);
    const whileClosed = detailsOf('m6').length;
    expect(whileClosed).toBeGreaterThan(3); // not once, as a departed market would be: again and again
    state.details.m6 = market('m6', { status: 'settling' });
    await r.run(3 * 60_000);
    state.details.m6 = market('m6', { status: 'resolved', resolvedOutcome: 'Yes' });
    await r.run(3 * 60_000);
    const resolvedAt = detailsOf('m6').length;
    await r.run(20 * 60_000);
    expect(detailsOf('m6').length).toBe(resolvedAt);
    expect(r.store.getState().alerts.log.map((e) => e.text)).toEqual([
      '“Market m6” resolved: Yes',
      '“Market m6” is settling',
      '“Market m6” closed',
    ]);
    await r.sync.stop();
  });

  it('a market only an alert names is followed too; a 404 pauses it for GONE_RETRY_MS', async () => {
    const { r, state, detailsOf } = await setup({ limit: 10 });
    r.sync.start();
    await r.run(100);
    expect(r.sync.addAlert({ marketId: 'x1', kind: 'above', value: '70', minutes: '' })).toMatchObject({ ok: true });
    state.details.x1 = 'gone';
    await r.run(5 * 60_000);
    expect(detailsOf('x1')).toHaveLength(1);
    delete state.details.x1;
    await r.run(GONE_RETRY_MS);
    expect(detailsOf('x1').length).toBeGreaterThan(1);
    await r.sync.stop();
  });

  it('a paper position is followed while it holds shares; one sold out costs no request', async () => {
    const { r, detailsOf } = await setup({ limit: 10 });
    const buy = { action: 'buy' as const, shares: 10, avgPrice: 0.5, fee: 0, total: 5 };
    const sell = { ...buy, at: 2, action: 'sell' as const, total: 6 };
    const position = (id: string, trades: PaperTrade[]) => ({
      ref: { venue: 'public' as const, id },
      title: `Market ${id}`,
      outcome: 'Yes',
      currency: 'USD' as const,
      trades,
    });
    r.store.getState().restorePaper({
      positions: [position('held', [{ ...buy, at: 1 }]), position('sold', [{ ...buy, at: 1 }, sell])],
    });
    r.sync.start();
    await r.run(10 * 60_000);
    expect(detailsOf('held').length).toBeGreaterThan(3);
    // its realized P&L is fixed and its row says `sold` whatever the market does (docs/positions.md)
    expect(detailsOf('sold')).toEqual([]);
    await r.sync.stop();
  });

  it('an invalid alert draft sets nothing and says why', async () => {
    const { r } = await setup();
    expect(r.sync.addAlert({ marketId: 'm1', kind: 'move', value: '5', minutes: 'abc' })).toEqual({
      ok: false,
      message: 'the window must be a whole number of minutes from 1 to 1440',
    });
    expect(r.sync.addAlert({ marketId: 'm1', kind: 'below', value: '120', minutes: '' })).toEqual({
      ok: false,
      message: 'the price must be more than 0¢ and less than 100¢',
    });
    // 0¢ and 100¢ themselves are refused, and the message says so (it read "between 0¢ and 100¢")
    for (const value of ['0', '100'])
      expect(r.sync.addAlert({ marketId: 'm1', kind: 'above', value, minutes: '' })).toEqual({
        ok: false,
        message: 'the price must be more than 0¢ and less than 100¢',
      });
    expect(r.store.getState().alerts.rules).toEqual([]);
  });
});

describe('chooseBackground with watched markets', () => {
  const now = 100_000;
  const I = 2_000;
  const W = 1 / 3;
  // the other kinds share what the watch slots leave: the list every I / ((1 − W)(1 − detailShare))
  const listPeriod = I / ((1 - W) * (1 / 3));
  const detailPeriod = I / ((1 - W) * (2 / 3));
  const kinds = (listAt: number, detailAt: number) => [
    { kind: 'list' as const, at: listAt, periodMs: listPeriod },
    { kind: 'detail' as const, at: detailAt, periodMs: detailPeriod },
    { kind: 'events' as const, at: now, periodMs: 600_000 },
  ];

  it('a watched market never fetched counts as WATCH_SCORE_CAP periods late, so an older list still goes first', () => {
    const watch = watchStaleness({ count: 3, at: Number.NEGATIVE_INFINITY }, I, W, now);
    expect(watch.periodMs).toBe((3 * I) / W);
    expect(chooseBackground(now, [...kinds(now, now), watch])).toBe('watch');
    expect(chooseBackground(now, [...kinds(now - (WATCH_SCORE_CAP + 0.1) * listPeriod, now), watch])).toBe('list');
  });

  it('a watched market fetched a period ago is due like the list is after one of its periods', () => {
    const watch = watchStaleness({ count: 3, at: now - (3 * I) / W }, I, W, now);
    expect(chooseBackground(now, [...kinds(now - 0.5 * listPeriod, now), watch])).toBe('watch');
    expect(chooseBackground(now, [...kinds(now - 1.5 * listPeriod, now), watch])).toBe('list');
  });
});
