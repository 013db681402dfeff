import { SOURCE_NAMES } from '../sources/names.js';
import type { RateState, VenueStatus } from '../store/types.js';
import type { SourceId } from '../sources/types.js';
import { parseRefKey } from '../venue/ref.js';
import { G } from './glyphs.js';

/** A slot this far away or more is a wait worth saying (a request a moment off is no wait). */
export const BUDGET_WAIT_MS = 2_000;

/** Whether a request the budget lets go at `at` (the next one, or the quote: `nextQuoteAt`) is a wait worth saying. */
const waits = (rate: RateState, now: number, at: number | undefined) =>
  // a pause (429, no answer) is the banner's to say; only the budget's own pacing here
  rate.backoffUntil === undefined && at !== undefined && at - now >= BUDGET_WAIT_MS;

/**
 * Who a list that is loading waits for: the shown venues whose next request waits for a slot of their rate budget
 * ("Polymarket", "Kalshi and Manifold"), '' for the one source of a board of one; undefined when none waits. The
 * loading line says so, so that a search that takes 17 s is not a mystery; the header has the counts.
 */
export function budgetWait(
  s: { rate: RateState; venues?: readonly VenueStatus[] | undefined; venueFilter?: SourceId | undefined },
  now: number,
): string | undefined {
  if (!s.venues || s.venues.length < 2) return waits(s.rate, now, s.rate.nextRequestAt) ? '' : undefined;
  const names = s.venues
    .filter((v) => (s.venueFilter === undefined || v.id === s.venueFilter) && waits(v.rate, now, v.rate.nextRequestAt))
    .map((v) => SOURCE_NAMES[v.id]);
  if (names.length === 0) return undefined;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/**
 * Whether the quote of a market waits for its venue's budget slot (src/sync/publish.ts `nextQuoteAt`): '' on a board
 * of one venue, the venue's name on several; undefined when it does not wait (on the wire, answered, a moment off).
 */
export function quoteBudgetWait(
  s: { rate: RateState; venues?: readonly VenueStatus[] | undefined },
  marketId: string | undefined,
  now: number,
): string | undefined {
  const waitsFor = (r: RateState) => waits(r, now, r.nextQuoteAt);
  if (!s.venues || s.venues.length < 2) return waitsFor(s.rate) ? '' : undefined;
  const venue = marketId === undefined ? undefined : parseRefKey(marketId)?.venue;
  const v = s.venues.find((x) => x.id === venue);
  return v && waitsFor(v.rate) ? SOURCE_NAMES[v.id] : undefined;
}

/** The loading line's words for that wait. */
export function budgetWaitWords(who: string | undefined): string {
  if (who === undefined) return '';
  return who === '' ? ` ${G.dot} waiting for the rate budget` : ` ${G.dot} waiting for ${who}'s rate budget`;
}
