/**
 * LMSR (logarithmic market scoring rule) pricing, the rule behind every quote
 * and every simulated trade.
 *
 *   cost  C(q) = b · ln Σ exp(q_j / b)
 *   price p_i  = exp(q_i / b) / Σ exp(q_j / b)     (softmax; in (0,1), sums to 1)
 *
 * Quote semantics (documented in README of the server):
 * - buy:  `amount` is the currency put into the market maker; the trader gets the
 *         shares s with C(q + s·e_i) − C(q) = amount. fee = 1% of amount,
 *         total = amount + fee (cash the trader pays).
 * - sell: `amount` is the gross currency the trader wants back; shares s with
 *         C(q) − C(q − s·e_i) = amount. fee = 1% of amount, total = amount − fee
 *         (cash the trader receives). A sale can return at most −b·ln(1 − p_i)
 *         (selling ever more shares drives p_i to 0), so larger amounts are refused.
 * - averagePrice = amount / shares; priceImpact = priceAfter − priceBefore
 *   (absolute, in price units: positive for buys, negative for sells).
 * Both share counts have closed forms; they are computed in log space so huge
 * amounts neither overflow nor lose the ordering.
 */
import type { WireQuote } from '../api/wire.js';
export const FEE_RATE = 0.01;

export type Side = 'buy' | 'sell';

function logSumExp(xs: readonly number[]): number {
  let max = -Infinity;
  for (const x of xs) if (x > max) max = x;
  if (!Number.isFinite(max)) return max;
  let sum = 0;
  for (const x of xs) sum += Math.exp(x - max);
  return max + Math.log(sum);
}

export function lmsrCost(q: readonly number[], b: number): number {
  return b * logSumExp(q.map((x) => x / b));
}

/** ln p_i for every outcome. */
export function lmsrLogPrices(q: readonly number[], b: number): number[] {
  const z = q.map((x) => x / b);
  const lse = logSumExp(z);
  return z.map((x) => x - lse);
}

export function lmsrPrices(q: readonly number[], b: number): number[] {
  return lmsrLogPrices(q, b).map((l) => Math.exp(l));
}

/** Shares of outcome i bought for `spend` currency units (spend > 0). */
export function buyShares(q: readonly number[], b: number, i: number, spend: number): number {
  const lnp = lmsrLogPrices(q, b)[i];
  if (lnp === undefined) throw new RangeError('no such outcome');
  const x = spend / b;
  const p = Math.exp(lnp);
  // s = b · ln(1 + (e^x − 1)/p)
  if (x <= 1 && lnp > -30) return b * Math.log1p(Math.expm1(x) / p);
  return b * (x - lnp + Math.log1p(-(1 - p) * Math.exp(-x)));
}

/** The most a sale of outcome i can ever return: −b·ln(1 − p_i). */
export function maxSellProceeds(q: readonly number[], b: number, i: number): number {
  const p = lmsrPrices(q, b)[i];
  if (p === undefined) throw new RangeError('no such outcome');
  return -b * Math.log1p(-p);
}

/** Shares of outcome i to sell for `proceeds` currency; undefined when no sale returns that much. */
export function sellShares(q: readonly number[], b: number, i: number, proceeds: number): number | undefined {
  const p = lmsrPrices(q, b)[i];
  if (p === undefined) throw new RangeError('no such outcome');
  // s = −b · ln(1 − (1 − e^{−y})/p)
  const ratio = -Math.expm1(-proceeds / b) / p;
  if (!(ratio < 1)) return undefined;
  const s = -b * Math.log1p(-ratio);
  return Number.isFinite(s) ? s : undefined;
}

/** The priced part of a quote, as the wire carries it. */
export type PriceQuote = Pick<
  WireQuote,
  'shares' | 'averagePrice' | 'priceBefore' | 'priceAfter' | 'priceImpact' | 'fee' | 'total'
>;

export type QuoteOutcome = { ok: true; quote: PriceQuote } | { ok: false; maxAmount: number };

/** Price a trade of `amount` on outcome i. Read-only: `q` is not changed. */
export function quoteLmsr(q: readonly number[], b: number, i: number, side: Side, amount: number): QuoteOutcome {
  const before = lmsrPrices(q, b);
  const priceBefore = before[i];
  if (priceBefore === undefined) throw new RangeError('no such outcome');
  let shares: number | undefined;
  if (side === 'buy') shares = buyShares(q, b, i, amount);
  else shares = sellShares(q, b, i, amount);
  if (shares === undefined || !(shares > 0) || !Number.isFinite(shares)) {
    return { ok: false, maxAmount: maxSellProceeds(q, b, i) };
  }
  const after = q.slice();
  after[i] = (after[i] ?? 0) + (side === 'buy' ? shares : -shares);
  const priceAfter = lmsrPrices(after, b)[i] ?? priceBefore;
  const fee = amount * FEE_RATE;
  return {
    ok: true,
    quote: {
      shares,
      averagePrice: amount / shares,
      priceBefore,
      priceAfter,
      priceImpact: priceAfter - priceBefore,
      fee,
      total: side === 'buy' ? amount + fee : amount - fee,
    },
  };
}
