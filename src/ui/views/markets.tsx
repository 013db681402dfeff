import { pageNumber } from '../../store/listQuery.js';
import { marketListProps } from './state.js';
import { MarketList, listTitle } from '../components/MarketList.js';
import type { ViewImpl, ViewListProps } from './types.js';

/** The market list as the service answers the query (sort, filters, search), one page of `limit` rows at a time. */
export const marketsView: ViewImpl = {
  id: 'markets',
  title: 'Markets',
  short: 'Mkts',
  source: 'markets',
  filters: true,
  rows: (st) => ({ kind: 'markets', ids: st.list.ids }),
  List: MarketsList,
};

function MarketsList(p: ViewListProps) {
  const list = p.state.list;
  const ids = p.rows.ids;
  const page = pageNumber(list.query);
  const empty =
    list.loadedAt === undefined
      ? 'No data yet.'
      : page > 1
        ? 'No markets on this page (k goes back).'
        : 'No markets match this filter.';
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
            ...(p.state.categoryLabels ? { categoryLabels: p.state.categoryLabels } : {}),
            // the source's own word on a next page, else a full page's hint
            full: list.more ?? (list.lastCount !== undefined && list.lastCount >= list.query.limit),
          },
          shown,
        )
      }
      {...(list.loading || list.pending ? { loading: page > 1 ? `Loading page ${page}…` : 'Loading markets…' } : {})}
      empty={empty}
    />
  );
}
