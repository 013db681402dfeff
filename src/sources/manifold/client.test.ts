/**
 * The Manifold client against its replay over loopback, serving the staged real recordings
 * (test/fixtures/real/manifold/, SOURCES.md): what each screen asks, which requests it costs, and the ApiError
 * each fault becomes. Statuses are judged at the 2026 recording's time (`recordedAt`).
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../../api/types.js';
import type { Paged } from '../types.js';
import { rejection } from '../../../test/support/catch.js';
import { manifoldReplayClient, type ReplayStart } from '../../../test/support/manifoldReplay.js';

/** `recordedAt` of the 2026 recording. */
const NOW = Date.parse('2026-10-09T11:06:00.054Z');

const replayed = manifoldReplayClient();
const { log } = replayed;
const start = (chaos?: ReplayStart['chaos']) => replayed.start({ now: NOW, ...(chaos ? { chaos } : {}) });

describe('Manifold list', () => {
  it('pages the newest list by `before` cursors: page 2 after page 1, back to page 1 without one', async () => {
    const c = await start();
    const all = (await c.listMarkets({ limit: 150 })).data.map((m) => m.id);
    const p1 = await c.listMarkets({ limit: 40 });
    const p2 = await c.listMarkets({ limit: 40, offset: 40 });
    const back = await c.listMarkets({ limit: 40, offset: 0 });
    expect(all.length).toBeGreaterThanOrEqual(120);
    expect(p1.data.map((m) => m.id)).toEqual(all.slice(0, 40));
    expect(p2.data.map((m) => m.id)).toEqual(all.slice(40, 80));
    expect(back.data.map((m) => m.id)).toEqual(all.slice(0, 40));
    expect(log.slice(1)).toEqual([
      '/v0/markets?limit=40',
      `/v0/markets?limit=40&before=${all[39]}`,
      '/v0/markets?limit=40',
    ]);
  });

  it('reaches an offset of unknown cursor by one walk request, never by answering another page', async () => {
    const c = await start();
    const p3 = await c.listMarkets({ limit: 40, offset: 80 });
    const all = (await c.listMarkets({ limit: 150 })).data.map((m) => m.id);
    expect(p3.data.map((m) => m.id)).toEqual(all.slice(80, 120));
    expect(log.slice(0, 2)).toEqual(['/v0/markets?limit=80', `/v0/markets?limit=40&before=${all[79]}`]);
  });

  it('says there is no next page at the end of the list', async () => {
    const c = await start();
    const all = (await c.listMarkets({ limit: 1000 })).data;
    const last = await c.listMarkets({ limit: 40, offset: all.length - 10 });
    expect(last.data).toHaveLength(10);
    expect((last as Paged<Market[]>).more).toBe(false);
  });

  it('searches through /search-markets: every row has the words', async () => {
    const c = await start();
    const r = await c.listMarkets({ q: 'Nobel Prize', limit: 20 });
    expect(r.data.map((m) => m.id)).toContain('nRSlhy5c2L');
    for (const m of r.data) expect(m.title.toLowerCase()).toMatch(/nobel.*prize|prize.*nobel/);
    expect(log[0]).toBe('/v0/search-markets?term=Nobel+Prize&filter=all&limit=20&offset=0');
  });

  it('filters by status with Manifold’s words (active → open, resolved → resolved)', async () => {
    const c = await start();
    const open = await c.listMarkets({ status: 'active', sort: 'volume', limit: 50 });
    const resolved = await c.listMarkets({ status: 'resolved', limit: 50 });
    expect(open.data.length).toBeGreaterThan(0);
    expect(open.data.every((m) => m.status === 'active')).toBe(true);
    // 24-hour volume, largest first
    const vols = open.data.map((m) => (m.raw as { volume24Hours: number }).volume24Hours);
    expect(vols).toEqual([...vols].sort((a, b) => b - a));
    expect(resolved.data.length).toBeGreaterThanOrEqual(20);
    expect(resolved.data.every((m) => m.status === 'resolved')).toBe(true);
    expect(log).toEqual([
      '/v0/search-markets?term=&filter=open&sort=24-hour-vol&limit=50&offset=0',
      '/v0/search-markets?term=&filter=resolved&limit=50&offset=0',
    ]);
  });

  it('cycles topics and filters by one (topicSlug)', async () => {
    const c = await start();
    const topics = (await c.listCategories()).data;
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.map((t) => t.id)).toContain('politics-default');
    const r = await c.listMarkets({ category: 'politics-default', limit: 20 });
    expect(r.data.map((m) => m.id).sort()).toEqual(['nRSlhy5c2L', 'uISNlAqC2E']);
    await c.listCategories();
    expect(log.filter((p) => p.startsWith('/v0/groups'))).toHaveLength(1);
  });

  it('lists Closing soon: open markets, closing first', async () => {
    const c = await start();
    const r = await c.listClosing();
    const closes = r.data.map((m) => m.closesAt ?? 0);
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.every((m) => m.status === 'active')).toBe(true);
    expect(closes).toEqual([...closes].sort((a, b) => a - b));
  });
});

