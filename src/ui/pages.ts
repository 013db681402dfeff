/**
 * The platform pages the screen shows (the detail's and the event pane's `Page` line): built from the ids of what is
 * shown (src/links/page.ts), kept only when `https` on the venue's own host. None for the interface.
 */
import type { MarketEvent } from '../api/types.js';
import { boardVenue, eventPage, isOwnPage, marketPage } from '../links/page.js';
import type { MarketEntry } from '../store/types.js';

export function shownPages(
  mode: string,
  entry: MarketEntry | undefined,
  eventsById: Readonly<Record<string, MarketEvent>>,
  event: MarketEvent | undefined,
): { market?: string; event?: string } {
  const venue = boardVenue(mode);
  const own = (a: string | undefined) => (a !== undefined && isOwnPage(venue, a) ? a : undefined);
  const of = entry?.market.eventId === undefined ? undefined : eventsById[entry.market.eventId];
  const market = own(entry ? marketPage(venue, entry.market, of) : undefined);
  const ev = own(event ? eventPage(venue, event) : undefined);
  return { ...(market ? { market } : {}), ...(ev ? { event: ev } : {}) };
}
