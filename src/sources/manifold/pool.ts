/**
 * Manifold's market maker (docs/sources/manifold.md § Trader's view), as `common/src/calculate-cpmm.ts` of
 * manifoldmarkets/manifold defines it (read at commit 1e3ad3be74e046769091fa761d0ffbac50a010b4, 2026-08-21):
 *  - a pool {YES: y, NO: n} and a parameter p hold k = y^p · n^(1−p) constant;
 *  - P(YES) = p·n / (p·n + (1−p)·y)  (`getCpmmProbability`);
 *  - buying YES with M mana: M goes into both sides, then the YES shares s that keep k come out:
 *    (y + M − s)^p · (n + M)^(1−p) = k  →  s = y + M − (k · (n + M)^(p−1))^(1/p)  (`calculateCpmmShares`);
 *    buying NO: s = n + M − (k · (y + M)^(−p))^(1/(1−p));
 *  - a market order fills only up to P(YES) = 0.99 (YES) or 0.01 (NO) (`MAX_CPMM_PROB`, `MIN_CPMM_PROB`, passed by
 *    `getBinaryCpmmBetInfo` and `getNewMultiCpmmBetInfo`): the rest is not bet;
 *  - selling s shares of one side is buying s shares of the other and redeeming each YES+NO pair for 1
 *    (`calculateCpmmSale`): proceeds = s − (the mana that buys s shares of the other side); a sale has no price limit
 *    (`calculateCpmmSale` passes none to `computeFills`), but one that would leave either side of the pool under
 *    `CPMM_MIN_POOL_QTY` (0.01, common/src/contract.ts) is refused whole: 403 "Trade too large for current liquidity
 *    pool." (`executeNewBetResult` of backend/api/src/place-bet.ts, which sell-shares.ts calls; sell-shares.ts's own
 *    "Sale too large …" went in 20634df15, 2024-09-02) — nothing of it fills. That check is for a binary `cpmm-1`
 *    market only: an independent answer's sale (`cpmm-multi-1`) fills whole, its pool drained or not;
 *  - the taker fee is C · prob · (1 − prob) · shares (`getTakerFee`) with C = 0 since "Go fee less"
 *    (6fb047abf, 2024-09-30; C was 0.07), still 0 at the commit above.
 * The preview spends the whole amount on shares and adds the fee on top (the house rule of src/sources/book.ts);
 * Manifold takes its fee out of the amount — with C = 0 both give the same figures.
 */
import type { Quote } from '../../api/types.js';
import type { FeeSchedule } from '../book.js';

export type Side = 'YES' | 'NO';

export interface Pool {
  YES: number;
  NO: number;
}

/** What one outcome of a market trades through: its pool, its p, and which side of it the outcome is. */
export interface PoolState {
  marketId: string;
  /** The outcome as the quote names it (Yes, No, an answer's text). */
  outcome: string;
  pool: Pool;
  p: number;
  side: Side;
  /** Whose pool: a binary market's (`cpmm-1`, under Manifold's pool floor) or an answer's (`cpmm-multi-1`, none). */
  mechanism: 'cpmm-1' | 'cpmm-multi-1';
  raw?: unknown;
  /** A sums-to-one multiple-choice answer: every open answer's pool, and this one's index (multi.ts). */
  siblings?: { pools: Pool[]; index: number };
}

export const MAX_CPMM_PROB = 0.99;
export const MIN_CPMM_PROB = 0.01;
/** The least either side of a binary market's pool may hold after a trade (`CPMM_MIN_POOL_QTY` of contract.ts). */
export const CPMM_MIN_POOL_QTY = 0.01;
/**
 * The least bet: the bet route's `amount: z.number().gte(SWEEPS_MIN_BET)`, SWEEPS_MIN_BET = 1 (common/src/api/
 * schema.ts, economy.ts; mana markets too — the schema does not tell them apart): below, 400 "Error validating
 * request." ("Number must be greater than or equal to 1").
 */
export const MIN_BET = 1;
/**
 * Manifold's `EPSILON` (common/src/util/math.ts): sell-shares.ts refuses a sale of that many shares or fewer
 * (`floatingLesserEqual(soldShares, 0)`: 400 "Must sell a positive number of YES shares.").
 */
export const EPSILON = 1e-8;
/** `TAKER_FEE_CONSTANT` of common/src/fees.ts at the commit above. */
export const TAKER_FEE_CONSTANT = 0;

/** Manifold's taker fee on a fill: C · avg · (1 − avg) · shares, avg = money ÷ shares. */
export function takerFee(constant: number): FeeSchedule {
  return (fill) => {
    if (!(fill.shares > 0) || constant === 0) return 0;
    const avg = fill.money / fill.shares;
    return constant * avg * (1 - avg) * fill.shares;
  };
}

export const manifoldFee: FeeSchedule = takerFee(TAKER_FEE_CONSTANT);

/** P(YES) of a pool. */
export function probability(pool: Pool, p: number): number {
  return (p * pool.NO) / (p * pool.NO + (1 - p) * pool.YES);
}

/**
 * The shares `amount` mana buys on `side` (before fees): Manifold's `calculateCpmmShares` written without its
 * cancellation — k·(n + M)^(p−1) raised to 1/p is y·(n / (n + M))^((1−p)/p), so shares = M − y·expm1(−((1−p)/p)·
 * log1p(M / n)) for YES, and M − n·expm1(−(p/(1−p))·log1p(M / y)) for NO (the same numbers, exact for a small M).
 */
