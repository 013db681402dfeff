/**
 * Jobs that send several HTTP requests (docs/rate-budget.md § One request a job), on the sync harness over a fake HTTP
 * layer that awaits `beforeSend` before each request as src/sources/http.ts does, and records each request it sends:
 * what is counted is HTTP requests, not jobs. Kalshi's search scans up to 5 `/events` pages in one job (scan.ts); it
 * used to send them all in the job's one slot; Manifold's history of an answer not read yet sends `/market/{id}`
 * then `/bets` (client.ts `getHistory`: src/sources/everyRequest.test.ts shows it on the replay; here a handler sends
 * the same two requests).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CallOptions, MarketQuery } from '../api/types.js';
import type { JsonAnswer } from '../sources/http.js';
import { manifoldCaps } from '../sources/manifold/caps.js';
import type { Query } from '../sources/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { scanEvents } from '../sources/kalshi/scan.js';
import { market, maxInWindow, rig } from '../../test/support/syncHarness.js';

type Obj = Record<string, unknown>;
const NESTED = (
  JSON.parse(
    readFileSync(
      'test/fixtures/real/kalshi/trade-api-v2-events-with-nested-markets-category-shared-title-siblings.json',
      'utf8',
    ),
  ) as Obj
).events as Obj[];
const POPE = NESTED.find((e) => e.event_ticker === 'KXNEWPOPE-70')!;
const POPE_MARKETS = (POPE.markets as Obj[]).map((m) => m.ticker);
const LIMIT = 60;
const PAGES = 5;

/** A Kalshi rig whose searches run the real events scan over a fake `/events` of 5 pages, the Pope's on the last. */
function kalshiRig() {
  const r = rig({ platform: true, caps: KALSHI_CAPS, limit: LIMIT, mode: 'key' });
  const sent: { at: number; path: string }[] = [];
  const get = async (path: string, query: Query, opts?: CallOptions): Promise<JsonAnswer> => {
    await opts?.beforeSend?.();
    sent.push({ at: r.clock.now(), path });
    const page = Number(query.find(([k]) => k === 'cursor')?.[1] ?? 0);
    const last = page === PAGES - 1;
    return { status: 200, data: { events: last ? [POPE] : [], cursor: last ? '' : String(page + 1) } };
  };
  r.client.handler = (c) => {
    if (c.method !== 'listMarkets') return undefined;
    const q = (c.args[0] ?? {}) as MarketQuery;
    if (!q.q) return { data: [market('m1'), market('m2')], status: 200 };
    const scan = { term: q.q, offset: q.offset ?? 0, limit: q.limit ?? 50, now: r.clock.now() };
    return scanEvents(get, scan, c.opts);
  };
  return { r, sent };
}

describe('a Kalshi search scans its pages in the budget', () => {
  it('never more requests in any 60 s than the limit: each page past the first claims a slot of its own', async () => {
    const { r, sent } = kalshiRig();
    r.sync.start();
    await r.run(2_000);
    // a search every 2 s for 5 minutes: each one 5 /events requests
    const terms = ['pope', 'next pope', 'parolin'];
    for (let i = 0; i < 150; i++) {
      r.sync.search({ q: terms[i % terms.length]! });
      await r.run(2_000);
    }
    r.sync.search({ q: 'pope' });
    await r.run(60_000);
    const searches = r.client.of('listMarkets').filter((c) => (c.args[0] as MarketQuery | undefined)?.q);
    const other = r.client.calls.filter((c) => !searches.includes(c)).map((c) => c.at);
    const all = [...other, ...sent.map((s) => s.at)].sort((a, b) => a - b);
    expect(maxInWindow(all)).toBeLessThanOrEqual(LIMIT);
    // the scans did run whole: five pages a search that finished, several of them
    expect(sent.length).toBeGreaterThanOrEqual(5 * 20);
    // what the person sees is the same: the last search's answer lists the Pope's markets found on the last page
    expect(r.store.getState().list.query.q).toBe('pope');
    expect(r.store.getState().list.ids).toEqual(POPE_MARKETS);
    await r.sync.stop();
  }, 60_000);

  it('Manifold: a history that reads its market first claims a second slot for /bets', async () => {
    const r = rig({ platform: true, caps: manifoldCaps, limit: LIMIT, mode: 'key' });
    const sent: number[] = [];
    const get = async (opts?: CallOptions) => {
      await opts?.beforeSend?.();
      sent.push(r.clock.now());
    };
    const ids = Array.from({ length: 200 }, (_, i) => `mc${i}`);
    let histories = 0;
    r.client.handler = (c) => {
      if (c.method === 'listMarkets') return { data: ids.map((id) => market(id)), status: 200 };
      if (c.method !== 'getHistory') return undefined;
      return (async () => {
        await get(c.opts); // /market/{id}: its answers
        await get(c.opts); // /bets
        histories++;
        return { data: [{ t: r.clock.now(), p: 0.5 }], status: 200 };
      })();
    };
    r.sync.start();
    await r.run(2_000);
    // a new market selected every second for 3 minutes: its detail and its history each
    for (const id of ids.slice(0, 180)) {
      r.sync.select(id);
      await r.run(1_000);
    }
    await r.run(60_000);
    const other = r.client.calls.filter((c) => c.method !== 'getHistory').map((c) => c.at);
    expect(maxInWindow([...other, ...sent].sort((a, b) => a - b))).toBeLessThanOrEqual(LIMIT);
    expect(histories).toBeGreaterThanOrEqual(20);
    expect(sent.length).toBeGreaterThanOrEqual(2 * histories);
    await r.sync.stop();
  }, 60_000);
});
