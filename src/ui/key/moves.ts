/**
 * Moving through a view's rows and between views: the cursor follows the rows
 * as drawn (a market row selects the market through sync; an event row moves
 * the UI's own cursor), the Markets list turns its page past either end, and a
 * view switch tells sync what to refresh.
 */
import type { DrawnMarket, PageResult } from '../../sync/types.js';
import { VIEWS, viewAt, type ViewImpl } from '../views/index.js';
import { currentMarketIn, viewEntries, viewState } from '../views/state.js';
import type { KeyCtx, KeyDeps } from './dispatch.js';
import { envOf, viewById } from './dispatch.js';
import { G } from '../glyphs.js';
import type { Flash } from '../uiState.js';

const FLASH_MS = 3000;

export function flash(ctx: KeyCtx, text: string, about: Pick<Flash, 'candidatesOf'> = {}): void {
  const at = ctx.clock.now();
  ctx.dispatch({ type: 'flash', text, at, until: at + FLASH_MS, ...about });
}

/**
 * `w`, `a`, `o`, `P`, `⏎` or Tab with no market under the cursor (an event row, an empty list): why, and what to do,
 * never nothing (⏎ in an empty Watchlist did nothing at all, `o` said the market's ids were missing).
 */
export function noMarket(ctx: KeyCtx, key: string): void {
  flash(
    ctx,
    ctx.rows.kind === 'events'
      ? `An event is no market: ${G.ret} opens it, then ${key} on one of its markets`
      : `No market here: ${key} acts on the market under the cursor`,
  );
}

/** Moves the cursor to row `index` (clamped): the list scrolls (UI state) and the row is selected. */
export function moveTo(ctx: KeyCtx, index: number): void {
  const n = ctx.ids.length;
  if (n === 0) return;
  const i = Math.min(Math.max(0, index), n - 1);
  const id = ctx.ids[i]!;
  ctx.dispatch({ type: 'scrollTo', index: i, visible: ctx.listRows, count: n });
  if (ctx.rows.kind === 'events') return ctx.dispatch({ type: 'eventCursor', id });
  // one market in several rows: the row is told by its key
  if (ctx.rows.keys) ctx.dispatch({ type: 'rowKey', key: ctx.rows.keys[i]! });
  if (ctx.store.getState().selectedId !== id) ctx.sync.select(id);
}

/** The list just stops at its last row; only a limit the user cannot see is explained. */
const PAGE_REFUSED: Partial<Record<Extract<PageResult, { ok: false }>['reason'], string>> = {
  offset_max: 'The service pages no further (offset 10000 at most).',
};

/**
 * j/↓ or PgDn by `step` rows: past the last row of the Markets list the next page (after a full one), past the first
 * (or on an empty page) the previous one; elsewhere the cursor stops at the ends.
 */
export function step(ctx: KeyCtx, delta: number): void {
  const n = ctx.ids.length;
  const cursor = Math.max(0, ctx.cursor);
  if (ctx.view.filters && ctx.rows.kind === 'markets') {
    const past = delta > 0 ? n > 0 && cursor === n - 1 : cursor === 0;
    if (past || n === 0) {
      const r = ctx.sync.page(delta > 0 ? 1 : -1);
      if (r.ok) ctx.dispatch({ type: 'scrollTo', index: 0, visible: ctx.listRows, count: 0 });
      else if (delta > 0 && PAGE_REFUSED[r.reason]) flash(ctx, PAGE_REFUSED[r.reason]!);
      return;
    }
  }
  moveTo(ctx, cursor + delta);
}

/**
 * Show view `index`: the UI switches, sync is told what to refresh, and the cursor goes back to the market the view
 * had when it was left (else its first row) — selected, so the detail pane and sync follow the same market.
 */
export function showView(ctx: KeyCtx, index: number): void {
  const view = viewAt(index);
  if (view.id === ctx.view.id) return;
  const back = ctx.ui.picks[view.id];
  ctx.dispatch({ type: 'showView', view: view.id, ...(ctx.marketId !== undefined ? { leaving: ctx.marketId } : {}) });
  showSource(ctx, view);
  selectIn(ctx, view.id, back);
}

/**
 * The market `view` draws as selected in a state, on the rows it draws then (its rows at that time, Movers' window as
 * the UI has it): the selected one when it lists it, else its first row, none when it draws none (`currentMarketIn`).
 */
export function drawnBy(deps: Pick<KeyDeps, 'readUi' | 'clock' | 'moversThreshold'>, view: ViewImpl): DrawnMarket {
  return (st) => {
    const vs = viewState(st);
    const rows = view.rows(vs, envOf(deps, deps.readUi(), deps.clock.now()));
    return currentMarketIn(view, rows, vs, viewEntries(view, vs));
  };
}

/** Tells sync the view shown: what it refreshes, and the market it draws as selected, which sync keeps selected. */
export function showSource(ctx: KeyCtx, view: ViewImpl): void {
  ctx.sync.show(view.source, drawnBy(ctx, view));
}

/**
 * Select `wanted` when the view lists it, else the market the view draws (its first row), unless selected already; a
 * view that draws none (an empty Watchlist, Movers, Positions or Closing soon, the events list) leaves nothing
 * selected, so nothing is polled for a market it does not show.
 */
export function selectIn(ctx: KeyCtx, viewId: string, wanted?: string): void {
  const view = viewById(viewId);
  const st = ctx.store.getState();
  const rows = view.rows(viewState(st), ctx.env);
  const id = wanted !== undefined && rows.kind === 'markets' && rows.ids.includes(wanted) ? wanted : undefined;
  const next = id ?? drawnBy(ctx, view)(st);
  if (next !== st.selectedId) ctx.sync.select(next);
}

/** Select the market `view` draws as selected now (its UI state just changed, as Movers' window), none when none. */
export function selectDrawn(ctx: KeyCtx, view: ViewImpl): void {
  const st = ctx.store.getState();
  const next = drawnBy(ctx, view)(st);
  if (next !== st.selectedId) ctx.sync.select(next);
}

/** The next (+1) or previous (−1) view, round the tabs. */
export function cycleView(ctx: KeyCtx, delta: 1 | -1): void {
  const i = VIEWS.findIndex((v) => v.id === ctx.view.id);
  showView(ctx, (i + delta + VIEWS.length) % VIEWS.length);
}

/** ⏎ on an event row: open it (sync fetches it by id) and select its first market. */
export function openEventAt(ctx: KeyCtx): void {
  const id = ctx.ids[Math.max(0, ctx.cursor)];
  if (id === undefined) return;
  ctx.dispatch({ type: 'eventCursor', id });
  ctx.sync.openEvent(id);
  ctx.dispatch({ type: 'scrollTo', index: 0, visible: ctx.listRows, count: 0 });
  selectIn(ctx, ctx.view.id);
}

/** Esc in an open event: back to the events list, the cursor on that event. */
export function closeEvent(ctx: KeyCtx): boolean {
  const open = ctx.store.getState().events.openId;
  if (open === undefined || ctx.view.id !== 'events') return false;
  ctx.sync.openEvent(undefined);
  ctx.dispatch({ type: 'eventCursor', id: open });
  return true;
}
