/**
 * Outcomes and status of a market in whatever shape it came:
 *  - array of objects (`name|label|title|text|outcome`, `price|probability|lastPrice|last_price|p`)
 *  - array of names plus `outcomePrices`, either of them possibly a JSON-encoded string (Polymarket)
 *  - Manifold: `answers` (multiple choice) or a binary `probability`
 *  - Kalshi: cent prices `last_price`, `yes_bid`, `yes_ask` (or their `_dollars` forms)
 */
import type { MarketStatus, Outcome } from './types.js';
import { NAME_MAX, isRecord, pick, toArray, toId, toPrice, toText, type Rec } from './normalizeFields.js';

const NAME_KEYS = ['name', 'label', 'title', 'text', 'outcome'] as const;
const PRICE_KEYS = ['price', 'probability', 'lastPrice', 'p'] as const;
const CENT_PRICE_KEYS = ['last_price', 'yes_price'] as const;
const OUTCOME_ID_KEYS = ['id', 'tokenId', 'token_id', 'answerId', 'outcomeId'] as const;

function outcomeFromObject(o: Rec): Outcome | undefined {
  const id = toId(pick(o, OUTCOME_ID_KEYS));
  const name = toText(pick(o, NAME_KEYS), NAME_MAX) ?? id;
  if (name === undefined) return undefined;
  let price = toPrice(pick(o, PRICE_KEYS));
  if (price === undefined) price = toPrice(pick(o, CENT_PRICE_KEYS), true);
  return { ...(id !== undefined ? { id } : {}), name, ...(price !== undefined ? { price } : {}) };
}

function outcomesFromList(list: unknown[], prices: unknown[] | undefined): Outcome[] {
  const out: Outcome[] = [];
  list.forEach((item, i) => {
    if (isRecord(item)) {
      const o = outcomeFromObject(item);
      if (o) out.push(o);
      return;
    }
    const name = toText(item, NAME_MAX);
    if (name === undefined) return;
    const price = prices ? toPrice(prices[i]) : undefined;
    out.push(price !== undefined ? { name, price } : { name });
  });
  return out;
}

function binary(p: number | undefined): Outcome[] {
  if (p === undefined) return [{ name: 'Yes' }, { name: 'No' }];
  // round away float noise like 0.30000000000000004
  const no = Math.round((1 - p) * 1e9) / 1e9;
  return [
    { name: 'Yes', price: p },
    { name: 'No', price: no },
  ];
}

/** Kalshi's Yes price: last trade when there was one, else the bid/ask mid, else whichever side exists. */
function kalshiYesPrice(o: Rec): number | undefined {
  const last = toPrice(o.last_price, true) ?? toPrice(o.last_price_dollars);
  const bid = toPrice(o.yes_bid, true) ?? toPrice(o.yes_bid_dollars);
  const ask = toPrice(o.yes_ask, true) ?? toPrice(o.yes_ask_dollars);
  if (last !== undefined && last > 0) return last;
  if (bid !== undefined && ask !== undefined && ask > 0) return Math.round(((bid + ask) / 2) * 1e6) / 1e6;
  if (ask !== undefined && ask > 0) return ask;
  if (bid !== undefined && bid > 0) return bid;
  return last;
}

function hasKalshiPrices(o: Rec): boolean {
  return ['last_price', 'yes_bid', 'yes_ask', 'last_price_dollars', 'yes_bid_dollars', 'yes_ask_dollars'].some((k) => o[k] !== undefined && o[k] !== null);
}

export function readOutcomes(o: Rec): Outcome[] {
  const list = toArray(pick(o, ['outcomes', 'tokens']));
  if (list && list.length > 0) {
    const prices = toArray(pick(o, ['outcomePrices', 'outcome_prices', 'prices']));
    const out = outcomesFromList(list, prices);
    if (out.length > 0) return out;
  }
  const answers = toArray(o.answers);
  if (answers && answers.length > 0) {
    const out = outcomesFromList(answers, undefined);
    if (out.length > 0) return out;
  }
  const outcomeType = typeof o.outcomeType === 'string' ? o.outcomeType.toUpperCase() : undefined;
  if (o.probability !== undefined && (outcomeType === undefined || outcomeType === 'BINARY')) {
    return binary(toPrice(o.probability));
  }
  if (hasKalshiPrices(o)) return binary(kalshiYesPrice(o));
  return [];
}

const STATUS_WORDS: Record<string, MarketStatus> = {
  active: 'active',
  open: 'active',
  trading: 'active',
  live: 'active',
  closed: 'closed',
  paused: 'closed',
  halted: 'closed',
  suspended: 'closed',
  inactive: 'closed',
  settling: 'settling',
  resolving: 'settling',
  pending_resolution: 'settling',
  in_review: 'settling',
  disputed: 'settling',
  resolved: 'resolved',
  settled: 'resolved',
  finalized: 'resolved',
  determined: 'resolved',
  // not yet open: neither tradable nor closed — we do not pretend to know
  initialized: 'unknown',
  unopened: 'unknown',
  pending: 'unknown',
};

/**
 * Status from a `status` word, else from booleans. `now` is used only for shapes that say "not resolved"
 * but carry no open/closed flag (Manifold): a past close time then means closed.
 */
export function readStatus(o: Rec, closesAt: number | undefined, now: number): MarketStatus {
  const word = typeof o.status === 'string' ? o.status.trim().toLowerCase().replace(/[\s-]+/g, '_') : undefined;
  if (word !== undefined && word !== '') return STATUS_WORDS[word] ?? 'unknown';
  const b = (k: string) => (typeof o[k] === 'boolean' ? (o[k] as boolean) : undefined);
  const uma = typeof o.umaResolutionStatus === 'string' ? o.umaResolutionStatus.toLowerCase() : undefined;
  if (b('isResolved') === true || b('resolved') === true || uma === 'resolved') return 'resolved';
  if (b('closed') === true || b('isClosed') === true) return 'closed';
  if (b('active') === true) return 'active';
  if (b('active') === false) return 'closed';
  if (b('isResolved') === false || b('resolved') === false || b('closed') === false) {
    if (closesAt !== undefined && closesAt <= now) return 'closed';
    return 'active';
  }
  return 'unknown';
}

/** Resolved outcome: `resolvedOutcome|resolution|result|winningOutcome|winner`; empty strings mean none. */
export function readResolved(o: Rec): string | undefined {
  const v = pick(o, ['resolvedOutcome', 'resolution', 'result', 'winningOutcome', 'winner']);
  if (isRecord(v)) return toText(pick(v, NAME_KEYS), NAME_MAX);
  return toText(v, NAME_MAX);
}

/** The source's own status word as it sent it (sanitized, ≤ 40 characters), when it sent one. */
export function statusWord(raw: unknown): string | undefined {
  return isRecord(raw) ? toText(raw.status, 40) : undefined;
}
