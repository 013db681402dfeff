/**
 * A quote (trade preview) in the reference shape or with other services' names:
 * `avgPrice`, `probBefore`/`probAfter` (Manifold), `newPrice`, `cost`, `side`,
 * a `fees` object of parts. Any object is accepted; every unreadable field is absent.
 */
import type { Action, Quote } from './types.js';
import {
  NAME_MAX,
  isRecord,
  pick,
  r9,
  toId,
  toNonNegative,
  toNumber,
  toPrice,
  toText,
  type Rec,
} from './normalizeFields.js';

function readAction(v: unknown): Action | undefined {
  const t = typeof v === 'string' ? v.trim().toLowerCase() : undefined;
  return t === 'buy' || t === 'sell' ? t : undefined;
}

/** A fee as a number, or the sum of an object of fee parts (`{creatorFee, platformFee, liquidityFee}`). */
function readFee(v: unknown): number | undefined {
  if (!isRecord(v)) return toNonNegative(v);
  let sum = 0;
  let any = false;
  for (const part of Object.values(v)) {
    const n = toNonNegative(part);
    if (n !== undefined) {
      sum += n;
      any = true;
    }
  }
  return any ? r9(sum) : undefined;
}

export function normalizeQuote(raw: unknown): Quote | undefined {
  try {
    if (!isRecord(raw)) return undefined;
    const o: Rec = raw;
    const q: Quote = { raw };
    const set = <K extends keyof Quote>(k: K, v: Quote[K] | undefined) => {
      if (v !== undefined) q[k] = v;
    };
    // `side` is the action in some services (buy/sell) and the outcome in others (yes/no)
    const sideAction = readAction(o.side);
    set('marketId', toId(pick(o, ['marketId', 'market_id', 'ticker', 'contractId', 'id'])));
    set('outcome', toText(pick(o, ['outcome', 'outcomeName', 'answer', ...(sideAction ? [] : ['side'])]), NAME_MAX));
    set('action', readAction(pick(o, ['action', 'type'])) ?? sideAction);
    const amount = toNumber(o.amount);
    set('amount', amount !== undefined && amount > 0 ? amount : undefined);
    set('shares', toNonNegative(pick(o, ['shares', 'size', 'quantity', 'count'])));
    set(
      'priceBefore',
      toPrice(pick(o, ['priceBefore', 'price_before', 'probBefore', 'oldPrice', 'old_price', 'startPrice'])),
    );
    set(
      'priceAfter',
      toPrice(pick(o, ['priceAfter', 'price_after', 'probAfter', 'newPrice', 'new_price', 'endPrice'])),
    );
    set(
      'averagePrice',
      toPrice(pick(o, ['averagePrice', 'avgPrice', 'average_price', 'avg_price', 'averageFillPrice'])),
    );
    if (q.averagePrice === undefined && q.amount !== undefined && q.shares !== undefined && q.shares > 0)
      set('averagePrice', toPrice(r9(q.amount / q.shares)));
    set('priceImpact', toNumber(pick(o, ['priceImpact', 'price_impact'])));
    if (q.priceImpact === undefined && q.priceBefore !== undefined && q.priceAfter !== undefined)
      q.priceImpact = r9(q.priceAfter - q.priceBefore);
    set('fee', readFee(pick(o, ['fee', 'fees'])));
    set('total', toNumber(pick(o, ['total', 'cost', 'totalCost', 'proceeds'])));
    return q;
  } catch {
    return undefined;
  }
}
