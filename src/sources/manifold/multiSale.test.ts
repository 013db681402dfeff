/**
 * A sale of one answer of a sums-to-one market with Manifold's arbitrage, on the RECORDED contract tQudZcEtlp
 * (test/fixtures/real/manifold/trader/pools/, SOURCES.md: six answers, each pool YES 500 / NO 100, P = 1/6). The
 * expected figures are what Manifold's own `calculateCpmmMultiSumsToOneSale` (common/src/calculate-cpmm.ts at
 * 1e3ad3be, no limit orders, run on these answers) returned; the arithmetic is written out. Then properties for
 * random pools that sum to one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMarket } from '../../api/normalize.js';
import { previewTrade } from './multi.js';
import { arbitrageSale, binarySearch, previewArbitrageSale } from './multiSale.js';
import { previewFromPool, probability, type Pool } from './pool.js';
import { poolStateOf } from './trader.js';
import { pools, row, sumsToOne } from '../../../test/support/manifoldMulti.js';

const base = { marketId: 'tQudZcEtlp', outcome: 'a', raw: null };
const sum = (leg: { after: number; others: number[] }) => leg.after + leg.others.reduce((t, p) => t + p, 0);

describe('binarySearch, as common/src/util/algos.ts has it', () => {
  it('halves at most 50 times and answers its last midpoint (not a bound)', () => {
    let calls = 0;
    const x = binarySearch(0, 1, (v) => {
      calls++;
      return v - 1 / 3;
    });
    expect(calls).toBe(50);
    expect(x).toBeCloseTo(1 / 3, 14);
  });

  it('stops on an exact 0, and at once on an empty range', () => {
    expect(binarySearch(0, 8, (v) => v - 2)).toBe(2);
    expect(binarySearch(5, 5, () => 1)).toBe(5);
  });
});

describe('tQudZcEtlp: sell 20 YES of answer “a”, the five others arbitraged', () => {
  it('z = 16.757993: 14.028807 buys z NO of a; 0.542776 buys 20 − z YES in each other; the sum is back at 1', () => {
    // z NO of a (b = (z − 600 + √(4·500·z + (600 − z)²)) / 2 = 14.028807) redeem z of the 20 YES for z mana;
    // the other 3.242007 YES of a, with 3.242007 YES bought in each of b–e and Other (0.542776 each), redeem as full
    // sets for 3.242007: proceeds 20 − 14.028807 − 5 × 0.542776 = 3.257312
    // a: pool YES 514.028807, NO 97.270813 → P 0.159121; the others: YES 497.300770, NO 100.542776 → P 0.168176
    const leg = arbitrageSale(pools, 0, 20);
    expect(leg.proceeds).toBeCloseTo(3.25731229216818, 9);
    expect(leg.after).toBeCloseTo(0.159121337595909, 9);
    for (const p of leg.others) expect(p).toBeCloseTo(0.168175732480818, 9);
    expect(sum(leg)).toBeCloseTo(1, 12);
  });

  it('the preview: more mana and less impact than through a’s own pool alone (3.242767, P 0.157710)', () => {
    const q = previewArbitrageSale(pools, 0, 20, base);
    expect(q).toMatchObject({ action: 'sell', amount: 20, shares: 20, fee: 0, basis: 'pool' });
    expect(q.total).toBeCloseTo(3.25731229216818, 9);
    expect(q.averagePrice).toBeCloseTo(3.25731229216818 / 20, 10);
    expect(q.priceBefore).toBeCloseTo(1 / 6, 12);
    expect(q.priceAfter).toBeCloseTo(0.159121337595909, 9);
    expect(q.worstPrice).toBe(q.priceAfter);
    expect(q.priceImpact).toBeCloseTo(0.159121337595909 - 1 / 6, 9);
    expect(q.filled).toBeUndefined();
    const alone = previewFromPool(
      { ...base, pool: pools[0]!, p: 0.5, side: 'YES', mechanism: 'cpmm-multi-1' },
      'sell',
      20,
    );
    expect(alone.total).toBeCloseTo((620 - Math.sqrt(376400)) / 2, 12);
    expect(q.total! - alone.total!).toBeCloseTo(0.0145453, 6);
  });

  it('from the market: a sums-to-one answer’s sale goes through the arbitrage; an independent one’s, its pool', () => {
    const m = normalizeMarket(row, { now: Date.parse('2025-08-21T00:00:00Z') })!;
    expect(previewTrade(poolStateOf(row, m, 'a'), 'sell', 20).total).toBeCloseTo(3.25731229216818, 9);
    const independent = poolStateOf({ ...row, shouldAnswersSumToOne: false }, m, 'a');
    expect(previewTrade(independent, 'sell', 20).total).toBeCloseTo((620 - Math.sqrt(376400)) / 2, 12);
  });

  it('a large sale fills whole (no pool floor on this route): 1000 YES of a for 69.242545, P 0.025559', () => {
    const q = previewArbitrageSale(pools, 0, 1000, base);
    expect(q.total).toBeCloseTo(69.2425454081678, 8);
    expect(q.priceAfter).toBeCloseTo(0.0255585645425826, 9);
    expect(q.filled).toBeUndefined();
  });

  it('pools no longer alike (after Manifold’s arbitrage buy of 10 on a): 20 YES of b sell for 3.167203', () => {
    const after: Pool[] = [
      { YES: 462.12662016693, NO: 108.19545513725 },
      ...Array.from({ length: 5 }, () => ({ YES: 508.459715770859, NO: 98.3362072729727 })),
    ];
    const leg = arbitrageSale(after, 1, 20);
    expect(leg.proceeds).toBeCloseTo(3.16720329147531, 9);
    expect(leg.after).toBeCloseTo(0.154718431754773, 9);
    expect(leg.others[0]).toBeCloseTo(0.191407770231376, 9);
    for (const p of leg.others.slice(1)) expect(p).toBeCloseTo(0.163468449503463, 9);
  });

  it('nothing to sell: no shares, no price after', () => {
    const q = previewArbitrageSale(pools, 0, 0, base);
    expect(q).toMatchObject({ shares: 0, total: 0, fee: 0 });
    expect(q.priceAfter).toBeUndefined();
    expect(q.averagePrice).toBeUndefined();
  });
});

describe('properties of the arbitrage sale', () => {
  it('probabilities still sum to one; more shares, more mana at a lower average; average within the move', () => {
    fc.assert(
      fc.property(
        sumsToOne,
        fc.double({ min: 0.1, max: 2000, noNaN: true }),
        fc.double({ min: 0.1, max: 2000, noNaN: true }),
        (ps, a, b) => {
          const [lo, hi] = a < b ? [a, b] : [b, a];
          const q1 = previewArbitrageSale(ps, 0, lo, base);
          const q2 = previewArbitrageSale(ps, 0, hi, base);
          expect(sum(arbitrageSale(ps, 0, lo))).toBeCloseTo(1, 6);
          expect(q2.total!).toBeGreaterThanOrEqual(q1.total! * (1 - 1e-9));
          expect(q2.averagePrice!).toBeLessThanOrEqual(q1.averagePrice! * (1 + 1e-6));
          expect(q1.averagePrice!).toBeLessThanOrEqual(q1.priceBefore! * (1 + 1e-6));
          expect(q1.averagePrice!).toBeGreaterThanOrEqual(q1.priceAfter! * (1 - 1e-6));
          expect(q1.priceAfter!).toBeLessThan(probability(ps[0]!, 0.5));
        },
      ),
      { numRuns: 60 },
    );
  });
});
