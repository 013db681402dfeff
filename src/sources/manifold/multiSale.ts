/**
 * A sale of YES shares of one answer of a multiple-choice market whose answers sum to one, as Manifold prices it:
 * `sell-shares.ts` → `getCpmmMultiSellBetInfo` → `calculateCpmmMultiSumsToOneSale` →
 * `calculateCpmmMultiArbitrageSellYes` (backend/api/src/sell-shares.ts, common/src/sell-bet.ts, calculate-cpmm.ts,
 * calculate-cpmm-arbitrage.ts of manifoldmarkets/manifold at 1e3ad3be). Every answer has its own pool with p = 0.5.
 * Selling s YES of answer A:
 *  - z of them go with z NO shares bought in A's pool (b_A mana), each YES+NO pair redeemed for 1;
 *  - the other s − z go with s − z YES shares bought in each of the N − 1 other answers' pools (b_j each), each full
 *    set of YES redeemed for 1;
 *  - proceeds = z − b_A + (s − z) − Σ b_j = s − b_A − Σ b_j;
 *  - z ∈ [0, s] is found by Manifold's `binarySearch` (common/src/util/algos.ts: 50 halvings, its last midpoint) so
 *    that the answers' probabilities sum to 1 after (more z: A falls further and the others rise less).
 * The sale route passes no limit (`limitProb` undefined) and checks no pool floor for `cpmm-multi-1` (the
 * `CPMM_MIN_POOL_QTY` check of place-bet.ts `executeNewBetResult` is for `cpmm-1`): every leg is a buy, which never
 * drains a pool, so the whole sale fills. Left out, as in every preview here: limit orders. The fee is the house
 * formula on the whole sale (0 with Manifold's constant 0; Manifold would charge it per leg).
 */
import type { Quote } from '../../api/types.js';
import { amountForShares, EPSILON, manifoldFee, poolAfterBuy, probability, type Pool } from './pool.js';

/** Manifold's `binarySearch`: comparator > 0 lowers max, < 0 raises min, 0 stops; the last midpoint it tried. */
export function binarySearch(min: number, max: number, comparator: (x: number) => number, maxIterations = 50): number {
  let mid: number;
  for (let i = 0; ;) {
    mid = min + (max - min) / 2;
    // Manifold's "Break once we've reached max precision."
    if (mid === min || mid === max) break;
    const c = comparator(mid);
    if (c === 0) break;
    if (c > 0) max = mid;
    else min = mid;
    if (++i >= maxIterations) break;
  }
  return mid;
}

export interface SaleLeg {
  /** The mana the s shares bring. */
  proceeds: number;
  /** P(A) after; the others' after, in pool order. */
  after: number;
  others: number[];
}

/** The sale of `shares` YES of answer `a` with `z` of them redeemed against NO bought in A's own pool. */
function saleLegs(pools: readonly Pool[], a: number, shares: number, z: number): SaleLeg {
  const own = pools[a]!;
  const noCost = amountForShares(own, z, 'NO');
  const after = probability(poolAfterBuy(own, noCost, z, 'NO'), 0.5);
  const rest = shares - z;
  let yesCost = 0;
  const others: number[] = [];
  pools.forEach((pool, j) => {
    if (j === a) return;
    const b = amountForShares(pool, rest, 'YES');
    yesCost += b;
    others.push(probability(poolAfterBuy(pool, b, rest, 'YES'), 0.5));
  });
  return { proceeds: shares - noCost - yesCost, after, others };
}

/** The sale of `shares` YES of answer `a` of `pools`, the other answers arbitraged as Manifold does. */
export function arbitrageSale(pools: readonly Pool[], a: number, shares: number): SaleLeg {
  const z = binarySearch(0, shares, (x) => {
    const leg = saleLegs(pools, a, shares, x);
    return 1 - (leg.after + leg.others.reduce((t, p) => t + p, 0));
  });
  return saleLegs(pools, a, shares, z);
}

/** The preview of selling `shares` YES of answer `a`: mana, average, P(A) before and after. The whole sale fills. */
export function previewArbitrageSale(
  pools: readonly Pool[],
  a: number,
  shares: number,
  base: Pick<Quote, 'marketId' | 'outcome' | 'raw'>,
): Quote {
  const before = probability(pools[a]!, 0.5);
  // Manifold's `floatingEqual(shares, 0)`: a sale that small sells nothing (getQuote refuses it first, leastTrade.ts)
  const sold = shares > EPSILON ? shares : 0;
  const leg = sold > 0 ? arbitrageSale(pools, a, sold) : undefined;
  const money = leg?.proceeds ?? 0;
  const fee = leg ? manifoldFee({ shares: sold, money, levels: [{ price: money / sold, size: sold }] }, 'sell') : 0;
  const q: Quote = {
    ...base,
    action: 'sell',
    amount: shares,
    shares: sold,
    fee,
    total: money - fee,
    priceBefore: before,
    basis: 'pool',
  };
  if (leg) {
    q.averagePrice = money / sold;
    q.priceAfter = leg.after;
    q.worstPrice = leg.after;
    q.priceImpact = leg.after - before;
  }
  return q;
}
