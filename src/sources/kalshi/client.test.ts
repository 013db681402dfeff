/**
 * The Kalshi client against the Kalshi replay over loopback, serving the staged real recordings
 * (test/fixtures/real/kalshi, test/fixtures/real/SOURCES.md; the lists long enough to page sit in
 * kalshi/paging/). Expected ids come from the fixture files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { rejection } from '../../../test/support/catch.js';
import { loadRecording } from '../../server/replay/load.js';
import { ManualClock } from '../../util/clock.js';
import { createJsonHttp } from '../http.js';
import { startSourceReplay, type RunningSourceReplay } from '../replay.js';
import { createKalshiClient } from './client.js';
import { readKalshiError } from './errors.js';
import { kalshiSource } from './index.js';
import { kalshiReplayOf } from './replay.js';
import { documented } from './routes.js';

const DIR = 'test/fixtures/real/kalshi';
/** The small set and the lists long enough to page (two folders down: SOURCES.md says why). */
const ITEMS = [...loadRecording(DIR), ...loadRecording(`${DIR}/paging`)];
type Obj = Record<string, unknown>;

/** Every recorded market object, first copy per ticker, in file order (events' nested markets included). */
function recordedMarkets(): Obj[] {
  const seen = new Map<string, Obj>();
  for (const it of ITEMS) {
    const objs = it.kind === 'event' ? ((it.object.markets as Obj[] | undefined) ?? []) : [it.object];
    for (const o of objs) if (typeof o.ticker === 'string' && !seen.has(o.ticker)) seen.set(o.ticker, o);
  }
  return [...seen.values()];
}
const tickers = (ms: readonly Obj[]) => ms.map((m) => m.ticker as string);
const nestedEvents = JSON.parse(
  readFileSync(`${DIR}/trade-api-v2-events-with-nested-markets-category-shared-title-siblings.json`, 'utf8'),
) as { events: Array<Obj & { markets: Obj[] }> };

const clock = new ManualClock(Date.UTC(2026, 2, 28, 12, 0, 0));
const log: string[] = [];
let srv: RunningSourceReplay;
let base: string;
const client = () => createKalshiClient({ baseUrl: base }, () => clock.now());
/** The queries of the requests logged since `from`, for one path. */
const queries = (from: number, path: string) =>
  log
    .slice(from)
    .map((p) => new URL(p, 'http://x'))
    .filter((u) => u.pathname === `/trade-api/v2${path}`)
    .map((u) => u.searchParams);

beforeAll(async () => {
  srv = await startSourceReplay({
    def: kalshiSource,
    dir: kalshiReplayOf(ITEMS),
    clock,
    onRequest: (e) => log.push(e.path),
  });
  base = `${srv.url}/trade-api/v2`;
});
afterAll(() => srv.close());

describe('the market list', () => {
  const active = tickers(recordedMarkets().filter((m) => m.status === 'active'));

  it('is long enough to page', () => {
    expect(active.length).toBeGreaterThanOrEqual(60);
  });

  it('page 1, page 2 and back: one request each, page 2’s cursor from page 1, page 1 again without one', async () => {
    const c = client();
    const from = log.length;
    const p1 = await c.listMarkets({ status: 'active', limit: 20 });
    const p2 = await c.listMarkets({ status: 'active', limit: 20, offset: 20 });
    const back = await c.listMarkets({ status: 'active', limit: 20, offset: 0 });
    expect(p1.data.map((m) => m.id)).toEqual(active.slice(0, 20));
    expect(p2.data.map((m) => m.id)).toEqual(active.slice(20, 40));
    expect(back.data.map((m) => m.id)).toEqual(active.slice(0, 20));
    expect([p1, p2].map((p) => (p as { more?: boolean }).more)).toEqual([true, true]);
    const qs = queries(from, '/markets');
    expect(qs).toHaveLength(3);
    expect(qs.map((q) => q.get('status'))).toEqual(['open', 'open', 'open']);
    expect(qs.map((q) => q.get('limit'))).toEqual(['20', '20', '20']);
    expect(qs.map((q) => q.get('mve_filter'))).toEqual(['exclude', 'exclude', 'exclude']);
    expect(qs[0]?.has('cursor')).toBe(false);
    expect(qs[1]?.get('cursor')).toMatch(/.+/);
    expect(qs[2]?.has('cursor')).toBe(false);
    await c.close();
  });

  it('the last page says there is no more', async () => {
    const c = client();
    const last = await c.listMarkets({ status: 'active', limit: 1000 });
    expect(last.data).toHaveLength(active.length);
    expect((last as { more?: boolean }).more).toBe(false);
    await c.close();
  });

  it('resolved → status=settled: finalized markets only, each with its result', async () => {
    const c = client();
    const from = log.length;
    const r = await c.listMarkets({ status: 'resolved', limit: 100 });
    const finalized = tickers(recordedMarkets().filter((m) => m.status === 'finalized'));
    expect(r.data.map((m) => m.id)).toEqual(finalized.slice(0, 100));
    expect(r.data.every((m) => m.status === 'resolved' && m.resolvedOutcome !== undefined)).toBe(true);
    expect(queries(from, '/markets')[0]?.get('status')).toBe('settled');
    await c.close();
  });

  it('settling is not a Kalshi filter word: refused without a request', async () => {
    const c = client();
    const from = log.length;
    const e = await rejection(c.listMarkets({ status: 'settling' }));
    expect(e).toMatchObject({ kind: 'invalid_request', code: 'NOT_SUPPORTED' });
    expect(log.length).toBe(from);
    await c.close();
  });
});

