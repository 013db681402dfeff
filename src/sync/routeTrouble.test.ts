/**
 * A list route that stays gone while another route answers (routeTrouble.ts): found with the interface's
 * /public/v1/markets answering 404 for 60 s while /markets/{id} answered — the header flapped between `● online` and
 * `◐ degraded · route not found ×1`, and the outage was never recorded. Now: degraded the whole time, the count grows,
 * the outage recorded when the list answers again.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../sources/caps.js';
import { apiError, rig } from '../../test/support/syncHarness.js';
import { RouteTrouble } from './routeTrouble.js';

const MIN = 60_000;

describe('the market list gone for 70 s while the details answer', () => {
  it('degraded all along, the count growing, the outage recorded when it is back', async () => {
    let gone = false;
    const r = rig({ limit: 30, mode: 'key' });
    r.client.handler = (c) =>
      gone && c.method === 'listMarkets' ? apiError({ kind: 'not_found', status: 404, code: 'HTTP_404' }) : undefined;
    r.sync.start();
    await r.run(10_000);
    expect(r.store.getState().connection.status).toBe('online');
    gone = true;
    const states: string[] = [];
    const counts: number[] = [];
    for (let t = 0; t < 70_000; t += 1_000) {
      await r.run(1_000);
      const c = r.store.getState().connection;
      if (r.client.of('listMarkets').some((x) => x.at > 10_000)) states.push(c.status);
      counts.push(c.consecutiveFailures);
    }
    // the details went on answering meanwhile
    expect(r.client.of('getMarket').filter((c) => c.at > 10_000).length).toBeGreaterThan(3);
    expect(new Set(states)).toEqual(new Set(['degraded']));
    expect(Math.max(...counts)).toBeGreaterThan(3);
    expect(counts).toEqual([...counts].sort((a, b) => a - b)); // never back to ×1 while it lasts
    gone = false;
    await r.run(MIN);
    const st = r.store.getState();
    expect(st.connection.status).toBe('online');
    expect(st.outages).toHaveLength(1);
    expect(st.outages[0]).toMatchObject({ status: 'degraded', cause: 'route not found' });
    expect(st.outages[0]!.to - st.outages[0]!.from).toBeGreaterThanOrEqual(MIN);
  });

  it('a list the shown view does not draw (the events, on Markets) failing does not hold it: online', async () => {
    const r = rig({ limit: 30, mode: 'key', caps: { ...PUBLIC_CAPS, events: true } });
    r.client.handler = (c) => (c.method === 'listEvents' ? apiError({ kind: 'server', status: 500 }) : undefined);
    r.sync.start();
    await r.run(2 * MIN);
    expect(r.client.of('listEvents').length).toBeGreaterThan(0);
    expect(r.store.getState().connection.status).toBe('online');
  });
});

describe('RouteTrouble', () => {
  it('holds while the shown view’s list route fails, until that route answers', () => {
    const t = new RouteTrouble();
    t.failed({ kind: 'list', cls: 'background', origin: 'background' });
    t.failed({ kind: 'detail', cls: 'background', marketId: 'm1', origin: 'background' });
    expect(t.holds('list')).toBe(true);
    expect(t.holds('events')).toBe(false);
    t.answered({ kind: 'detail', cls: 'background', marketId: 'm1', origin: 'background' });
    expect(t.holds('list')).toBe(true);
    t.answered({ kind: 'list', cls: 'background', origin: 'background' });
    expect(t.holds('list')).toBe(false);
  });
});
