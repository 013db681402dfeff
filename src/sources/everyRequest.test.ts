/**
 * Every HTTP request a client sends passes `CallOptions.beforeSend` first (src/sources/http.ts), so the sync claims a
 * slot for each (docs/rate-budget.md § One request a job): the requests a replay saw are exactly the `beforeSend`
 * calls, for the calls that send several — Kalshi's search (its events scan) and Manifold's history of an answer not
 * read yet (`/market/{id}` then `/bets`) — and those that send one.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallOptions } from '../api/types.js';
import { ManualClock } from '../util/clock.js';
import { createKalshiClient } from './kalshi/client.js';
import { kalshiSource } from './kalshi/index.js';
import { createManifoldClient } from './manifold/client.js';
import { manifoldSource } from './manifold/index.js';
import { createManifoldReplay } from './manifold/replay.js';
import { startSourceReplay, type RunningSourceReplay } from './replay.js';

const NOW = Date.parse('2026-10-09T11:06:00.054Z');
const open: RunningSourceReplay[] = [];
afterAll(() => Promise.all(open.map((s) => s.close())));

/** Options that count the `beforeSend` calls, and what the replay saw. */
function counting(log: string[]) {
  const seen = { before: 0, requestsAtEach: [] as number[] };
  const opts: CallOptions = {
    beforeSend: async () => {
      seen.requestsAtEach.push(log.length);
      seen.before++;
    },
  };
  return { seen, opts };
}

describe('every request a client sends is announced by beforeSend first', () => {
  it('Manifold: a multiple-choice history, market unread: two requests, each after a beforeSend', async () => {
    const log: string[] = [];
    const s = await startSourceReplay({
      def: manifoldSource,
      dir: createManifoldReplay('test/fixtures/real/manifold', { now: () => NOW }),
      clock: new ManualClock(NOW),
      onRequest: (e) => log.push(e.path),
    });
    open.push(s);
    const c = createManifoldClient({ baseUrl: `${s.url}/v0` }, { now: () => NOW });
    const { seen, opts } = counting(log);
    await c.getHistory!('TEW8dlA3pxk3GalxeQkI', 'Cthulu', '7d', opts);
    expect(log.map((p) => p.split('?')[0])).toEqual(['/v0/market/TEW8dlA3pxk3GalxeQkI', '/v0/bets']);
    // each request went out after its own beforeSend: none had been sent at the first, one at the second
    expect(seen.requestsAtEach).toEqual([0, 1]);
    log.length = 0;
    const one = counting(log);
    await c.listMarkets({ limit: 20 }, one.opts);
    expect(one.seen.before).toBe(log.length);
    expect(log).toHaveLength(1);
    await c.close();
  });

  it('Kalshi: a search scans /events pages, each page after a beforeSend of its own', async () => {
    const log: string[] = [];
    const s = await startSourceReplay({
      def: kalshiSource,
      dir: join('test/fixtures/real/kalshi'),
      onRequest: (e) => log.push(e.path),
    });
    open.push(s);
    const c = createKalshiClient({ baseUrl: s.url + kalshiSource.replayPrefix });
    const { seen, opts } = counting(log);
    await c.listMarkets({ q: 'pope', limit: 20 }, opts);
    expect(log.length).toBeGreaterThanOrEqual(1);
    expect(log.every((p) => p.includes('/events'))).toBe(true);
    expect(seen.before).toBe(log.length);
    expect(seen.requestsAtEach).toEqual(log.map((_, i) => i));
    await c.close();
  });
});
