/**
 * Wire → view models (design.md §4). Accepts the reference shape and the
 * Polymarket / Manifold / Kalshi styles; see normalizeFields.ts and
 * normalizeOutcomes.ts for the field rules. Never throws; returns undefined
 * for an object that has no usable id. `raw` is always the object as received.
 */
import type { Action, Market, MarketEvent, Quote } from './types.js';
import { CATEGORY_MAX, NAME_MAX, TITLE_MAX, isRecord, pick, toId, toNonNegative, toNumber, toPrice, toText, toTime, type Rec } from './normalizeFields.js';
import { readOutcomes, readResolved, readStatus } from './normalizeOutcomes.js';

export interface NormalizeOptions {
  /** "now" for shapes whose status depends on the close time (Manifold); defaults to Date.now(). */
  now?: number;
}

const MARKET_ID_KEYS = ['id', 'marketId', 'market_id', 'ticker', 'conditionId', 'condition_id', 'slug'] as const;
const TITLE_KEYS = ['title', 'question', 'name'] as const;
const CLOSE_KEYS = ['closesAt', 'closeTime', 'close_time', 'endDate', 'end_date', 'endDateIso', 'closeDate', 'expiration_time'] as const;
const UPDATED_KEYS = ['updatedAt', 'updated_at', 'lastUpdatedTime', 'last_updated', 'updatedTime'] as const;

function readCategory(o: Rec): string | undefined {
  const c = toText(pick(o, ['category', 'categoryName']), CATEGORY_MAX);
  if (c !== undefined) return c;
  const tags = Array.isArray(o.tags) ? o.tags : Array.isArray(o.groupSlugs) ? o.groupSlugs : undefined;
  const first: unknown = tags?.[0];
  return isRecord(first) ? toText(pick(first, ['label', 'name', 'slug']), CATEGORY_MAX) : toText(first, CATEGORY_MAX);
}

function readTitle(o: Rec, fallback: string): string {
  const title = toText(pick(o, TITLE_KEYS), TITLE_MAX);
  const sub = toText(pick(o, ['subtitle', 'yes_sub_title']), TITLE_MAX);
  if (title === undefined) return sub ?? fallback;
  if (sub === undefined || sub === title || title.includes(sub)) return title;
  return toText(`${title} — ${sub}`, TITLE_MAX) ?? title;
}

/** Kalshi reports `liquidity` in cents (its `liquidity_dollars` in currency units); others in currency units. */
function readLiquidity(o: Rec): number | undefined {
  const dollars = toNonNegative(o.liquidity_dollars);
  if (dollars !== undefined) return dollars;
  const kalshi = typeof o.ticker === 'string' && (o.event_ticker !== undefined || o.yes_bid !== undefined || o.last_price !== undefined);
  const v = toNonNegative(pick(o, ['liquidity', 'liquidityNum', 'totalLiquidity']));
  return v !== undefined && kalshi && o.liquidity !== undefined && o.liquidity !== null ? v / 100 : v;
}

function readEventId(o: Rec): string | undefined {
  const direct = toId(pick(o, ['eventId', 'event_id', 'event_ticker', 'eventTicker']));
  if (direct !== undefined) return direct;
  const events = Array.isArray(o.events) ? o.events : undefined;
  const first: unknown = events?.[0];
  return isRecord(first) ? toId(pick(first, ['id', 'ticker', 'slug'])) : undefined;
}

