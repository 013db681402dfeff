/**
 * `markets --all`: every page of a venue's list by offset. Offsets cut pages from the service's order as it is at
 * each request; when it moves between pages (volumes change) a market crossing a page boundary is fetched twice or
 * skipped. A repeat is kept once and proves the order moved, so a skip may have happened too: that is said on stderr
 * (the --json document has no field for it).
 */
import type { Market, MarketQuery } from '../../api/types.js';
import { LIMIT_MAX, OFFSET_MAX } from '../../api/wire.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import type { SourceId } from '../../sources/types.js';
import type { Fetch } from './run.js';

/** The one line said when `repeats` markets came twice: the order moved, some may be missing. */
export function orderMoved(repeats: number, venue: SourceId, sort: string | undefined, several: boolean): string {
  // the interface's `newest` orders by creation time, which never changes (src/server/routes.ts); the platforms' own
  // orders are not known to be fixed, so nothing is promised for them
  const fixed = venue === 'public' && sort !== 'newest' ? '; --sort newest pages in a fixed order' : '';
  return (
    `${several ? `${SOURCE_NAMES[venue]}: ` : ''}the order moved while paging (${repeats} ` +
    `${repeats === 1 ? 'repeat' : 'repeats'}): some markets may be missing${fixed}`
  );
}

/**
 * Every page from the given offset on, `limit` (default 100) at a time; a market seen on an earlier page is not
 * repeated. `listed` reads one page's answer (a gone route said as such); `moved` is told how many came twice.
 */
export async function allPages(
  fetch: Fetch,
  query: MarketQuery,
  listed: (answer: Promise<Market[]>) => Promise<Market[]>,
  moved: (repeats: number) => void,
): Promise<Market[]> {
  const size = query.limit ?? LIMIT_MAX;
  const seen = new Set<string>();
  const out: Market[] = [];
  let repeats = 0;
  for (let offset = query.offset ?? 0; offset <= OFFSET_MAX; offset += size) {
    const page = await listed(fetch((c, o) => c.listMarkets({ ...query, limit: size, offset }, o)));
    for (const m of page) {
      if (seen.has(m.id)) {
        repeats++;
        continue;
      }
      seen.add(m.id);
      out.push(m);
    }
    if (page.length < size) break;
  }
  if (repeats > 0) moved(repeats);
  return out;
}
