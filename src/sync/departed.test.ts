import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import type { RequestInfo } from './types.js';
import { DEPARTED_MAX, DEPARTED_TTL_MS, FOLLOW_EVERY } from './departed.js';
import { apiError, market, rig, type Rig } from '../../test/support/syncHarness.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i + 1}`);

/**
 * A rig whose list answers `listed` (changeable) and whose detail answers `details[id]` (else the market as listed).
 */
async function setup(n = 6, opts: Parameters<typeof rig>[0] = {}) {
  const requests: RequestInfo[] = [];
  const r: Rig = rig({ ...opts, onRequest: (i) => requests.push(i) });
  const state = {
    listed: ids(n),
    details: {} as Record<string, Market | 'gone'>,
  };
  r.client.handler = (c) => {
    if (c.method === 'listMarkets') return { data: state.listed.map((id) => market(id)), status: 200 };
    if (c.method === 'getMarket') {
      const d = state.details[String(c.args[0])];
      if (d === 'gone') return apiError({ kind: 'not_found', status: 404 });
      if (d) return { data: d, status: 200 };
    }
    return undefined;
  };
  r.sync.start();
  await r.run(100);
  const follows = () =>
    requests.filter(
      (q) => q.kind === 'detail' && q.marketId !== r.store.getState().selectedId && q.cls === 'background',
    );
  const listsAfter = (t: number) => r.client.of('listMarkets').filter((c) => c.at >= t).length;
  return { r, state, requests, follows, listsAfter };
}

describe('markets that leave the list', () => {
  it(
    'with an unchanged query: a background detail request follows the departed market, after higher-priority work; a ' +
      'close becomes a transition',
    async () => {
      const { r, state, requests, follows } = await setup();
      expect(r.store.getState().selectedId).toBe('m1');
      state.listed = ids(5); // m6 left
      state.details.m6 = market('m6', { status: 'closed' });
      r.sync.refreshNow();
      await r.run(10);
      expect(r.store.getState().list.ids).toEqual(ids(5));
      const t0 = r.clock.now();
      // interactive work queued at the same time goes first
      r.sync.editQuote('m2', { outcome: 'Yes', amount: '5', action: 'buy' });
      r.sync.select('m3');
      await r.run(60_000);
      const follow = requests.find((q) => q.marketId === 'm6');
      expect(follow).toMatchObject({ kind: 'detail', cls: 'background' });
      const quote = requests.find((q) => q.kind === 'quote' && q.at >= t0)!;
      const sel = requests.find((q) => q.kind === 'detail' && q.marketId === 'm3')!;
      expect(quote.at).toBeLessThan(follow!.at);
      expect(sel.at).toBeLessThan(follow!.at);
      expect(follows().map((q) => q.marketId)).toEqual(['m6']); // once
      const s = r.store.getState();
      expect(s.transitions[0]).toMatchObject({ id: 'm6', from: 'active', to: 'closed', at: follow!.at });
      expect(s.notices.at(-1)?.text).toBe('“Market m6” closed');
      expect(s.list.ids).toEqual(ids(5));
      expect(s.selectedId).toBe('m3');
      await r.sync.stop();
    },
  );

  it('one that was only overtaken comes back active: no transition, no notice', async () => {
    const { r, state, follows } = await setup();
    state.listed = ids(5);
    r.sync.refreshNow();
    await r.run(90_000);
    expect(follows().map((q) => q.marketId)).toEqual(['m6']);
    expect(r.store.getState().transitions).toEqual([]);
    expect(r.store.getState().notices).toEqual([]);
    await r.sync.stop();
  });

  it('after a change of query nothing is followed', async () => {
    const { r, state, follows, listsAfter } = await setup();
    const t = r.clock.now();
    state.listed = ['m2', 'm4'];
    r.sync.search({ q: 'm' });
    await r.run(5 * 60_000);
    expect(listsAfter(t)).toBeGreaterThan(3);
    expect(follows()).toEqual([]);
    await r.sync.stop();
  });

  it('a 404 on the follow-up: the market is gone, the selection stays where the user put it', async () => {
    const { r, state, follows } = await setup();
    r.sync.select('m2');
    await r.run(1_000);
    state.listed = ids(5);
    state.details.m6 = 'gone';
    r.sync.refreshNow();
    await r.run(60_000);
    expect(follows().map((q) => q.marketId)).toEqual(['m6']);
    const s = r.store.getState();
    expect(s.markets.m6).toBeUndefined();
    expect(s.selectedId).toBe('m2');
    expect(s.notices.at(-1)?.text).toMatch(/“Market m6” is no longer available/);
    expect(s.rate.backoffUntil).toBeUndefined();
    expect(s.transitions).toEqual([]);
    await r.sync.stop();
  });

  it('a market coming back before its follow-up is not fetched', async () => {
    const { r, state, follows } = await setup();
    state.listed = ids(5);
    expect(r.sync.refreshNow()).toEqual({ ok: true });
    await r.run(10);
    expect(r.store.getState().list.ids).toEqual(ids(5));
    state.listed = ids(6);
    expect(r.sync.refreshNow()).toEqual({ ok: true });
    await r.run(10);
    expect(r.store.getState().list.ids).toEqual(ids(6));
    await r.run(10 * 60_000);
    expect(follows()).toEqual([]);
    await r.sync.stop();
  });

  it(
    'is bounded: a handful queued, one follow-up per FOLLOW_EVERY background slots, none older than the ' + 'TTL',
    async () => {
      const { r, state, requests, follows } = await setup(20, { limit: 4 });
      const t0 = r.clock.now();
      state.listed = ids(8); // twelve leave at once
      r.sync.refreshNow();
      await r.run(60 * 60_000);
      const left = r.client.of('listMarkets').find((c) => c.at >= t0)!.at; // the answer without them
      const f = follows();
      expect(f.length).toBeGreaterThan(0);
      expect(f.length).toBeLessThanOrEqual(DEPARTED_MAX);
      for (const q of f) expect(q.at - left).toBeLessThan(DEPARTED_TTL_MS);
      expect(new Set(f.map((q) => q.marketId)).size).toBe(f.length);
      const bg = requests.filter((q) => q.cls === 'background');
      for (let i = 0; i + FOLLOW_EVERY <= bg.length; i++) {
        const window = bg.slice(i, i + FOLLOW_EVERY);
        expect(window.filter((q) => f.includes(q)).length, `background slots ${i}..`).toBeLessThanOrEqual(1);
      }
      // with four requests a minute the TTL cuts the queue short
      expect(f.length).toBeLessThan(DEPARTED_MAX);
      await r.sync.stop();
    },
  );

  it('a departure whose closing time has passed is followed before one that was probably overtaken', async () => {
    const { r, state, follows } = await setup(6);
    r.client.handler = ((h) => (c) => {
      if (c.method === 'listMarkets')
        return {
          data: state.listed.map((id) => market(id, id === 'm6' ? { closesAt: 1 } : { closesAt: 1e15 })),
          status: 200,
        };
      return h(c);
    })(r.client.handler);
    r.sync.refreshNow();
    await r.run(10);
    state.listed = ids(4); // m5 and m6 leave, m6 was due to close
    r.sync.refreshNow();
    await r.run(5 * 60_000);
    expect(follows().map((q) => q.marketId)).toEqual(['m6', 'm5']);
    await r.sync.stop();
  });
});
