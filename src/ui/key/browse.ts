import type { Key } from 'ink';
import type { RefreshRefusal } from '../../sync/types.js';
import { secondsUntil } from '../format.js';
import { nextInCycle } from '../viewModel.js';
import { SOURCE_NAMES, sourceName } from '../../sources/names.js';
import { viewIndexOfKey } from '../views/index.js';
import type { KeyCtx } from './dispatch.js';
import { KEY_CONTEXTS } from './keyBindings.js';
import { matchCommand } from './keyLookup.js';
import { openAlertFor } from './alertOpen.js';
import { openPageKey } from './goTo.js';
import { pairsKey } from './pairs.js';
import { quoted } from '../../store/transitions.js';
import { shortCause } from '../../store/connection.js';
import {
  closeEvent,
  cycleView,
  flash,
  moveTo,
  noMarket,
  openEventAt,
  selectDrawn,
  selectIn,
  showView,
  step,
} from './moves.js';
import { onVenue, resolvedOn } from './alertForm.js';
import { parseRefKey } from '../../venue/ref.js';
import { G } from '../glyphs.js';
import { heldPositions } from '../views/positionsModel.js';
import { viewState } from '../views/state.js';
import { CONDITION_ID } from '../../sources/polymarket/conditions.js';

/** A grouping's word in the plural: category → categories, tag → tags, topic → topics, series → series. */
export function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return /(s|x|ch|sh)$/.test(word) ? word : `${word}s`;
}

function refusalText(r: { retryAt: number; reason?: RefreshRefusal | undefined }, now: number): string {
  const wait = `refresh in ${secondsUntil(r.retryAt, now)}s`;
  switch (r.reason) {
    case 'stopped':
      return 'Not refreshing: sync is stopped.';
    case 'rate_limited':
      return `Rate limited: ${wait}`;
    default:
      return `Rate budget: ${wait}`;
  }
}

/** s, f, c and / change the Markets list: from another view they bring you to it first. */
function toMarkets(ctx: KeyCtx): void {
  if (!ctx.view.filters) showView(ctx, 0);
}

/**
 * Keys that change what the list shows: each replaces a message an earlier key left (`s`'s "no shared sort" read
 * after `f` as if about the new list); one of their own, if any, is said after.
 */
const VIEW_CHANGES: ReadonlySet<string> = new Set([
  'view',
  'nextView',
  'prevView',
  'sort',
  'filter',
  'category',
  'venue',
]);

