/**
 * `goTo` in the scheduler (goTo.ts): each lookup one interactive job in the budget, the next after a "not found", the
 * answer into the store (a market pinned and selected, an event loaded), a 429 put back, a refusal said once, a newer
 * `g` winning over an older one still on its way, another venue's link refused with nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { parseTarget } from '../links/parse.js';
import { apiError, event, market, rig, type Rig } from '../../test/support/syncHarness.js';
import type { RequestInfo } from './types.js';

function kalshiRig(): Rig & { sent: RequestInfo[] } {
  const sent: RequestInfo[] = [];
  const r = rig({ mode: 'kalshi', platform: true, limit: 30, onRequest: (i) => sent.push(i) });
  return { ...r, sent };
}
const lookups = (r: { sent: RequestInfo[] }) => r.sent.filter((s) => s.kind === 'lookup');

describe('goTo', () => {
  it('a three-part ticker: /markets first (404), then /events — interactive jobs, the event loaded', async () => {
    const r = kalshiRig();
    r.sync.start();
    await r.run(1000);
    r.client.handler = (c) =>
      c.method === 'getMarket' && c.args[0] === 'KXA-26-X'
        ? apiError({ kind: 'not_found', status: 404 })
        : c.method === 'getEvent'
          ? { data: event('KXA-26-X'), status: 200 }
          : undefined;
    expect(r.sync.goTo(parseTarget('KXA-26-X'))).toEqual({ ok: true, understood: 'Kalshi ticker KXA-26-X' });
    expect(r.store.getState().goTo).toMatchObject({ status: 'looking' });
    await r.run(5000);
    expect(lookups(r).map((s) => s.cls)).toEqual(['interactive', 'interactive']);
    expect(r.client.calls.filter((c) => c.args[0] === 'KXA-26-X').map((c) => c.method)).toEqual([
      'getMarket',
      'getEvent',
    ]);
    expect(r.store.getState().goTo).toMatchObject({ status: 'found', event: 'KXA-26-X' });
    expect(r.store.getState().events.byId['KXA-26-X']).toBeDefined();
    await r.sync.stop();
  });

  it('a market found is pinned first in the list and selected; a new query drops the pin', async () => {
    const r = kalshiRig();
    r.sync.start();
    await r.run(1000);
    r.client.handler = (c) =>
      c.method === 'getMarket' && c.args[0] === 'KXB-26-Y' ? { data: market('KXB-26-Y'), status: 200 } : undefined;
    r.sync.goTo(parseTarget('kalshi.com/markets/kxb-26-y'));
    await r.run(5000);
    const st = r.store.getState();
    expect(st.goTo).toMatchObject({ status: 'found', market: 'KXB-26-Y' });
    expect(st.list.pinned).toBe('KXB-26-Y');
    expect(st.selectedId).toBe('KXB-26-Y');
    // a list refresh keeps the selection on the pinned market
    r.sync.refreshNow();
    await r.run(5000);
    expect(r.store.getState().selectedId).toBe('KXB-26-Y');
    r.sync.search({ status: 'closed', offset: 0 });
    expect(r.store.getState().list.pinned).toBeUndefined();
    await r.sync.stop();
  });

  it('nothing found: status none with its message; a refusal: failed, said once, not retried', async () => {
    const r = kalshiRig();
    r.sync.start();
    await r.run(1000);
    r.client.handler = (c) =>
      c.method === 'getMarket' || c.method === 'getEvent' ? apiError({ kind: 'not_found', status: 404 }) : undefined;
    r.sync.goTo(parseTarget('KXNONE-1'));
    await r.run(5000);
    expect(r.store.getState().goTo).toMatchObject({
      status: 'none',
      message: 'Nothing found for Kalshi ticker KXNONE-1.',
    });
    const before = lookups(r).length;
    r.client.handler = (c) =>
      c.method === 'lookup'
        ? apiError({ kind: 'protocol', code: 'BAD_DATA', message: 'Kalshi /events: no events.' })
        : undefined;
    r.sync.goTo(parseTarget('https://kalshi.com/markets/kxseries'));
    await r.run(30_000);
    expect(lookups(r).length - before).toBe(1);
    expect(r.store.getState().goTo).toMatchObject({ status: 'failed', message: 'Kalshi /events: no events.' });
    await r.sync.stop();
  });

  it('a 429 puts the lookup back: sent again after the pause, then found', async () => {
    const r = kalshiRig();
    r.sync.start();
    await r.run(1000);
    let first = true;
    r.client.handler = (c) => {
      if (c.method !== 'getMarket' || c.args[0] !== 'KXC-1-Z') return undefined;
      if (first) {
        first = false;
        return apiError({ kind: 'rate_limited', status: 429, retryAfterMs: 2000 });
      }
      return { data: market('KXC-1-Z'), status: 200 };
    };
    r.sync.goTo(parseTarget('KXC-1-Z'));
    await r.run(60_000);
    expect(lookups(r).length).toBeGreaterThanOrEqual(2);
    expect(r.store.getState().goTo).toMatchObject({ status: 'found', market: 'KXC-1-Z' });
    await r.sync.stop();
  });

  it('a newer g wins: the older answer, arriving after it was asked, changes nothing', async () => {
    const r = kalshiRig();
    r.sync.start();
    await r.run(1000);
    let release: (() => void) | undefined;
    r.client.handler = (c) => {
      if (c.method === 'getMarket' && c.args[0] === 'KXOLD-1-A')
        return new Promise((res) => (release = () => res({ data: market('KXOLD-1-A'), status: 200 })));
      if (c.method === 'getMarket' && c.args[0] === 'KXNEW-1-B') return { data: market('KXNEW-1-B'), status: 200 };
      return undefined;
    };
    r.sync.goTo(parseTarget('KXOLD-1-A'));
    await r.run(100);
    expect(release).toBeDefined();
    // one request is on the wire at a time: the newer g's goes out once the older one is answered, which is ignored
    r.sync.goTo(parseTarget('KXNEW-1-B'));
    expect(r.store.getState().goTo).toMatchObject({ seq: 2, status: 'looking' });
    release!();
    await r.run(5000);
    expect(r.store.getState().goTo).toMatchObject({ status: 'found', market: 'KXNEW-1-B' });
    expect(r.store.getState().markets['KXOLD-1-A']).toBeUndefined();
    expect(r.store.getState().selectedId).toBe('KXNEW-1-B');
    await r.sync.stop();
  });

  it('a link of another venue, or not understood: refused at once, nothing queued', async () => {
    const r = kalshiRig();
    r.sync.start();
    await r.run(1000);
    const a = r.sync.goTo(parseTarget('https://polymarket.com/event/fed-decision-in-september-762'));
    expect(a).toEqual({
      ok: false,
      message:
        'Polymarket event fed-decision-in-september-762 is on Polymarket; ' +
        'this board shows Kalshi (start with --source polymarket).',
    });
    const b = r.sync.goTo(parseTarget('https://example.com/x'));
    expect(b.ok).toBe(false);
    await r.run(5000);
    expect(lookups(r)).toHaveLength(0);
    expect(r.store.getState().goTo).toBeUndefined();
    await r.sync.stop();
  });
});
