import { describe, expect, it } from 'vitest';
import { rig } from '../../test/support/syncHarness.js';

async function started(limit = 10) {
  const r = rig({ limit });
  r.sync.start();
  await r.run(1_000);
  return r;
}

describe('coalescing', () => {
  it(
    'j j j j: the selection follows every key at once, but only the last costs one detail request after a quiet ' +
      'time',
    async () => {
      const r = await started();
      const before = r.client.of('getMarket').length;
      for (const id of ['m2', 'm3', 'm4', 'm5']) {
        r.sync.select(id);
        expect(r.store.getState().selectedId).toBe(id);
        await r.run(100);
      }
      expect(r.client.of('getMarket').length).toBe(before);
      await r.run(300);
      const details = r.client.of('getMarket').slice(before);
      expect(details.map((c) => c.args[0])).toEqual(['m5']);
      expect(details[0]!.at).toBe(r.clock.now() - 100); // 300 ms after the last key
    },
  );

  it('a re-typed quote costs one request with the last form, sent at top priority', async () => {
    const r = await started();
    for (const amount of ['1', '10', '100']) {
      r.sync.editQuote('m1', { outcome: 'Yes', amount, action: 'buy' });
      expect(r.store.getState().quotes.m1?.status).toBe('waiting');
      await r.run(120);
    }
    await r.run(500);
    const quotes = r.client.of('getQuote');
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.args[1]).toEqual({ outcome: 'Yes', amount: 100, action: 'buy' });
    const q = r.store.getState().quotes.m1!;
    expect(q.status).toBe('ok');
    expect(q.answeredForm?.amount).toBe('100');
  });

  it('an invalid form shows an inline message and sends nothing (and cancels a pending quote)', async () => {
    const r = await started();
    r.sync.editQuote('m1', { outcome: 'Yes', amount: '5', action: 'buy' });
    r.sync.editQuote('m1', { outcome: 'Yes', amount: '5x', action: 'buy' });
    await r.run(2_000);
    expect(r.client.of('getQuote')).toHaveLength(0);
    expect(r.store.getState().quotes.m1).toMatchObject({ status: 'invalid', validation: 'Amount must be a number' });
    r.sync.editQuote('m1', { outcome: '', amount: '5', action: 'buy' });
    expect(r.store.getState().quotes.m1?.validation).toBe('Choose an outcome');
  });

  it('a burst of search edits costs one list request with the final query', async () => {
    const r = await started();
    const before = r.client.of('listMarkets').length;
    for (const q of ['e', 'el', 'ele', 'elec']) {
      r.sync.search({ q });
      await r.run(150);
    }
    await r.run(400);
    const lists = r.client.of('listMarkets').slice(before);
    expect(lists).toHaveLength(1);
    expect(lists[0]!.args[0]).toMatchObject({ q: 'elec', status: 'active', sort: 'volume', limit: 20 });
    expect(r.store.getState().list.query.q).toBe('elec');
  });

  it('a quote waits at most its quiet time even when background work has used the rest of the budget', async () => {
    const r = rig({ limit: 10 });
    r.sync.start();
    await r.run(10 * 60_000); // steady state: the background keeps 9 of 10 slots busy
    expect(r.store.getState().rate.usedInWindow).toBe(9);
    r.sync.editQuote('m1', { outcome: 'No', amount: '3', action: 'sell' });
    const t0 = r.clock.now();
    await r.run(250);
    expect(r.client.of('getQuote')).toHaveLength(1);
    expect(r.client.of('getQuote')[0]!.at - t0).toBe(250);
    // a selection right after waits for slots to free (the quote took the reserve), ahead of the background
    r.sync.select('m6');
    await r.run((2 * 61_000) / 9 + 300);
    expect(r.client.of('getMarket').some((c) => c.args[0] === 'm6')).toBe(true);
  });

  it('refreshNow queues the list and the selected detail when the budget allows, else says when', async () => {
    const r = await started(10);
    const n = r.client.calls.length;
    expect(r.sync.refreshNow()).toEqual({ ok: true });
    await r.run(0);
    // the selection ranks above the list
    expect(r.client.calls.slice(n).map((c) => c.method)).toEqual(['getMarket', 'listMarkets']);
    for (let i = 0; i < 4; i++) {
      r.sync.refreshNow();
      await r.run(0);
    }
    const res = r.sync.refreshNow();
    expect(res).toMatchObject({ ok: false, reason: 'budget' });
    if (!res.ok) expect(res.retryAt).toBe(61_000);
  });
});

describe('stop()', () => {
  it('clears every timer and aborts the request on the wire', async () => {
    const r = await started();
    const answered = r.client.calls.length;
    r.client.handler = () => new Promise(() => {});
    r.sync.select('m4');
    r.sync.editQuote('m4', { outcome: 'Yes', amount: '2', action: 'buy' });
    await r.run(400);
    const open = r.client.calls.slice(answered);
    expect(open.map((c) => c.method)).toEqual(['getQuote', 'getMarket']); // a hung quote does not hold the detail up
    expect(open.some((c) => c.signal?.aborted)).toBe(false);
    expect(r.sync.inFlight()).toBeGreaterThan(0);
    expect(r.clock.pending()).toBeGreaterThan(0);
    await r.sync.stop();
    expect(r.clock.pending()).toBe(0);
    expect(r.sync.inFlight()).toBe(0);
    expect(open.every((c) => c.signal?.aborted)).toBe(true);
    const n = r.client.calls.length;
    await r.run(10 * 60_000);
    expect(r.client.calls.length).toBe(n);
  });

  it('leaves nothing behind when stopped while idle, and writes nothing after', async () => {
    const r = await started();
    await r.sync.stop();
    expect(r.clock.pending()).toBe(0);
    const snapshot = r.store.getState();
    r.sync.select('m2');
    await r.run(60_000);
    expect(r.client.calls).toHaveLength(2);
    expect(r.store.getState().list).toBe(snapshot.list);
  });

  it('a quote held for a budget slot: the rate says when it may go (the form says so); none once it went', async () => {
    const r = rig({ limit: 10 });
    r.sync.start();
    await r.run(10 * 60_000); // the background keeps 9 of 10 slots busy; the first quote takes the last
    r.sync.editQuote('m1', { outcome: 'Yes', amount: '1', action: 'buy' });
    await r.run(400);
    expect(r.store.getState().quotes.m1?.status).toBe('ok');
    expect(r.store.getState().rate.nextQuoteAt).toBeUndefined();
    r.sync.editQuote('m1', { outcome: 'Yes', amount: '2', action: 'buy' });
    await r.run(400);
    const st = r.store.getState();
    expect(st.quotes.m1?.status).toBe('waiting');
    expect(st.rate.nextQuoteAt! - r.clock.now()).toBeGreaterThanOrEqual(2_000);
    await r.run(st.rate.nextQuoteAt! - r.clock.now() + 100);
    expect(r.store.getState().quotes.m1?.status).toBe('ok');
    expect(r.store.getState().rate.nextQuoteAt).toBeUndefined();
  });
});
