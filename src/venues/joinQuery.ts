/**
 * The joined list's words (src/venues/join.ts): what every shown venue can do, the query as the Markets title shows it
 * (the sort they share, the categories a venue still applies).
 */
import type { AppState, ListQuery } from '../store/types.js';
import { VENUE_LETTERS } from '../sources/names.js';
import { G } from '../util/glyphs.js';
import type { SourceCaps, SourceId } from '../sources/types.js';

/**
 * What every shown venue can do (the list's filters and sorts); a market's own features follow its venue. `ids`: the
 * shown venues, for what a search looks through where a venue's is not its whole list (Kalshi's first events).
 */
export function jointCaps(all: readonly SourceCaps[], ids: readonly SourceId[]): SourceCaps {
  const first = all[0]!;
  const every = <K extends 'statuses' | 'sorts'>(k: K) =>
    first[k].filter((x) => all.every((c) => (c[k] as readonly string[]).includes(x))) as SourceCaps[K];
  const ignores = [...new Set(all.flatMap((c) => c.searchIgnores ?? []))];
  // "search “fed” in each venue (K: the first 1,000 events)"
  const scopes = all.flatMap((c, i) =>
    c.searchScopeShort && ids[i] ? [`${VENUE_LETTERS[ids[i]]}: ${c.searchScopeShort}`] : [],
  );
  return {
    statuses: every('statuses'),
    sorts: every('sorts'),
    events: all.some((c) => c.events),
    search: all.some((c) => c.search),
    ...(ignores.length ? { searchIgnores: ignores } : {}),
    ...(scopes.length ? { searchScopeShort: `each venue (${scopes.join(', ')})` } : {}),
    batch: Math.min(...all.map((c) => c.batch)),
    quotes: all.some((c) => c.quotes),
    maxLimit: Math.min(...all.map((c) => c.maxLimit)),
    // paging is one venue's: with several shown, none
    maxOffset: 0,
  };
}

/**
 * The list's query as the title shows it: a venue's own, or with several the words they share. The sort is the one
 * each venue applies (its first when unset), '' when they differ: the title then names no ranking. The search is the
 * one the venues that can search share: a venue that cannot is never sent the text (joined.ts), so its own query's
 * empty text says nothing (were it counted, no search would be shared, and its rows, not an answer, stayed shown).
 */
export function jointQuery(qs: readonly ListQuery[], caps?: readonly SourceCaps[], categories = ''): ListQuery {
  const first = qs[0]!;
  if (qs.length === 1) return first;
  const same = (k: 'status' | 'q', of = qs) => (of.length > 0 && of.every((q) => q[k] === of[0]![k]) ? of[0]![k] : '');
  const searching = qs.filter((_, i) => caps?.[i]?.search ?? true);
  const sorts = qs.map((q, i) => q.sort || caps?.[i]?.sorts[0] || '');
  const sort = sorts.every((x) => x === sorts[0]) ? sorts[0]! : '';
  return { ...first, q: same('q', searching), status: same('status'), sort, category: categories, offset: 0 };
}

/**
 * With several venues shown, the categories their lists still apply (each set with `c` while narrowed) and a search
 * typed on one venue alone, in words for the title, by the venue's letter its rows carry: "P tag Politics · M topic
 * fun · K search “fed”"; '' when none is. (A search every venue shares is the title's own.)
 */
export function categoryWords(ids: readonly SourceId[], shown: readonly AppState[]): string {
  if (shown.length < 2) return '';
  // a venue that cannot search holds no text (never sent it): the others' shared search is the title's own
  const searching = shown.filter((s) => s.caps.search);
  const oneSearch = searching.every((s) => s.list.query.q === searching[0]!.list.query.q);
  return shown
    .flatMap((s, i) => {
      const { category: c, q } = s.list.query;
      const letter = VENUE_LETTERS[ids[i]!];
      return [
        c ? `${letter} ${s.caps.categoryWord ?? 'category'} ${s.categoryLabels?.[c] ?? c}` : '',
        q && !oneSearch
          ? `${letter} search ${G.lquo}${q}${G.rquo}${s.caps.searchScopeShort ? ` in ${s.caps.searchScopeShort}` : ''}`
          : '',
      ];
    })
    .filter((x) => x !== '')
    .join(` ${G.dot} `);
}
