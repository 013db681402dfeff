import { pageNumber } from '../../store/listQuery.js';
import { budgetWaitWords } from '../budgetWait.js';
import { marketListProps } from './state.js';
import { MarketList, listTitle } from '../components/MarketList.js';
import type { ViewImpl, ViewListProps } from './types.js';
import { G } from '../glyphs.js';

/** The market list as the service answers the query (sort, filters, search), one page of `limit` rows at a time. */
export const marketsView: ViewImpl = {
  id: 'markets',
  title: 'Markets',
  short: 'Mkts',
  source: 'markets',
  filters: true,
  // a market gone to with `g` (list.pinned) comes first until the query changes
  rows: (st) => ({ kind: 'markets', ids: pinnedFirst(st.list.ids, st.list.pinned) }),
  List: MarketsList,
};

const pinnedCache = new WeakMap<string[], { pinned: string; ids: string[] }>();
/** The list's ids with the pinned market first (the same array for the same list and pin: rows stay stable). */
function pinnedFirst(ids: string[], pinned: string | undefined): string[] {
  if (pinned === undefined || ids.includes(pinned)) return ids;
  const hit = pinnedCache.get(ids);
  if (hit?.pinned === pinned) return hit.ids;
  const out = [pinned, ...ids];
  pinnedCache.set(ids, { pinned, ids: out });
  return out;
}

function MarketsList(p: ViewListProps) {
  const list = p.state.list;
  const ids = p.rows.ids;
  const page = pageNumber(list.query);
  const scope = p.state.caps.searchScopeShort;
  const empty =
    list.loadedAt === undefined
      ? 'No data yet.'
      : page > 1
        ? 'No markets on this page (k goes back).'
        : list.query.q
          ? `No markets match the search${scope ? ` in ${scope}` : ''}: / C-u ${G.ret} clears it.`
          : p.state.caps.categoryWord !== undefined
            ? `No markets match this status and ${p.state.caps.categoryWord}: f and c change them.`
            : 'No markets match this status: f changes it.';
  return (
    <MarketList
      {...marketListProps(p)}
      ids={ids}
      title={(shown) =>
        listTitle(
          {
            ids,
            top: p.top,
            focused: p.focused,
            query: list.query,
            pending: list.pending === true,
            page,
            caps: p.state.caps,
            together: p.state.together,
            budgetWait: p.env.budgetWait,
            markets: p.markets,
            ...(p.state.categoryLabels ? { categoryLabels: p.state.categoryLabels } : {}),
            // the source's own word on a next page, else a full page's hint
            full: list.more ?? (list.lastCount !== undefined && list.lastCount >= list.query.limit),
          },
          shown,
        )
      }
      {...(list.loading || list.pending
        ? {
            loading:
              (page > 1 ? `Loading page ${page}${G.ell}` : `Loading markets${G.ell}`) +
              budgetWaitWords(p.env.budgetWait),
          }
        : {})}
      empty={empty}
    />
  );
}
