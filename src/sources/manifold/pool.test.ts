/**
 * The preview through Manifold's pool on RECORDED pools (test/fixtures/real/manifold/, SOURCES.md), the arithmetic
 * written out: CL56c9sqQp (binary cpmm-1, p = 0.7342…, open when recorded 2026-10-09), nRSlhy5c2L (P(YES) 0.0094),
 * and answer "a" of tQudZcEtlp (cpmm-multi-1, pool YES 500 / NO 100, p = 0.5). Then the properties every preview
 * keeps, for random pools.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToProb,
  buyShares,
  manifoldFee,
  previewFromPool,
  probability,
  saleProceeds,
  takerFee,
  type PoolState,
} from './pool.js';

interface Recorded {
  id: string;
  pool: { YES: number; NO: number };
  p: number;
  probability: number;
  answers: Array<{ poolYes: number; poolNo: number; prob: number }>;
}
const read = (f: string) => JSON.parse(readFileSync(`test/fixtures/real/manifold/${f}`, 'utf8')) as Recorded;
const cl = read('v0-market-CL56c9sqQp-open-2026-10-09.json');
const nr = read('v0-market-nRSlhy5c2L-NO-2026-10-09.json');
const multi = read('trader/pools/contract-row-tQudZcEtlp-cpmm-multi-1-dev-2025-08-20.json');

const binary = (o: Recorded, side: 'YES' | 'NO'): PoolState => ({
  marketId: o.id,
  outcome: side === 'YES' ? 'Yes' : 'No',
  pool: { YES: o.pool.YES, NO: o.pool.NO },
  p: o.p,
  side,
  mechanism: 'cpmm-1',
});
const answerA: PoolState = {
  marketId: multi.id,
  outcome: 'a',
  pool: { YES: multi.answers[0]!.poolYes, NO: multi.answers[0]!.poolNo },
  p: 0.5,
  side: 'YES',
  mechanism: 'cpmm-multi-1',
};

describe('CL56c9sqQp: pool YES 7681.131440912874, NO 1705.537411536149, p 0.7342403874692162', () => {
  it('P(YES) = p·n / (p·n + (1−p)·y) = 1252.2744 / (1252.2744 + 2041.3345) = 0.380213…, as recorded', () => {
    expect(probability(cl.pool, cl.p)).toBeCloseTo(cl.probability, 12);
  });

  it("buy YES 100: k = y^p·n^(1−p) = 5149.1352; (n + 100)^(p−1) = 0.1363093; y' = (k·0.1363093)^(1/p)", () => {
    // y' = 7524.3435
    // shares = y + 100 − y' = 7681.1314 + 100 − 7524.3435 = 256.78796; average 100 / 256.78796 = 0.389426
    // pool after: YES 7524.3435, NO 1805.5374 → P = p·1805.5374 / (p·1805.5374 + (1−p)·7524.3435) = 0.398663
    const q = previewFromPool(binary(cl, 'YES'), 'buy', 100);
    expect(q.shares).toBeCloseTo(256.7879555, 6);
    expect(q.averagePrice).toBeCloseTo(0.3894263647, 9);
    expect(q.priceBefore).toBeCloseTo(0.3802134567, 9);
    expect(q.priceAfter).toBeCloseTo(0.3986625377, 9);
    expect(q.worstPrice).toBe(q.priceAfter);
    expect(q.priceImpact).toBeCloseTo(0.3986625377 - 0.3802134567, 9);
    expect([q.fee, q.total, q.basis, q.filled]).toEqual([0, 100, 'pool', undefined]);
  });

  it("buy NO 100: n' = (k·(y + 100)^(−p))^(1/(1−p)) = 1645.6636; shares = 1705.5374 + 100 − 1645.6636", () => {
    // = 159.8738
    // NO price before 1 − 0.380213 = 0.619787; after: pool YES 7781.1314, NO 1645.6636 → P(YES) 0.368813 → 0.631187
    const q = previewFromPool(binary(cl, 'NO'), 'buy', 100);
    expect(q.shares).toBeCloseTo(159.8737636, 6);
    expect(q.averagePrice).toBeCloseTo(100 / 159.8737636218, 9);
    expect(q.priceBefore).toBeCloseTo(0.6197865433, 9);
    expect(q.priceAfter).toBeCloseTo(1 - 0.368812698, 9);
  });

  it('sell 100 YES: m with (y + 100 − m)^p·(n − m)^(1−p) = k → m = 37.664078; P(YES) falls to 0.373073', () => {
    // check: pool after YES 7681.1314 + 100 − 37.6641 = 7743.4674, NO 1705.5374 − 37.6641 = 1667.8733
    const q = previewFromPool(binary(cl, 'YES'), 'sell', 100);
    expect(q.total).toBeCloseTo(37.664078, 5);
    expect(q.shares).toBe(100);
    expect(q.averagePrice).toBeCloseTo(0.37664078, 7);
    expect(q.priceAfter).toBeCloseTo(0.3730730189, 8);
    expect(q.priceImpact!).toBeLessThan(0);
    const k = cl.pool.YES ** cl.p * cl.pool.NO ** (1 - cl.p);
    expect((cl.pool.YES + 100 - q.total!) ** cl.p * (cl.pool.NO - q.total!) ** (1 - cl.p)).toBeCloseTo(k, 6);
  });

  it('a sale that would drain a side of the pool is refused whole, as Manifold does: nothing fills', () => {
    // 1e9 YES: m → the whole NO side (1705.54), leaving it under CPMM_MIN_POOL_QTY 0.01; it filled down to 0.0¢, where
    // Manifold answers 403 "Trade too large for current liquidity pool." (backend/api/src/place-bet.ts
    // `executeNewBetResult` at 1e3ad3be, which sell-shares.ts calls)
    const q = previewFromPool(binary(cl, 'YES'), 'sell', 1e9);
    expect(q).toMatchObject({ shares: 0, total: 0, filled: 0, basis: 'pool', action: 'sell' });
    expect(q.priceAfter).toBeUndefined();
    // the largest sale that keeps 0.01 of NO: (y + s − m)^p · 0.01^(1−p) = k, m = n − 0.01 → fills whole
    const m = cl.pool.NO - 0.011;
    const most = cl.pool.YES * (cl.pool.NO / 0.011) ** ((1 - cl.p) / cl.p) - cl.pool.YES + m;
    const ok = previewFromPool(binary(cl, 'YES'), 'sell', most);
    expect(ok.filled).toBeUndefined();
    expect(ok.shares).toBe(most);
    expect(ok.priceAfter!).toBeGreaterThan(0);
    // a sale has no price limit of its own (MIN_CPMM_PROB bounds a buy): it goes below 1¢
    expect(ok.priceAfter!).toBeLessThan(0.01);
  });

  it("thin: a market order stops at P(YES) 0.99 — r = p(1−0.99)/((1−p)0.99) = 0.0279071, n' = k / r^p", () => {
    // n' = 71277.717
    // the mana that gets there: 71277.717 − 1705.537 = 69572.180 of the 100 000 asked; y' = r·n' = 1989.152;
    // shares = 7681.131 + 69572.180 − 1989.152 = 75264.160
    const q = previewFromPool(binary(cl, 'YES'), 'buy', 100_000);
    expect(q.filled).toBeCloseTo(69572.179802, 5);
    expect(q.shares).toBeCloseTo(75264.15968, 4);
    expect(q.priceAfter).toBeCloseTo(0.99, 9);
    expect(q.total).toBeCloseTo(69572.179802, 5);
    expect(amountToProb(cl.pool, cl.p, 0.99, 'YES')).toBeCloseTo(69572.179802, 5);
  });

  it('fee: 0 today (C = 0); at the former C = 0.07: 0.07 × 0.389426 × 0.610574 × 256.78796 = 4.274015 on top', () => {
    expect(previewFromPool(binary(cl, 'YES'), 'buy', 100, manifoldFee).fee).toBe(0);
    const q = previewFromPool(binary(cl, 'YES'), 'buy', 100, takerFee(0.07));
    expect(q.fee).toBeCloseTo(4.274015447, 8);
    expect(q.total).toBeCloseTo(104.274015447, 8);
    const s = previewFromPool(binary(cl, 'YES'), 'sell', 100, takerFee(0.07));
    expect(s.total).toBeCloseTo(37.664078 - 0.07 * 0.37664078 * (1 - 0.37664078) * 100, 5);
  });
});

describe('nRSlhy5c2L: P(YES) 0.009406, below Manifold’s 0.01 floor', () => {
  it('buying NO fills nothing (the pool is at its bound): filled 0, no NaN', () => {
    const q = previewFromPool(binary(nr, 'NO'), 'buy', 10);
    expect(q).toMatchObject({ shares: 0, filled: 0, total: 0, fee: 0 });
    expect(q.priceBefore).toBeCloseTo(1 - 0.009405806418, 9);
    expect(Object.values(q).some((v) => typeof v === 'number' && Number.isNaN(v))).toBe(false);
  });
});

describe('tQudZcEtlp answer “a”: its own pool YES 500, NO 100, p = 0.5', () => {
  it('P = 0.5·100 / (0.5·100 + 0.5·500) = 1/6, the recorded `prob`', () => {
    expect(probability(answerA.pool, 0.5)).toBeCloseTo(multi.answers[0]!.prob, 12);
  });

  it("buy 10: k = √(500·100); y' = k² / (100 + 10) = 50000 / 110 = 454.5454…; shares = 510 − 454.5454", () => {
    // = 55.4545
    // P after = 110 / (110 + 454.5454) = 0.194847
    const q = previewFromPool(answerA, 'buy', 10);
    expect(q.shares).toBeCloseTo(510 - 50000 / 110, 9);
    expect(q.priceAfter).toBeCloseTo(110 / (110 + 50000 / 110), 9);
    expect(q.averagePrice).toBeCloseTo(10 / (510 - 50000 / 110), 9);
  });

  it('sell 20: (520 − m)(100 − m) = 50000 → m² − 620m + 2000 = 0 → m = (620 − √376400) / 2 = 3.242767', () => {
    const q = previewFromPool(answerA, 'sell', 20);
    expect(q.total).toBeCloseTo((620 - Math.sqrt(376400)) / 2, 9);
    expect(q.priceAfter).toBeCloseTo(0.1577097825, 9);
  });
});

const pools = fc.record({
  YES: fc.double({ min: 1, max: 1e6, noNaN: true }),
  NO: fc.double({ min: 1, max: 1e6, noNaN: true }),
  p: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
  side: fc.constantFrom<'YES' | 'NO'>('YES', 'NO'),
});
/** Pools as Manifold keeps them: P(YES) within [0.001, 0.999] (market orders stop at 0.01 and 0.99). */
const stateOf = (g: { YES: number; NO: number; p: number; side: 'YES' | 'NO' }): PoolState => {
  const prob = probability({ YES: g.YES, NO: g.NO }, g.p);
  fc.pre(prob >= 0.001 && prob <= 0.999);
  return stateOf0(g);
};
const stateOf0 = (g: { YES: number; NO: number; p: number; side: 'YES' | 'NO' }): PoolState => ({
  marketId: 'm',
  outcome: g.side,
  pool: { YES: g.YES, NO: g.NO },
  p: g.p,
  side: g.side,
  mechanism: 'cpmm-1',
});
const amounts = fc.tuple(
  fc.double({ min: 0.01, max: 5e4, noNaN: true }),
  fc.double({ min: 0.01, max: 5e4, noNaN: true }),
);
const tradable = (s: PoolState) => amountToProb(s.pool, s.p, s.side === 'YES' ? 0.99 : 0.01, s.side) > 1e-6;

