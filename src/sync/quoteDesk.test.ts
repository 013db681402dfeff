import { describe, expect, it } from 'vitest';
import { rig } from '../../test/support/syncHarness.js';
import { manifoldCaps } from '../sources/manifold/caps.js';

async function started() {
  const r = rig({ limit: 10 });
  r.sync.start();
  await r.run(1_000);
  return r;
}
const form = (amount: string, outcome = 'Yes') => ({ outcome, amount, action: 'buy' as const });

describe('quote desk: one verdict, no duplicate quotes', () => {
  it(
    'typing, a pause (the automatic quote goes out and is answered), then ⏎: nothing is sent twice, ⏎ says ' +
      'current',
    async () => {
      const r = await started();
      r.sync.editQuote('m1', form('25'));
      await r.run(1_000);
      expect(r.client.of('getQuote')).toHaveLength(1);
      expect(r.store.getState().quotes.m1?.status).toBe('ok');
      expect(r.sync.submitQuote('m1')).toBe('current');
      await r.run(1_000);
      expect(r.client.of('getQuote')).toHaveLength(1);
    },
  );

  it('⏎ while the form waits for the typing pause sends it at once, once', async () => {
    const r = await started();
    r.sync.editQuote('m1', form('7'));
    expect(r.sync.submitQuote('m1')).toBe('sent');
    await r.run(0);
    const q = r.client.of('getQuote');
    expect(q).toHaveLength(1);
    expect(q[0]!.at).toBe(r.clock.now());
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(1);
  });

  it('⏎ while the same quote is on the wire sends nothing', async () => {
    const r = await started();
    let release: () => void = () => undefined;
    r.client.handler = (c) =>
      c.method === 'getQuote'
        ? new Promise((res) => (release = () => res({ data: { total: 1 }, status: 200 })))
        : undefined;
    r.sync.editQuote('m1', form('3'));
    await r.run(300);
    expect(r.client.of('getQuote')).toHaveLength(1);
    expect(r.sync.submitQuote('m1')).toBe('current');
    release();
    await r.run(100);
    expect(r.client.of('getQuote')).toHaveLength(1);
  });

  it('an answer older than quoteFreshMs is asked for again on ⏎', async () => {
    const r = await started();
    r.sync.editQuote('m1', form('25'));
    await r.run(6_000);
    expect(r.sync.submitQuote('m1')).toBe('sent');
    await r.run(0);
    expect(r.client.of('getQuote')).toHaveLength(2);
  });

  it('an invalid edit then back to the answered form shows that answer again without a request', async () => {
    const r = await started();
    r.sync.editQuote('m1', form('25'));
    await r.run(1_000);
    r.sync.editQuote('m1', form('25x'));
    expect(r.store.getState().quotes.m1).toMatchObject({ status: 'invalid', validation: 'Amount must be a number' });
    expect(r.sync.submitQuote('m1')).toBe('invalid');
    r.sync.editQuote('m1', form('25'));
    expect(r.store.getState().quotes.m1?.status).toBe('ok');
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(1);
  });

  it('opening the form picks the leading outcome and quotes a filled-in amount', async () => {
    const r = await started();
    r.sync.openQuote('m1');
    expect(r.store.getState().quotes.m1?.form.outcome).toBe('Yes');
    expect(r.client.of('getQuote')).toHaveLength(0);
    r.sync.editQuote('m1', { amount: '4' });
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(1);
    await r.run(10_000);
    r.sync.openQuote('m1'); // stale answer: quoted again, at once
    await r.run(0);
    expect(r.client.of('getQuote')).toHaveLength(2);
  });
});

describe("quote desk: a trade the venue would refuse for its size (Manifold's least bet)", () => {
  it('a buy under 1 mana says Manifold refuses it and sends nothing; 1 mana is quoted', async () => {
    const r = rig({ limit: 10, caps: manifoldCaps });
    r.sync.start();
    await r.run(1_000);
    expect(r.sync.editQuote('m1', form('0.5'))).toBe('invalid');
    expect(r.store.getState().quotes.m1).toMatchObject({
      status: 'invalid',
      validation: "Manifold's least bet is M$1.00: it refuses a smaller one.",
    });
    expect(r.sync.submitQuote('m1')).toBe('invalid');
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(0);
    r.sync.editQuote('m1', form('1'));
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(1);
  });

  it('a sale of 0.00000001 shares or fewer is refused as Manifold does; a sale under 1 share is quoted', async () => {
    const r = rig({ limit: 10, caps: manifoldCaps });
    r.sync.start();
    await r.run(1_000);
    r.sync.editQuote('m1', { ...form('0.00000001'), action: 'sell' });
    expect(r.store.getState().quotes.m1?.validation).toBe('Manifold refuses a sale of 0.00000001 shares or fewer.');
    r.sync.editQuote('m1', { amount: '0.5' });
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(1);
  });
});