describe('Manifold detail and watchlist', () => {
  it('reads a detail (a CANCEL, a multiple-choice market’s answers by their text)', async () => {
    const c = await start();
    const cancel = (await c.getMarket('5SEnEAddg5')).data;
    expect(cancel.status).toBe('resolved');
    expect(cancel.resolvedOutcome).toMatch(/N\/A/);
    const mc = (await c.getMarket('TEW8dlA3pxk3GalxeQkI')).data;
    // each answer's `text`, never its author's `name` ("Olivia")
    expect(mc.outcomes.map((o) => o.name)).toEqual(['Harry Potter', 'Cthulu', 'Ririsu/Ririto Ibusuki']);
  });

  it('refreshes a watchlist in one /market-probs request once it holds each market’s copy', async () => {
    const c = await start();
    const ids = ['CL56c9sqQp', 'EU2P5AdyuE', 'uISNlAqC2E', 'unknown0000'];
    const first = await c.getMarkets(ids);
    expect(first.data.map((m) => m.id)).toEqual(ids.slice(0, 3));
    log.length = 0;
    const again = await c.getMarkets(ids.slice(0, 3));
    expect(log).toEqual(['/v0/market-probs?ids=CL56c9sqQp&ids=EU2P5AdyuE&ids=uISNlAqC2E']);
    expect(again.data.map((m) => m.outcomes[0]?.price)).toEqual(first.data.map((m) => m.outcomes[0]?.price));
  });

  it('with oneRequest (the dashboard): one copy read a call, the rest deferred, then all priced at once', async () => {
    const c = await start();
    const ids = ['CL56c9sqQp', 'EU2P5AdyuE', 'uISNlAqC2E', 'unknown0000'];
    const calls: { got: string[]; deferred: string[] | undefined; sent: number }[] = [];
    // the fifth without the unknown one, as the sync leaves out a market a batch left out (gone for now)
    for (const asked of [ids, ids, ids, ids, ids.slice(0, 3)]) {
      log.length = 0;
      const r = await c.getMarkets(asked, { oneRequest: true });
      calls.push({ got: r.data.map((m) => m.id), deferred: r.deferred, sent: log.length });
    }
    expect(calls.map((x) => x.sent)).toEqual([1, 1, 1, 1, 1]);
    expect(calls.map((x) => x.got)).toEqual([['CL56c9sqQp'], ['EU2P5AdyuE'], ['uISNlAqC2E'], [], ids.slice(0, 3)]);
    expect(calls[0]?.deferred).toEqual(ids.slice(1));
    // the unknown one was asked (a 404: left out of the answer, not deferred)
    expect(calls[3]?.deferred).toEqual(ids.slice(0, 3));
    expect(calls[4]?.deferred).toBeUndefined();
    expect(log).toEqual(['/v0/market-probs?ids=CL56c9sqQp&ids=EU2P5AdyuE&ids=uISNlAqC2E']);
  });

  it('a market Manifold does not know is a 404 in its shape → not_found', async () => {
    const c = await start();
    const e = await rejection(c.getMarket('no-such-market'));
    expect([e.kind, e.status, e.message]).toEqual(['not_found', 404, 'Contract not found']);
  });

  it('a parameter Manifold refuses is its 400 → invalid_request with the field', async () => {
    const c = await start();
    const e = await rejection(c.listMarkets({ category: 'not a slug!' }));
    expect([e.kind, e.status]).toEqual(['invalid_request', 400]);
    expect(e.message).toBe('Error validating request. topicSlug: Invalid input');
  });

  it('has no events, said in a word (quotes: trader.client.test.ts)', async () => {
    const c = await start();
    expect((await rejection(c.listEvents())).code).toBe('NOT_SUPPORTED');
    expect((await rejection(c.getEvent('x'))).code).toBe('NOT_SUPPORTED');
    expect(log).toEqual([]);
  });
});

