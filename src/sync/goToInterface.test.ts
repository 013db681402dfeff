/**
 * `g` on the interface's board (the demo included): the service's own ids — the detail pane shows them (`id mkt-…`) —
 * are asked of it (its market route, then its event route); a platform's address is still refused with its venue named.
 */
import { describe, expect, it } from 'vitest';
import { parseTarget } from '../links/parse.js';
import { apiError, market, rig } from '../../test/support/syncHarness.js';
import type { RequestInfo } from './types.js';

function interfaceRig() {
  const sent: RequestInfo[] = [];
  const r = rig({ mode: 'key', limit: 30, onRequest: (i) => sent.push(i) });
  return { ...r, lookups: () => sent.filter((s) => s.kind === 'lookup') };
}

describe('g on the interface board', () => {
  it("one of the service's market ids is looked up there, then pinned and selected", async () => {
    const r = interfaceRig();
    r.sync.start();
    await r.run(1000);
    r.client.handler = (c) =>
      c.method === 'getMarket' && c.args[0] === 'mkt-0auq2x' ? { data: market('mkt-0auq2x'), status: 200 } : undefined;
    expect(r.sync.goTo(parseTarget('mkt-0auq2x'))).toEqual({ ok: true, understood: 'id mkt-0auq2x' });
    await r.run(5000);
    expect(r.lookups().map((s) => s.cls)).toEqual(['interactive']);
    const st = r.store.getState();
    expect(st.goTo).toMatchObject({ status: 'found', market: 'mkt-0auq2x' });
    expect(st.list.pinned).toBe('mkt-0auq2x');
    expect(st.selectedId).toBe('mkt-0auq2x');
    await r.sync.stop();
  });

  it('an id unknown to the service: its market route, then its event route, then where a slug would be', async () => {
    const r = interfaceRig();
    r.sync.start();
    await r.run(1000);
    r.client.handler = (c) =>
      (c.method === 'getMarket' || c.method === 'getEvent') && c.args[0] === 'will-it-rain'
        ? apiError({ kind: 'not_found', status: 404 })
        : undefined;
    r.sync.goTo(parseTarget('will-it-rain'));
    await r.run(5000);
    expect(r.client.calls.filter((c) => c.args[0] === 'will-it-rain').map((c) => c.method)).toEqual([
      'getMarket',
      'getEvent',
    ]);
    expect(r.store.getState().goTo).toMatchObject({
      status: 'none',
      message:
        'Nothing found for id will-it-rain on this service; as a slug it may be on Polymarket or Manifold ' +
        '(start with --source polymarket).',
    });
    await r.sync.stop();
  });

  it("a platform's address is refused at once, naming its venue, nothing sent", async () => {
    const r = interfaceRig();
    r.sync.start();
    await r.run(1000);
    expect(r.sync.goTo(parseTarget('https://kalshi.com/markets/kxnewpope'))).toEqual({
      ok: false,
      message: 'Kalshi series KXNEWPOPE is on Kalshi: the interface has no links (start with --source kalshi).',
    });
    await r.run(5000);
    expect(r.lookups()).toHaveLength(0);
    await r.sync.stop();
  });
});
