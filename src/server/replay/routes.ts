/**
 * The interface's five endpoints over recorded payloads. Objects are served as
 * recorded inside the envelope; the quote is computed (LMSR) from the market's
 * normalized prices, since no service recorded a quote for our parameters.
 */
import type { WireQuote } from '../../api/wire.js';
import type { Market } from '../../api/types.js';
import type { Clock } from '../../util/clock.js';
import type { DataSource } from '../handler.js';
import { decodeId, notFound } from '../reply.js';
import { parseEventList, parseMarketList, parseQuote } from '../params.js';
import { outcomeIndex, quoteReply, refuseUntradable } from '../quoteReply.js';
import type { RouteMatch } from '../routes.js';
import { ReplayCatalog, type ReplayMarket } from './catalog.js';

/** LMSR liquidity when the market states none it could be derived from. */
export const DEFAULT_B = 100;
const PRICE_FLOOR = 0.001;

export function replaySource(catalog: ReplayCatalog, clock: Clock): DataSource {
  const market = (rawId: string): ReplayMarket => {
    const id = decodeId(rawId);
    const m = id === undefined ? undefined : catalog.market(id);
    if (!m) throw notFound('Market');
    return m;
  };
  return {
    clock,
    sync: () => undefined,
    match(segments: string[]): RouteMatch | undefined {
      if (segments[0] !== 'public' || segments[1] !== 'v1') return undefined;
      const [resource, rawId, sub, ...rest] = segments.slice(2);
      if (rest.length > 0) return undefined;
      if (resource === 'markets') {
        if (rawId === undefined) return { run: (q) => catalog.list(parseMarketList(q), clock.now()) };
        if (sub === undefined) return { run: () => ReplayCatalog.detailObject(market(rawId)) };
        if (sub === 'quote') return { run: (q) => replayQuote(catalog, market(rawId), q, clock.now()) };
        return undefined;
      }
      if (resource === 'events' && sub === undefined) {
        if (rawId === undefined) return { run: (q) => catalog.listEvents(parseEventList(q).limit) };
        return {
          run: () => {
            const id = decodeId(rawId);
            const e = id === undefined ? undefined : catalog.event(id);
            if (!e) throw notFound('Event');
            return ReplayCatalog.eventObject(e);
          },
        };
      }
      return undefined;
    },
  };
}

/**
 * Prices to quote from: the recorded ones, an outcome without a price getting an equal share of
 * what the priced ones leave (all equal when none is priced), each at least 0.001.
 */
export function quotePrices(m: Market): number[] {
  const known = m.outcomes.map((o) => o.price);
  const missing = known.filter((p) => p === undefined).length;
  const left = Math.max(0, 1 - known.reduce<number>((s, p) => s + (p ?? 0), 0));
  const share = missing === 0 ? 0 : missing === known.length ? 1 / known.length : left / missing;
  return known.map((p) => Math.max(PRICE_FLOOR, p ?? share));
}

function replayQuote(catalog: ReplayCatalog, rm: ReplayMarket, query: URLSearchParams, now: number): WireQuote {
  const m = catalog.view(rm, now);
  if (!m) throw notFound('Market');
  const p = parseQuote(query);
  const i = outcomeIndex(m.outcomes, p.outcome);
  refuseUntradable(m.status);
  // LMSR over the recorded prices: q_i = b·ln p_i gives back exactly those prices (normalized)
  const n = Math.max(2, m.outcomes.length);
  const b = m.liquidity !== undefined && m.liquidity > 0 ? Math.max(10, m.liquidity / Math.log(n)) : DEFAULT_B;
  const q = quotePrices(m).map((x) => b * Math.log(x));
  return quoteReply({ id: m.id, outcome: m.outcomes[i]!.name }, p, q, b, i);
}
