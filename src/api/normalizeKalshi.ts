/**
 * Kalshi trade API v2 market objects, in both shapes it has sent:
 *  - older: integer cents 0..100 (`last_price`, `yes_bid`, `yes_ask`, `previous_price`, `liquidity`),
 *    often with `_dollars` twins ("0.0100") beside them;
 *  - newer: only the `_dollars` strings and `_fp` counts (`volume_fp`).
 * The unit belongs to the field: a `_dollars` field wins; the plain field is always cents (1 = 1¢).
 */
import type { Market, MarketStatus, Outcome } from './types.js';
import {
  CATEGORY_MAX,
  NAME_MAX,
  TITLE_MAX,
  r9,
  toCents,
  toId,
  toNonNegative,
  toPrice,
  toText,
  type Rec,
} from './normalizeFields.js';
import {
  UPDATED_KEYS,
  assignDefined,
  binary,
  composeTitle,
  firstText,
  pastTime,
  positive,
  readTime,
  readVolume,
  statusKey,
  statusWord,
} from './normalizeCommon.js';

const STATUS: Record<string, MarketStatus> = {
  active: 'active',
  open: 'active',
  inactive: 'closed',
  paused: 'closed',
  closed: 'closed',
  // the result is known but not final (it can still be disputed and amended)
  determined: 'settling',
  disputed: 'settling',
  amended: 'settling',
  settled: 'resolved',
  finalized: 'resolved',
};

/** A Kalshi price field: its `_dollars` twin when readable, else the field itself in cents. */
export function kalshiPrice(o: Rec, field: string): number | undefined {
  return toPrice(o[`${field}_dollars`]) ?? toCents(o[field]);
}

const RESULT_WORDS: Record<string, string> = { yes: 'Yes', no: 'No', void: 'void (cancelled)' };

function settlement(o: Rec, result: string | undefined): number | undefined {
  if (result === 'yes') return 1;
  if (result === 'no') return 0;
  return result === 'scalar' ? kalshiPrice(o, 'settlement_value') : undefined;
}

/** A book wider than this says little about the price: no midpoint is drawn from it. */
export const MAX_MID_SPREAD = 0.1;

/**
 * The Yes price: the settlement once there is a result; else the last trade (Kalshi trades at 1..99¢, so 0
 * means none yet); else the middle of a two-sided book at most 10¢ wide. An empty, one-sided or wide book
 * (1¢ / 99¢ quotes only) has no price.
 */
function yesPrice(o: Rec, status: MarketStatus, result: string | undefined): number | undefined {
  if (status === 'resolved' || status === 'settling') {
    const s = settlement(o, result);
    if (s !== undefined) return s;
  }
  const last = kalshiPrice(o, 'last_price');
  if (last !== undefined && last > 0) return last;
  const bid = kalshiPrice(o, 'yes_bid');
  const ask = kalshiPrice(o, 'yes_ask');
  if (bid !== undefined && ask !== undefined && bid > 0 && ask < 1 && ask >= bid && ask - bid <= MAX_MID_SPREAD + 1e-9)
    return r9((bid + ask) / 2);
  return undefined;
}

/** The last trade minus the last trade a day before, when both were trades. */
function change24h(o: Rec, status: MarketStatus): number | undefined {
  if (status === 'resolved' || status === 'settling') return undefined;
  const last = kalshiPrice(o, 'last_price');
  const prev = kalshiPrice(o, 'previous_price');
  return last !== undefined && prev !== undefined && last > 0 && prev > 0 ? r9(last - prev) : undefined;
}

/** Kalshi titles carry markdown emphasis (`Will the **high temp in NYC** be >91°`). */
function plainTitle(v: unknown): string | undefined {
  return toText(typeof v === 'string' ? v.replace(/\*\*(.+?)\*\*/g, '$1') : v, TITLE_MAX);
}

export function normalizeKalshi(o: Rec, id: string, now: number): Market {
  const word = statusKey(o.status);
  const status: MarketStatus = word === undefined ? 'unknown' : (STATUS[word] ?? 'unknown');
  const resultKey = statusKey(o.result);
  const yes = yesPrice(o, status, resultKey);
  const outcomes: Outcome[] = binary(yes, yes === undefined ? undefined : change24h(o, status));
  const closesAt = readTime(o, ['close_time', 'expected_expiration_time', 'expiration_time']);
  const liquidity =
    toNonNegative(o.liquidity_dollars) ??
    (toNonNegative(o.liquidity) !== undefined ? toNonNegative(o.liquidity)! / 100 : undefined);
  return assignDefined<Market>(
    {
      id,
      title: composeTitle(plainTitle(o.title), firstText(o, ['yes_sub_title', 'subtitle'], TITLE_MAX), id, true),
      status,
      outcomes,
      source: 'kalshi',
      raw: o,
    },
    {
      rawStatus: statusWord(o.status),
      category: firstText(o, ['category'], CATEGORY_MAX),
      volume: readVolume(o),
      liquidity,
      closesAt,
      closedAt:
        status !== 'active' && status !== 'unknown'
          ? pastTime(readTime(o, ['close_time']) ?? readTime(o, ['settlement_ts']), now)
          : undefined,
      lastTradePrice: positive(kalshiPrice(o, 'last_price')),
      resolvedOutcome: resultKey === undefined ? undefined : (RESULT_WORDS[resultKey] ?? toText(o.result, NAME_MAX)),
      eventId: toId(o.event_ticker),
      updatedAt: readTime(o, UPDATED_KEYS),
    },
  );
}

/** A Kalshi event (`event_ticker`, `series_ticker`, `sub_title`, `category`). */
export function isKalshiEvent(o: Rec): boolean {
  return (
    typeof o.event_ticker === 'string' &&
    o.ticker === undefined &&
    ('series_ticker' in o || 'sub_title' in o || 'mutually_exclusive' in o)
  );
}
