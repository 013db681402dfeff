/**
 * The Polymarket client against Gamma's routes replayed from the real recordings (test/fixtures/real/polymarket,
 * SOURCES.md) on 127.0.0.1 port 0: every screen's request, the pages forwards and back, and each fault in Gamma's
 * or Cloudflare's shape giving the ApiError kind the dashboard names. Every request is checked against the
 * documented routes and parameters (routes.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Market } from '../../api/types.js';
import { ManualClock } from '../../util/clock.js';
import { startSourceReplay, type RunningSourceReplay } from '../replay.js';
import type { Paged, SourceClient } from '../types.js';
import { createPolymarketClient } from './client.js';
import { polymarketSource } from './index.js';
import { loadGammaRecording } from './replayData.js';
import { rejection } from '../../../test/support/catch.js';
import { undocumented } from './routes.js';

const DIR = 'test/fixtures/real/polymarket';
const rec = loadGammaRecording(DIR);
const raw = rec.markets;
const servedIds = raw.filter((m) => m.closed !== true).map((m) => String(m.id));
// the list leaves out a market listed but not open yet (active: false; notOpen.test.ts)
const openIds = raw.filter((m) => m.closed !== true && m.active !== false).map((m) => String(m.id));

let server: RunningSourceReplay | undefined;
let client: SourceClient | undefined;
let log: string[] = [];

async function start(chaos?: Parameters<typeof startSourceReplay>[0]['chaos'], now?: () => number) {
  log = [];
  server = await startSourceReplay({
    def: polymarketSource,
    dir: DIR,
    clock: new ManualClock(),
    ...(chaos ? { chaos } : {}),
    onRequest: (e) => log.push(e.path),
  });
  client = createPolymarketClient({ baseUrl: server.url }, now ? { now } : {});
  return client;
}

afterEach(async () => {
  await client?.close();
  await server?.close();
  // every request the client sent was a documented route with documented parameters
  for (const path of log) {
    expect(undocumented(path), path).toEqual([]);
    const url = new URL(path, 'http://x');
    expect(polymarketSource.undocumented(url.pathname, url.searchParams), path).toBeUndefined();
  }
  client = undefined;
  server = undefined;
});

const ids = (ms: readonly Market[]) => ms.map((m) => m.id);
const query = (i: number) => new URL(log[i]!, 'http://x').searchParams;

describe('the market list on /markets/keyset', () => {
  it('pages forwards with each page’s cursor and back with the kept one', async () => {
    const c = await start();
    const pages: Paged<Market[]>[] = [];
    for (let offset = 0; pages.at(-1)?.more !== false && offset < 100; offset += 5)
      pages.push(await c.listMarkets({ limit: 5, offset }));
    expect(pages).toHaveLength(Math.ceil(servedIds.length / 5));
    expect(pages.slice(0, -1).every((p) => p.data.length === 5 && p.more === true)).toBe(true);
    const all = pages.flatMap((p) => p.data);
    expect(ids(all).sort()).toEqual([...openIds].sort());
    // volume, largest first, across pages
    const vols = all.map((m) => m.volume ?? 0);
    expect(vols).toEqual([...vols].sort((a, b) => b - a));
    expect(log[0]).toMatch(/^\/markets\/keyset\?/);
    expect(query(0).get('closed')).toBe('false');
    expect(query(0).get('order')).toBe('volumeNum');
    expect(query(0).has('after_cursor')).toBe(false);
    const cursor2 = query(1).get('after_cursor');
    expect(cursor2).toBeTruthy();
    expect(log.every((p) => !p.includes('offset='))).toBe(true);
    // back to page 2, then page 1: the same rows, page 2 with the same cursor, page 1 with none
    const n = log.length;
    const again2 = await c.listMarkets({ limit: 5, offset: 5 });
    const again1 = await c.listMarkets({ limit: 5, offset: 0 });
    expect(ids(again2.data)).toEqual(ids(pages[1]!.data));
    expect(ids(again1.data)).toEqual(ids(pages[0]!.data));
    expect(query(n).get('after_cursor')).toBe(cursor2);
    expect(query(n + 1).has('after_cursor')).toBe(false);
  });

  it('reaches a page a few ahead by walking the cursors (one request per page)', async () => {
    const c = await start();
    const p3 = await c.listMarkets({ limit: 5, offset: 10 });
    expect(log).toHaveLength(3);
    expect(p3.data.length).toBe(Math.min(5, openIds.length - 10));
  });

  it('searches through /public-search and lists the found events’ markets', async () => {
    const c = await start();
    const r = await c.listMarkets({ q: 'Macron', limit: 5 });
    const macron = rec.eventById.get('16263')!.markets as { id: string }[];
    expect(ids(r.data)).toEqual(macron.map((m) => m.id));
    expect(r.data.every((m) => m.eventId === '16263')).toBe(true);
    expect(log[0]).toMatch(/^\/public-search\?/);
    expect(query(0).get('q')).toBe('Macron');
    expect(query(0).get('page')).toBe('1');
    expect((r as { more?: boolean }).more).toBe(false);
    // a tag narrows the search to the events that carry it (events_tag)
    const crypto = await c.listMarkets({ q: 'IPO', category: '21', limit: 5 });
    expect(new Set(crypto.data.map((m) => m.eventId))).toEqual(new Set(['16183']));
    expect(query(1).getAll('events_tag')).toEqual(['21']);
    const none = await c.listMarkets({ q: 'Macron', category: '21', limit: 5 });
    expect(none.data).toEqual([]);
  });

  it('filters by status in Gamma’s words: resolved is closed=true and uma_resolution_status=resolved', async () => {
    const c = await start();
    const r = await c.listMarkets({ status: 'resolved', limit: 100 });
    const want = raw.filter((m) => m.closed === true && m.umaResolutionStatus === 'resolved').map((m) => String(m.id));
    expect(ids(r.data).sort()).toEqual(want.sort());
    expect(r.data.every((m) => m.status === 'resolved')).toBe(true);
    expect([query(0).get('closed'), query(0).get('uma_resolution_status')]).toEqual(['true', 'resolved']);
    await expect(c.listMarkets({ status: 'all' })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' });
  });

  it('filters by a tag (the category) through the market’s event', async () => {
    const c = await start();
    const cats = await c.listCategories();
    const politics = cats.data.find((t) => t.label === 'Politics');
    expect(politics).toBeDefined();
    const r = await c.listMarkets({ category: politics!.id, status: 'closed', limit: 100 });
    expect(r.data.length).toBeGreaterThan(0);
    // list copies of markets nested in an event do not name it: the recording's event says whose they are
    expect(r.data.every((m) => rec.eventOf.get(m.id) === '16263')).toBe(true);
    expect(query(1).getAll('tag_id')).toEqual([politics!.id]);
    expect(log[0]).toBe('/tags?limit=100');
  });

  it('lists Closing soon: open markets ending after now, the first ending first', async () => {
    const now = Date.UTC(2026, 5, 1);
    const c = await start(undefined, () => now);
    const r = await c.listClosing();
    expect(r.data.length).toBeGreaterThan(0);
    const ends = r.data.map((m) => m.closesAt ?? 0);
    expect(ends.every((t) => t >= now)).toBe(true);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(query(0).get('end_date_min')).toBe(new Date(now).toISOString());
  });
});

describe('markets, the watchlist, events', () => {
  it('reads one market from /markets/{id}', async () => {
    const c = await start();
    const m = await c.getMarket('1669969');
    expect(m.data.outcomes.map((o) => o.name)).toEqual(['Up', 'Down']);
    expect(log).toEqual(['/markets/1669969']);
  });

  it('refreshes a watchlist in one request with repeated ids, and asks once more for the closed ones', async () => {
    const c = await start();
    const want = ['540817', '516950', '2063134', '999999'];
    const r = await c.getMarkets([...want, 'KXBTCD-26JUL2502-T74299.99']);
    expect(ids(r.data)).toEqual(['540817', '516950', '2063134']);
    expect(log).toHaveLength(2);
    expect([query(0).getAll('id'), query(0).get('closed')]).toEqual([want, 'false']);
    expect([query(1).getAll('id'), query(1).get('closed')]).toEqual([['516950', '999999'], 'true']);
  });

  it('costs one request for open markets only', async () => {
    const c = await start();
    const r = await c.getMarkets(openIds);
    expect(ids(r.data)).toEqual(openIds);
    expect(log).toHaveLength(1);
  });

  it('lists events with their markets and reads one event', async () => {
    const c = await start();
    const list = await c.listEvents({ limit: 10 });
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((e) => e.markets.length > 0)).toBe(true);
    const e = await c.getEvent('16183');
    expect(e.data.markets.map((m) => m.id)).toEqual(['516950', '678876', '691547', '1642124']);
    expect(e.data.category).toBeDefined();
    expect(log[0]).toMatch(/^\/events\/keyset\?/);
    expect(log[1]).toBe('/events/16183');
    // a recorded GET /events/{id}: the Fed decision's five negRisk markets, in its order
    const fed = await c.getEvent('481717');
    const recorded = rec.eventById.get('481717')!.markets as { id: string }[];
    expect(fed.data.markets.map((m) => m.id)).toEqual(recorded.map((m) => m.id));
    expect(fed.data.markets).toHaveLength(5);
  });
});

describe('Gamma’s and Cloudflare’s failures, each the kind the screen names', () => {
  it('404 for an unknown market, in Gamma’s shape', async () => {
    const c = await start();
    const e = await rejection(c.getMarket('999999'));
    expect([e.kind, e.status, e.code, e.message]).toEqual(['not_found', 404, 'NOT_FOUND_ERROR', 'market not found']);
  });

  it('422 for an id Gamma cannot read, as invalid_request', async () => {
    const c = await start();
    const e = await rejection(c.getMarket('0xba3509c3'));
    expect([e.kind, e.status, e.code, e.message]).toEqual([
      'invalid_request',
      422,
      'VALIDATION_ERROR',
      'id is invalid',
    ]);
  });

  it.each([
    ['seconds', true],
    ['none', false],
  ] as const)('429 with Retry-After %s → rate limited', async (retryAfter, has) => {
    const c = await start({ profile: '429', afterMs: 0, retryAfter, hostileTitles: false });
    const e = await rejection(c.listMarkets({ limit: 5 }));
    expect(e.kind).toBe('rate_limited');
    expect(e.retryAfterMs !== undefined).toBe(has);
  });

  it.each([
    ['cf429', 'rate_limited', 'HTML_429'],
    ['cf403', 'forbidden', 'HTML_403'],
    ['500', 'server', undefined],
    ['html', 'server', undefined],
  ] as const)('%s → %s', async (profile, kind, code) => {
    const c = await start({ profile, afterMs: 0, hostileTitles: false });
    const e = await rejection(c.getMarket('1669969'));
    expect(e.kind).toBe(kind);
    if (code) expect(e.code).toBe(code);
  });
});
