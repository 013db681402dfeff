import { describe, expect, it } from 'vitest';
import { apiError, event, market, maxInWindow, rig } from '../../test/support/syncHarness.js';
import { CLOSING_QUERY } from './jobs.js';
import { EVENTS_SHOWN_MIN_MS } from './shown.js';

async function started(limit = 10) {
  const r = rig({ limit, mode: limit === 30 ? 'key' : 'anon' });
  r.sync.start();
  await r.run(1_000);
  return r;
}

const closingCalls = (r: Awaited<ReturnType<typeof started>>) =>
  r.client.of('listMarkets').filter((c) => (c.args[0] as { sort?: string } | undefined)?.sort === 'closing');

describe('closing soon', () => {
  it(
    'showing it fetches the closing list after the quiet time, ' +
      'then the background keeps it fresh and the market list warm',
    async () => {
      const r = await started(30);
      r.client.handler = (c) =>
        c.method === 'listMarkets' && (c.args[0] as { sort?: string }).sort === 'closing'
          ? { data: [market('c1', { closesAt: 60_000 })], status: 200 }
          : undefined;
      const t0 = r.clock.now();
      r.sync.show('closing');
      await r.run(299);
      expect(closingCalls(r)).toHaveLength(0);
      await r.run(1);
      expect(closingCalls(r)).toHaveLength(1);
      expect(closingCalls(r)[0]!.args[0]).toEqual(CLOSING_QUERY);
      expect(closingCalls(r)[0]!.at).toBe(t0 + 300);
      expect(r.store.getState().closing.ids).toEqual(['c1']);
      const lists = () => r.client.of('listMarkets').length - closingCalls(r).length;
      const listsBefore = lists();
      await r.run(10 * 60_000);
      const closing = closingCalls(r).length;
      const main = lists() - listsBefore;
      // the shown list at the list's cadence, the market list at half of it, the selected market's detail most often
      expect(closing).toBeGreaterThan(40);
      expect(main).toBeGreaterThan(closing / 3);
      expect(main).toBeLessThan(closing);
      expect(r.client.of('getMarket').length).toBeGreaterThan(closing);
      expect(maxInWindow(r.client.calls.map((c) => c.at))).toBeLessThanOrEqual(30);
      // the header's "next refresh" is of the closing list now
      expect(r.store.getState().rate.nextListRefreshAt).toBeGreaterThanOrEqual(r.clock.now());
    },
  );

  it(
    'flicking through views costs one request, for the view that stays; coming back to fresh data costs ' + 'none',
    async () => {
      const r = await started(30);
      const before = r.client.calls.length;
      r.sync.show('events');
      await r.run(100);
      r.sync.show('closing');
      await r.run(100);
      r.sync.show('markets');
      await r.run(100);
      r.sync.show('closing');
      await r.run(400);
      const sent = r.client.calls.slice(before);
      expect(sent.filter((c) => c.method === 'listEvents')).toHaveLength(0);
      expect(closingCalls(r)).toHaveLength(1);
      r.sync.show('markets'); // the market list was loaded a moment ago
      r.sync.show('closing'); // and so was closing soon
      const n = r.client.calls.length;
      await r.run(350);
      expect(r.client.calls.length).toBe(n);
    },
  );
});

