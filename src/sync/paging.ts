import type { OddsStore } from '../store/store.js';
import { queryKey } from '../store/listQuery.js';
import type { Queue } from './queue.js';
import type { PageResult } from './types.js';
import type { SourceCaps } from '../sources/types.js';
import { pageOf } from '../store/listQuery.js';
import type { AppState } from '../store/types.js';
import type { PageRefusal } from './types.js';

/**
 * Where turning the market list's page leads: the next page only after a full one (a shorter answer was the last)
 * and never past the service's offset 10000; the previous one down to offset 0; nothing while a page is on its way.
 */
export function turnPage(
  list: AppState['list'],
  delta: 1 | -1,
  caps: Pick<SourceCaps, 'maxOffset'> = {},
): { offset: number; page: number } | { refusal: PageRefusal } {
  if (list.pending) return { refusal: 'loading' };
  const { limit, offset } = pageOf(list.query);
  let next: number;
  if (delta > 0) {
    // the source's own word on a next page wins over a full page's hint
    if (list.more === false || (list.more === undefined && (list.lastCount ?? 0) < limit))
      return { refusal: 'last_page' };
    next = offset + limit;
    if (caps.maxOffset !== undefined && next > caps.maxOffset) return { refusal: 'offset_max' };
  } else {
    if (offset === 0) return { refusal: 'first_page' };
    next = Math.max(0, offset - limit);
  }
  return { offset: next, page: Math.floor(next / limit) + 1 };
}

/** `page(delta)`: the query's offset moved to the page turned to, and the queue told which row to select on it. */
export function turnListPage(store: OddsStore, q: Pick<Queue, 'pageTurned'>, delta: 1 | -1, now: number): PageResult {
  const st = store.getState();
  const turn = turnPage(st.list, delta, st.caps);
  if ('refusal' in turn) return { ok: false, reason: turn.refusal };
  store.getState().setQuery({ offset: turn.offset });
  q.pageTurned(queryKey(store.getState().list.query), delta > 0 ? 'first' : 'last', now);
  return { ok: true, page: turn.page };
}
