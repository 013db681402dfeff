/**
 * A 100-market Manifold watchlist on the sync harness: the watchlist's batch (`getMarkets`) is Manifold's own
 * (`readBatch`, src/sources/manifold/batch.ts) over a fake HTTP that records every request it would send, so what is
 * counted is HTTP requests, not jobs. Manifold reads each market whole once (`/market/{id}`) before `/market-probs`
 * can price it, and again every 10 minutes: a job used to send all those reads at once, in one budget slot.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CallOptions } from '../api/types.js';
import type { JsonHttp } from '../sources/http.js';
import { readBatch } from '../sources/manifold/batch.js';
import { manifoldCaps } from '../sources/manifold/caps.js';
import { FullCopies } from '../sources/manifold/copies.js';
import { normalizeMarket } from '../api/normalize.js';
import { market, maxInWindow, rig } from '../../test/support/syncHarness.js';

const RAW = JSON.parse(
  readFileSync(
    new URL('../../test/fixtures/real/manifold/v0-market-CL56c9sqQp-open-2026-10-09.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>;
const LIMIT = 60;
const WATCHED = Array.from({ length: 100 }, (_, i) => `w${String(i).padStart(3, '0')}`);

function manifoldRig() {
  const r = rig({ platform: true, caps: manifoldCaps, limit: LIMIT, mode: 'key' });
  const copies = new FullCopies();
  const now = () => r.clock.now();
  /** Every HTTP request the batch sends: when, and the route. */
  const sent: { at: number; route: string }[] = [];
  const http: JsonHttp = {
    baseUrl: 'http://127.0.0.1/v0',
    async get(path, query = []) {
      sent.push({ at: now(), route: path });
      return { status: 200, data: Object.fromEntries(query.map(([, id]) => [id, { prob: 0.42 }])) };
    },
    close: async () => {},
  };
  const one = async (id: string) => {
    sent.push({ at: now(), route: '/market/{id}' });
    const raw = { ...RAW, id };
    copies.seen(raw, now(), true);
    const m = normalizeMarket(raw, { now: now() });
    return m ? { data: m, status: 200 } : undefined;
  };
  r.client.handler = (c) => {
    if (c.method === 'listMarkets') return { data: [market('m1'), market('m2')], status: 200 };
    if (c.method !== 'getMarkets') return undefined;
    const opts: CallOptions = c.oneRequest ? { oneRequest: true } : {};
    return readBatch({ http, copies, now, one }, c.args[0] as string[], opts);
  };
  return { r, sent };
}

/** Requests of each whole minute from `from` to `to`. */
const perMinute = (ts: number[], from: number, to: number) =>
  Array.from(
    { length: (to - from) / 60_000 },
    (_, i) => ts.filter((t) => t >= from + i * 60_000 && t < from + (i + 1) * 60_000).length,
  );

describe('a 100-market Manifold watchlist in the budget', () => {
  it('never sends more requests in a minute than the limit: one HTTP request a batch job, reads spread', async () => {
    const { r, sent } = manifoldRig();
    r.sync.start();
    await r.run(100);
    for (const id of WATCHED) r.sync.toggleWatch(id);
    await r.run(25 * 60_000);
    // every HTTP request: the fake client's own calls but the batches, and each request a batch sent
    const other = r.client.calls.filter((c) => c.method !== 'getMarkets').map((c) => c.at);
    const all = [...other, ...sent.map((s) => s.at)].sort((a, b) => a - b);
    expect(maxInWindow(all)).toBeLessThanOrEqual(LIMIT);
    expect(Math.max(...perMinute(all, 0, 25 * 60_000))).toBeLessThanOrEqual(LIMIT);
    // each batch job was one request: as many requests as batch calls
    const batches = r.client.of('getMarkets');
    expect(batches.every((c) => c.oneRequest)).toBe(true);
    expect(sent).toHaveLength(batches.length);
    // every watched market was read and is held, none taken for gone
    const st = r.store.getState();
    expect(WATCHED.filter((id) => st.markets[id] === undefined)).toEqual([]);
    // the full copies are read again every 10 min, and the prices still come in batches of all
    const reads = sent.filter((s) => s.route === '/market/{id}');
    expect(reads.length).toBeGreaterThanOrEqual(2 * WATCHED.length);
    expect(sent.filter((s) => s.route === '/market-probs').length).toBeGreaterThan(0);
  }, 60_000);
});
