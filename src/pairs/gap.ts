/**
 * The gap between the two prices of a pair, and what is left of it after each venue's fee for a stated size
 * (issue #29). Prices are YES prices 0..1; a complement's price is flipped (1 − its YES, labelled "NO") so both
 * legs price the same outcome. For `size` contracts the cheaper leg's YES is bought through its asks and the dearer
 * leg's YES-equivalent is sold through its bids (on both Kalshi and Polymarket, buying NO is selling YES into the
 * complementary book), each with the venue's own fee schedule (Kalshi's taker formula, the market's Polymarket fee
 * curve, Manifold's): the gap after fees is what one contract on each side pays (1) minus what both cost, per
 * contract, in cents. `fillable` is how many of those contracts both books fill while the next contract still costs
 * less than 1 together. Where the relation, a fee, a book, the rules or the currency is not known, no figure is
 * made up: `noEdge` says why and the figures that need it are absent.
 */
import { nameInSentence } from '../sources/names.js';
import type { BookLevel, Market, OrderBook } from '../api/types.js';
import { walkSell, walkShares, type FeeSchedule, type Fill } from '../sources/book.js';
import { kalshiTakerFee } from '../sources/kalshi/orderbook.js';
import { manifoldFee } from '../sources/manifold/pool.js';
import { clobTakerFee, feeCurveOf } from '../sources/polymarket/clob.js';
import type { SourceId } from '../sources/types.js';
import { firstReason } from './compare.js';
import type { Comparison, Signature } from './types.js';

export type Currency = 'USD' | 'USDC' | 'mana';

export const CURRENCY: Record<SourceId, Currency | undefined> = {
  kalshi: 'USD',
  polymarket: 'USDC',
  manifold: 'mana',
  public: undefined,
};

export interface Leg {
  market: Market;
  sig: Signature;
  /** The book of this market's YES outcome, when loaded. */
  book?: OrderBook;
}

export interface LegView {
  venue: SourceId;
  id: string;
  /** The price compared: this market's YES, or 1 − YES for the flipped leg of a complement. */
  price?: number;
  /** "YES", or "NO (flipped)" for a complement's second leg. */
  side: 'YES' | 'NO (flipped)';
  currency?: Currency;
  closesAt?: number;
}

export interface AfterFees {
  /** Contracts priced (the stated size, or fewer when a book is thinner). */
  contracts: number;
  /** What the cheap leg's contracts cost and what the dear leg's cost, fees included, each in its own currency. */
  costA: number;
  costB: number;
  feeA: number;
  feeB: number;
  /** Each leg's cost per contract as a share of its own 1-unit payout (0..1), in no currency: never converted. */
  pointsA: number;
  pointsB: number;
  /**
   * 100 × (1 − pointsA − pointsB): cents of a 1-unit payout (probability points). Each leg is measured in its own
   * currency's payout; no amount in one currency is ever added to one in another (the legs' currencies are named).
   */
  cents: number;
}

export interface Gap {
  a: LegView;
  b: LegView;
  /** |price a − price b| in cents (prices as shown, the complement flipped). */
  cents?: number;
  /** Which leg is cheaper: the one whose YES the pair would buy. */
  cheaper?: 'a' | 'b';
  size: number;
  afterFees?: AfterFees;
  /** Contracts (≤ size) both books fill while one more of each still costs less than 1 together. */
  fillable?: number;
  /** Why no gap after fees is shown (never a figure from missing data). */
  noEdge: string[];
  /** What the figure assumes. */
  notes: string[];
}

/** A venue's fee schedule for a market, or a reason it is not known. */
export function feeFor(m: Market, venue: SourceId): FeeSchedule | string {
  if (venue === 'kalshi') return kalshiTakerFee;
  if (venue === 'manifold') return manifoldFee;
  if (venue === 'polymarket') {
    const raw = (typeof m.raw === 'object' && m.raw !== null ? m.raw : {}) as Record<string, unknown>;
    if (raw.feesEnabled === false || (typeof raw.feeSchedule === 'object' && raw.feeSchedule !== null))
      return clobTakerFee(feeCurveOf(raw));
    return "this market's fee schedule was not in its record";
  }
  return 'the interface publishes no fee';
}

const yesOf = (m: Market): number | undefined => {
  const p = m.outcomes[0]?.price;
  return p !== undefined && Number.isFinite(p) && p >= 0 && p <= 1 ? p : undefined;
};

/** A YES book turned into the book of its complement (NO): bids ↔ asks at 1 − price. */
export function flipBook(b: OrderBook): OrderBook {
  const flip = (ls: readonly BookLevel[]) =>
    ls.map((l) => ({ price: Math.round((1 - l.price) * 1e6) / 1e6, size: l.size }));
  return { ...b, outcome: `NO of ${b.outcome}`, bids: flip(b.asks), asks: flip(b.bids) };
}

/** Buys `shares` contracts from `asks` (lowest first): the cost and the levels taken. */
export const walkBuyShares = (asks: readonly BookLevel[], shares: number): Fill => walkShares(asks, shares);

/** Contracts both books fill while the cheap leg's next ask plus (1 − the dear leg's next bid) stays below 1. */
function fillableAtGap(asks: readonly BookLevel[], bids: readonly BookLevel[], cap: number): number {
  let i = 0;
  let j = 0;
  let leftA = asks[0]?.size ?? 0;
  let leftB = bids[0]?.size ?? 0;
  let n = 0;
  while (i < asks.length && j < bids.length && n < cap) {
    if (!(asks[i]!.price < bids[j]!.price)) break;
    const take = Math.min(leftA, leftB, cap - n);
    n += take;
    leftA -= take;
    leftB -= take;
    if (leftA <= 1e-9) leftA = asks[++i]?.size ?? 0;
    if (leftB <= 1e-9) leftB = bids[++j]?.size ?? 0;
  }
  return n;
}

