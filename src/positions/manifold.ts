/**
 * Manifold's positions (`GET /v0/market/{id}/positions?userId=`, docs/docs/api.md "ContractMetric") as Positions.
 * A metric is one user's holding in one market (or one answer of a multiple-choice market, `answerId`):
 * `totalShares` per outcome (YES / NO), `invested` the mana still in it, `payout` what it is worth now, `profit` =
 * payout − invested, `profitPercent` its percent, `maxSharesOutcome` the side held most. We keep the side with the
 * most shares (Manifold nets YES against NO), its shares, `invested` as the cost and `payout` as the value while the
 * market is open; with the market (its normalized copy) a resolved or closed market is valued as settle.ts says.
 */
import type { Market } from '../api/types.js';
import { isRecord, NAME_MAX, toNumber, toText } from '../api/normalizeFields.js';
import { pnlOf, round9 } from './pnl.js';
import { valueAtPrice } from './settle.js';
import type { Position } from './types.js';

const MIN_SHARES = 1e-6;
/** Manifold's market ids: letters and digits (20 in 2022, 10 since), never a path or a control character. */
const CONTRACT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The side held and its shares; undefined when nothing is held. */
function held(totalShares: unknown, max: unknown): { side: string; shares: number } | undefined {
  if (!isRecord(totalShares)) return undefined;
  const sides = Object.entries(totalShares)
    .map(([side, v]) => ({ side, shares: toNumber(v) ?? 0 }))
    .filter((s) => s.shares > MIN_SHARES)
    .sort((a, b) => b.shares - a.shares);
  const named = typeof max === 'string' ? sides.find((s) => s.side === max) : undefined;
  return named ?? sides[0];
}

/** One ContractMetric as a Position (undefined when it holds no shares), valued against its market when given. */
export function manifoldPosition(metric: unknown, market?: Market): Position | undefined {
  if (!isRecord(metric) || typeof metric.contractId !== 'string' || !CONTRACT_ID.test(metric.contractId))
    return undefined;
  const h = held(metric.totalShares, metric.maxSharesOutcome);
  if (!h) return undefined;
  const cost = nonNegative(metric.invested);
  const payout = nonNegative(metric.payout);
  const answerId = typeof metric.answerId === 'string' && metric.answerId !== '' ? metric.answerId : undefined;
  const answer = answerId && market ? market.outcomes.find((o) => o.id === answerId) : undefined;
  const side = h.side.toUpperCase() === 'YES' ? 'Yes' : h.side.toUpperCase() === 'NO' ? 'No' : h.side;
  // a binary market's outcomes are Yes / No; an answer's YES is the answer itself, its NO is "not" that answer
  const outcome = answer ? (side === 'Yes' ? answer.name : `not ${answer.name}`) : side;
  // the row's own price of the side held: what the shares are worth each
  const rowPrice = payout !== undefined ? round9(payout / h.shares) : undefined;
  const base: Omit<Position, 'state'> = {
    ref: { venue: 'manifold', id: metric.contractId },
    title: market?.title ?? unknownMarket(metric.contractId),
    outcome: toText(outcome, NAME_MAX) ?? '?',
    shares: h.shares,
    ...(cost !== undefined ? { cost, avgPrice: round9(cost / h.shares) } : {}),
    currency: 'mana',
  };
  const open = market === undefined || (market.status !== 'resolved' && market.status !== 'closed');
  if (open && payout !== undefined && answer === undefined) {
    const price = (market ? findSide(market, side) : undefined) ?? rowPrice;
    return { ...base, ...(price !== undefined ? { price } : {}), value: payout, ...pnlOf(payout, cost), state: 'open' };
  }
  // an answer's NO side is worth 1 − the answer's price (resolved: 1 − what the answer paid)
  const yes = answer?.price;
  const price = answer
    ? yes === undefined
      ? undefined
      : side === 'Yes'
        ? yes
        : round9(1 - yes)
    : ((market ? findSide(market, side) : undefined) ?? rowPrice);
  return { ...base, ...valueAtPrice(market, price, h.shares, cost) };
}

/**
 * The title of a position whose market Manifold does not answer (404: deleted, or never recorded): said as unknown,
 * with its id, rather than the bare id passing for a title.
 */
export const unknownMarket = (id: string): string => `Unknown market ${id} (not found on Manifold)`;

function findSide(market: Market, side: string): number | undefined {
  return market.outcomes.find((o) => o.name.toLowerCase() === side.toLowerCase())?.price;
}

const nonNegative = (v: unknown): number | undefined => {
  const n = toNumber(v);
  return n !== undefined && n >= 0 ? n : undefined;
};

/** A positions answer (a list of metrics) → the metrics of `userId` (every one when absent). */
export function metricsOf(body: unknown, userId?: string): unknown[] | undefined {
  if (!Array.isArray(body)) return undefined;
  return userId === undefined ? body : body.filter((m) => isRecord(m) && m.userId === userId);
}
