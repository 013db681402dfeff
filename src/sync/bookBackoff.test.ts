/**
 * The selected market's book is optional (bookBackoff.ts): a book route that keeps failing is asked again on the slow
 * decoration schedule, per market, never starving the other kinds nor changing the connection's state; a failed book
 * is unknown, never an empty one. Found against a Polymarket replay with `--chaos 500 --chaos-path /book`: 214 × /book
 * in 11 minutes, the detail fetched once, the events never, the header `degraded · HTTP 500 ×5`.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../sources/caps.js';
import type { SourceCaps } from '../sources/types.js';
import { apiError, rig } from '../../test/support/syncHarness.js';
import { BookBackoff } from './bookBackoff.js';

const CAPS: SourceCaps = { ...PUBLIC_CAPS, book: true, history: false, batch: 100, events: true };
const MIN = 60_000;

function bookRig(fail: () => ReturnType<typeof apiError> | undefined) {
  const r = rig({ limit: 60, platform: true, caps: CAPS, mode: 'kalshi' });
  r.client.handler = (c) => (c.method === 'getBook' ? fail() : undefined);
  return r;
}

describe('a book that keeps failing', () => {
  for (const [what, status, most] of [
    ['500', 500, 6], // 0, 30 s, 1 min 30, 3 min 30, 7 min 30 (each up to a quarter later)
    ['404', 404, 3], // 0, 30 s, 1 min 30, then every 20 min
  ] as const) {
    it(`answering ${what}: ≤ ${most} tries in 11 minutes, the other kinds at their cadence, online`, async () => {
      const r = bookRig(() => apiError({ kind: status === 404 ? 'not_found' : 'server', status }));
      r.sync.start();
      const states = new Set<string>();
      for (let t = 0; t < 11 * MIN; t += 1_000) {
        await r.run(1_000);
        states.add(r.store.getState().connection.status);
      }
      expect(r.client.of('getBook').length).toBeGreaterThanOrEqual(2);
      expect(r.client.of('getBook').length).toBeLessThanOrEqual(most);
      // the selected market's detail keeps its cadence (every few seconds at 60/min), the events are asked
      expect(r.client.of('getMarket').filter((c) => c.args[0] === 'm1').length).toBeGreaterThan(60);
      expect(r.client.of('listEvents').length).toBeGreaterThanOrEqual(1);
      expect(r.client.of('listMarkets').length).toBeGreaterThan(100);
      expect([...states].filter((s) => s !== 'connecting')).toEqual(['online']);
      const st = r.store.getState();
      expect(st.connection.consecutiveFailures).toBe(0);
      expect(st.books.m1).toBeUndefined();
      expect(st.bookErrors.m1).toMatchObject({ status });
    });
  }

  it('selecting the market again does not ask its failed book before the retry is due', async () => {
    const r = bookRig(() => apiError({ kind: 'server', status: 503 }));
    r.sync.start();
    await r.run(5_000);
    const n = r.client.of('getBook').length;
    for (let i = 0; i < 5; i++) {
      r.sync.select('m2');
      await r.run(1_000);
      r.sync.select('m1');
      await r.run(1_000);
    }
    expect(r.client.of('getBook').filter((c) => c.args[0] === 'm1')).toHaveLength(n);
  });

  it('once it answers again, the book is shown and its refreshes share the detail’s slots again', async () => {
    let failing = true;
    const r = bookRig(() => (failing ? apiError({ kind: 'server', status: 500 }) : undefined));
    r.client.handler = (c) =>
      c.method === 'getBook'
        ? failing
          ? apiError({ kind: 'server', status: 500 })
          : { data: { marketId: 'm1', outcome: 'Yes', bids: [], asks: [], raw: null }, status: 200 }
        : undefined;
    r.sync.start();
    await r.run(MIN);
    expect(r.store.getState().bookErrors.m1).toBeDefined();
    failing = false;
    await r.run(3 * MIN);
    const st = r.store.getState();
    expect(st.books.m1).toBeDefined();
    expect(st.bookErrors.m1).toBeUndefined();
    const before = r.client.of('getBook').length;
    await r.run(MIN);
    expect(r.client.of('getBook').length - before).toBeGreaterThan(5);
  });
});

describe('BookBackoff', () => {
  it('per market: 30 s, 1 min, … on failures; 20 min from the third 404; a book that arrives starts over', () => {
    const b = new BookBackoff(() => 0);
    expect(b.retryAt('m1')).toBe(Number.NEGATIVE_INFINITY);
    expect(b.failed('m1', 500, 0)).toBe(30_000);
    expect(b.failed('m1', 500, 30_000)).toBe(90_000);
    expect(b.retryAt('m2')).toBe(Number.NEGATIVE_INFINITY);
    b.failed('m2', 404, 0);
    b.failed('m2', 404, 0);
    expect(b.failed('m2', 404, 0)).toBe(20 * MIN);
    b.loaded('m1');
    expect(b.retryAt('m1')).toBe(Number.NEGATIVE_INFINITY);
    expect(b.failed('m1', 500, 100)).toBe(30_100);
  });
});
