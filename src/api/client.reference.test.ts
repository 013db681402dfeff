/** The client against the real reference service (src/server) over loopback HTTP, with a ManualClock. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer, type SimMarket } from '../server/index.js';
import { createClient } from './client.js';
import type { Market, MarketClient } from './types.js';
import { ManualClock } from '../util/clock.js';
import { rejection } from '../../test/support/catch.js';

const KEY = 'ob_test_key_0123456789abcdef';
const clock = new ManualClock();
let srv: RunningServer;
let api: MarketClient;

beforeAll(async () => {
  srv = await startServer({ port: 0, keys: [KEY], limits: { anonymous: 2, key: 1000 }, clock });
  api = createClient({ baseUrl: srv.url, apiKey: KEY });
});
afterAll(async () => {
  await api.close();
  await srv.close();
});

function visibleWith(pred: (m: SimMarket) => boolean): SimMarket {
  const m = srv.sim.markets().find((x) => x.visibility === 'public' && pred(x));
  if (!m) throw new Error('no such market in the simulated world');
  return m;
}

function expectWellFormed(m: Market): void {
  expect(m.id.length).toBeGreaterThan(0);
  expect(m.title.length).toBeGreaterThan(0);
  expect(['active', 'closed', 'settling', 'resolved']).toContain(m.status);
  expect(m.outcomes.length).toBeGreaterThanOrEqual(2);
  for (const o of m.outcomes) expect(o.price !== undefined && o.price >= 0 && o.price <= 1).toBe(true);
  expect(Number.isFinite(m.volume)).toBe(true);
  expect(Number.isFinite(m.closesAt)).toBe(true);
}

describe('markets', () => {
  it('lists active markets by default, normalized, with the rate headers of the key bucket', async () => {
    const r = await api.listMarkets();
    expect(r.status).toBe(200);
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.length).toBeLessThanOrEqual(20);
    for (const m of r.data) {
      expectWellFormed(m);
      expect(m.status).toBe('active');
    }
    expect(r.rate).toMatchObject({ limit: 1000, windowMs: 60_000 });
    expect(r.rate?.remaining).toBeLessThan(1000);
  });

  it.each(['closed', 'settling', 'resolved'] as const)('filters by status %s', async (status) => {
    const r = await api.listMarkets({ status, limit: 100 });
    expect(r.data.length).toBeGreaterThan(0);
    for (const m of r.data) expect(m.status).toBe(status);
  });

  it('status=all includes several statuses; hidden markets never appear', async () => {
    const r = await api.listMarkets({ status: 'all', limit: 100 });
    expect(new Set(r.data.map((m) => m.status)).size).toBeGreaterThan(1);
    const hidden = new Set(
      srv.sim
        .markets()
        .filter((m) => m.visibility !== 'public')
        .map((m) => m.id),
    );
    expect(hidden.size).toBeGreaterThan(0);
    for (const m of r.data) expect(hidden.has(m.id)).toBe(false);
  });

  it('filters by category and by q (case-insensitive)', async () => {
    const sample = visibleWith((m) => m.status === 'active');
    const byCat = await api.listMarkets({ category: sample.category.toUpperCase(), limit: 100 });
    expect(byCat.data.length).toBeGreaterThan(0);
    for (const m of byCat.data) expect(m.category?.toLowerCase()).toBe(sample.category.toLowerCase());
    const word = sample.title.split(' ').find((w) => w.length > 4) ?? sample.title.slice(0, 5);
    const byQ = await api.listMarkets({ q: word.toUpperCase(), status: 'all', limit: 100 });
    expect(byQ.data.map((m) => m.id)).toContain(sample.id);
    for (const m of byQ.data) expect(`${m.title} ${m.category}`.toLowerCase()).toContain(word.toLowerCase());
  });

  it('sorts by volume and by closing time', async () => {
    const vol = (await api.listMarkets({ sort: 'volume', status: 'all', limit: 50 })).data.map((m) => m.volume ?? 0);
    expect(vol).toEqual([...vol].sort((a, b) => b - a));
    const closing = (await api.listMarkets({ sort: 'closing', status: 'all', limit: 50 })).data.map(
      (m) => m.closesAt ?? 0,
    );
    expect(closing).toEqual([...closing].sort((a, b) => a - b));
    expect((await api.listMarkets({ sort: 'newest', limit: 3 })).data.length).toBe(3);
    expect((await api.listMarkets({ sort: 'liquidity', limit: 3 })).data.length).toBe(3);
  });

  it('pages with limit and offset', async () => {
    const all = (await api.listMarkets({ status: 'all', limit: 6 })).data.map((m) => m.id);
    const p1 = (await api.listMarkets({ status: 'all', limit: 3, offset: 0 })).data.map((m) => m.id);
    const p2 = (await api.listMarkets({ status: 'all', limit: 3, offset: 3 })).data.map((m) => m.id);
    expect([...p1, ...p2]).toEqual(all);
    expect((await api.listMarkets({ status: 'all', offset: 10_000 })).data).toEqual([]);
  });

  it('gets one market; unknown, private and pending-review ids are all not_found', async () => {
    const sample = visibleWith(() => true);
    const r = await api.getMarket(sample.id);
    expect(r.data).toMatchObject({ id: sample.id, title: sample.title, eventId: sample.eventId });
    expectWellFormed(r.data);
    const priv = srv.sim.markets().find((m) => m.visibility === 'private');
    const pend = srv.sim.markets().find((m) => m.visibility === 'pendingReview');
    for (const id of ['no-such-market', priv?.id, pend?.id]) {
      expect(id).toBeDefined();
      const e = await rejection(api.getMarket(id as string));
      expect(e).toMatchObject({ kind: 'not_found', status: 404, code: 'NOT_FOUND' });
    }
  });

  it('an id with a slash stays one segment and is simply not found', async () => {
    expect(await rejection(api.getMarket('a/b'))).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('server-side 400s name the parameter', async () => {
    const e = await rejection(api.listMarkets({ status: 'bogus' }));
    expect(e).toMatchObject({ kind: 'invalid_request', status: 400, code: 'INVALID_PARAMETER', param: 'status' });
    expect(e.message).toMatch(/status/);
    expect(await rejection(api.listMarkets({ sort: 'random' }))).toMatchObject({ status: 400, param: 'sort' });
  });
});

describe('quotes', () => {
  it('quotes buy and sell on an active market, outcome matched case-insensitively', async () => {
    const m = visibleWith((x) => x.status === 'active');
    const name = m.outcomes[0]!.name;
    const buy = await api.getQuote(m.id, { outcome: name.toUpperCase(), amount: '25', action: 'buy' });
    expect(buy.data).toMatchObject({ marketId: m.id, outcome: name, action: 'buy', amount: 25 });
    for (const k of ['shares', 'averagePrice', 'priceBefore', 'priceAfter', 'fee', 'total'] as const)
      expect(Number.isFinite(buy.data[k])).toBe(true);
    expect(buy.data.priceAfter!).toBeGreaterThan(buy.data.priceBefore!);
    const sell = await api.getQuote(m.id, { outcome: name, amount: 1, action: 'sell' });
    expect(sell.data.action).toBe('sell');
  });

  it('an unknown outcome is a 400 naming outcome', async () => {
    const m = visibleWith((x) => x.status === 'active');
    expect(
      await rejection(api.getQuote(m.id, { outcome: 'Definitely not an outcome', amount: 1, action: 'buy' })),
    ).toMatchObject({
      kind: 'invalid_request',
      status: 400,
      param: 'outcome',
    });
  });

  it.each([
    ['closed', 409, 'closed', 'MARKET_CLOSED'],
    ['settling', 423, 'settling', 'MARKET_SETTLING'],
    ['resolved', 410, 'resolved', 'MARKET_RESOLVED'],
  ] as const)('a %s market answers %i', async (status, code, kind, errCode) => {
    // not the first active market, which the other quote tests use
    const firstActive = visibleWith((y) => y.status === 'active').id;
    const m = visibleWith((x) => x.status === 'active' && x.id !== firstActive);
    srv.sim.setStatus(m.id, status);
    const e = await rejection(api.getQuote(m.id, { outcome: m.outcomes[0]!.name, amount: 5, action: 'buy' }));
    expect(e).toMatchObject({ kind, status: code, code: errCode });
    expect(e.message.length).toBeGreaterThan(0);
  });
});

describe('events', () => {
  it('lists events with nested markets and honours limit', async () => {
    const r = await api.listEvents({ limit: 3 });
    expect(r.data.length).toBe(3);
    for (const e of r.data) {
      expect(e.title.length).toBeGreaterThan(0);
      expect(e.markets.length).toBeGreaterThan(0);
      for (const m of e.markets) expect(m.eventId).toBe(e.id);
    }
  });

  it('gets one event; a hidden event is not_found', async () => {
    const first = (await api.listEvents({ limit: 1 })).data[0]!;
    const r = await api.getEvent(first.id);
    expect(r.data.id).toBe(first.id);
    expect(r.data.markets.map((m) => m.id).sort()).toEqual(first.markets.map((m) => m.id).sort());
    const hidden = srv.sim.events().find((e) => e.visibility !== 'public');
    expect(await rejection(api.getEvent(hidden!.id))).toMatchObject({ kind: 'not_found', status: 404 });
  });
});

describe('authentication and rate limit', () => {
  it('a wrong key is 401 and never served anonymously', async () => {
    const bad = createClient({ baseUrl: srv.url, apiKey: 'ob_wrong_key_fedcba9876543210' });
    try {
      const e = await rejection(bad.listMarkets());
      expect(e).toMatchObject({ kind: 'unauthorized', status: 401, code: 'UNAUTHORIZED' });
      expect(e.message).not.toContain('ob_wrong_key_fedcba9876543210');
    } finally {
      await bad.close();
    }
  });

  it('anonymous over the limit is 429 with retryAfterMs, and works again after the window', async () => {
    const anon = createClient({ baseUrl: srv.url });
    try {
      // (the wrong-key request above was counted under that key, not in this bucket)
      let e;
      for (let i = 0; i < 3 && !e; i++)
        e = await anon.listMarkets({ limit: 1 }).then(
          () => undefined,
          (err: unknown) => err,
        );
      const err = await rejection(Promise.reject(e));
      expect(err).toMatchObject({ kind: 'rate_limited', status: 429, code: 'RATE_LIMITED' });
      expect(err.retryAfterMs).toBeGreaterThan(0);
      expect(err.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(err.rate).toMatchObject({ limit: 2, remaining: 0, windowMs: 60_000 });
      clock.advance(err.retryAfterMs! + 1000);
      const ok = await anon.listMarkets({ limit: 1 });
      expect(ok.data.length).toBe(1);
    } finally {
      await anon.close();
    }
  });
});
