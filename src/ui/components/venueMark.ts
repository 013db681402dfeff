/**
 * A venue's mark on screen with several venues: one letter (it reads without colour, NO_COLOR), coloured when colour
 * is on — on every row, in the header, in the alert log. Derived from a refKey id (`kalshi:TICKER`): with one venue
 * the ids are the venue's own and no row carries a mark.
 */
import type { Mode } from '../../store/types.js';
import type { SourceId } from '../../sources/types.js';
import { parseRefKey } from '../../venue/ref.js';
import type { Seg } from './Line.js';

export const VENUE_MARKS: Readonly<Record<SourceId, { letter: string; color: string; name: string }>> = {
  polymarket: { letter: 'P', color: 'blue', name: 'Polymarket' },
  kalshi: { letter: 'K', color: 'green', name: 'Kalshi' },
  manifold: { letter: 'M', color: 'magenta', name: 'Manifold' },
  public: { letter: 'I', color: 'yellow', name: 'Interface' },
};

/** A venue's name in the header; the interface's says when it is its embedded demo. */
export function venueName(venue: SourceId, mode?: Mode): string {
  return venue === 'public' && mode === 'demo' ? 'Interface (demo)' : VENUE_MARKS[venue].name;
}

export function venueMarkSeg(venue: SourceId, trailing = ''): Seg {
  return { text: VENUE_MARKS[venue].letter + trailing, color: VENUE_MARKS[venue].color, bold: true };
}

/** The mark (and a space) for a market row when its id is a refKey; none with one venue. */
export function rowMark(id: string): Seg[] {
  if (!id.includes(':')) return [];
  const ref = parseRefKey(id);
  return ref ? [venueMarkSeg(ref.venue, ' ')] : [];
}
