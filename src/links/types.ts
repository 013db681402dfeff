/**
 * What people paste to go to a market (issue #27, design.md §7): the platforms' own page addresses, a Kalshi ticker, a
 * Polymarket slug or numeric id, a Manifold slug or id. `parseTarget` (parse.ts) reads one into the venue(s) it may
 * belong to and what it names; a venue's resolver (plan.ts, resolve.ts) turns that into the venue's own id with the
 * fewest requests on its documented routes. docs/links.md says it in words.
 */
import type { MarketEvent, Market } from '../api/types.js';
import type { SourceId } from '../sources/types.js';

/** A platform that has pages on the web (the interface's demo has none). */
export type PlatformId = Exclude<SourceId, 'public'>;

/**
 * What one venue's reading of the input names: a market, an event, a Kalshi series (its page shows its next event),
 * or `either` (a Kalshi ticker: a market's or an event's, the shape does not always say which).
 */
export interface VenueTarget {
  venue: PlatformId;
  kind: 'market' | 'event' | 'series' | 'either';
  /** How it names it. */
  by: 'slug' | 'ticker' | 'id';
  /** The slug, ticker (upper case, as the API takes it) or id. */
  value: string;
}

/**
 * An input understood: the readings in the order they are tried (an address has one; a bare word may be a slug of
 * several venues), and what was understood in words (for messages). Or not understood: one line saying what was
 * understood and what is accepted.
 */
export type ParsedTarget =
  { ok: true; input: string; readings: readonly VenueTarget[]; understood: string } | { ok: false; message: string };

/**
 * One request a resolver may make, in the venue's own words: a market or an event by the id its detail route takes
 * (`getMarket`, `getEvent`), by slug (Gamma `/markets/slug/{slug}`, `/events/slug/{slug}`; Manifold `/slug/{slug}`), or
 * a Kalshi series' open events (`/events?series_ticker=`).
 */
export type Lookup =
  | { route: 'market'; id: string }
  | { route: 'event'; id: string }
  | { route: 'marketSlug'; slug: string }
  | { route: 'eventSlug'; slug: string }
  | { route: 'series'; ticker: string };

/** What a lookup found: a market, or an event with its markets. */
export type Found = { market: Market } | { event: MarketEvent };
