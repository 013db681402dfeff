/**
 * Required and decoration (decoration.ts) in the scheduler, on a virtual clock: a failing decoration is asked again
 * on its own slow schedule and never decides the connection's state; a 404 on a list route is named "route not found".
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../sources/caps.js';
import type { SourceCaps } from '../sources/types.js';
import { shortCause } from '../store/connection.js';
import { apiError, event, market, rig, type Call } from '../../test/support/syncHarness.js';
import { DECORATION_RETRY, decorationDelay, isDecoration } from './decoration.js';

const CAPS: SourceCaps = { ...PUBLIC_CAPS, book: false, history: false, batch: 100, categoryWord: 'category' };
const MIN = 60_000;

function platformRig(failCategories: (c: Call) => ReturnType<typeof apiError> | undefined) {
  const r = rig({ limit: 60, platform: true, caps: CAPS, mode: 'kalshi', categories: true });
  r.client.handler = (c) =>
    c.method === 'listCategories' ? (failCategories(c) ?? { data: [{ id: 'x', label: 'X' }], status: 200 }) : undefined;
  return r;
}

describe('the decoration schedule', () => {
  it('30 s, 1 min, 2 min, … up to 5 min; from the third 404 in a row 20 min; stretched by at most a quarter', () => {
    const low = () => 0;
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => decorationDelay(n, 0, low))).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000,
    ]);
    expect([1, 2].map((n) => decorationDelay(n, n, low))).toEqual([30_000, 60_000]);
    expect(decorationDelay(3, 3, low)).toBe(DECORATION_RETRY.goneMs);
    expect(decorationDelay(40, 40, () => 1)).toBe(DECORATION_RETRY.goneMs * 1.25);
    expect(decorationDelay(1, 0, () => Number.NaN)).toBe(30_000 * 1.125);
  });

  it('the groupings and the selected market’s event asked once are decoration; lists, details, books are not', () => {
    expect(isDecoration({ kind: 'categories', cls: 'interactive' })).toBe(true);
    expect(isDecoration({ kind: 'event', cls: 'background', eventId: 'e1' })).toBe(true);
    expect(isDecoration({ kind: 'event', cls: 'interactive', eventId: 'e1', origin: 'interactive' })).toBe(false);
    expect(isDecoration({ kind: 'list', cls: 'background', origin: 'background' })).toBe(false);
    expect(isDecoration({ kind: 'detail', cls: 'interactive', marketId: 'm1', origin: 'selection' })).toBe(false);
    expect(isDecoration({ kind: 'book', cls: 'background', marketId: 'm1', outcome: 'Yes' })).toBe(false);
  });
});

describe('a failing decoration costs what it is worth', () => {
  for (const [what, err] of [
    ['404', apiError({ kind: 'not_found', status: 404, code: 'HTTP_404' })],
    ['500', apiError({ kind: 'server', status: 500, code: 'HTTP_500' })],
    ['no answer', apiError({ kind: 'timeout' })],
  ] as const) {
    it(`its route answering ${what}: at most 3 tries in 2 minutes, online all along, the list refreshed`, async () => {
      const r = platformRig(() => err);
      r.sync.start();
      const states = new Set<string>();
      for (let t = 0; t < 2 * MIN; t += 1_000) {
        await r.run(1_000);
        if (r.clock.now() > 2_000) states.add(r.store.getState().connection.status);
        expect(r.clock.now() - (r.store.getState().list.loadedAt ?? Number.NEGATIVE_INFINITY)).toBeLessThan(10_000);
      }
      expect(r.client.of('listCategories').length).toBeGreaterThanOrEqual(2);
      expect(r.client.of('listCategories').length).toBeLessThanOrEqual(3);
      expect([...states]).toEqual(['online']);
      const st = r.store.getState();
      expect(st.connection.consecutiveFailures).toBe(0);
      expect(st.sourceCategories).toBeUndefined();
      expect(st.categoriesError).toMatchObject({ kind: err.kind });
      expect(r.client.of('listMarkets').length).toBeGreaterThan(10);
    });
  }

  it('404 for an hour: a few tries an hour once it is taken to be gone; online the whole time', async () => {
    const r = platformRig(() => apiError({ kind: 'not_found', status: 404 }));
    r.sync.start();
    await r.run(10 * MIN);
    const first = r.client.of('listCategories').length;
    expect(first).toBe(3); // the first, 30 s later, 1 min later; then every 20 min or so
    await r.run(60 * MIN);
    const hour = r.client.of('listCategories').filter((c) => c.at >= 10 * MIN);
    expect(hour.length).toBeGreaterThanOrEqual(2);
    expect(hour.length).toBeLessThanOrEqual(3);
    expect(r.store.getState().connection.status).toBe('online');
    expect(r.store.getState().categoriesError?.status).toBe(404);
  });

  it('once the route answers again, the groupings arrive and the message is gone', async () => {
    let failing = true;
    const r = platformRig(() => (failing ? apiError({ kind: 'server', status: 503 }) : undefined));
    r.sync.start();
    await r.run(MIN);
    expect(r.store.getState().categoriesError?.status).toBe(503);
    failing = false;
    await r.run(5 * MIN);
    const st = r.store.getState();
    expect(st.sourceCategories).toEqual(['x']);
    expect(st.categoriesError).toBeUndefined();
    // asked for no more once they are there
    const n = r.client.of('listCategories').length;
    await r.run(10 * MIN);
    expect(r.client.of('listCategories')).toHaveLength(n);
  });

  it('its retry waiting minutes is not the header’s next refresh', async () => {
    const r = platformRig(() => apiError({ kind: 'not_found', status: 404 }));
    r.sync.start();
    await r.run(2 * MIN);
    const { nextListRefreshAt } = r.store.getState().rate;
    expect(nextListRefreshAt).toBeDefined();
    expect(nextListRefreshAt! - r.clock.now()).toBeLessThanOrEqual(10_000);
  });

  it('a 429 on it is the connection’s all the same: everything waits', async () => {
    const r = platformRig(() => apiError({ kind: 'rate_limited', status: 429, retryAfterMs: 20_000 }));
    r.sync.start();
    await r.run(5_000);
    expect(r.client.of('listCategories')).toHaveLength(1);
    expect(r.store.getState().connection.status).toBe('rate_limited');
  });

  it('the selected market’s event asked for once, answering 500: online, the list refreshed', async () => {
    const r = rig({ limit: 60, platform: true, caps: { ...CAPS, events: true }, mode: 'kalshi' });
    r.client.handler = (c) => {
      if (c.method === 'getMarket') return { data: market(String(c.args[0]), { eventId: 'e9' }), status: 200 };
      if (c.method === 'listMarkets') return { data: [market('m1', { eventId: 'e9' })], status: 200 };
      if (c.method === 'listEvents') return { data: [event('e1')], status: 200 };
      if (c.method === 'getEvent') return apiError({ kind: 'server', status: 500 });
      return undefined;
    };
    r.sync.start();
    await r.run(2 * MIN);
    expect(r.client.of('getEvent').length).toBeGreaterThan(0);
    expect(r.store.getState().connection.status).toBe('online');
    expect(r.store.getState().connection.consecutiveFailures).toBe(0);
  });
});

describe('a 404 on a route the source needs', () => {
  it('the list: degraded, named "route not found — the service may have changed its API"', async () => {
    const r = rig({ limit: 60, platform: true, caps: CAPS, mode: 'kalshi' });
    r.client.handler = (c) =>
      c.method === 'listMarkets' ? apiError({ kind: 'not_found', status: 404, code: 'HTTP_404' }) : undefined;
    r.sync.start();
    await r.run(30_000);
    const c = r.store.getState().connection;
    expect(c.status).toBe('degraded');
    expect(c.lastError).toMatchObject({ kind: 'server', status: 404, code: 'ROUTE_NOT_FOUND' });
    expect(c.lastError?.message).toBe(
      'Route not found — the service may have changed its API (HTTP 404 on the market list).',
    );
    expect(shortCause(c.lastError!)).toBe('route not found');
  });

  it('the list, with a base URL the person gave: it may be wrong, and what the base looks like', async () => {
    // `--base-url http://127.0.0.1:PORT` without Kalshi's /trade-api/v2 said only that the service changed its API
    const hint =
      "the base URL (--base-url) may be wrong: Kalshi's looks like https://api.elections.kalshi.com/trade-api/v2";
    const r = rig({ limit: 60, platform: true, caps: CAPS, mode: 'kalshi', baseHint: hint });
    r.client.handler = (c) =>
      c.method === 'listMarkets' ? apiError({ kind: 'not_found', status: 404, code: 'HTTP_404' }) : undefined;
    r.sync.start();
    await r.run(30_000);
    const c = r.store.getState().connection;
    expect(c.lastError?.message).toBe(`Route not found — ${hint} (HTTP 404 on the market list).`);
    expect(shortCause(c.lastError!)).toBe('route not found');
  });

  it('a market’s detail: that market is not found, the connection stays online', async () => {
    const r = rig({ limit: 60, platform: true, caps: CAPS, mode: 'kalshi' });
    r.client.handler = (c) =>
      c.method === 'getMarket' && c.args[0] === 'm1' ? apiError({ kind: 'not_found', status: 404 }) : undefined;
    r.sync.start();
    await r.run(10_000);
    const st = r.store.getState();
    expect(r.client.of('getMarket').map((c) => c.args[0])).toContain('m1');
    expect(st.notices.map((n) => n.text)).toContain(
      '“Market m1” is no longer available (private, under review or removed).',
    );
    expect(st.connection.status).toBe('online');
    expect(st.connection.lastError).toBeUndefined();
  });
});