/**
 * The relation a pair is priced as: its own, or — a `related` pair that differs only in edge-case clauses and that
 * the person confirmed — what it would be without them (compare.ts `edge`), the clauses then named in the notes.
 */
export function pricedAs(relation: Comparison, confirmed: boolean): Comparison['relation'] {
  return relation.relation === 'related' && relation.edge && confirmed ? relation.edge.would : relation.relation;
}

export function pairGap(a: Leg, b: Leg, relation: Comparison, size: number, confirmed = false): Gap {
  const priced = pricedAs(relation, confirmed);
  const flip = priced === 'complement';
  const pa = yesOf(a.market);
  const rawB = yesOf(b.market);
  const pb = rawB === undefined ? undefined : flip ? 1 - rawB : rawB;
  const leg = (l: Leg, price: number | undefined, side: LegView['side']): LegView => ({
    venue: l.sig.ref.venue,
    id: l.sig.ref.id,
    side,
    ...(price !== undefined ? { price } : {}),
    ...(CURRENCY[l.sig.ref.venue] ? { currency: CURRENCY[l.sig.ref.venue] } : {}),
    ...(l.market.closesAt !== undefined ? { closesAt: l.market.closesAt } : {}),
  });
  const gap: Gap = {
    a: leg(a, pa, 'YES'),
    b: leg(b, pb, flip ? 'NO (flipped)' : 'YES'),
    size,
    noEdge: [],
    notes: [],
  };
  // a leg no longer traded (closed, settling, resolved) has a last price, not a price: no gap is made of it
  const over = [a, b].filter((l) => l.market.status !== 'active');
  if (pa !== undefined && pb !== undefined && over.length === 0) {
    gap.cents = Math.round(Math.abs(pa - pb) * 1000) / 10;
    gap.cheaper = pa <= pb ? 'a' : 'b';
  }
  const no = gap.noEdge;
  for (const l of over) no.push(`${nameInSentence(l.sig.ref.venue)}'s market is ${l.market.status}: nothing to trade`);
  if (priced !== 'same' && priced !== 'complement')
    no.push(
      `not the same contract (${relation.relation}): ${firstReason(relation.reasons) ?? 'no reason read'}` +
        (relation.edge ? ' (only if the event does not go as planned: priced once you confirm the pair)' : ''),
    );
  else if (priced !== relation.relation)
    gap.notes.push(
      `priced as ${priced} because you confirmed it, although the rules differ (${relation.edge!.cases.join('; ')})`,
    );
  for (const l of [a, b]) {
    const name = nameInSentence(l.sig.ref.venue);
    if (!l.sig.hasRules) no.push(`${name}'s rules text is not in this record`);
    if (!l.book) no.push(`no order book from ${name}`);
    const fee = feeFor(l.market, l.sig.ref.venue);
    if (typeof fee === 'string') no.push(`${name}'s fee is unknown: ${fee}`);
    if (CURRENCY[l.sig.ref.venue] === undefined) no.push(`${name}'s currency is unknown`);
  }
  const ca = CURRENCY[a.sig.ref.venue];
  const cb = CURRENCY[b.sig.ref.venue];
  if ((ca === 'mana') !== (cb === 'mana')) no.push('mana and money are not summed');
  if (gap.cheaper === undefined) no.push('a price is missing');
  if (!(size > 0) || !Number.isFinite(size)) no.push('no size stated');
  if (no.length > 0) return gap;

  // both books as books of the compared outcome (the complement's flipped)
  const bookA = a.book!;
  const bookB = flip ? flipBook(b.book!) : b.book!;
  const [cheap, dear, cheapLeg, dearLeg] = gap.cheaper === 'a' ? [bookA, bookB, a, b] : [bookB, bookA, b, a];
  const buy = walkBuyShares(cheap.asks, size);
  const sell = walkSell(dear.bids, size);
  const n = Math.min(buy.shares, sell.shares);
  if (!(n > 0)) {
    no.push('the books hold nothing to fill on one side');
    return gap;
  }
  const buyN = walkBuyShares(cheap.asks, n);
  const sellN = walkSell(dear.bids, n);
  const feeCheap = (feeFor(cheapLeg.market, cheapLeg.sig.ref.venue) as FeeSchedule)(buyN, 'buy');
  const feeDear = (feeFor(dearLeg.market, dearLeg.sig.ref.venue) as FeeSchedule)(sellN, 'sell');
  // the dear leg's contracts: NO bought for (n − proceeds of the YES sold)
  const costCheap = buyN.money + feeCheap;
  const costDear = n - sellN.money + feeDear;
  const [costA, costB, feeA, feeB] =
    gap.cheaper === 'a' ? [costCheap, costDear, feeCheap, feeDear] : [costDear, costCheap, feeDear, feeCheap];
  gap.afterFees = {
    contracts: n,
    costA: round(costA),
    costB: round(costB),
    feeA: round(feeA),
    feeB: round(feeB),
    pointsA: round(costA / n),
    pointsB: round(costB / n),
    cents: Math.round((1 - costA / n - costB / n) * 1000) / 10,
  };
  gap.fillable = fillableAtGap(cheap.asks, dear.bids, size);
  if (n < size) gap.notes.push(`the books fill ${n} of ${size} contracts`);
  if (ca !== cb)
    gap.notes.push(`points of each leg's own payout (${ca} and ${cb}, not converted): a gap only if both pay alike`);
  if (a.sig.ref.venue === 'kalshi' || b.sig.ref.venue === 'kalshi')
    gap.notes.push("Kalshi's fee without per-series multipliers or maker fees");
  return gap;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
