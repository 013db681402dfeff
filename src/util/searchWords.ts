/**
 * The words of a typed search and the test every search of ours applies with them: each word (in any order) stands
 * somewhere in the texts searched, case and accents aside — as Polymarket's and Manifold's own searches treat a
 * query of several words. One tokeniser for the list's filter of cached rows (src/store/listQuery.ts), Kalshi's
 * events scan (src/sources/kalshi/scan.ts), which has no text search of its own, and the reference service's and the
 * replays' `q` (src/server/routes.ts, src/server/replay/catalog.ts).
 */

/** Lower-cased, accents dropped ("Pokémon" → "pokemon"), for comparing a query's words with a text. */
export const foldText = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A query's words, folded: split at spaces, none empty (a blank query has none). */
export const queryWords = (query: string): string[] => foldText(query).split(/\s+/u).filter(Boolean);

/** Whether every word stands in one of the texts (those not strings are skipped); no words: true. */
export function holdsWords(texts: readonly unknown[], words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const hay = foldText(texts.filter((t): t is string => typeof t === 'string').join('\n'));
  return words.every((w) => hay.includes(w));
}