describe('events', () => {
  it(
    'the events list shown: fetched at once when old, then refreshed no more often than every 30 s, and no market ' +
      'detail while no market is drawn',
    async () => {
      const r = await started(30);
      r.client.handler = (c) =>
        c.method === 'listEvents' ? { data: [event('e1'), event('e2')], status: 200 } : undefined;
      r.sync.show('events');
      await r.run(60_000);
      const times = r.client.of('listEvents').map((c) => c.at);
      expect(times.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(EVENTS_SHOWN_MIN_MS - 3_000);
      const details = r.client.of('getMarket').filter((c) => c.at > times[0]! + 1_000);
      expect(details).toHaveLength(0);
      expect(r.store.getState().events.ids).toEqual(['e1', 'e2']);
    },
  );

  it(
    'opening an event fetches it by id at once, keeps it refreshed while open, and a reopen within viewFreshMs uses ' +
      'the cache',
    async () => {
      const r = await started(30);
      r.sync.show('events');
      await r.run(2_000);
      const t0 = r.clock.now();
      r.sync.openEvent('e7');
      await r.run(0);
      expect(r.client.of('getEvent').map((c) => [c.args[0], c.at])).toEqual([['e7', t0]]);
      expect(r.store.getState().events).toMatchObject({ openId: 'e7', detailAt: { e7: t0 } });
      expect(r.store.getState().markets.m3).toBeDefined();
      r.sync.openEvent(undefined);
      await r.run(5_000);
      r.sync.openEvent('e7');
      await r.run(1_000);
      expect(r.client.of('getEvent')).toHaveLength(1);
      await r.run(60_000);
      expect(r.client.of('getEvent').length).toBeGreaterThan(5);
      expect(maxInWindow(r.client.calls.map((c) => c.at))).toBeLessThanOrEqual(30);
      r.sync.show('markets'); // the event stays open for when the Events view comes back, but is no longer refreshed
      await r.run(1_000);
      const n = r.client.of('getEvent').length;
      await r.run(60_000);
      expect(r.client.of('getEvent')).toHaveLength(n);
    },
  );

  it('the events list shown: its market list, drawn nowhere, at half its rate in Markets, not every slot', async () => {
    const r = await started(30);
    const lists = () => r.client.of('listMarkets').length;
    let n = lists();
    await r.run(10 * 60_000); // Markets, its first row selected
    const onMarkets = lists() - n;
    r.sync.show('events');
    await r.run(60_000);
    n = lists();
    await r.run(10 * 60_000);
    const onEvents = lists() - n;
    expect(onEvents).toBeGreaterThan(onMarkets / 3);
    expect(onEvents).toBeLessThanOrEqual(onMarkets / 2 + 2);
    expect(maxInWindow(r.client.calls.map((c) => c.at))).toBeLessThanOrEqual(30);
  });

  it('an event that answers 404 is closed and dropped, without backing off', async () => {
    const r = await started(30);
    r.client.handler = (c) => (c.method === 'getEvent' ? apiError({ kind: 'not_found', status: 404 }) : undefined);
    r.sync.openEvent('gone');
    await r.run(0);
    const st = r.store.getState();
    expect(st.events.openId).toBeUndefined();
    expect(st.notices.at(-1)?.text).toContain('Event gone is no longer available');
    expect(st.rate.backoffUntil).toBeUndefined();
    expect(st.connection.status).toBe('online');
  });
});

describe('paging', () => {
  const full = (offset: number, n = 20) => Array.from({ length: n }, (_, i) => market(`p${offset + i}`));

  it(
    'the next page when the last was full: offset += limit at once, the selection on its first row; ' +
      'the previous page lands on its last row',
    async () => {
      // key mode: the selection following the screen and the departed market's follow-up spend most of an anonymous
      // minute here
      const r = await started(30);
      r.client.handler = (c) =>
        c.method === 'listMarkets'
          ? { data: full((c.args[0] as { offset?: number }).offset ?? 0), status: 200 }
          : undefined;
      r.sync.refreshNow();
      await r.run(7_000);
      expect(r.store.getState().list.lastCount).toBe(20);
      const t0 = r.clock.now();
      expect(r.sync.page(1)).toEqual({ ok: true, page: 2 });
      expect(r.sync.page(1)).toEqual({ ok: false, reason: 'loading' });
      await r.run(0);
      const sent = r.client.of('listMarkets').at(-1)!;
      expect(sent.args[0]).toMatchObject({ offset: 20, limit: 20 });
      expect(sent.at).toBe(t0);
      expect(r.store.getState().list.ids[0]).toBe('p20');
      expect(r.store.getState().selectedId).toBe('p20');
      await r.run(7_000);
      expect(r.sync.page(-1)).toEqual({ ok: true, page: 1 });
      await r.run(7_000);
      expect(r.client.of('listMarkets').some((c) => (c.args[0] as { offset?: number }).offset === undefined)).toBe(
        true,
      );
      expect(r.store.getState().selectedId).toBe('p19');
      expect(r.sync.page(-1)).toEqual({ ok: false, reason: 'first_page' });
    },
  );

  it('refuses the next page after a short one, and past offset 10000 — before anything is sent', async () => {
    const r = await started(10);
    expect(r.store.getState().list.lastCount).toBe(6); // the fake's six markets: not a full page of 20
    const n = r.client.calls.length;
    expect(r.sync.page(1)).toEqual({ ok: false, reason: 'last_page' });
    r.client.handler = (c) => (c.method === 'listMarkets' ? { data: full(0), status: 200 } : undefined);
    r.sync.search({ offset: 9_980 });
    await r.run(7_000);
    expect(r.store.getState().list).toMatchObject({ lastCount: 20, query: { offset: 9_980 } });
    expect(r.sync.page(1)).toEqual({ ok: true, page: 501 }); // offset 10000: the last the service takes
    await r.run(7_000);
    expect(r.store.getState().list).toMatchObject({ lastCount: 20, query: { offset: 10_000 } });
    expect(r.sync.page(1)).toEqual({ ok: false, reason: 'offset_max' });
    // an offset the service refuses is never taken; the rest of the change (the query) still is
    r.sync.search({ offset: 10_020, q: 'x' });
    expect(r.store.getState().list.query).toMatchObject({ offset: 10_000, q: 'x' });
    await r.run(60_000);
    const offsets = r.client.calls.slice(n).map((c) => (c.args[0] as { offset?: number } | undefined)?.offset ?? 0);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(10_000);
  });

  it(
    'turning pages as fast as the answers come keeps any 60 s window within the limit (a turn waits for the ' +
      'budget)',
    async () => {
      const r = await started(10);
      r.client.handler = (c) =>
        c.method === 'listMarkets'
          ? { data: full((c.args[0] as { offset?: number }).offset ?? 0), status: 200 }
          : undefined;
      r.sync.refreshNow();
      await r.run(7_000);
      const turns: boolean[] = [];
      for (let i = 0; i < 120; i++) {
        turns.push(r.sync.page(i % 7 === 6 ? -1 : 1).ok);
        await r.run(1_500);
      }
      expect(turns.filter(Boolean).length).toBeGreaterThan(10);
      expect(maxInWindow(r.client.calls.map((c) => c.at))).toBeLessThanOrEqual(10);
      expect(
        Math.max(...r.client.of('listMarkets').map((c) => (c.args[0] as { offset?: number }).offset ?? 0)),
      ).toBeLessThanOrEqual(10_000);
    },
  );
});

describe('a view of its own rows (Watchlist, Movers, Positions)', () => {
  it('shown before the first list, selects none of the list and fetches no detail for it', async () => {
    const r = rig({ limit: 30, mode: 'key' });
    r.sync.show('own');
    r.sync.start();
    await r.run(60_000);
    expect(r.store.getState().list.ids.length).toBeGreaterThan(0);
    expect(r.store.getState().selectedId).toBeUndefined();
    expect(r.client.of('getMarket')).toEqual([]);
    expect(r.client.of('listMarkets').length).toBeGreaterThan(2);
    // Markets shown again: the UI selects its row (moves.ts selectIn), and its detail is polled as before
    r.sync.show('markets');
    r.sync.select('m1');
    await r.run(10_000);
    expect(r.client.of('getMarket').length).toBeGreaterThan(0);
    await r.sync.stop();
  });
});
