/**
 * Every route answering 404 (the service's API moved: a new base path, a proxy or an edge in front of it answering
 * not found for everything; `serve --chaos 404` without `--chaos-path`). Found in tmux: the list read `◐ degraded ·
 * route not found`, but each selected market's detail 404 dropped that market as "no longer available (private, under
 * review or removed)", the selection moved to the next row, whose detail was asked at once and dropped in turn — 50
 * rows down to 1 in 80 s, at 29 of 30 requests a minute (a 404 about one market counted as a good answer: no pause),
 * and the watched markets' data went with them. While a list route itself answers 404, a market's 404 says the API is
 * missing, not the market: the rows stay (with their age), the tries pause like the list's, and everything is back
 * when the service is. Details answering 404 before the list's first 404 still drop their markets, but a run of them
 * (a second within a minute) asks the list first and leaves the next selection to the background: 2 of 40 at most.
 */
import { describe, expect, it } from 'vitest';
import { apiError, market, MARKETS, rig } from '../../test/support/syncHarness.js';

const NOT_FOUND = () => apiError({ kind: 'not_found', status: 404, code: 'NOT_FOUND' });

describe('every route answering 404 for 3 minutes', () => {
  it('keeps the rows and the watched market, pauses like an outage, and comes back by itself', async () => {
    const r = rig({ limit: 30, mode: 'key' });
    r.sync.start();
    await r.run(10_000);
    r.sync.select('m2');
    r.sync.toggleWatch('m4');
    await r.run(10_000);
    expect(r.store.getState().list.ids).toHaveLength(MARKETS.length);
    let gone = true;
    r.client.handler = () => (gone ? NOT_FOUND() : undefined);
    const from = r.clock.now();
    await r.run(3 * 60_000);
    const s = r.store.getState();
    expect(s.connection.status).toBe('degraded');
    expect(s.list.ids).toEqual(MARKETS.map((m) => m.id)); // the last good data stays
    expect(s.markets.m4).toBeDefined();
    expect(s.watch.byId.m4?.goneAt).toBeUndefined();
    expect(s.notices.filter((n) => /no longer available/.test(n.text))).toEqual([]);
    // the tries pause as in any outage: one every ≤ 10 s, not the whole budget
    const tries = r.client.calls.filter((c) => c.at >= from).length;
    expect(tries).toBeLessThanOrEqual(3 * 12);
    gone = false;
    await r.run(30_000);
    const after = r.store.getState();
    expect(after.connection.status).toBe('online');
    expect(after.selectedId).toBe('m2');
    expect(after.outages[0]).toMatchObject({ status: 'degraded', cause: 'route not found' });
    await r.sync.stop();
  });
});

describe('the details answer 404 before the list is asked again', () => {
  it('two markets dropped at most, not one per request until the list is asked', async () => {
    const many = Array.from({ length: 40 }, (_, i) => market(`x${i}`));
    const r = rig({ limit: 30, mode: 'key' });
    let gone = false;
    r.client.handler = (c) => {
      if (gone) return NOT_FOUND();
      if (c.method !== 'listMarkets') return undefined;
      gone = c.at > 10_000; // from just after this list's answer: the next list is a few slots away
      return { data: many, status: 200 };
    };
    r.sync.start();
    await r.run(1_000);
    r.sync.select('x0');
    await r.run(3 * 60_000);
    const s = r.store.getState();
    expect(s.connection.status).toBe('degraded');
    expect(s.list.ids.length).toBeGreaterThanOrEqual(38);
    await r.sync.stop();
  });
});
