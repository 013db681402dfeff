import { describe, expect, it } from 'vitest';
import { boot, P } from '../../test/support/serverHarness.js';
import type { WireQuote } from '../api/wire.js';
import type { SimMarket } from './index.js';

const qs = (outcome: string, amount: string, action: string): string =>
  `outcome=${encodeURIComponent(outcome)}&amount=${encodeURIComponent(amount)}&action=${encodeURIComponent(action)}`;

describe('GET /markets/{id}/quote', () => {
  it(
    'prices a buy on an active market with a real rule: ' + 'priceAfter ≠ priceBefore, fee and total consistent',
    async () => {
      const { get, server } = await boot();
      const sim = server.sim;
      const m = sim.find((x) => sim.isVisible(x) && x.status === 'active' && x.outcomes.length === 2)!;
      const r = await get<WireQuote>(`${P}/markets/${m.id}/quote?${qs('yes', '100', 'buy')}`);
      expect(r.status).toBe(200);
      const q = r.body.data;
      expect(q).toMatchObject({ marketId: m.id, outcome: 'Yes', action: 'buy', amount: 100 });
      expect(q.priceBefore).toBeCloseTo(sim.prices(m)[0]!, 5);
      expect(q.priceAfter).toBeGreaterThan(q.priceBefore);
      expect(q.priceImpact).toBeCloseTo(q.priceAfter - q.priceBefore, 6);
      expect(q.shares).toBeGreaterThan(0);
      expect(q.averagePrice).toBeCloseTo(100 / q.shares, 5);
      expect(q.fee).toBe(1);
      expect(q.total).toBe(101);
      for (const v of Object.values(q)) expect(v === null || (typeof v === 'number' && Number.isNaN(v))).toBe(false);
    },
  );

  it('grows the impact with the amount, and buy and sell differ', async () => {
    const { get, server } = await boot();
    const sim = server.sim;
    const m = sim.find((x) => sim.isVisible(x) && x.status === 'active' && x.outcomes.length >= 3)!;
    const o = m.outcomes[0]!.name;
    const small = (await get<WireQuote>(`${P}/markets/${m.id}/quote?${qs(o, '10', 'buy')}`)).body.data;
    const large = (await get<WireQuote>(`${P}/markets/${m.id}/quote?${qs(o, '1000', 'buy')}`)).body.data;
    const sell = (await get<WireQuote>(`${P}/markets/${m.id}/quote?${qs(o.toUpperCase(), '10', 'SELL')}`)).body.data;
    expect(large.priceImpact).toBeGreaterThan(small.priceImpact);
    expect(sell.priceImpact).toBeLessThan(0);
    expect(sell.shares).not.toBe(small.shares);
    expect(sell.total).toBeCloseTo(9.9, 9);
    for (const q of [small, large, sell]) {
      expect(q.priceAfter).toBeGreaterThan(0);
      expect(q.priceAfter).toBeLessThan(1);
    }
  });

  it('does not change market state', async () => {
    const { get, server } = await boot();
    const sim = server.sim;
    const m = sim.find((x) => sim.isVisible(x) && x.status === 'active')!;
    const before = JSON.stringify(sim.toWire(m));
    for (let i = 0; i < 5; i++)
      expect((await get(`${P}/markets/${m.id}/quote?${qs(m.outcomes[0]!.id, '5000', 'buy')}`)).status).toBe(200);
    expect(JSON.stringify(sim.toWire(m))).toBe(before);
  });

  it('answers 409 closed, 423 settling, 410 resolved', async () => {
    const { get, server } = await boot();
    const sim = server.sim;
    const pick = (status: SimMarket['status']): SimMarket => sim.find((x) => sim.isVisible(x) && x.status === status)!;
    const expected: [SimMarket['status'], number, string][] = [
      ['closed', 409, 'MARKET_CLOSED'],
      ['settling', 423, 'MARKET_SETTLING'],
      ['resolved', 410, 'MARKET_RESOLVED'],
    ];
    for (const [status, code, name] of expected) {
      const m = pick(status);
      const r = await get(`${P}/markets/${m.id}/quote?${qs(m.outcomes[0]!.name, '10', 'buy')}`);
      expect(r.status, status).toBe(code);
      expect(r.body).toEqual({ success: false, error: { code: name, message: expect.any(String) } });
    }
  });

  it('answers 404 for unknown and hidden markets', async () => {
    const { get, server } = await boot();
    const hidden = server.sim.find((x) => x.visibility === 'private' && x.status === 'active')!;
    expect((await get(`${P}/markets/${hidden.id}/quote?${qs('yes', '1', 'buy')}`)).status).toBe(404);
    expect((await get(`${P}/markets/mkt-zzzzzz/quote?${qs('yes', '1', 'buy')}`)).status).toBe(404);
  });

  it('rejects a bad outcome, amount or action with 400 naming it', async () => {
    const { get, server } = await boot();
    const sim = server.sim;
    const m = sim.find((x) => sim.isVisible(x) && x.status === 'active' && x.outcomes.length === 2)!;
    const cases: [string, string][] = [
      [qs('Maybe', '10', 'buy'), 'outcome'],
      [`amount=10&action=buy`, 'outcome'],
      [qs('Yes', '0', 'buy'), 'amount'],
      [qs('Yes', '-5', 'buy'), 'amount'],
      [qs('Yes', 'abc', 'buy'), 'amount'],
      [qs('Yes', 'Infinity', 'buy'), 'amount'],
      [qs('Yes', 'NaN', 'buy'), 'amount'],
      [qs('Yes', '1e3', 'buy'), 'amount'],
      [qs('Yes', '2000000000', 'buy'), 'amount'],
      [qs('Yes', '', 'buy'), 'amount'],
      [`outcome=Yes&action=buy`, 'amount'],
      [qs('Yes', '10', 'hold'), 'action'],
      [`outcome=Yes&amount=10`, 'action'],
      [qs('Yes', '1000000000', 'sell'), 'amount'],
    ];
    for (const [query, param] of cases) {
      const r = await get(`${P}/markets/${m.id}/quote?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error.code).toBe('INVALID_PARAMETER');
      expect(r.body.error.param, query).toBe(param);
      expect(r.body.error.message).toContain(`"${param}"`);
    }
    expect((await get(`${P}/markets/${m.id}/quote?${qs('yes', '.5', 'buy')}`)).status).toBe(200);
    expect((await get(`${P}/markets/${m.id}/quote?${qs('NO', '1000000000', 'buy')}`)).status).toBe(200);
  });
});
