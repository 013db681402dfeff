import { marketListProps, onVenueWords, shownIds } from './state.js';
import { MarketList } from '../components/MarketList.js';
import { paneTitle } from '../components/Line.js';
import { rangeText } from '../components/rowParts.js';
import type { ViewImpl, ViewListProps } from './types.js';

/** The watched markets (the narrowed venue's, after `v`), in the order they were added (the watchlist's selector). */
export const watchlistView: ViewImpl = {
  id: 'watchlist',
  title: 'Watchlist',
  short: 'Watch',
  source: 'own',
  filters: false,
  rows: (st) => ({ kind: 'markets', ids: shownIds(st, st.watched) }),
  List: WatchList,
};

function WatchList(p: ViewListProps) {
  const ids = p.rows.ids;
  return (
    <MarketList
      {...marketListProps(p)}
      ids={ids}
      title={(shown) => [paneTitle('Watchlist', p.focused), { text: rangeText(ids.length, p.top, shown), dim: true }]}
      empty={
        ids.length < p.state.watched.length
          ? `Nothing watched${onVenueWords(p.state)}: v shows every venue's (${p.state.watched.length}).`
          : 'Nothing watched yet: w on a market in any list watches it.'
      }
    />
  );
}