export function normalizeMarket(raw: unknown, opts: NormalizeOptions = {}): Market | undefined {
  try {
    if (!isRecord(raw)) return undefined;
    const id = toId(pick(raw, MARKET_ID_KEYS));
    if (id === undefined) return undefined;
    const closesAt = toTime(pick(raw, CLOSE_KEYS));
    const m: Market = {
      id,
      title: readTitle(raw, id),
      status: readStatus(raw, closesAt, opts.now ?? Date.now()),
      outcomes: readOutcomes(raw),
      raw,
    };
    const category = readCategory(raw);
    if (category !== undefined) m.category = category;
    const volume = toNonNegative(pick(raw, ['volume', 'volumeNum', 'totalVolume', 'volume_fp']));
    if (volume !== undefined) m.volume = volume;
    const liquidity = readLiquidity(raw);
    if (liquidity !== undefined) m.liquidity = liquidity;
    if (closesAt !== undefined) m.closesAt = closesAt;
    const resolved = readResolved(raw);
    if (resolved !== undefined) m.resolvedOutcome = resolved;
    const eventId = readEventId(raw);
    if (eventId !== undefined) m.eventId = eventId;
    const updatedAt = toTime(pick(raw, UPDATED_KEYS));
    if (updatedAt !== undefined) m.updatedAt = updatedAt;
    return m;
  } catch {
    return undefined;
  }
}

/** Every usable item of a list; anything else (non-array, items the normalizer rejects) is skipped. */
function normalizeList<T>(raw: unknown, one: (item: unknown) => T | undefined): T[] {
  if (!Array.isArray(raw)) return [];
  const out: T[] = [];
  for (const item of raw) {
    const v = one(item);
    if (v) out.push(v);
  }
  return out;
}

/** Every usable market of a list; anything else (non-array, items without id) is skipped. */
export function normalizeMarketList(raw: unknown, opts: NormalizeOptions = {}): Market[] {
  return normalizeList(raw, (item) => normalizeMarket(item, opts));
}

export function normalizeEvent(raw: unknown, opts: NormalizeOptions = {}): MarketEvent | undefined {
  try {
    if (!isRecord(raw)) return undefined;
    const id = toId(pick(raw, ['id', 'eventId', 'event_id', 'event_ticker', 'ticker', 'slug']));
    if (id === undefined) return undefined;
    const markets = normalizeMarketList(raw.markets, opts).map((m) => (m.eventId === undefined ? { ...m, eventId: id } : m));
    const e: MarketEvent = { id, title: readTitle(raw, id), markets, raw };
    const category = readCategory(raw);
    if (category !== undefined) e.category = category;
    return e;
  } catch {
    return undefined;
  }
}

export function normalizeEventList(raw: unknown, opts: NormalizeOptions = {}): MarketEvent[] {
  return normalizeList(raw, (item) => normalizeEvent(item, opts));
}

function readAction(v: unknown): Action | undefined {
  const t = typeof v === 'string' ? v.trim().toLowerCase() : undefined;
  return t === 'buy' || t === 'sell' ? t : undefined;
}

/** A quote object (any object is accepted; every unreadable field is absent). */
export function normalizeQuote(raw: unknown): Quote | undefined {
  try {
    if (!isRecord(raw)) return undefined;
    const q: Quote = { raw };
    const set = <K extends keyof Quote>(k: K, v: Quote[K] | undefined) => {
      if (v !== undefined) q[k] = v;
    };
    set('marketId', toId(pick(raw, ['marketId', 'market_id', 'ticker', 'id'])));
    set('outcome', toText(pick(raw, ['outcome', 'side', 'outcomeName']), NAME_MAX));
    set('action', readAction(pick(raw, ['action', 'type'])));
    const amount = toNumber(raw.amount);
    set('amount', amount !== undefined && amount > 0 ? amount : undefined);
    set('shares', toNonNegative(pick(raw, ['shares', 'size', 'quantity'])));
    set('averagePrice', toPrice(pick(raw, ['averagePrice', 'avgPrice', 'average_price'])));
    set('priceBefore', toPrice(pick(raw, ['priceBefore', 'price_before', 'probBefore'])));
    set('priceAfter', toPrice(pick(raw, ['priceAfter', 'price_after', 'probAfter'])));
    set('priceImpact', toNumber(pick(raw, ['priceImpact', 'price_impact'])));
    set('fee', toNonNegative(pick(raw, ['fee', 'fees'])));
    set('total', toNumber(pick(raw, ['total', 'cost', 'proceeds'])));
    return q;
  } catch {
    return undefined;
  }
}
