/**
 * The reference shape, and any object no service rule claims (normalizeShape.ts):
 *  - outcomes as objects (`name|label|title|text|outcome`, `price|probability|lastPrice|p` in 0..1,
 *    or the cent fields `last_price|yes_price`), or names plus `outcomePrices` (either may be JSON text)
 *  - `answers` like outcome objects, or a binary `probability`
 *  - status from a `status` word (unknown words stay unknown, kept as the raw word) or from booleans
 */
import type { MarketStatus, Outcome } from './types.js';
import {
  NAME_MAX,
  isRecord,
  pick,
  toArray,
  toCents,
  toChange,
  toId,
  toPrice,
  toText,
  type Rec,
} from './normalizeFields.js';
import { binary, statusKey } from './normalizeCommon.js';

const NAME_KEYS = ['name', 'label', 'title', 'text', 'outcome'] as const;
const PRICE_KEYS = ['price', 'probability', 'lastPrice', 'p'] as const;
const CENT_PRICE_KEYS = ['last_price', 'yes_price'] as const;
const OUTCOME_ID_KEYS = ['id', 'tokenId', 'token_id', 'answerId', 'outcomeId'] as const;
const CHANGE_KEYS = ['change24h', 'priceChange24h', 'oneDayPriceChange'] as const;

function outcomeFromObject(o: Rec): Outcome | undefined {
  const id = toId(pick(o, OUTCOME_ID_KEYS));
  const name = toText(pick(o, NAME_KEYS), NAME_MAX) ?? id;
  if (name === undefined) return undefined;
  const out: Outcome = { name };
  if (id !== undefined) out.id = id;
  const price = toPrice(pick(o, PRICE_KEYS)) ?? toCents(pick(o, CENT_PRICE_KEYS));
  if (price !== undefined) out.price = price;
  const change = toChange(pick(o, CHANGE_KEYS));
  if (change !== undefined) out.change24h = change;
  return out;
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

export function readOutcomes(o: Rec): Outcome[] {
  const list = toArray(pick(o, ['outcomes', 'tokens']));
  if (list && list.length > 0) {
    const out = outcomesFromList(list, toArray(pick(o, ['outcomePrices', 'outcome_prices', 'prices'])));
    if (out.length > 0) return out;
  }
  const answers = toArray(o.answers);
  if (answers && answers.length > 0) {
    const out = outcomesFromList(answers, undefined);
    if (out.length > 0) return out;
  }
  if (o.probability !== undefined) return binary(toPrice(o.probability));
  return [];
}

/**
 * The reference service's words and their usual synonyms. Anything else is 'unknown' (the word is kept as rawStatus).
 */
const STATUS_WORDS: Record<string, MarketStatus> = {
  active: 'active',
  open: 'active',
  trading: 'active',
  live: 'active',
  closed: 'closed',
  paused: 'closed',
  halted: 'closed',
  suspended: 'closed',
  settling: 'settling',
  resolving: 'settling',
  pending_resolution: 'settling',
  in_review: 'settling',
  disputed: 'settling',
  resolved: 'resolved',
  settled: 'resolved',
  finalized: 'resolved',
};

/**
 * Status from a `status` word, else from booleans; a past close time on an unresolved, unflagged market means closed.
 */
export function readStatus(o: Rec, closesAt: number | undefined, now: number): MarketStatus {
  const word = statusKey(o.status);
  if (word !== undefined) return STATUS_WORDS[word] ?? 'unknown';
  const b = (k: string) => (typeof o[k] === 'boolean' ? (o[k] as boolean) : undefined);
  if (b('isResolved') === true || b('resolved') === true) return 'resolved';
  if (b('closed') === true || b('isClosed') === true) return 'closed';
  if (b('active') === true) return 'active';
  if (b('active') === false) return 'closed';
  if (b('isResolved') === false || b('resolved') === false || b('closed') === false) {
    return closesAt !== undefined && closesAt <= now ? 'closed' : 'active';
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