describe('Manifold faults', () => {
  it('429 with Retry-After → rate_limited with the wait', async () => {
    const c = await start({ profile: '429', afterMs: 0, retryAfter: 'seconds' });
    const e = await rejection(c.listMarkets());
    expect([e.kind, e.status, e.retryAfterMs]).toEqual(['rate_limited', 429, 20_000]);
  });

  it('429 without Retry-After → rate_limited, no wait given', async () => {
    const c = await start({ profile: '429', afterMs: 0, retryAfter: 'none' });
    const e = await rejection(c.getMarket('CL56c9sqQp'));
    expect([e.kind, e.retryAfterMs]).toEqual(['rate_limited', undefined]);
  });

  it('HTML 429 and 403 pages (Cloudflare) → rate_limited and forbidden', async () => {
    let c = await start({ profile: 'cf429', afterMs: 0 });
    expect((await rejection(c.listMarkets())).kind).toBe('rate_limited');
    await replayed.stop();
    c = await start({ profile: 'cf403', afterMs: 0 });
    const e = await rejection(c.listMarkets());
    expect([e.kind, e.code]).toEqual(['forbidden', 'HTML_403']);
  });

  it('a 5xx in Manifold’s shape and an HTML 502 → server', async () => {
    let c = await start({ profile: '500', afterMs: 0 });
    const e = await rejection(c.listMarkets());
    expect([e.kind, e.status, e.message]).toEqual(['server', 500, 'Internal error (chaos).']);
    await replayed.stop();
    c = await start({ profile: 'html', afterMs: 0 });
    expect((await rejection(c.listMarkets())).kind).toBe('server');
  });

  it('sends only documented routes and parameters', async () => {
    const c = await start();
    await c.listMarkets({ limit: 40 });
    await c.listMarkets({ limit: 40, offset: 40 });
    await c.listMarkets({ q: 'ai', status: 'closed', sort: 'closing', category: 'ai', limit: 10, offset: 10 });
    await c.listMarkets({ status: 'all', sort: 'liquidity' });
    await c.listMarkets({ status: 'active', sort: 'newest' });
    await c.listCategories();
    await c.listClosing();
    await c.getMarkets(['CL56c9sqQp', 'EU2P5AdyuE']);
    await c.getMarkets(['CL56c9sqQp', 'EU2P5AdyuE']);
    await c.getMarket('ZQ68UAANNS');
    const routes = new Set(log.map((p) => new URL(p, 'http://x').pathname.replace(/\/market\/.+$/, '/market/{id}')));
    expect([...routes].sort()).toEqual([
      '/v0/groups',
      '/v0/market-probs',
      '/v0/market/{id}',
      '/v0/markets',
      '/v0/search-markets',
    ]);
    replayed.documented();
  });
});