describe('properties of the pool preview', () => {
  it('shares grow with the amount, and a larger amount never gets a better average', () => {
    fc.assert(
      fc.property(pools, amounts, (g, [a, b]) => {
        const s = stateOf(g);
        const [lo, hi] = a < b ? [a, b] : [b, a];
        const q1 = previewFromPool(s, 'buy', lo);
        const q2 = previewFromPool(s, 'buy', hi);
        expect(q2.shares!).toBeGreaterThanOrEqual(q1.shares! - 1e-9 * q1.shares!);
        if (q1.shares! > 0 && q2.shares! > 0)
          expect(q2.averagePrice!).toBeGreaterThanOrEqual(q1.averagePrice! * (1 - 1e-9));
      }),
    );
  });

  it('the average lies between the price before and the worst price', () => {
    fc.assert(
      fc.property(pools, amounts, fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), (g, [a], action) => {
        const s = stateOf(g);
        fc.pre(tradable(s));
        const q = previewFromPool(s, action, a);
        fc.pre(q.shares! > 1e-6);
        const [lo, hi] = [Math.min(q.priceBefore!, q.worstPrice!), Math.max(q.priceBefore!, q.worstPrice!)];
        expect(q.averagePrice!).toBeGreaterThanOrEqual(lo * (1 - 1e-9));
        expect(q.averagePrice!).toBeLessThanOrEqual(hi * (1 + 1e-9));
      }),
    );
  });

  it('a buy then an immediate sell of its shares never makes money (it returns the mana at most)', () => {
    fc.assert(
      fc.property(pools, amounts, (g, [a]) => {
        const s = stateOf(g);
        const q = previewFromPool(s, 'buy', a);
        const spent = q.total!;
        const k = s.pool.YES ** s.p * s.pool.NO ** (1 - s.p);
        const y = s.side === 'YES' ? s.pool.YES + spent - q.shares! : s.pool.YES + spent;
        const n = s.side === 'YES' ? s.pool.NO + spent : s.pool.NO + spent - q.shares!;
        expect(y ** s.p * n ** (1 - s.p)).toBeCloseTo(k, -Math.log10(k) + 6);
        const back = saleProceeds({ YES: y, NO: n }, s.p, q.shares!, s.side);
        expect(back).toBeLessThanOrEqual(spent * (1 + 1e-9) + 1e-9);
      }),
    );
  });

  it('buyShares at the amount to a probability lands on that probability', () => {
    fc.assert(
      fc.property(pools, fc.double({ min: 0.02, max: 0.98, noNaN: true }), (g, target) => {
        const s = stateOf(g);
        const m = amountToProb(s.pool, s.p, target, s.side);
        fc.pre(m > 1e-6);
        const sh = buyShares(s.pool, s.p, m, s.side);
        const after =
          s.side === 'YES'
            ? { YES: s.pool.YES + m - sh, NO: s.pool.NO + m }
            : { YES: s.pool.YES + m, NO: s.pool.NO + m - sh };
        expect(probability(after, s.p)).toBeCloseTo(target, 6);
      }),
    );
  });
});
