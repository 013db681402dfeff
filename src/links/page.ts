/**
 * A market's (or event's) page on its platform, for `o` and the detail pane (docs/links.md, "Pages"). The address is
 * BUILT from the normalized market's ids — Polymarket's slugs, Kalshi's series ticker, Manifold's creator and slug —
 * each checked against its platform's character set, on the platform's own `https` host; an address found in a
 * payload (Manifold's `url`) is never used. The interface (the demo) has no pages: undefined.
 *
 * - Polymarket: `https://polymarket.com/event/<event-slug>/<market-slug>` (the market inside its event, the form the
 *   site links a market with), `/market/<market-slug>` when the market names no event, `/event/<event-slug>` for an
 *   event.
 * - Kalshi: `https://kalshi.com/markets/<series>` (lower case): the series page, which shows its current event. The
 *   event's own address (`/markets/<series>/<title-slug>/<event>`) carries a title slug the API does not give, so it
 *   is not built. The series is the event's `series_ticker`, else the event ticker's prefix (Kalshi's glossary: events
 *   in a series share the ticker prefix).
 * - Manifold: `https://manifold.markets/<creatorUsername>/<slug>` (its own `contractPath`).
 */
import { parseRefKey } from '../venue/ref.js';
import type { Market, MarketEvent } from '../api/types.js';
import type { SourceId } from '../sources/types.js';
import type { PlatformId } from './types.js';

export const PLATFORM_HOSTS: Readonly<Record<PlatformId, string>> = {
  polymarket: 'polymarket.com',
  kalshi: 'kalshi.com',
  manifold: 'manifold.markets',
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MANIFOLD_SLUG = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
const USER = /^[A-Za-z0-9_]{1,40}$/;
const SERIES = /^[A-Z0-9][A-Z0-9._]{0,60}$/i;

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : undefined;
const str = (v: unknown, re: RegExp): string | undefined =>
  typeof v === 'string' && v.length <= 250 && re.test(v) ? v : undefined;

const isPlatform = (v: SourceId): v is PlatformId => v in PLATFORM_HOSTS;

/**
 * The venue of what the screen shows: a board of several venues writes ids `venue:id` (src/venues/prefixClient.ts),
 * a one-venue board's ids are bare and its venue is its header mode.
 */
export function pageVenue(mode: string, id: string | undefined): PlatformId | 'public' {
  const ref = id === undefined ? undefined : parseRefKey(id);
  return ref ? boardVenue(ref.venue) : boardVenue(mode);
}

/** An id without its `venue:` prefix (as the platform writes it). */
const bare = (venue: SourceId, id: unknown): unknown =>
  typeof id === 'string' && id.startsWith(`${venue}:`) ? id.slice(venue.length + 1) : id;

/** The venue a one-venue board shows, from its header mode (the interface's modes: demo, anonymous, keyed). */
export function boardVenue(mode: string): PlatformId | 'public' {
  return mode in PLATFORM_HOSTS ? (mode as PlatformId) : 'public';
}

/** `https://<host>/<segments…>`, every segment encoded; undefined when a segment is missing. */
function build(venue: PlatformId, segments: readonly (string | undefined)[]): string | undefined {
  if (segments.some((s) => s === undefined || s === '')) return undefined;
  return `https://${PLATFORM_HOSTS[venue]}/${segments.map((s) => encodeURIComponent(s!)).join('/')}`;
}

function kalshiSeries(eventTicker: unknown, seriesTicker?: unknown): string | undefined {
  const own = str(seriesTicker, SERIES);
  if (own) return own.toLowerCase();
  const prefix = typeof eventTicker === 'string' ? eventTicker.split('-')[0] : undefined;
  return str(prefix, SERIES)?.toLowerCase();
}

/** The page of a market on its platform, or undefined (the interface, or ids that do not check). */
export function marketPage(
  venue: SourceId,
  m: Pick<Market, 'id' | 'eventId' | 'raw'>,
  /** Its event when known (a market nested in an event names no event inline). */
  event?: Pick<MarketEvent, 'raw'>,
): string | undefined {
  if (!isPlatform(venue)) return undefined;
  const raw = rec(m.raw) ?? {};
  switch (venue) {
    case 'polymarket': {
      const slug = str(raw.slug, SLUG);
      const inline = Array.isArray(raw.events) ? rec(raw.events[0]) : undefined;
      const eventSlug = str(inline?.slug, SLUG) ?? str(rec(event?.raw)?.slug, SLUG);
      return eventSlug && slug ? build(venue, ['event', eventSlug, slug]) : build(venue, ['market', slug]);
    }
    case 'kalshi':
      return build(venue, ['markets', kalshiSeries(raw.event_ticker ?? bare(venue, m.eventId), raw.series_ticker)]);
    case 'manifold':
      return build(venue, [str(raw.creatorUsername, USER), str(raw.slug, MANIFOLD_SLUG)]);
  }
}

/** The page of an event on its platform (Manifold has no events), or undefined. */
export function eventPage(venue: SourceId, e: Pick<MarketEvent, 'id' | 'raw'>): string | undefined {
  if (!isPlatform(venue)) return undefined;
  const raw = rec(e.raw) ?? {};
  if (venue === 'polymarket') return build(venue, ['event', str(raw.slug, SLUG)]);
  if (venue === 'kalshi')
    return build(venue, ['markets', kalshiSeries(raw.event_ticker ?? bare(venue, e.id), raw.series_ticker)]);
  return undefined;
}

/** Whether an address may be opened or linked: `https`, on the venue's own host, nothing else (no port, no user). */
export function isOwnPage(venue: SourceId, address: string): boolean {
  if (!isPlatform(venue)) return false;
  try {
    const u = new URL(address);
    return (
      u.protocol === 'https:' &&
      u.hostname === PLATFORM_HOSTS[venue] &&
      u.port === '' &&
      u.username === '' &&
      u.password === ''
    );
  } catch {
    return false;
  }
}
