/**
 * The starting list query fitted to what a source can do: a status or sort it does not take is never sent. A value
 * the person chose (a flag, the environment, the config file) that the source cannot do is a usage error naming
 * it; the defaults (`active`, `volume`, 50 rows) simply become what the source offers.
 */
import type { ListSort, ListStatus, SourceCaps } from './types.js';

export interface StartQuery {
  status: string;
  sort: string;
  category: string;
  limit: number;
  query: string;
}

/** `key`: the setting refused (its flag is `--key`, its config file entry `"key"`), for the caller to name the fix. */
export type Fitted = { ok: true; query: StartQuery } | { ok: false; message: string; key: keyof StartQuery };

export function fitQuery(
  caps: SourceCaps,
  sourceName: string,
  q: StartQuery,
  defaults: { status: string; sort: string; limit: number },
): Fitted {
  const out = { ...q };
  if (!(caps.statuses as readonly string[]).includes(q.status)) {
    if (q.status !== defaults.status)
      return {
        ok: false,
        message: `${sourceName} has no status filter "${q.status}" (it takes ${words(caps.statuses)})`,
        key: 'status',
      };
    out.status = caps.statuses[0] ?? '';
  }
  if (q.sort !== '' && !(caps.sorts as readonly string[]).includes(q.sort)) {
    if (q.sort !== defaults.sort)
      return {
        ok: false,
        message:
          caps.sorts.length === 0
            ? `${sourceName} sorts nothing server-side (its list comes in its own order)`
            : `${sourceName} cannot sort by ${q.sort} (it sorts by ${words(caps.sorts)})`,
        key: 'sort',
      };
    out.sort = caps.sorts[0] ?? '';
  }
  if (q.category !== '' && caps.categoryWord === undefined)
    return { ok: false, message: `${sourceName} has no categories to filter by`, key: 'category' };
  if (q.query !== '' && !caps.search) return { ok: false, message: `${sourceName} has no text search`, key: 'query' };
  if (q.limit > caps.maxLimit) {
    if (q.limit !== defaults.limit)
      return { ok: false, message: `${sourceName} pages at most ${caps.maxLimit} rows`, key: 'limit' };
    out.limit = caps.maxLimit;
  }
  return { ok: true, query: out };
}

function words(list: readonly (ListStatus | ListSort)[]): string {
  return list.join(', ');
}
