/**
 * Extra jobs in the scheduler (extraJobs.ts): a pair's search or book asked for beside the screen's data goes out as
 * one job of its class in this venue's budget, its answer goes back to the asker; a failure for good is said once and
 * not retried; a 429 puts it back and it is sent again after the pause.
 */
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../api/errors.js';
import { apiError, limitOnce, market, runningRig } from '../../test/support/syncHarness.js';
import type { ExtraRequest } from './extraJobs.js';
import type { RequestInfo } from './types.js';

/** A Kalshi-like venue's sync, started and a second in, with an asker of extras that notes what it hears. */
async function setup() {
  const sent: RequestInfo[] = [];
  const r = await runningRig(1000, { mode: 'kalshi', platform: true, limit: 30, onRequest: (i) => sent.push(i) });
  const heard: string[] = [];
  const ask = (key: string, cls: ExtraRequest['cls'] = 'interactive'): ExtraRequest => ({
    key,
    cls,
    run: (c, o) => c.getMarket(key, o),
    answered: (data) => heard.push(`answered ${key} ${(data as { id: string }).id}`),
    failed: (e: ApiError) => heard.push(`failed ${key} ${e.kind}`),
    dropped: () => heard.push(`dropped ${key}`),
  });
  return { ...r, sent, heard, ask, extras: () => sent.filter((s) => s.kind === 'extra') };
}

describe('extra jobs', () => {
  it('go out in the budget with their class; the answer goes back to the asker', async () => {
    const r = await setup();
    r.client.handler = (c) => (c.method === 'getMarket' ? { data: market(String(c.args[0])), status: 200 } : undefined);
    r.sync.extra(r.ask('A'));
    r.sync.extra(r.ask('B', 'background'));
    await r.run(60_000);
    expect(r.heard).toEqual(['answered A A', 'answered B B']);
    expect(r.extras().map((s) => s.cls)).toEqual(['interactive', 'background']);
    await r.sync.stop();
  });

  it('a failure for good is said once, not retried; a 429 is sent again after the pause', async () => {
    const r = await setup();
    r.client.handler = (c) =>
      c.method === 'getMarket' && c.args[0] === 'GONE' ? apiError({ kind: 'not_found', status: 404 }) : undefined;
    limitOnce(r.client, 2000, (c) => c.method === 'getMarket' && c.args[0] === 'SLOW');
    r.sync.extra(r.ask('GONE'));
    await r.run(5000);
    expect(r.heard).toEqual(['failed GONE not_found']);
    r.sync.extra(r.ask('SLOW'));
    await r.run(30_000);
    expect(r.heard).toEqual(['failed GONE not_found', 'answered SLOW SLOW']);
    expect(r.client.calls.filter((c) => c.args[0] === 'SLOW')).toHaveLength(2);
    expect(r.client.calls.filter((c) => c.args[0] === 'GONE')).toHaveLength(1);
    await r.sync.stop();
  });
});

describe('more than 32 extras waiting on a venue', () => {
  // The Across view's `P` search asked while the venue was paused (a 429, an outage), then the confirmed pairs'
  // background refresh kept asking: beyond 32 waiting the oldest went, the person's search among them, and its
  // asker never heard of it: the view said "searching…" for good.
  it('a person-driven extra is never let go: the oldest background one goes, the search is answered', async () => {
    const r = await setup();
    const limit = limitOnce(r.client, 60_000, (c) => c.method === 'getMarket');
    r.sync.extra(r.ask('SEARCH'));
    await r.run(1000);
    expect(limit.used).toBe(true);
    for (let i = 0; i < 32; i++) r.sync.extra(r.ask(`B${i}`, 'background'));
    await r.run(5 * 60_000);
    expect(r.heard).toContain('answered SEARCH SEARCH');
    // 33 waiting: the oldest background one was let go, never sent
    const sentIds = r.client.calls.filter((c) => c.method === 'getMarket').map((c) => String(c.args[0]));
    expect(sentIds).not.toContain('B0');
    expect(sentIds).toContain('B1');
    // and its asker was told at once (a pair's refresh waited 5 min for it: pairRefresh.ts), no one else
    expect(r.heard.filter((h) => h.startsWith('dropped'))).toEqual(['dropped B0']);
    await r.sync.stop();
  });
});

describe('an extra replaced while it waits', () => {
  // A confirmed pair's book asked in the background, then `y` on another pair of the same leg: the second request of
  // that key replaced the first, whose asker heard nothing and held its pair's refresh for PAIR_ABANDON_MS (5 min).
  it('its asker is told it was dropped; the new one is sent and answered', async () => {
    const r = await setup();
    let limited = true;
    r.client.handler = (c) => {
      if (c.method !== 'getMarket') return undefined;
      if (limited) {
        limited = false;
        return apiError({ kind: 'rate_limited', status: 429, retryAfterMs: 30_000 });
      }
      return { data: market(String(c.args[0])), status: 200 };
    };
    r.sync.extra(r.ask('PAUSE'));
    await r.run(1000);
    const first = { ...r.ask('K'), cls: 'background' as const, dropped: () => r.heard.push('dropped first') };
    r.sync.extra(first);
    expect(r.heard).toEqual([]);
    r.sync.extra(r.ask('K'));
    expect(r.heard).toEqual(['dropped first']);
    await r.run(60_000);
    expect(r.heard).toEqual(['dropped first', 'answered PAUSE PAUSE', 'answered K K']);
    await r.sync.stop();
  });
});
