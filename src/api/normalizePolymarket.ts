/**
 * Polymarket Gamma API market objects: `question`, JSON-encoded `outcomes` /
 * `outcomePrices` / `clobTokenIds` (0..1 dollar prices), booleans `active` /
 * `closed` / `archived`, the UMA oracle's `umaResolutionStatus`, and the
 * event inline as `events[0]`.
 */
import type { Market, MarketStatus, Outcome } from './types.js';
import {
  CATEGORY_MAX,
  NAME_MAX,
  TITLE_MAX,
  isRecord,
  pick,
  r9,
  toArray,
  toChange,
  toId,
  toNonNegative,
  toPrice,
  toText,
  type Rec,
} from './normalizeFields.js';
import { eventContextOf } from './polymarketEvent.js';
import { readStatus as readGenericStatus } from './normalizeOutcomes.js';
import {
  CLOSE_KEYS,
  UPDATED_KEYS,
  assignDefined,
  pastTime,
  positive,
  readCategory,
  readTime,
  statusKey,
  statusWord,
} from './normalizeCommon.js';

function readOutcomes(o: Rec): Outcome[] {
  const names = toArray(o.outcomes) ?? [];
  const prices = toArray(o.outcomePrices) ?? [];
  const ids = toArray(o.clobTokenIds) ?? [];
  const change = toChange(o.oneDayPriceChange);
  const out: Outcome[] = [];
  names.forEach((n, i) => {
    const name = toText(n, NAME_MAX);
    if (name === undefined) return;
    const oc: Outcome = { name };
    const id = toId(ids[i]);
    if (id !== undefined) oc.id = id;
    const price = toPrice(prices[i]);
    if (price !== undefined) oc.price = price;
    // the day's change is the first outcome's; in a two-outcome market the other moved the opposite way
    if (price !== undefined && change !== undefined && i === 0) oc.change24h = change;
    if (price !== undefined && change !== undefined && i === 1 && names.length === 2) oc.change24h = r9(-change);
    out.push(oc);
  });
  return out;
}

/** The outcome a closed market's prices settled on: the one priced exactly 1. */
function winnerByPrice(outcomes: Outcome[]): string | undefined {
  const ones = outcomes.filter((x) => x.price === 1);
  return ones.length === 1 && outcomes.every((x) => x.price === 1 || x.price === 0) ? ones[0]!.name : undefined;
}

/**
 * `umaResolutionStatus` proposed / disputed (an answer is before the oracle) → settling; resolved → resolved;
 * a closed market priced exactly 1 / 0 → resolved; other closed or archived → closed; active → active;
 * none of these flags → the reference rules.
 */
function readStatus(o: Rec, winner: string | undefined, now: number): MarketStatus {
  const uma = statusKey(o.umaResolutionStatus);
  if (uma === 'resolved') return 'resolved';
  if (uma === 'proposed' || uma === 'disputed' || uma === 'challenged') return 'settling';
  const closed = o.closed === true || o.archived === true;
  if (closed) return winner !== undefined ? 'resolved' : 'closed';
  if (o.active === true) return 'active';
  // neither active nor closed: not open yet (or paused) — said as it is, not guessed
  if (o.active === false) return 'unknown';
  if (o.closed === false) return 'active';
  return readGenericStatus(o, readTime(o, CLOSE_KEYS), now);
}

/** The event the market names inline (`events[0]`): its id, title and category. */
function inlineEvent(o: Rec): { id?: string; title?: string; category?: string } {
  const e: unknown = Array.isArray(o.events) ? o.events[0] : undefined;
  if (!isRecord(e)) return {};
  return assignDefined(
    {},
    { id: toId(pick(e, ['id', 'ticker', 'slug'])), title: toText(e.title, TITLE_MAX), category: readCategory(e) },
  );
}

export function normalizePolymarket(o: Rec, id: string, now: number): Market {
  const outcomes = readOutcomes(o);
  const winner =
    o.closed === true || statusKey(o.umaResolutionStatus) === 'resolved' ? winnerByPrice(outcomes) : undefined;
  const status = readStatus(o, winner, now);
  const event = inlineEvent(o);
  const rawStatus =
    statusWord(o.umaResolutionStatus) ??
    (o.archived === true
      ? 'archived'
      : o.closed === true
        ? 'closed'
        : o.active === true
          ? 'active'
          : o.active === false
            ? 'inactive'
            : undefined);
  return assignDefined<Market>(
    {
      id,
      title: toText(pick(o, ['question', 'title']), TITLE_MAX) ?? toText(o.groupItemTitle, TITLE_MAX) ?? id,
      status,
      outcomes,
      source: 'polymarket',
      raw: o,
    },
    {
      rawStatus,
      category: toText(o.category, CATEGORY_MAX) ?? event.category ?? readCategory({ tags: o.tags }),
      volume: toNonNegative(pick(o, ['volumeNum', 'volume'])),
      liquidity: toNonNegative(pick(o, ['liquidityNum', 'liquidity'])),
      closesAt: readTime(o, CLOSE_KEYS),
      closedAt:
        status === 'active' || status === 'unknown'
          ? undefined
          : pastTime(readTime(o, ['closedTime', 'umaEndDate']), now),
      lastTradePrice: positive(toPrice(o.lastTradePrice)),
      resolvedOutcome: status === 'resolved' ? winner : undefined,
      eventId: event.id ?? toId(pick(o, ['eventId', 'event_id'])),
      eventTitle: event.title,
      eventContext: Array.isArray(o.events) ? eventContextOf(o.events[0]) : undefined,
      updatedAt: readTime(o, UPDATED_KEYS),
    },
  );
}
