/** Pure helpers the store's actions use to update market entries, history and the cache. */
import type { Market, MarketStatus } from '../api/types.js';
import { keepSame } from '../util/sameData.js';
import { heldIds, type HeldState } from './held.js';
import { transitionOf } from './transitions.js';
import { appendFrom, firstAtOrAfter, noSamples, priceAt, sampleCount, timeAt, type Samples } from './samples.js';
import type { AppState, MarketEntry, PriceHistory, PriceSample, StatusTransition } from './types.js';

export const HISTORY_CAP = 120;
/**
 * The coarse trail keeps one sample per 10 minutes over a day and a step, so a 24 h move has a sample at least 24 h
 * old.
 */
export const TRAIL_STEP_MS = 10 * 60_000;
export const TRAIL_SPAN_MS = 24 * 3_600_000 + TRAIL_STEP_MS;
/** Markets kept in memory beyond the ones held (held.ts: the list, the watched, pair legs…): oldest dropped first. */
export const MARKET_CACHE_CAP = 400;
export const CATEGORY_CAP = 64;

/**
 * The status a market is known to have: a trading state a quote revealed wins; 'unknown' never replaces a known one.
 */
export function knownStatus(
  entry: Pick<MarketEntry, 'market' | 'tradeState'>,
  prev: MarketStatus | undefined,
): MarketStatus | undefined {
  const s = entry.tradeState ?? entry.market.status;
  return s === 'unknown' ? prev : s;
}

/**
 * Whether a market is known to be resolved (its latest known status): its price and book will not change any more, so
 * its book is neither asked for nor shown and its detail is refreshed only now and then (src/sync/final.ts).
 */
export function isResolved(entry: Pick<MarketEntry, 'knownStatus'> | undefined): boolean {
  return entry?.knownStatus === 'resolved';
}

/**
 * `market` as it arrived at `at`, merged with what was known: the first prices, the detail's time, the outcomes a
 * detail brought (when the list names none), a trading state a quote revealed and a 403 mark (a detail answer clears
 * it). `sentAt` is when the answer's request left (undefined: not known, so never newer than anything).
 */
export function upsertMarket(
  prev: MarketEntry | undefined,
  incoming: Market,
  at: number,
  detail: boolean,
  sentAt?: number,
): MarketEntry {
  // an answer that repeats what is held keeps the objects held (util/sameData.ts)
  const market = keepSame(prev?.market, keepContext(prev, keepOutcomes(prev, incoming)));
  let firstPrices = prev?.firstPrices ?? {};
  for (const o of market.outcomes)
    if (typeof o.price === 'number' && !(o.name in firstPrices)) {
      if (firstPrices === prev?.firstPrices) firstPrices = { ...firstPrices };
      firstPrices[o.name] = o.price;
    }
  const entry: MarketEntry = {
    market,
    receivedAt: at,
    firstSeenAt: prev?.firstSeenAt ?? at,
    firstPrices,
  };
  if (sentAt !== undefined) entry.sentAt = sentAt;
  const detailAt = detail ? at : prev?.detailAt;
  if (detailAt !== undefined) entry.detailAt = detailAt;
  // A trading state learned from a quote (409/410/423) holds against an answer that still says active, unless
  // that answer is newer on both counts: its request left after the quote's refusal arrived, and the market
  // carries an updatedAt later than that. A request in flight at the time, or a server that does not stamp
  // its markets, does not flip the market back (no ACTIVE/CLOSED flip-flops in Recent changes).
  if (
    prev?.tradeState &&
    market.status === 'active' &&
    prev.tradeStateAt !== undefined &&
    !newerThan(prev.tradeStateAt, sentAt, market.updatedAt)
  ) {
    entry.tradeState = prev.tradeState;
    entry.tradeStateAt = prev.tradeStateAt;
  }
  if (prev?.forbidden && !detail) entry.forbidden = prev.forbidden;
  const known = knownStatus(entry, prev?.knownStatus);
  if (known !== undefined) entry.knownStatus = known;
  return entry;
}

/**
 * A list entry that names no outcomes (Manifold's multiple-choice markets in lists) keeps the outcomes
 * its detail brought, instead of showing none again after every list refresh.
 */
function keepOutcomes(prev: MarketEntry | undefined, market: Market): Market {
  if (!market.outcomesPending || !prev || prev.market.outcomes.length === 0) return market;
  const { outcomesPending: _p, ...rest } = market;
  return { ...rest, outcomes: prev.market.outcomes };
}

/**
 * A market read from its own route (no event around it) keeps what its event said when it was listed in it (the
 * rules and teams of a Polymarket game's moneyline, src/api/polymarketEvent.ts): the event does not change them.
 */
function keepContext(prev: MarketEntry | undefined, market: Market): Market {
  const held = prev?.market.eventContext;
  return held === undefined || market.eventContext !== undefined ? market : { ...market, eventContext: held };
}

function newerThan(t: number, sentAt: number | undefined, updatedAt: number | undefined): boolean {
  return leftAfter(sentAt, t) && updatedAt !== undefined && updatedAt > t;
}

/**
 * Whether an answer's request left (`sentAt`) after `t`, when something held arrived: an answer to a request in flight
 * at that time may have been read before it, so it is never newer. An unknown `sentAt` did not leave after anything.
 */
export function leftAfter(sentAt: number | undefined, t: number): boolean {
  return sentAt !== undefined && sentAt > t;
}

/**
 * Whether an answer's copy of a market is older than the entry held, so it must not replace it (every answer that
 * carries markets: the list, a detail, a batch, the events list). Its updatedAt is earlier than the held one's; when
 * either has none, its request left (`sentAt`) before the held copy's request did (a list sent before a detail but
 * answered after it), or, the held copy's send time unknown, did not leave after it arrived (leftAfter). A copy whose
 * own send time is unknown (a direct store call) cannot be placed: it is taken, as an answer was before this rule.
 */
