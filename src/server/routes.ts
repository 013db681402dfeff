/**
 * The five endpoints of the interface over the simulator. Pure request →
 * data functions: they throw HttpError for every failure answer and never
 * change market state (quotes are previews).
 */
import type { WireEvent, WireQuote } from '../api/wire.js';
import { decodeId, notFound } from './reply.js';
import { parseEventList, parseMarketList, parseQuote, type MarketListParams } from './params.js';
import { outcomeIndex, quoteReply, refuseUntradable } from './quoteReply.js';
import type { ServedMarket, Simulator } from './sim/simulator.js';
import type { SimMarket } from './sim/types.js';
import type { DataSource } from './handler.js';
import { holdsWords, queryWords } from '../util/searchWords.js';

export interface RouteMatch {
  /** Run the endpoint; throws HttpError. */
  run(query: URLSearchParams): unknown;
}

/** The simulator as the handler's data source. */
export function simulatorSource(sim: Simulator): DataSource {
  return { clock: sim.clock, sync: () => sim.sync(), match: (segments) => matchRoute(sim, segments) };
}

/** Match a path (segments after the first '/'); undefined → 404 unknown path. */
export function matchRoute(sim: Simulator, segments: string[]): RouteMatch | undefined {
  if (segments[0] !== 'public' || segments[1] !== 'v1') return undefined;
  const [resource, rawId, sub, ...rest] = segments.slice(2);
  if (rest.length > 0) return undefined;
  if (resource === 'markets') {
    if (rawId === undefined) return { run: (q) => listMarkets(sim, parseMarketList(q)) };
    if (sub === undefined) return { run: () => sim.toWire(visibleMarket(sim, rawId)) };
    if (sub === 'quote') return { run: (q) => quote(sim, rawId, q) };
    return undefined;
  }
  if (resource === 'events' && sub === undefined) {
    if (rawId === undefined) return { run: (q) => listEvents(sim, parseEventList(q).limit) };
    return { run: () => getEvent(sim, rawId) };
  }
  return undefined;
}

function visibleMarket(sim: Simulator, rawId: string): SimMarket {
  const id = decodeId(rawId);
  const m = id === undefined ? undefined : sim.get(id);
  // Private, pending-review and nonexistent markets answer exactly alike.
  if (!m || !sim.isVisible(m)) throw notFound('Market');
  return m;
}

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const SORTERS: Record<MarketListParams['sort'], (a: SimMarket, b: SimMarket) => number> = {
  volume: (a, b) => b.volume - a.volume || byId(a, b),
  newest: (a, b) => b.createdAt - a.createdAt || byId(a, b),
  closing: (a, b) => a.closesAt - b.closesAt || byId(a, b),
  liquidity: (a, b) => b.b * Math.log(b.outcomes.length) - a.b * Math.log(a.outcomes.length) || byId(a, b),
};

export function listMarkets(sim: Simulator, p: MarketListParams): ServedMarket[] {
  // every word of q, in any order, case and accents aside: as the venues' searches (src/util/searchWords.ts)
  const words = queryWords(p.q ?? '');
  const hits = sim.filter((m) => {
    if (!sim.isVisible(m)) return false;
    if (p.status !== 'all' && m.status !== p.status) return false;
    if (p.category !== undefined && m.category.toLowerCase() !== p.category) return false;
    return holdsWords([m.title, m.category], words);
  });
  hits.sort(SORTERS[p.sort]);
  return hits.slice(p.offset, p.offset + p.limit).map((m) => sim.toWire(m));
}

function eventVolume(sim: Simulator, e: { marketIds: string[] }): number {
  let v = 0;
  for (const id of e.marketIds) {
    const m = sim.get(id);
    if (m && sim.isVisible(m)) v += m.volume;
  }
  return v;
}

/** Public events, largest visible volume first. */
export function listEvents(sim: Simulator, limit: number): WireEvent[] {
  return sim
    .events()
    .filter((e) => sim.isEventVisible(e))
    .map((e) => ({ e, v: eventVolume(sim, e) }))
    .sort((a, b) => b.v - a.v || byId(a.e, b.e))
    .slice(0, limit)
    .map(({ e }) => sim.eventToWire(e));
}

function getEvent(sim: Simulator, rawId: string): WireEvent {
  const id = decodeId(rawId);
  const e = id === undefined ? undefined : sim.getEvent(id);
  if (!e || !sim.isEventVisible(e)) throw notFound('Event');
  return sim.eventToWire(e);
}

function quote(sim: Simulator, rawId: string, query: URLSearchParams): WireQuote {
  const m = visibleMarket(sim, rawId);
  const p = parseQuote(query);
  const i = outcomeIndex(m.outcomes, p.outcome);
  refuseUntradable(m.status);
  return quoteReply({ id: m.id, outcome: m.outcomes[i]!.name }, p, m.q, m.b, i);
}
