/**
 * Wire → view models (design.md §4, docs/normalizer.md). The service is decided
 * once per object (normalizeShape.ts) and each field is read with that
 * service's unit: normalizeKalshi.ts, normalizePolymarket.ts,
 * normalizeManifold.ts, and the reference rules in normalizeOutcomes.ts.
 * Never throws; returns undefined for an object that has no usable id. `raw`
 * is always the object as received.
 */
import type { Market, MarketEvent } from './types.js';
import { TITLE_MAX, isRecord, pick, toId, toNonNegative, toText, toTime, type Rec } from './normalizeFields.js';
import {
  CLOSE_KEYS,
  UPDATED_KEYS,
  assignDefined,
  composeTitle,
  firstText,
  pastTime,
  readCategory,
  readVolume,
  statusKey,
  statusWord,
} from './normalizeCommon.js';
import { readOutcomes, readResolved, readStatus } from './normalizeOutcomes.js';
import { detectSource } from './normalizeShape.js';
import { normalizeKalshi } from './normalizeKalshi.js';
import { normalizePolymarket } from './normalizePolymarket.js';
import { eventContextOf } from './polymarketEvent.js';
import { normalizeManifold } from './normalizeManifold.js';
export { normalizeQuote } from './normalizeQuote.js';

export interface NormalizeOptions {
  /** "now" for shapes whose status depends on the close time (Manifold); defaults to Date.now(). */
  now?: number;
}

const ID_KEYS: Record<Market['source'] & string, readonly string[]> = {
  kalshi: ['ticker', 'id'],
  polymarket: ['id', 'conditionId', 'slug'],
  manifold: ['id', 'slug'],
  reference: ['id', 'marketId', 'market_id', 'ticker', 'conditionId', 'condition_id', 'slug'],
};

function readEventId(o: Rec): string | undefined {
  const direct = toId(pick(o, ['eventId', 'event_id', 'event_ticker', 'eventTicker']));
  if (direct !== undefined) return direct;
  const first: unknown = Array.isArray(o.events) ? o.events[0] : undefined;
  return isRecord(first) ? toId(pick(first, ['id', 'ticker', 'slug'])) : undefined;
}

function normalizeReference(o: Rec, id: string, now: number): Market {
  const closesAt = toTime(pick(o, CLOSE_KEYS));
  const status = readStatus(o, closesAt, now);
  return assignDefined<Market>(
    {
      id,
      title: composeTitle(
        toText(pick(o, ['title', 'question', 'name']), TITLE_MAX),
        firstText(o, ['subtitle'], TITLE_MAX),
        id,
      ),
      status,
      outcomes: readOutcomes(o),
      source: 'reference',
      raw: o,
    },
    {
      rawStatus: statusKey(o.status) === undefined ? undefined : statusWord(o.status),
      category: readCategory(o),
      volume: readVolume(o),
      liquidity: toNonNegative(pick(o, ['liquidity', 'liquidityNum', 'totalLiquidity'])),
      closesAt,
      closedAt:
        status !== 'active' && status !== 'unknown'
          ? pastTime(toTime(pick(o, ['closedAt', 'closed_at', 'resolvedAt'])), now)
          : undefined,
      resolvedOutcome: readResolved(o),
      eventId: readEventId(o),
      updatedAt: toTime(pick(o, UPDATED_KEYS)),
    },
  );
}

export function normalizeMarket(raw: unknown, opts: NormalizeOptions = {}): Market | undefined {
  try {
    if (!isRecord(raw)) return undefined;
    const source = detectSource(raw);
    const id = toId(pick(raw, ID_KEYS[source]));
    if (id === undefined) return undefined;
    const now = opts.now ?? Date.now();
    switch (source) {
      case 'kalshi':
        return normalizeKalshi(raw, id, now);
      case 'polymarket':
        return normalizePolymarket(raw, id, now);
      case 'manifold':
        return normalizeManifold(raw, id, now);
      default:
        return normalizeReference(raw, id, now);
    }
  } catch {
    return undefined;
  }
}

/**
 * Every usable item of a list; anything else (non-array, items the normalizer rejects) is skipped, and so is an
 * id the list already gave (the first stays): a list that names a market twice would draw it twice and count it
 * twice.
 */
function normalizeList<T extends { id: string }>(raw: unknown, one: (item: unknown) => T | undefined): T[] {
  if (!Array.isArray(raw)) return [];
  const out: T[] = [];
  const ids = new Set<string>();
  for (const item of raw) {
    const v = one(item);
    if (!v || ids.has(v.id)) continue;
    ids.add(v.id);
    out.push(v);
  }
  return out;
}

/** Every usable market of a list; anything else (non-array, items without id) is skipped. */
export function normalizeMarketList(raw: unknown, opts: NormalizeOptions = {}): Market[] {
  return normalizeList(raw, (item) => normalizeMarket(item, opts));
}

/**
 * An event: the reference shape, a Polymarket event (`tags` for the category) or a Kalshi event
 * (`event_ticker`, `sub_title`). Nested markets without an event id get this event's id (and its
 * title and category when they have none).
 */
export function normalizeEvent(raw: unknown, opts: NormalizeOptions = {}): MarketEvent | undefined {
  try {
    if (!isRecord(raw)) return undefined;
    const id = toId(pick(raw, ['id', 'eventId', 'event_id', 'event_ticker', 'ticker', 'slug']));
    if (id === undefined) return undefined;
    const title = composeTitle(
      toText(pick(raw, ['title', 'name']), TITLE_MAX),
      firstText(raw, ['sub_title', 'subtitle'], TITLE_MAX),
      id,
    );
    const category = readCategory(raw);
    const context = eventContextOf(raw);
    const markets = normalizeMarketList(raw.markets, opts).map((m) =>
      assignDefined<Market>(
        { ...m },
        {
          eventId: m.eventId ?? id,
          eventTitle: m.eventTitle ?? title,
          category: m.category ?? category,
          eventContext: m.eventContext ?? (m.source === 'polymarket' ? context : undefined),
        },
      ),
    );
    return assignDefined<MarketEvent>({ id, title, markets, raw }, { category });
  } catch {
    return undefined;
  }
}

export function normalizeEventList(raw: unknown, opts: NormalizeOptions = {}): MarketEvent[] {
  return normalizeList(raw, (item) => normalizeEvent(item, opts));
}
