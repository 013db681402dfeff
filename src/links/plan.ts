/**
 * The requests a venue's resolver makes for a reading, in order, fewest first (docs/links.md, "Resolving"): each one is
 * a single request on the venue's documented routes; the next is tried only when the one before answered "not found".
 *
 * - Polymarket (Gamma): a slug → `/markets/slug/{slug}` (a market) or `/events/slug/{slug}` (an event); a numeric id →
 *   `/markets/{id}`, then `/events/{id}`.
 * - Kalshi: a ticker the shape says is a market's (three parts or more, `KXFEDDECISION-26JUL-H0`) → `/markets/{t}`,
 *   then `/events/{t}`; a shorter one the other way round; an event address → `/events/{t}`; a series →
 *   `/events?series_ticker=` (its open events: the one closing first is opened).
 * - Manifold: a slug → `/slug/{slug}`; an id → `/market/{id}`.
 */
import type { Lookup, VenueTarget } from './types.js';

export function lookupsFor(t: VenueTarget): Lookup[] {
  switch (t.venue) {
    case 'polymarket':
      if (t.by === 'slug')
        return [t.kind === 'event' ? { route: 'eventSlug', slug: t.value } : { route: 'marketSlug', slug: t.value }];
      return [t.kind === 'event' ? { route: 'event', id: t.value } : { route: 'market', id: t.value }];
    case 'kalshi': {
      if (t.kind === 'series') return [{ route: 'series', ticker: t.value }];
      if (t.kind === 'event') return [{ route: 'event', id: t.value }];
      if (t.kind === 'market') return [{ route: 'market', id: t.value }];
      const market: Lookup = { route: 'market', id: t.value };
      const event: Lookup = { route: 'event', id: t.value };
      return t.value.split('-').length >= 3 ? [market, event] : [event, market];
    }
    case 'manifold':
      return [t.by === 'slug' ? { route: 'marketSlug', slug: t.value } : { route: 'market', id: t.value }];
  }
}

/**
 * Every request for several readings of one venue, in order, without repeats (a bare Polymarket id is a market's,
 * then an event's).
 */
export function lookupsOf(readings: readonly VenueTarget[]): Lookup[] {
  const seen = new Set<string>();
  const out: Lookup[] = [];
  for (const r of readings)
    for (const l of lookupsFor(r)) {
      const key = JSON.stringify(l);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(l);
      }
    }
  return out;
}