describe('search and category: the events scan', () => {
  it('search finds the markets of the events whose title holds the term, through /events', async () => {
    const c = client();
    const from = log.length;
    const r = await c.listMarkets({ q: 'pope', status: 'active', limit: 20 });
    const pope = nestedEvents.events.find((e) => e.event_ticker === 'KXNEWPOPE-70');
    expect(r.data.map((m) => m.id)).toEqual(tickers(pope?.markets ?? []));
    expect(r.data.every((m) => m.eventId === 'KXNEWPOPE-70')).toBe(true);
    const qs = queries(from, '/events');
    expect(qs.length).toBeGreaterThanOrEqual(1);
    expect(qs[0]?.get('with_nested_markets')).toBe('true');
    expect(qs[0]?.get('status')).toBe('open');
    expect(queries(from, '/markets')).toHaveLength(0);
    await c.close();
  });

  it('search matches a market by its own label too (a team in a game event)', async () => {
    const c = client();
    const r = await c.listMarkets({ q: 'Utah Valley', limit: 50 });
    expect(r.data.length).toBeGreaterThan(0);
    for (const m of r.data) {
      const raw = m.raw as Obj;
      expect(`${String(raw.title)} ${String(raw.yes_sub_title)} ${m.eventTitle ?? ''}`.toLowerCase()).toContain(
        'utah valley',
      );
    }
    await c.close();
  });

  it("search takes every word in any order: the event's with a market's own ('parolin next pope')", async () => {
    const c = client();
    const r = await c.listMarkets({ q: 'parolin next POPE', status: 'active', limit: 20 });
    expect(r.data.map((m) => m.id)).toEqual(['KXNEWPOPE-70-PPAR']);
    await c.close();
  });

  it('the scan pages by offset over what it kept: page 2 follows page 1, and all statuses send no status', async () => {
    const c = client();
    const from = log.length;
    const p1 = await c.listMarkets({ category: 'Sports', status: 'all', limit: 30 });
    const p2 = await c.listMarkets({ category: 'Sports', status: 'all', limit: 30, offset: 30 });
    const both = await c.listMarkets({ category: 'Sports', status: 'all', limit: 60 });
    expect([...p1.data, ...p2.data].map((m) => m.id)).toEqual(both.data.map((m) => m.id));
    expect((p1 as { more?: boolean }).more).toBe(true);
    expect(queries(from, '/events').every((q) => !q.has('status'))).toBe(true);
    await c.close();
  });

  it('the categories for c come from /search/tags_by_categories; a category keeps its events only', async () => {
    const c = client();
    const cats = await c.listCategories();
    expect(cats.data.map((x) => x.id)).toEqual(['Elections', 'Sports', 'World']);
    const world = await c.listMarkets({ category: 'World', limit: 20 });
    const expected = nestedEvents.events.filter((e) => e.category === 'World').flatMap((e) => tickers(e.markets));
    expect(world.data.map((m) => m.id)).toEqual(expected);
    expect(world.data.every((m) => m.category === 'World')).toBe(true);
    await c.close();
  });
});

