import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FEE_RATE, buyShares, lmsrCost, lmsrPrices, maxSellProceeds, quoteLmsr, sellShares } from './pricing.js';

/** A market: b and outcome quantities expressed as logits in a sane range. */
const market = fc
  .record({
    b: fc.double({ min: 100, max: 100_000, noNaN: true }),
    logits: fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 2, maxLength: 6 }),
  })
  .map(({ b, logits }) => ({ b, q: logits.map((z) => z * b) }));

const amount = fc.double({ min: 0.01, max: 1e6, noNaN: true });

describe('LMSR pricing', () => {
  it('prices lie in (0,1) and sum to 1', () => {
    fc.assert(
      fc.property(market, ({ b, q }) => {
        const p = lmsrPrices(q, b);
        for (const x of p) expect(x > 0 && x < 1).toBe(true);
        expect(p.reduce((a, x) => a + x, 0)).toBeCloseTo(1, 9);
      }),
    );
  });

  it('a buy costs exactly the amount under the cost function, and its price impact grows with the amount', () => {
    fc.assert(
      fc.property(market, amount, amount, fc.nat(), ({ b, q }, a1, a2, k) => {
        const i = k % q.length;
        const s = buyShares(q, b, i, a1);
        const after = q.slice();
        after[i] = (after[i] ?? 0) + s;
        expect(lmsrCost(after, b) - lmsrCost(q, b)).toBeCloseTo(a1, 4);
        const [lo, hi] = a1 < a2 ? [a1, a2] : [a2, a1];
        const qLo = quoteLmsr(q, b, i, 'buy', lo);
        const qHi = quoteLmsr(q, b, i, 'buy', hi);
        if (!qLo.ok || !qHi.ok) throw new Error('buy must always be quotable');
        expect(qLo.quote.priceImpact).toBeGreaterThan(0);
        expect(qHi.quote.priceImpact).toBeGreaterThanOrEqual(qLo.quote.priceImpact);
        expect(qHi.quote.priceAfter).toBeLessThanOrEqual(1);
        // the average price sits between the price before and after
        expect(qLo.quote.averagePrice).toBeGreaterThan(qLo.quote.priceBefore);
        expect(qLo.quote.averagePrice).toBeLessThan(qLo.quote.priceAfter + 1e-12);
      }),
    );
  });

  it('a sell returns exactly the amount, lowers the price, and its impact grows with the amount', () => {
    fc.assert(
      fc.property(
        market,
        fc.double({ min: 0.001, max: 0.99, noNaN: true }),
        fc.double({ min: 0.001, max: 0.99, noNaN: true }),
        fc.nat(),
        ({ b, q }, f1, f2, k) => {
          const i = k % q.length;
          const max = maxSellProceeds(q, b, i);
          const [lo, hi] = (f1 < f2 ? [f1, f2] : [f2, f1]).map((f) => f * max) as [number, number];
          const s = sellShares(q, b, i, lo);
          expect(s).toBeGreaterThan(0);
          const after = q.slice();
          after[i] = (after[i] ?? 0) - (s ?? 0);
          expect(lmsrCost(q, b) - lmsrCost(after, b)).toBeCloseTo(lo, 4);
          const qLo = quoteLmsr(q, b, i, 'sell', lo);
          const qHi = quoteLmsr(q, b, i, 'sell', hi);
          if (!qLo.ok || !qHi.ok) throw new Error('sell below the maximum must be quotable');
          expect(qLo.quote.priceImpact).toBeLessThan(0);
          expect(qHi.quote.priceImpact).toBeLessThanOrEqual(qLo.quote.priceImpact);
          expect(qHi.quote.priceAfter).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('buy and sell of the same amount differ (shares, direction, total)', () => {
    fc.assert(
      fc.property(market, fc.nat(), fc.double({ min: 0.01, max: 0.9, noNaN: true }), ({ b, q }, k, f) => {
        const i = k % q.length;
        const a = f * maxSellProceeds(q, b, i);
        const buy = quoteLmsr(q, b, i, 'buy', a);
        const sell = quoteLmsr(q, b, i, 'sell', a);
        if (!buy.ok || !sell.ok) throw new Error('both sides must be quotable');
        expect(buy.quote.priceAfter).toBeGreaterThan(sell.quote.priceAfter);
        expect(sell.quote.shares).toBeGreaterThan(buy.quote.shares);
        expect(buy.quote.total).toBeCloseTo(a * (1 + FEE_RATE), 9);
        expect(sell.quote.total).toBeCloseTo(a * (1 - FEE_RATE), 9);
        expect(buy.quote.fee).toBeCloseTo(a * FEE_RATE, 12);
      }),
    );
  });

  it('refuses a sale larger than the most it can return, and never changes q', () => {
    const q = [1000, 0];
    const snapshot = q.slice();
    const max = maxSellProceeds(q, 1000, 0);
    expect(quoteLmsr(q, 1000, 0, 'sell', max * 1.01)).toEqual({ ok: false, maxAmount: max });
    quoteLmsr(q, 1000, 0, 'buy', 500);
    expect(q).toEqual(snapshot);
  });

  it('stays finite and ordered for huge buys and extreme prices', () => {
    const q = [30_000, 0, 0];
    const r = quoteLmsr(q, 1000, 1, 'buy', 1e9);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    for (const v of Object.values(r.quote)) expect(Number.isFinite(v)).toBe(true);
    expect(r.quote.priceBefore).toBeGreaterThan(0);
    expect(r.quote.priceAfter).toBeGreaterThan(r.quote.priceBefore);
    expect(r.quote.averagePrice).toBeLessThanOrEqual(1);
  });
});
