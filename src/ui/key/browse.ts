import type { Key } from 'ink';
import type { RefreshResult } from '../../sync/types.js';
import { secondsUntil } from '../format.js';
import { SORTS, STATUSES, nextInCycle } from '../viewModel.js';
import type { KeyCtx } from './dispatch.js';
import { KEY_CONTEXTS, matchCommand } from './keyBindings.js';
import { openAlertForm } from './alertForm.js';
import { quoted } from '../../store/transitions.js';

const FLASH_MS = 3000;

function refusalText(r: Extract<RefreshResult, { ok: false }>, now: number): string {
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

/** Moves the cursor to row `index` (clamped): the list scrolls (UI state) and sync is told of the new selection. */
function moveTo(ctx: KeyCtx, index: number): void {
  const n = ctx.ids.length;
  if (n === 0) return;
  const i = Math.min(Math.max(0, index), n - 1);
  const id = ctx.ids[i]!;
  ctx.dispatch({ type: 'scrollTo', index: i, visible: ctx.listRows, count: n });
  if (ctx.store.getState().selectedId !== id) ctx.sync.select(id);
}

/** The list and the detail pane. */
export function browseKey(ctx: KeyCtx, input: string, key: Key): void {
  const cmd = matchCommand(KEY_CONTEXTS.browse.commands, input, key);
  const query = ctx.store.getState().list.query;
  const page = Math.max(1, ctx.listRows);
  const cursor = Math.max(0, ctx.cursor);
  switch (cmd) {
    case 'quit':
    case 'forceQuit':
      return ctx.quit();
    case 'help':
      return ctx.dispatch({ type: 'toggleHelp' });
    case 'search':
      return ctx.dispatch({ type: 'openSearch', initial: query.q });
    case 'sort':
      return ctx.sync.search({ sort: nextInCycle(SORTS, query.sort || 'volume'), offset: 0 });
    case 'filter':
      return ctx.sync.search({ status: nextInCycle(STATUSES, query.status || 'active'), offset: 0 });
    case 'category':
      return ctx.sync.search({ category: nextInCycle(['', ...ctx.store.getState().categories], query.category), offset: 0 });
    case 'refresh': {
      const r = ctx.sync.refreshNow();
      const now = ctx.clock.now();
      return ctx.dispatch({ type: 'flash', text: r.ok ? 'Refreshing…' : refusalText(r, now), until: now + FLASH_MS });
    }
    case 'up':
      return moveTo(ctx, cursor - 1);
    case 'down':
      return moveTo(ctx, cursor + 1);
    case 'pageUp':
      return moveTo(ctx, cursor - page);
    case 'pageDown':
      return moveTo(ctx, cursor + page);
    case 'first':
      return moveTo(ctx, 0);
    case 'last':
      return moveTo(ctx, ctx.ids.length - 1);
    case 'focusNext':
      if (!ctx.marketId) return;
      if (ctx.ui.focus === 'list' && ctx.store.getState().selectedId !== ctx.marketId) ctx.sync.select(ctx.marketId);
      if (ctx.ui.focus === 'detail') ctx.sync.openQuote(ctx.marketId);
      return ctx.dispatch({ type: 'focusNext' });
    case 'back':
      return ctx.dispatch({ type: 'focusBack' });
    // ── the watchlist and alerts ──
    case 'watch': {
      if (!ctx.marketId) return;
      const was = ctx.store.getState().watch.byId[ctx.marketId] !== undefined;
      const on = ctx.sync.toggleWatch(ctx.marketId);
      const title = quoted(ctx.store.getState().markets[ctx.marketId]?.market.title ?? ctx.marketId);
      const text = on ? `★ Watching ${title}` : was ? `Not watching ${title} any more` : 'The watchlist is full.';
      const now = ctx.clock.now();
      return ctx.dispatch({ type: 'flash', text, until: now + FLASH_MS });
    }
    case 'alert':
      if (ctx.marketId) openAlertForm(ctx, ctx.marketId);
      return;
    case 'alertLog':
      return ctx.dispatch({ type: 'toggleAlertLog' });
    case undefined:
      return;
  }
}
