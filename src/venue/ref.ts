/**
 * A market's (or event's) identity wherever it is stored or compared: the venue (source) it lives on and the
 * venue's own id (a Kalshi ticker, a Polymarket id, a Manifold id). Nothing is keyed by a bare id
 * (design.md §7): a Kalshi ticker and a Polymarket id never meet.
 */
import { SOURCE_IDS, type SourceId } from '../sources/types.js';

export interface MarketRef {
  venue: SourceId;
  id: string;
}

/** The one string form of a ref, for map keys and files: `kalshi:KXFED-25DEC-T4.25` (the id may hold colons). */
export function refKey(ref: MarketRef): string {
  return `${ref.venue}:${ref.id}`;
}

/** A ref back from its key; undefined for a string that is not `venue:id` with a known venue and a non-empty id. */
export function parseRefKey(key: string): MarketRef | undefined {
  const at = key.indexOf(':');
  if (at <= 0) return undefined;
  const venue = key.slice(0, at);
  const id = key.slice(at + 1);
  if (!id || !(SOURCE_IDS as readonly string[]).includes(venue)) return undefined;
  return { venue: venue as SourceId, id };
}

export function sameRef(a: MarketRef, b: MarketRef): boolean {
  return a.venue === b.venue && a.id === b.id;
}
