/**
 * A Manifold multiple-choice market whose answers sum to one, for the arbitrage buy and sale tests
 * (src/sources/manifold/multi.test.ts, multiSale.test.ts): the RECORDED contract row of tQudZcEtlp (six answers, each
 * pool YES 500 / NO 100) and random pools of the same kind.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { Rec } from '../../src/api/normalizeFields.js';
import type { Pool } from '../../src/sources/manifold/pool.js';

export const row = JSON.parse(
  readFileSync(
    'test/fixtures/real/manifold/trader/pools/contract-row-tQudZcEtlp-cpmm-multi-1-dev-2025-08-20.json',
    'utf8',
  ),
) as Rec & { answers: Array<{ poolYes: number; poolNo: number }> };

export const pools: Pool[] = row.answers.map((a) => ({ YES: a.poolYes, NO: a.poolNo }));

/** Random pools (p = 0.5) scaled so their probabilities sum to one: NO_j = P_j/(1 − P_j) · YES_j. */
export const sumsToOne = fc
  .array(
    fc.record({ w: fc.double({ min: 0.05, max: 1, noNaN: true }), y: fc.double({ min: 50, max: 5e4, noNaN: true }) }),
    { minLength: 2, maxLength: 8 },
  )
  .map((xs) => {
    const total = xs.reduce((t, x) => t + x.w, 0);
    return xs.map(({ w, y }): Pool => ({ YES: y, NO: (w / total / (1 - w / total)) * y }));
  });
