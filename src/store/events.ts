/**
 * What loaded events tell about cached markets (pure helpers for the store's actions):
 * - a market nested in an event belongs to it (Polymarket's /events nest markets that do not name their event);
 * - a market without a category takes its event's (Kalshi keeps the category on the event, Polymarket in its tags);
 * - a market whose status moved on in the event's copy is patched (status and result only).
 */
import type { Market, MarketEvent } from '../api/types.js';
import { keepSame } from '../util/sameData.js';
import { knownStatus } from './entries.js';
import { transitionOf } from './transitions.js';
import type { MarketEntry, StatusTransition } from './types.js';

/** Events kept by id (the list's and those fetched one by one); the oldest beyond this go first. */
export const EVENT_CACHE_CAP = 200;

/** Market id → the id of the event that nests it. */
export function nestingIndex(byId: Readonly<Record<string, MarketEvent>>): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of Object.values(byId))
    for (const m of Array.isArray(e.markets) ? e.markets : []) if (m && typeof m.id === 'string') out.set(m.id, e.id);
  return out;
}

/** The market with the event id and category the known events give it; the same object when they add nothing. */
export function withEvent(
  market: Market,
  byId: Readonly<Record<string, MarketEvent>>,
  nested: ReadonlyMap<string, string>,
): Market {
  const eventId = market.eventId ?? nested.get(market.id);
  if (eventId === undefined) return market;
  const category = market.category ?? byId[eventId]?.category;
  if (eventId === market.eventId && category === market.category) return market;
  const out: Market = { ...market, eventId };
  if (category !== undefined) out.category = category;
  return out;
}

/** The cached entries completed from the events; the same record when nothing changed. */
export function completeFromEvents(
  markets: Record<string, MarketEntry>,
  byId: Readonly<Record<string, MarketEvent>>,
): Record<string, MarketEntry> {
  const nested = nestingIndex(byId);
  let out = markets;
  for (const [id, entry] of Object.entries(markets)) {
    const market = withEvent(entry.market, byId, nested);
    if (market === entry.market) continue;
    if (out === markets) out = { ...markets };
    out[id] = { ...entry, market };
  }
  return out;
}

/** Events by id after `loaded` arrived: the new ones win; beyond the cap the oldest others are dropped. */
export function mergeEvents(
  prev: Readonly<Record<string, MarketEvent>>,
  loaded: readonly MarketEvent[],
): Record<string, MarketEvent> {
  const fresh = new Set(loaded.map((e) => e.id));
  const kept = Object.entries(prev).filter(([id]) => !fresh.has(id));
  const room = Math.max(0, EVENT_CACHE_CAP - fresh.size);
  const out: Record<string, MarketEvent> = Object.fromEntries(kept.slice(Math.max(0, kept.length - room)));
  // an event answered again unchanged keeps the object held
  for (const e of loaded) out[e.id] = keepSame(prev[e.id], e);
  return out;
}

/**
 * An event's markets carry their status: a cached market whose status moved on is patched (status and
 * resolved outcome only; prices come from the list and the detail), unless the event's copy is older.
 * Returns the markets (the same record when nothing moved) and the transitions seen.
 */
export function patchStatuses(
  markets: Record<string, MarketEntry>,
  events: readonly MarketEvent[],
  at: number,
): { markets: Record<string, MarketEntry>; seen: StatusTransition[] } {
  let out = markets;
  const seen: StatusTransition[] = [];
  for (const e of events) {
    for (const m of Array.isArray(e.markets) ? e.markets : []) {
      const prev = m && typeof m.id === 'string' ? out[m.id] : undefined;
      if (!prev || m.status === 'unknown' || m.status === prev.knownStatus) continue;
      if (m.updatedAt !== undefined && prev.market.updatedAt !== undefined && m.updatedAt < prev.market.updatedAt)
        continue;
      const market = {
        ...prev.market,
        status: m.status,
        ...(m.resolvedOutcome ? { resolvedOutcome: m.resolvedOutcome } : {}),
      };
      const { tradeState: _t, tradeStateAt: _ta, ...rest } = prev;
      const entry: MarketEntry = {
        ...rest,
        market,
        ...(m.status === 'active' && prev.tradeState
          ? { tradeState: prev.tradeState, tradeStateAt: prev.tradeStateAt }
          : {}),
      };
      const known = knownStatus(entry, prev.knownStatus);
      if (known !== undefined) entry.knownStatus = known;
      const t = transitionOf(prev, entry, at);
      if (!t) continue;
      if (out === markets) out = { ...markets };
      out[m.id] = entry;
      seen.push(t);
    }
  }
  return { markets: out, seen };
}
