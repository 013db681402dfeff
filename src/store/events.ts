/**
 * What loaded events tell about cached markets (pure helpers for the store's actions):
 * - a market nested in an event belongs to it (Polymarket's /events nest markets that do not name their event);
 * - a market without a category takes its event's (Kalshi keeps the category on the event, Polymarket in its tags);
 * - a market whose status moved on in the event's copy takes that copy (its prices with its status).
 */
import type { Market, MarketEvent } from '../api/types.js';
import { keepSame } from '../util/sameData.js';
import { appendHistory, olderCopy, olderThanHeld, upsertMarket } from './entries.js';
import { transitionOf } from './transitions.js';
import type { AppState, EventsState, MarketEntry, StatusTransition } from './types.js';

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

/**
 * Events by id after `loaded` arrived: the new ones win, except those in `older` (their copy held is newer: the one
 * held stays); beyond the cap the oldest others are dropped.
 */
export function mergeEvents(
  prev: Readonly<Record<string, MarketEvent>>,
  loaded: readonly MarketEvent[],
  older: ReadonlySet<string> = new Set(),
): Record<string, MarketEvent> {
  const fresh = new Set(loaded.map((e) => e.id));
  const kept = Object.entries(prev).filter(([id]) => !fresh.has(id));
  const room = Math.max(0, EVENT_CACHE_CAP - fresh.size);
  const out: Record<string, MarketEvent> = Object.fromEntries(kept.slice(Math.max(0, kept.length - room)));
  // an event answered again unchanged keeps the object held
  for (const e of loaded) out[e.id] = older.has(e.id) ? prev[e.id]! : keepSame(prev[e.id], e);
  return out;
}

/**
 * The events of an answer whose request left at `sentAt` that are older than the copy held, by the one rule
 * (entries.ts olderCopy; an event carries no updatedAt): its request left before the held copy's did (an events list
 * sent before the event's own detail but read after it), or, that one's send time unknown, before it arrived.
 */
export function olderEvents(
  held: Pick<EventsState, 'byId' | 'sentAt' | 'receivedAt' | 'detailAt' | 'loadedAt'>,
  loaded: readonly MarketEvent[],
  sentAt: number | undefined,
): Set<string> {
  const out = new Set<string>();
  for (const { id } of loaded) {
    if (!held.byId[id]) continue;
    const none = Number.NEGATIVE_INFINITY;
    const receivedAt = held.receivedAt?.[id] ?? Math.max(held.detailAt[id] ?? none, held.loadedAt ?? none);
    if (olderCopy({ sentAt: held.sentAt?.[id], receivedAt }, undefined, sentAt)) out.add(id);
  }
  return out;
}

/**
 * When each held event's copy was asked for (EventsState.sentAt: `t` the answer's send time) or arrived (receivedAt:
 * `t` its arrival) after `events` arrived: theirs set to `t` (dropped when unknown) but for those `older` (their held
 * copy stays), the others' kept while `byId` holds them.
 */
export function copyStamps(
  held: Readonly<Record<string, number>> | undefined,
  events: readonly MarketEvent[],
  t: number | undefined,
  byId: Readonly<Record<string, MarketEvent>>,
  older: ReadonlySet<string> = new Set(),
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, t] of Object.entries(held ?? {})) if (byId[id]) out[id] = t;
  for (const e of events)
    if (older.has(e.id)) continue;
    else if (t === undefined) delete out[e.id];
    else out[e.id] = t;
  return out;
}

/**
 * An event's markets carry their status: a cached market whose status moved on takes the event's copy of it, prices
 * and all (a status alone over the old prices read 'RESOLVED … 11.1¢'), as a list answer would (upsertMarket: the
 * objects held when nothing changed, the first prices, a quote's trading state), unless the event's copy is older
 * than the entry (olderThanHeld: by updatedAt, else the events request left, `sentAt`, before the entry arrived).
 * A copy that carries no prices shows none rather than the old ones. The eventId and category the entry had stay
 * when the copy names none (a market nested in a Polymarket event names neither).
 * Returns the markets and history (the same records when nothing moved) and the transitions seen.
 */
export function patchStatuses(
  s: Pick<AppState, 'markets' | 'history'>,
  events: readonly MarketEvent[],
  at: number,
  sentAt: number | undefined,
): { markets: Record<string, MarketEntry>; history: AppState['history']; seen: StatusTransition[] } {
  let { markets, history } = s;
  const seen: StatusTransition[] = [];
  for (const e of events) {
    for (const m of Array.isArray(e.markets) ? e.markets : []) {
      const prev = m && typeof m.id === 'string' ? markets[m.id] : undefined;
      if (!prev || m.status === 'unknown' || m.status === prev.knownStatus) continue;
      if (olderThanHeld(prev, m, sentAt)) continue;
      const entry = upsertMarket(prev, withHeld(prev.market, m), at, false, sentAt);
      const t = transitionOf(prev, entry, at);
      if (!t) continue;
      if (markets === s.markets) markets = { ...markets };
      markets[m.id] = entry;
      const h = appendHistory(history[m.id], entry.market, at);
      if (h) {
        if (history === s.history) history = { ...history };
        history[m.id] = h;
      }
      seen.push(t);
    }
  }
  return { markets, history, seen };
}

/** The event's copy of a market with the eventId and category the held copy had, when it names none. */
function withHeld(held: Market, copy: Market): Market {
  const eventId = copy.eventId ?? held.eventId;
  const category = copy.category ?? held.category;
  if (eventId === copy.eventId && category === copy.category) return copy;
  return {
    ...copy,
    ...(eventId !== undefined ? { eventId } : {}),
    ...(category !== undefined ? { category } : {}),
  };
}