describe('detail, batch, events', () => {
  const all = recordedMarkets();

  it('one market by its ticker; an unknown ticker is not_found in Kalshi’s shape', async () => {
    const c = client();
    const some = all.find((m) => m.status === 'finalized');
    const r = await c.getMarket(String(some?.ticker));
    expect(r.data.id).toBe(some?.ticker);
    expect(r.data.status).toBe('resolved');
    const e = await rejection(c.getMarket('KXNOPE-00-X'));
    expect(e).toMatchObject({ kind: 'not_found', status: 404, code: 'NOT_FOUND' });
    await c.close();
  });

  it('a watchlist of several tickers is one request with tickers=…; unknown tickers are simply absent', async () => {
    const c = client();
    const want = [...tickers(all.slice(0, 3)), 'KXNOPE-00-X', ...tickers(all.slice(-3))];
    const from = log.length;
    const r = await c.getMarkets(want);
    expect(r.data.map((m) => m.id).sort()).toEqual(want.filter((t) => t !== 'KXNOPE-00-X').sort());
    const qs = queries(from, '/markets');
    expect(qs).toHaveLength(1);
    expect(qs[0]?.get('tickers')?.split(',')).toEqual(want);
    await c.close();
  });

  it('events come with their markets nested; one event by its ticker', async () => {
    const c = client();
    const evs = await c.listEvents({ limit: 200 });
    expect(evs.data.length).toBeGreaterThan(10);
    expect(evs.data.every((e) => e.markets.length > 0)).toBe(true);
    const sports = evs.data.find((e) => e.category === 'Sports');
    expect(sports?.markets.every((m) => m.eventId === sports.id)).toBe(true);
    const pope = await c.getEvent('KXNEWPOPE-70');
    expect(pope.data.markets.map((m) => m.id)).toEqual(['KXNEWPOPE-70-PPIZ', 'KXNEWPOPE-70-PPAR', 'KXNEWPOPE-70-FAMB']);
    const e = await rejection(c.getEvent('KXNOPE-00'));
    expect(e).toMatchObject({ kind: 'not_found', status: 404 });
    await c.close();
  });

  it('closing soon: active markets closing within the view’s 24 h, soonest first, from one request', async () => {
    // 70 h after the replay's clock: the recorded games close 77 to 111 h after it, some within the next 24 h
    const now = clock.now() + 70 * 3600_000;
    const c = createKalshiClient({ baseUrl: base }, () => now);
    const from = log.length;
    const r = await c.listClosing();
    expect(r.data.length).toBeGreaterThan(0);
    for (const m of r.data) {
      expect(m.status).toBe('active');
      expect(m.closesAt).toBeGreaterThan(now);
      expect(m.closesAt).toBeLessThanOrEqual(now + 24 * 3600_000);
    }
    const closes = r.data.map((m) => m.closesAt ?? 0);
    expect(closes).toEqual([...closes].sort((a, b) => a - b));
    const qs = queries(from, '/markets');
    expect(qs).toHaveLength(1);
    expect(qs[0]?.has('status')).toBe(false);
    expect(Number(qs[0]?.get('min_close_ts'))).toBe(Math.floor(now / 1000));
    // the view's own window (24 h, docs/views.md): Kalshi sorts nothing, so a wider one spends the 200 rows elsewhere
    expect(Number(qs[0]?.get('max_close_ts'))).toBe(Math.floor((now + 24 * 3600_000) / 1000));
    await c.close();
  });

  it('a request Kalshi refuses is a 400 in its shape: invalid_request, with Kalshi’s message', async () => {
    const http = createJsonHttp({ baseUrl: base }, readKalshiError);
    const e = await rejection(http.get('/markets', [['status', 'open,closed']]));
    expect(e).toMatchObject({ kind: 'invalid_request', status: 400, code: 'BAD_REQUEST' });
    expect(e.message).toMatch(/only one status filter/);
    const e2 = await rejection(http.get('/markets', [['limit', '1001']]));
    expect(e2.message).toMatch(/limit must be between 1 and 1000/);
    await http.close();
  });

  it('a quote that cannot be valid costs no request (trader.test.ts has the rest); no key is described', async () => {
    const c = client();
    const from = log.length;
    const e = await rejection(c.getQuote('X', { outcome: 'Maybe', amount: 1, action: 'buy' }));
    expect(e).toMatchObject({ kind: 'invalid_request', code: 'UNKNOWN_OUTCOME' });
    const zero = await rejection(c.getQuote('X', { outcome: 'Yes', amount: '0', action: 'buy' }));
    expect(zero).toMatchObject({ kind: 'invalid_request', param: 'amount' });
    expect(log.length).toBe(from);
    expect(c.describe()).toEqual({ baseUrl: base, apiKey: '', authenticated: false });
    await c.close();
  });
});

describe('the request log', () => {
  it('holds only documented routes and parameters (the deliberate 400s use documented ones too)', () => {
    expect(log.length).toBeGreaterThan(10);
    const undocumented = log
      .map((p) => new URL(p, 'http://x'))
      .filter((u) => !documented(u.pathname.replace(/^\/trade-api\/v2/, ''), u.searchParams));
    expect(undocumented).toEqual([]);
  });
});
