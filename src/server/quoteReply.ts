/**
 * A quote's answer, the same for the simulator and a replay: which outcome was asked for, whether the market still
 * trades, and the LMSR quote on the wire (rounded to 6 places, prices kept inside (0, 1)).
 */
import type { WireQuote } from '../api/wire.js';
import type { QuoteParamsIn } from './params.js';
import { quoteLmsr } from './pricing.js';
import { HttpError, invalidParam } from './reply.js';

const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const price = (x: number): number => Math.min(1 - 1e-6, Math.max(1e-6, r6(x)));

/** The outcome asked for, by id or name (case and Unicode form aside); 400 naming the market's outcomes if none. */
export function outcomeIndex(
  outcomes: ReadonlyArray<{ id?: string | undefined; name: string }>,
  asked: string,
): number {
  const wanted = asked.normalize('NFC').toLowerCase();
  const i = outcomes.findIndex(
    (o) => o.id?.toLowerCase() === wanted || o.name.normalize('NFC').toLowerCase() === wanted,
  );
  if (i >= 0) return i;
  const names = outcomes.map((o) => o.name).join(', ');
  throw invalidParam(
    'outcome',
    names ? `is not an outcome of this market (one of: ${names})` : 'is not an outcome of this market (it lists none)',
  );
}

/** 409 closed (or of unknown status), 423 settling, 410 resolved: the spec's answers for a market not trading. */
export function refuseUntradable(status: string): void {
  if (status === 'closed' || status === 'unknown') throw new HttpError(409, 'Market is closed for trading.');
  if (status === 'settling') throw new HttpError(423, 'Market is settling (resolution lock).');
  if (status === 'resolved') throw new HttpError(410, 'Market is already resolved.');
}

/** The LMSR quote for outcome `i` of a market with quantities `q` and liquidity `b`; 400 for a sale too large. */
export function quoteReply(
  market: { id: string; outcome: string },
  p: QuoteParamsIn,
  q: readonly number[],
  b: number,
  i: number,
): WireQuote {
  const r = quoteLmsr(q, b, i, p.action, p.amount);
  if (!r.ok)
    throw invalidParam(
      'amount',
      `a sale of this outcome can return at most ${Math.floor(r.maxAmount * 100) / 100} now`,
    );
  const x = r.quote;
  return {
    marketId: market.id,
    outcome: market.outcome,
    action: p.action,
    amount: p.amount,
    shares: r6(x.shares),
    averagePrice: r6(x.averagePrice),
    priceBefore: price(x.priceBefore),
    priceAfter: price(x.priceAfter),
    priceImpact: r6(price(x.priceAfter) - price(x.priceBefore)),
    fee: r6(x.fee),
    total: r6(x.total),
  };
}