export function olderThanHeld(prev: MarketEntry, copy: Market, sentAt: number | undefined): boolean {
  return olderCopy({ ...prev, updatedAt: prev.market.updatedAt }, copy.updatedAt, sentAt);
}

/** What the rule weighs of the copy held: its updatedAt, when its request left, when it arrived. */
export interface HeldCopy {
  updatedAt?: number | undefined;
  sentAt?: number | undefined;
  receivedAt: number;
}

/**
 * olderThanHeld for any copy (a market's, an event's: src/store/events.ts): a copy stamped `updatedAt` whose request
 * left at `sentAt` is older than the one held.
 */
export function olderCopy(held: HeldCopy, updatedAt: number | undefined, sentAt: number | undefined): boolean {
  if (updatedAt !== undefined && held.updatedAt !== undefined) return updatedAt < held.updatedAt;
  if (sentAt === undefined) return false;
  if (held.sentAt !== undefined) return sentAt < held.sentAt;
  return !leftAfter(sentAt, held.receivedAt);
}

/**
 * Where the selection goes when `id` leaves the list `before` → `after`: the row that took its place
 * (the same index, or the last row), the first row when it was not in `before`; undefined when empty.
 */
export function neighbour(before: readonly string[], after: readonly string[], id: string): string | undefined {
  const i = before.indexOf(id);
  return after[Math.min(Math.max(i, 0), after.length - 1)];
}

export function appendHistory(prev: PriceHistory | undefined, market: Market, at: number): PriceHistory | undefined {
  const names = market.outcomes.map((o) => o.name);
  const prices = market.outcomes.map((o) => o.price);
  if (prices.every((p) => p === undefined)) return prev;
  const sameNames = prev && prev.names.length === names.length && prev.names.every((n, i) => n === names[i]);
  const base = sameNames ? prev.samples : noSamples(names.length);
  const n = sampleCount(base);
  if (n > 0) {
    const lastT = timeAt(base, n - 1);
    if (lastT >= at) return prev;
    if (at - lastT < 60_000 && samePrices(base, n - 1, prices)) return prev;
  }
  const sample = { t: at, prices };
  const samples = appendFrom(base, n - HISTORY_CAP + 1, sample);
  return { names, samples, trail: extendTrail(sameNames ? prev.trail : noSamples(names.length), sample) };
}

function samePrices(s: Samples, i: number, prices: readonly (number | undefined)[]): boolean {
  return prices.every((p, k) => priceAt(s, i, k) === p);
}

/**
 * The trail with `sample` added when the last one is at least TRAIL_STEP_MS older. Samples older than TRAIL_SPAN_MS go,
 * except the newest of them: it is the price a day ago when nothing was seen in between.
 */
function extendTrail(trail: Samples, sample: PriceSample): Samples {
  const n = sampleCount(trail);
  if (n > 0 && sample.t - timeAt(trail, n - 1) < TRAIL_STEP_MS) return trail;
  return appendFrom(trail, firstAtOrAfter(trail, sample.t - TRAIL_SPAN_MS) - 1, sample);
}

/**
 * Market answers folded into the cache: entries, history and the status changes they reveal. `prepare` completes each
 * market first (its event and category from the known events); `sentAt` is when the answer's request left.
 */
export function absorb(
  s: Pick<AppState, 'markets' | 'history'>,
  list: readonly Market[],
  at: number,
  detail: boolean,
  opts: { sentAt?: number; prepare?: (m: Market) => Market } = {},
) {
  const markets = { ...s.markets };
  const history = { ...s.history };
  const seen: StatusTransition[] = [];
  for (const raw of list) {
    const m = opts.prepare ? opts.prepare(raw) : raw;
    const prev = markets[m.id];
    // an older copy leaves the newer one held, its prices out of the history (the row stays listed)
    if (prev && olderThanHeld(prev, m, opts.sentAt)) continue;
    markets[m.id] = upsertMarket(prev, m, at, detail, opts.sentAt);
    const t = transitionOf(prev, markets[m.id]!, at);
    if (t) seen.push(t);
    const h = appendHistory(history[m.id], m, at);
    if (h) history[m.id] = h;
  }
  return { markets, history, seen };
}

/**
 * Drop cached markets the person does not hold (held.ts: on screen, selected, watched, alert targets, positions, pair
 * legs), oldest first, beyond the cap.
 */
export function prune(state: Pick<AppState, 'markets' | 'history' | 'quotes'> & HeldState) {
  const ids = Object.keys(state.markets);
  if (ids.length <= MARKET_CACHE_CAP) return {};
  const keep = heldIds(state);
  const droppable = ids
    .filter((id) => !keep.has(id))
    .sort((a, b) => state.markets[a]!.receivedAt - state.markets[b]!.receivedAt);
  const markets = { ...state.markets };
  const history = { ...state.history };
  const quotes = { ...state.quotes };
  for (const id of droppable.slice(0, ids.length - MARKET_CACHE_CAP)) {
    delete markets[id];
    delete history[id];
    delete quotes[id];
  }
  return { markets, history, quotes };
}

export function mergeCategories(known: string[], more: (string | undefined)[]): string[] {
  const set = new Set(known);
  let changed = false;
  for (const c of more) {
    if (c && !set.has(c) && set.size < CATEGORY_CAP) {
      set.add(c);
      changed = true;
    }
  }
  return changed ? [...set].sort((a, b) => a.localeCompare(b)) : known;
}
