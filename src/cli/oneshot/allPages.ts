/**
 * `markets --all`: every page of a venue's list by offset. Offsets cut pages from the service's order as it is at
 * each request; when it moves between pages (volumes change) a market crossing a page boundary is fetched twice or
 * skipped. A repeat is kept once and proves the order moved, so a skip happened too: the page before is read once
 * more for it, and what that retry does not find is said on stderr (the --json document has no field for it).
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
 * repeated. `listed` reads one page's answer (a gone route said as such). A page with repeats proves the order moved
 * between it and the page before: as many markets crossed that boundary the other way, in between the two reads and
 * so skipped. The page before is read once more (its place in the order now), and the markets it holds that were not
 * seen are kept (they were skipped without a retry); `moved` is told how many came twice only when that read did not
 * find as many — some may still be missing.
 */
export async function allPages(
  fetch: Fetch,
  query: MarketQuery,
  listed: (answer: Promise<Market[]>) => Promise<Market[]>,
  moved: (repeats: number) => void,
): Promise<Market[]> {
  const size = query.limit ?? LIMIT_MAX;
  const start = query.offset ?? 0;
  const read = (offset: number) => listed(fetch((c, o) => c.listMarkets({ ...query, limit: size, offset }, o)));
  const seen = new Set<string>();
  const out: Market[] = [];
  const keep = (list: readonly Market[]): number => {
    let repeats = 0;
    for (const m of list) {
      if (seen.has(m.id)) repeats++;
      else {
        seen.add(m.id);
        out.push(m);
      }
    }
    return repeats;
  };
  let repeats = 0;
  let unfound = 0;
  for (let offset = start; offset <= OFFSET_MAX; offset += size) {
    const page = await read(offset);
    const again = page.filter((m) => seen.has(m.id)).length;
    if (again > 0 && offset - size >= start) {
      // the markets that crossed up, before this page's own: one retry of the page before
      const before = (await read(offset - size)).filter((m) => !page.some((p) => p.id === m.id));
      const found = before.length - keep(before);
      unfound += Math.max(0, again - found);
    } else unfound += again;
    repeats += keep(page);
    if (page.length < size) break;
  }
  if (unfound > 0) moved(repeats);
  return out;
}