/** Any view's list and the detail pane. */
export function browseKey(ctx: KeyCtx, input: string, key: Key): void {
  const cmd = matchCommand(KEY_CONTEXTS.browse.commands, input, key);
  if (cmd !== undefined && ctx.ui.flash && VIEW_CHANGES.has(cmd)) ctx.dispatch({ type: 'clearFlash' });
  const { list, caps, rate, venues, venueFilter } = ctx.store.getState();
  const query = list.query;
  // several venues shown together: what applies is what every one of them can do
  const together = venues !== undefined && venueFilter === undefined && venues.length > 1;
  const name = together ? 'Not every venue shown' : sourceName(venueFilter ?? rate.mode);
  const page = Math.max(1, ctx.listRows);
  switch (cmd) {
    case 'quit':
    case 'forceQuit':
      return ctx.quit();
    case 'help':
      return ctx.dispatch({ type: 'toggleHelp' });
    case 'view': {
      const i = viewIndexOfKey(input);
      return i === undefined ? undefined : showView(ctx, i);
    }
    case 'nextView':
      return cycleView(ctx, 1);
    case 'prevView':
      return cycleView(ctx, -1);
    case 'search':
      if (!caps.search)
        return flash(
          ctx,
          together ? 'Not every venue shown has a text search: v narrows to one' : `${name} has no text search`,
        );
      toMarkets(ctx);
      return ctx.dispatch({ type: 'openSearch', initial: query.q });
    case 'sort':
      if (ctx.view.id === 'movers') {
        ctx.dispatch({ type: 'moversWindow', window: ctx.ui.moversWindow === '1h' ? '24h' : '1h' });
        // the rows change with no answer to say so: the market the new window draws is selected now, none when none
        return selectDrawn(ctx, ctx.view);
      }
      if (caps.sorts.length === 0)
        return flash(
          ctx,
          together
            ? 'The venues shown share no server-side sort: press v to narrow to one venue'
            : `${name} sorts nothing server-side: its list is in its own order`,
        );
      toMarkets(ctx);
      return ctx.sync.search({ sort: nextInCycle(caps.sorts, query.sort || caps.sorts[0]!), offset: 0 });
    case 'filter': {
      toMarkets(ctx);
      const status = nextInCycle(caps.statuses, query.status || caps.statuses[0]!);
      ctx.sync.search({ status, offset: 0 });
      // said: a narrow title gives "· status …" up first (beside a board's "by venue, each in its own order" at 100
      // columns), and f then cycled the rows with nothing on screen naming the status
      return flash(ctx, `Status: ${status} (f: the next)`);
    }
    case 'category': {
      if (caps.categoryWord === undefined)
        return flash(
          ctx,
          together ? "Categories are one venue's own: press v to narrow to one" : `${name} has no categories`,
        );
      const st = ctx.store.getState();
      // the source's groupings failed to arrive: say so; the categories seen in answers still cycle, if any
      const missing = st.sourceCategories === undefined ? st.categoriesError : undefined;
      if (st.sourceCategories === undefined && caps.categoryById) {
        // its route takes a grouping's id (Gamma's `tag_id=2`), which a label seen ("Crypto") is not: sent, the list
        // would empty. Say so; `c` only clears a filter set while the groupings were there
        const word = plural(caps.categoryWord);
        const why = missing ? `unavailable (${shortCause(missing)})` : 'not loaded yet';
        flash(
          ctx,
          `${word} ${why}: ${name} filters by a ${caps.categoryWord}'s id, which only its ${word} route gives`,
        );
        if (query.category === '') return;
        toMarkets(ctx);
        return ctx.sync.search({ category: '', offset: 0 });
      }
      if (missing) flash(ctx, `${plural(caps.categoryWord)} unavailable (${shortCause(missing)})`);
      if (missing && st.categories.length === 0 && query.category === '') return;
      toMarkets(ctx);
      return ctx.sync.search({
        category: nextInCycle(['', ...(st.sourceCategories ?? st.categories)], query.category),
        offset: 0,
      });
    }
    case 'historyRange': {
      // together, the caps are the selected market's venue's; with none selected, every venue's at once, where one
      // without a history (Manifold) made h refuse the range the others draw ("Not every venue shown publishes no…")
      const at = together && ctx.marketId !== undefined ? parseRefKey(ctx.marketId)?.venue : undefined;
      if (!caps.history && !(together && at === undefined))
        return flash(ctx, `${at ? sourceName(at) : name} publishes no price history here`);
      const range = ctx.store.getState().historyRange === '24h' ? '7d' : '24h';
      ctx.sync.setHistoryRange(range);
      return flash(ctx, `Price history: ${range === '24h' ? 'last 24 h' : 'last 7 days'}`);
    }
    case 'refresh': {
      const r = ctx.sync.refreshNow();
      if (!r.ok) return flash(ctx, refusalText(r, ctx.clock.now()));
      const held = (r.held ?? []).map((h) => `${SOURCE_NAMES[h.venue]}: ${refusalText(h, ctx.clock.now())}`);
      return flash(ctx, [`Refreshing${G.ell}`, ...held].join(` ${G.dot} `));
    }
    case 'up':
      return step(ctx, -1);
    case 'down':
      return step(ctx, 1);
    case 'pageUp':
      return step(ctx, -page);
    case 'pageDown':
      return step(ctx, page);
    case 'first':
      return moveTo(ctx, 0);
    case 'last':
      return moveTo(ctx, ctx.ids.length - 1);
    case 'focusNext':
      if (ctx.view.id === 'across' && ctx.ui.focus === 'list' && ctx.marketId) return pairsKey(ctx, 'rules');
      if (ctx.rows.kind === 'events' && ctx.ui.focus === 'list') return openEventAt(ctx);
      if (!ctx.marketId) return noMarket(ctx, key.tab ? 'Tab' : G.ret);
      if (ctx.ui.focus === 'list' && ctx.store.getState().selectedId !== ctx.marketId) ctx.sync.select(ctx.marketId);
      if (ctx.ui.focus === 'detail') {
        // a position's market the board does not have (its venue's figures only): the form would quote nothing
        if (!ctx.store.getState().markets[ctx.marketId])
          return flash(ctx, 'This market is not on the board: there is no quote for it here');
        ctx.sync.openQuote(ctx.marketId);
      }
      return ctx.dispatch({ type: 'focusNext' });
    case 'back':
      if (ctx.view.id === 'across' && ctx.store.getState().across?.rules) return pairsKey(ctx, 'close');
      if (ctx.ui.focus === 'list' && closeEvent(ctx)) return;
      return ctx.dispatch({ type: 'focusBack' });
    // ── the watchlist and alerts ──
    case 'watch': {
      if (!ctx.marketId) return noMarket(ctx, 'w');
      const was = ctx.store.getState().watch.byId[ctx.marketId] !== undefined;
      const held = heldPositions(viewState(ctx.store.getState()), undefined).find((x) => x.id === ctx.marketId)?.pos;
      // a Polymarket position Gamma could not name keeps its conditionId, which Gamma's /markets/{id} refuses (422):
      // watched, its row waited for its data for good (docs/positions.md)
      if (!was && held?.ref.venue === 'polymarket' && CONDITION_ID.test(held.ref.id))
        return flash(
          ctx,
          `Not watched: Polymarket has not named the market of ${quoted(held.title)} (only its condition)`,
        );
      // watched until it resolves: a resolved market is not added (said as `a` says it); one on the list still goes
      const ended = was ? undefined : resolvedOn(ctx.store.getState(), ctx.marketId, 'it is not watched');
      if (ended) return flash(ctx, ended);
      // unwatched in the Watchlist: its row stays under the cursor, so a second w watches it back (UiState.unwatched);
      // kept before the watchlist changes, as sync then keeps selected the market the view draws
      if (was && ctx.view.id === 'watchlist')
        ctx.dispatch({ type: 'keepUnwatched', id: ctx.marketId, at: Math.max(0, ctx.cursor) });
      const on = ctx.sync.toggleWatch(ctx.marketId);
      const st = ctx.store.getState();
      // a board of several venues: the one watchlist spans them, so the venue is said
      // a position's market not on the board: the title the position carries, not its bare id
      const named = st.markets[ctx.marketId]?.market.title ?? held?.title ?? ctx.marketId;
      const title = `${quoted(named)}${onVenue(st, ctx.marketId)}`;
      return flash(
        ctx,
        on ? `${G.star} Watching ${title}` : was ? `Not watching ${title} any more` : 'The watchlist is full.',
      );
    }
    case 'alert':
      if (!ctx.marketId) return noMarket(ctx, 'a');
      return openAlertFor(ctx, ctx.marketId);
    case 'alertLog':
      return ctx.dispatch({ type: 'toggleAlertLog' });
    // ── links ──
    case 'goTo':
      return ctx.dispatch({ type: 'openGoTo' });
    case 'openPage':
      return openPageKey(ctx);
    case 'venue': {
      if (!ctx.sync.cycleVenue)
        return flash(ctx, 'One venue: start with --source kalshi,polymarket (or all) for several');
      const v = ctx.sync.cycleVenue();
      // the market the view draws on the venues shown (the board keeps it selected too: the `drawn` of `show`)
      selectIn(ctx, ctx.view.id, ctx.store.getState().selectedId);
      return flash(ctx, v ? `Showing ${sourceName(v)} only (v: the next venue)` : 'Showing every venue');
    }
    case 'pairs':
    case 'pairYes':
    case 'pairNo':
      return pairsKey(ctx, cmd);
    case undefined:
      return;
  }
}
