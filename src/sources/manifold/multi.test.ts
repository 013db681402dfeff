/**
 * A buy of one answer of a sums-to-one market with Manifold's arbitrage, on the RECORDED contract tQudZcEtlp
 * (test/fixtures/real/manifold/trader/pools/, SOURCES.md: six answers, each pool YES 500 / NO 100, P = 1/6), the
 * arithmetic written out; then properties for random pools that sum to one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMarket } from '../../api/normalize.js';
import { arbitrageBuy, previewArbitrageBuy, previewTrade } from './multi.js';
import { amountForShares, previewFromPool, probability } from './pool.js';
import { poolStateOf } from './trader.js';
import { pools, row, sumsToOne } from '../../../test/support/manifoldMulti.js';

const base = { marketId: 'tQudZcEtlp', outcome: 'a', raw: null };

describe('tQudZcEtlp: buy 10 of answer “a”, the five others arbitraged', () => {
  it('x NO shares in a 500/100 pool cost b = (x − 600 + √(4·500·x + (600 − x)²)) / 2', () => {
    // x = 10: (10 − 600 + √(20000 + 348100)) / 2 = (−590 + 606.7124) / 2 = 8.3562
    expect(amountForShares(pools[1]!, 10, 'NO')).toBeCloseTo((-590 + Math.sqrt(368100)) / 2, 12);
  });

  it('x = 10.1235: b = 8.4597 each; a keeps 10 − (5·8.4597 − 4·10.1235) = 8.1955 for YES', () => {
    // → 46.0688 YES bought + 10.1235 redeemed = 56.1923 shares
    // others: pool YES 500 + 8.4597, NO 100 + 8.4597 − 10.1235 → P = 98.3362 / (98.3362 + 508.4597) = 0.162058
    // a: 8.1955 buys 500 + 8.1955 − 50000 / 108.1955 = 46.0688 YES; pool YES 462.1267, NO 108.1955 → P = 0.189709
    // the sum: 0.189709 + 5 × 0.162058 = 1.000000
    const leg = arbitrageBuy(pools, 0, 10);
    expect(leg.shares).toBeCloseTo(56.19234347, 6);
    expect(leg.after).toBeCloseTo(0.1897093937, 8);
    for (const p of leg.others) expect(p).toBeCloseTo(0.1620581213, 8);
    expect(leg.after + leg.others.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 9);
  });

  it('the preview: more shares and less impact than the answer’s own pool alone (55.4545 shares, P 0.194847)', () => {
    const q = previewArbitrageBuy(pools, 0, 10, base);
    expect(q).toMatchObject({ action: 'buy', amount: 10, total: 10, fee: 0, basis: 'pool' });
    expect(q.averagePrice).toBeCloseTo(10 / 56.19234347, 8);
    expect(q.priceBefore).toBeCloseTo(1 / 6, 12);
    expect(q.priceAfter).toBeCloseTo(0.1897093937, 8);
    const alone = previewFromPool(
      { ...base, pool: pools[0]!, p: 0.5, side: 'YES', mechanism: 'cpmm-multi-1' },
      'buy',
      10,
    );
    expect(alone.shares).toBeCloseTo(510 - 50000 / 110, 9);
    expect(q.shares!).toBeGreaterThan(alone.shares!);
  });

  it('from the market: a sums-to-one answer’s buy goes through the arbitrage, its sale too (multiSale.test.ts)', () => {
    const m = normalizeMarket(row, { now: Date.parse('2025-08-21T00:00:00Z') })!;
    const s = poolStateOf(row, m, 'a');
    expect(s.siblings?.pools).toHaveLength(6);
    expect(previewTrade(s, 'buy', 10).shares).toBeCloseTo(56.19234347, 6);
    expect(previewTrade(s, 'sell', 20).total).toBeCloseTo(3.25731229216818, 9);
    const independent = poolStateOf({ ...row, shouldAnswersSumToOne: false }, m, 'a');
    expect(independent.siblings).toBeUndefined();
    expect(previewTrade(independent, 'buy', 10).shares).toBeCloseTo(510 - 50000 / 110, 9);
  });

  it('thin: the answer’s leg stops at 0.99 — a huge amount fills part of itself', () => {
    const q = previewArbitrageBuy(pools, 0, 1e7, base);
    expect(q.filled!).toBeGreaterThan(0);
    expect(q.filled!).toBeLessThan(1e7);
    expect(q.priceAfter!).toBeLessThanOrEqual(0.99 + 1e-9);
    expect(q.priceAfter!).toBeGreaterThan(0.989);
  });
});

describe('properties of the arbitrage buy', () => {
  it('probabilities still sum to one; more mana, more shares, never a better average; average within the move', () => {
    fc.assert(
      fc.property(
        sumsToOne,
        fc.double({ min: 0.1, max: 2000, noNaN: true }),
        fc.double({ min: 0.1, max: 2000, noNaN: true }),
        (ps, a, b) => {
          const [lo, hi] = a < b ? [a, b] : [b, a];
          fc.pre(probability(ps[0]!, 0.5) < 0.95);
          const q1 = previewArbitrageBuy(ps, 0, lo, base);
          const q2 = previewArbitrageBuy(ps, 0, hi, base);
          const leg = arbitrageBuy(ps, 0, lo);
          expect(leg.after + leg.others.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 6);
          expect(q2.shares!).toBeGreaterThanOrEqual(q1.shares! * (1 - 1e-9));
          expect(q2.averagePrice!).toBeGreaterThanOrEqual(q1.averagePrice! * (1 - 1e-6));
          expect(q1.averagePrice!).toBeGreaterThanOrEqual(q1.priceBefore! * (1 - 1e-6));
          expect(q1.averagePrice!).toBeLessThanOrEqual(q1.priceAfter! * (1 + 1e-6));
        },
      ),
      { numRuns: 60 },
    );
  });
});