export function buyShares(pool: Pool, p: number, amount: number, side: Side): number {
  if (amount === 0) return 0;
  const { YES: y, NO: n } = pool;
  return side === 'YES'
    ? amount - y * Math.expm1(-((1 - p) / p) * Math.log1p(amount / n))
    : amount - n * Math.expm1(-(p / (1 - p)) * Math.log1p(amount / y));
}

/** The mana that buys `shares` of `side` in a p = 0.5 pool (`calculateCpmmAmountToBuySharesFixedP`). */
export function amountForShares(pool: Pool, shares: number, side: Side): number {
  const { YES: y, NO: n } = pool;
  const other = side === 'YES' ? n : y;
  return (shares - y - n + Math.sqrt(4 * other * shares + (y + n - shares) ** 2)) / 2;
}

/** The pool after `amount` mana bought `shares` of `side`. */
export function poolAfterBuy(pool: Pool, amount: number, shares: number, side: Side): Pool {
  return side === 'YES'
    ? { YES: pool.YES + amount - shares, NO: pool.NO + amount }
    : { YES: pool.YES + amount, NO: pool.NO + amount - shares };
}

/**
 * The mana that moves P(YES) to `prob` by buying `side` (0 when it is already there or beyond). With
 * r = p(1 − q) / ((1 − p) q): YES → n' = k / r^p, M = n' − n; NO → y' = k · r^(1−p), M = y' − y.
 */
export function amountToProb(pool: Pool, p: number, prob: number, side: Side): number {
  const { YES: y, NO: n } = pool;
  const k = y ** p * n ** (1 - p);
  const r = (p * (1 - prob)) / ((1 - p) * prob);
  const m = side === 'YES' ? k / r ** p - n : k * r ** (1 - p) - y;
  return Math.max(0, m);
}

/**
 * The mana `shares` of `side` sell for: m with (y + s − m)^p · (n − m)^(1−p) = k when selling YES (the pool takes the
 * s shares and pays m out of both sides; NO mirrors it). f(m) decreases from f(0) > 0, so bisection finds it.
 */
export function saleProceeds(pool: Pool, p: number, shares: number, side: Side): number {
  if (!(shares > 0)) return 0;
  const [mine, other, q] = side === 'YES' ? [pool.YES, pool.NO, p] : [pool.NO, pool.YES, 1 - p];
  // ln((mine + s − m)/mine)·q + ln((other − m)/other)·(1 − q), written with log1p so a tiny sale stays exact
  const f = (m: number) => q * Math.log1p((shares - m) / mine) + (1 - q) * Math.log1p(-m / other);
  let lo = 0;
  let hi = Math.min(shares, other);
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The pool after `shares` of `side` were sold for `proceeds`. */
export function poolAfterSale(pool: Pool, shares: number, proceeds: number, side: Side): Pool {
  return side === 'YES'
    ? { YES: pool.YES + shares - proceeds, NO: pool.NO - proceeds }
    : { YES: pool.YES - proceeds, NO: pool.NO + shares - proceeds };
}

/** The price of `side` (P(YES), or 1 − P(YES) for NO). */
const priceOf = (pool: Pool, p: number, side: Side): number => {
  const yes = probability(pool, p);
  return side === 'YES' ? yes : 1 - yes;
};

/**
 * The preview of `action` for `amount` (mana to spend on a buy, shares to sell) through the pool, with the fee
 * schedule (Manifold's, 0 today, unless a test passes another). Prices are the outcome's: P(YES) for YES, 1 − P(YES)
 * for NO. The pool's marginal price after the trade is where the last share went: `worstPrice` = `priceAfter`.
 */
export function previewFromPool(
  s: PoolState,
  action: 'buy' | 'sell',
  amount: number,
  fee: FeeSchedule = manifoldFee,
): Quote {
  const before = priceOf(s.pool, s.p, s.side);
  let money: number;
  let shares: number;
  let after: Pool;
  let filled: number | undefined;
  if (action === 'buy') {
    const cap = s.side === 'YES' ? MAX_CPMM_PROB : MIN_CPMM_PROB;
    const room = amountToProb(s.pool, s.p, cap, s.side);
    money = Math.min(amount, room);
    if (money < amount) filled = money;
    shares = buyShares(s.pool, s.p, money, s.side);
    after = poolAfterBuy(s.pool, money, shares, s.side);
  } else {
    shares = amount;
    money = saleProceeds(s.pool, s.p, shares, s.side);
    after = poolAfterSale(s.pool, shares, money, s.side);
    // Manifold refuses a sale that would drain a side of a binary market's pool, whole (it filled down to 0.0¢ here)
    if (s.mechanism === 'cpmm-1' && Math.min(after.YES, after.NO) < CPMM_MIN_POOL_QTY) {
      [shares, money, after, filled] = [0, 0, s.pool, 0];
    }
  }
  const feeAmount = shares > 0 ? fee({ shares, money, levels: [{ price: money / shares, size: shares }] }, action) : 0;
  const q: Quote = {
    marketId: s.marketId,
    outcome: s.outcome,
    action,
    amount,
    shares,
    fee: feeAmount,
    total: action === 'buy' ? money + feeAmount : money - feeAmount,
    priceBefore: before,
    basis: 'pool',
    raw: s.raw ?? null,
  };
  if (shares > 0) {
    const priceAfter = priceOf(after, s.p, s.side);
    q.averagePrice = money / shares;
    q.priceAfter = priceAfter;
    q.worstPrice = priceAfter;
    q.priceImpact = priceAfter - before;
  }
  if (filled !== undefined) q.filled = filled;
  return q;
}
