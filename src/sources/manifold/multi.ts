/**
 * A buy of one answer of a multiple-choice market whose answers sum to one (`cpmm-multi-1`,
 * `shouldAnswersSumToOne`), as Manifold computes it (`calculateCpmmMultiArbitrageBetYes` and
 * `buyNoSharesInOtherAnswersThenYesInAnswer`, common/src/calculate-cpmm-arbitrage.ts at 1e3ad3be): every answer has its
 * own pool with p = 0.5. Buying M of answer A buys x NO shares in each of the N − 1 other answers (b_j mana each), and
 * redeems them: x NO shares of every other answer are worth x·(N − 2) mana plus x YES shares of A. What is left,
 * M − (Σ b_j − x·(N − 2)), buys YES in A's pool. x is the one that leaves the answers' probabilities summing to 1
 * (bisection; more x lowers the sum). The buyer gets A's YES shares plus the x redeemed.
 * Left out, as in the binary preview: limit orders. A YES leg that would pass P = 0.99 stops there (Manifold's
 * `MAX_CPMM_PROB` limit on that leg): the largest amount that stays at or below it is what fills.
 */
import type { Quote } from '../../api/types.js';
import { previewArbitrageSale } from './multiSale.js';
import {
  amountForShares,
  buyShares,
  manifoldFee,
  MAX_CPMM_PROB,
  previewFromPool,
  probability,
  type Pool,
  type PoolState,
} from './pool.js';

interface Leg {
  /** A's YES shares bought with what was left, plus the x redeemed. */
  shares: number;
  /** P(A) after; the others' after. */
  after: number;
  others: number[];
}

/** The arbitrage buy of `amount` on answer `a` of `pools` (undefined: x too large for the amount). */
function legs(pools: readonly Pool[], a: number, amount: number, x: number): Leg | undefined {
  const n = pools.length;
  let spent = 0;
  const others: number[] = [];
  pools.forEach((pool, j) => {
    if (j === a) return;
    const b = amountForShares(pool, x, 'NO');
    spent += b;
    others.push(probability({ YES: pool.YES + b, NO: pool.NO + b - x }, 0.5));
  });
  const yes = amount - (spent - x * (n - 2));
  if (yes < -1e-9 * Math.max(1, amount)) return undefined;
  const m = Math.max(0, yes);
  const pool = pools[a]!;
  const s = buyShares(pool, 0.5, m, 'YES');
  const after = probability({ YES: pool.YES + m - s, NO: pool.NO + m }, 0.5);
  return { shares: s + x, after, others };
}

/** The buy of `amount` on answer `a` with the other answers' arbitrage. */
export function arbitrageBuy(pools: readonly Pool[], a: number, amount: number): Leg {
  const before = probability(pools[a]!, 0.5);
  let lo = 0;
  let hi = amount / Math.max(before, 1e-9);
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    const leg = legs(pools, a, amount, mid);
    const sum = leg ? leg.after + leg.others.reduce((t, p) => t + p, 0) : -Infinity;
    if (leg && sum > 1) lo = mid;
    else hi = mid;
  }
  return legs(pools, a, amount, lo) ?? { shares: 0, after: before, others: [] };
}

/**
 * The preview of buying `amount` of answer `a`: shares, average, P(A) before and after. The YES leg stops at 0.99: a
 * larger amount fills the most that stays at or below it (`filled`).
 */
export function previewArbitrageBuy(
  pools: readonly Pool[],
  a: number,
  amount: number,
  base: Pick<Quote, 'marketId' | 'outcome' | 'raw'>,
): Quote {
  const before = probability(pools[a]!, 0.5);
  let money = amount;
  let leg = arbitrageBuy(pools, a, amount);
  if (before >= MAX_CPMM_PROB) {
    money = 0;
    leg = { shares: 0, after: before, others: [] };
  } else if (leg.after > MAX_CPMM_PROB) {
    let lo = 0;
    let hi = amount;
    for (let i = 0; i < 100; i++) {
      const mid = (lo + hi) / 2;
      if (arbitrageBuy(pools, a, mid).after > MAX_CPMM_PROB) hi = mid;
      else lo = mid;
    }
    money = lo;
    leg = arbitrageBuy(pools, a, lo);
  }
  const fee = leg.shares > 0 ? manifoldFee({ shares: leg.shares, money, levels: [] }, 'buy') : 0;
  const q: Quote = {
    ...base,
    action: 'buy',
    amount,
    shares: leg.shares,
    fee,
    total: money + fee,
    priceBefore: before,
    basis: 'pool',
  };
  if (leg.shares > 0) {
    q.averagePrice = money / leg.shares;
    q.priceAfter = leg.after;
    q.worstPrice = leg.after;
    q.priceImpact = leg.after - before;
  }
  if (money < amount) q.filled = money;
  return q;
}

/**
 * The preview of a trade on `s`: a buy or a sale of an answer of a sums-to-one market with the other answers'
 * arbitrage (multiSale.ts for the sale), anything else through its own pool.
 */
export function previewTrade(s: PoolState, action: 'buy' | 'sell', amount: number): Quote {
  if (s.siblings && s.siblings.pools.length > 1) {
    const base = { marketId: s.marketId, outcome: s.outcome, raw: s.raw ?? null };
    const { pools, index } = s.siblings;
    return action === 'buy'
      ? previewArbitrageBuy(pools, index, amount, base)
      : previewArbitrageSale(pools, index, amount, base);
  }
  return previewFromPool(s, action, amount);
}
