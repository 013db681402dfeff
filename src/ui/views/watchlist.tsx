import { marketListProps, onShownVenue, onVenueWords, shownIds } from './state.js';
import { MarketList } from '../components/MarketList.js';
import { paneTitle } from '../components/Line.js';
import { rangeText } from '../components/rowParts.js';
import type { ViewEnv, ViewImpl, ViewListProps, ViewState } from './types.js';
import { G } from '../glyphs.js';

/**
 * The watched markets (the narrowed venue's, after `v`), in the order they were added (the watchlist's selector); a
 * market just unwatched here keeps its row (no ★) until another view is shown, so `w` again is about it.
 */
export const watchlistView: ViewImpl = {
  id: 'watchlist',
  title: 'Watchlist',
  short: 'Watch',
  source: 'own',
  filters: false,
  rows: (st, env) => ({ kind: 'markets', ids: withUnwatched(st, env, shownIds(st, st.watched)) }),
  List: WatchList,
};

function WatchList(p: ViewListProps) {
  const ids = p.rows.ids;
  return (
    <MarketList
      {...marketListProps(p)}
      ids={ids}
      title={(shown) => [paneTitle('Watchlist', p.focused), { text: titleCount(p, shown), dim: true }]}
      empty={
        ids.length < p.state.watched.length
          ? `Nothing watched${onVenueWords(p.state)}: v shows every venue's (${p.state.watched.length}).`
          : 'Nothing watched yet: w on a market in any list watches it.'
      }
    />
  );
}

function withUnwatched(st: ViewState, env: ViewEnv, ids: readonly string[]): readonly string[] {
  const u = env.unwatched;
  if (!u || ids.includes(u.id) || !st.markets[u.id] || !onShownVenue(st, u.id)) return ids;
  const at = Math.max(0, Math.min(u.at, ids.length));
  return [...ids.slice(0, at), u.id, ...ids.slice(at)];
}

/** How many are watched (a row just unwatched, kept under the cursor, is not one of them: said beside the count). */
function titleCount(p: ViewListProps, shown: number): string {
  const ids = p.rows.ids;
  const kept = ids.filter((id) => p.state.watchById[id] === undefined).length;
  if (kept === 0 || ids.length > shown) return rangeText(ids.length, p.top, shown);
  return ` ${ids.length - kept} ${G.dot} ${kept} just unwatched: w watches it back`;
}
