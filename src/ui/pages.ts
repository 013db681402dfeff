/**
 * The platform pages the screen shows (the detail's and the event pane's `Page` line): built from the ids of what is
 * shown (src/links/page.ts), kept only when `https` on the venue's own host. None for the interface.
 */
import type { MarketEvent } from '../api/types.js';
import { eventPage, isOwnPage, marketPage, pageVenue } from '../links/page.js';
import type { MarketEntry } from '../store/types.js';

export function shownPages(
  mode: string,
  entry: MarketEntry | undefined,
  eventsById: Readonly<Record<string, MarketEvent>>,
  event: MarketEvent | undefined,
): { market?: string; event?: string } {
  const own = (venue: string, a: string | undefined) =>
    a !== undefined && isOwnPage(venue as never, a) ? a : undefined;
  const of = entry?.market.eventId === undefined ? undefined : eventsById[entry.market.eventId];
  const mv = pageVenue(mode, entry?.market.id);
  const ev0 = pageVenue(mode, event?.id);
  const market = own(mv, entry ? marketPage(mv, entry.market, of) : undefined);
  const ev = own(ev0, event ? eventPage(ev0, event) : undefined);
  return { ...(market ? { market } : {}), ...(ev ? { event: ev } : {}) };
}
