/**
 * `g` and `o` (docs/links.md). `g` opens the go-to box; ⏎ reads what was pasted (src/links/parse.ts) and hands it to
 * sync's `goTo` intent, which looks it up in the budget; a text not understood, or of another venue, gets its one-line
 * message and nothing else changes. When the lookup is answered (`goTo` in the store) the screen goes there: a market
 * in Markets (pinned first, selected), an event opened in Events. `o` opens the selected market's (or the event's)
 * page, an address built from its ids, on its platform's host only.
 */
import type { Key } from 'ink';
import { eventPage, isOwnPage, marketPage, pageVenue } from '../../links/page.js';
import type { PlatformId } from '../../links/types.js';
import { parseTarget } from '../../links/parse.js';
import type { GoToState } from '../../store/types.js';
import { applyTextEdit } from '../textEdit.js';
import { ctxOf, textEditFor, viewById, type KeyCtx, type KeyDeps } from './dispatch.js';
import { KEY_CONTEXTS } from './keyBindings.js';
import { matchCommand } from './keyLookup.js';
import { flash, noMarket, selectIn, showSource } from './moves.js';
import { quoted } from '../../store/transitions.js';
import { VIEWS } from '../views/index.js';
import { G } from '../glyphs.js';

/** Long enough for any platform address with its query string. */
export const GOTO_MAX_CHARS = 500;
/** A found market's or event's message stays a little longer than a flash. */
const SAID_MS = 6000;

function say(ctx: Pick<KeyCtx, 'dispatch' | 'clock'>, text: string, ms = SAID_MS): void {
  const at = ctx.clock.now();
  ctx.dispatch({ type: 'flash', text, at, until: at + ms });
}

/** The go-to box: ⏎ looks it up (the box closes) or says why not (it stays open to fix), Esc leaves it. */
export function goToKey(ctx: KeyCtx, input: string, key: Key): void {
  const box = ctx.ui.goTo;
  if (!box) return;
  const cmd = matchCommand(KEY_CONTEXTS.search.commands, input, key);
  if (cmd === 'accept') {
    const r = ctx.sync.goTo(parseTarget(box.value));
    if (!r.ok) return say(ctx, r.message);
    ctx.dispatch({ type: 'closeGoTo' });
    return say(ctx, `Looking up ${r.understood}${G.ell}`);
  }
  if (cmd === 'cancel') return ctx.dispatch({ type: 'closeGoTo' });
  const edit = textEditFor(cmd, input, key);
  if (edit) ctx.dispatch({ type: 'editGoTo', next: applyTextEdit(box, edit, GOTO_MAX_CHARS) });
}

/** Pasted text in the go-to box (one address: line breaks become nothing). */
export function pasteGoTo(ctx: KeyCtx, text: string): void {
  if (!ctx.ui.goTo) return;
  const one = text.replace(/[\r\n]+/g, '').trim();
  ctx.dispatch({ type: 'editGoTo', next: applyTextEdit(ctx.ui.goTo, { type: 'insert', text: one }, GOTO_MAX_CHARS) });
}

const indexOfView = (id: string) => VIEWS.findIndex((v) => v.id === id);

/** A `g` answered: go there (a market in Markets, an event in Events), or say what happened. */
export function goToArrived(deps: KeyDeps, g: GoToState): void {
  let ctx = ctxOf(deps);
  if (g.status === 'none' || g.status === 'failed') return say(ctx, g.message ?? `Nothing found for ${g.understood}.`);
  if (g.status !== 'found') return;
  if (g.market !== undefined) {
    if (ctx.view.id !== 'markets') {
      ctx.dispatch({ type: 'showView', view: 'markets', ...(ctx.marketId ? { leaving: ctx.marketId } : {}) });
      showSource(ctx, viewById('markets'));
    }
    if (ctx.store.getState().selectedId !== g.market) ctx.sync.select(g.market);
    ctx = ctxOf(deps);
    ctx.dispatch({
      type: 'scrollTo',
      index: Math.max(0, ctx.ids.indexOf(g.market)),
      visible: ctx.listRows,
      count: ctx.ids.length,
    });
    const title = ctx.store.getState().markets[g.market]?.market.title ?? g.market;
    return say(ctx, `${G.to} ${quoted(title)}${openHint(ctx, g.market)}`);
  }
  if (g.event !== undefined) {
    if (indexOfView('events') < 0) return;
    if (ctx.view.id !== 'events') {
      ctx.dispatch({ type: 'showView', view: 'events', ...(ctx.marketId ? { leaving: ctx.marketId } : {}) });
      showSource(ctx, viewById('events'));
    }
    ctx.dispatch({ type: 'eventCursor', id: g.event });
    ctx.sync.openEvent(g.event);
    ctx = ctxOf(deps);
    ctx.dispatch({ type: 'scrollTo', index: 0, visible: ctx.listRows, count: 0 });
    selectIn(ctx, 'events');
    const title = ctx.store.getState().events.byId[g.event]?.title ?? g.event;
    return say(ctx, `${G.to} event ${quoted(title)}${openHint(ctx, g.event)}`);
  }
}

/** " (o opens its page)" where the venue of `id` has pages; the interface (the demo) has none, as `o` says. */
const openHint = (ctx: KeyCtx, id: string): string =>
  pageVenue(ctx.store.getState().rate.mode, id) === 'public' ? '' : ' (o opens its page)';

/** The page `o` opens for what is under the cursor: the open event's or the event row's, else the market's. */
export function pageUnderCursor(ctx: KeyCtx): { venue: PlatformId | 'public'; address?: string; what: string } {
  const st = ctx.store.getState();
  if (ctx.rows.kind === 'events') {
    const id = ctx.ids[Math.max(0, ctx.cursor)];
    const venue = pageVenue(st.rate.mode, id);
    const e = id === undefined ? undefined : st.events.byId[id];
    const address = e ? eventPage(venue, e) : undefined;
    return { venue, ...(address ? { address } : {}), what: 'event' };
  }
  const venue = pageVenue(st.rate.mode, ctx.marketId);
  const m = ctx.marketId === undefined ? undefined : st.markets[ctx.marketId]?.market;
  const address = m ? marketPage(venue, m, m.eventId ? st.events.byId[m.eventId] : undefined) : undefined;
  return { venue, ...(address ? { address } : {}), what: 'market' };
}

/**
 * `o`: open the page in the browser (detached); where nothing can open it, or the opener fails soon after (an exit
 * code), the address is shown to copy.
 */
export function openPageKey(ctx: KeyCtx): void {
  const { venue, address, what } = pageUnderCursor(ctx);
  // nothing under the cursor (an empty list): said so, not that the ids of a market that is not there are missing
  if (what === 'market' && ctx.marketId === undefined) return noMarket(ctx, 'o');
  if (what === 'event' && ctx.ids[Math.max(0, ctx.cursor)] === undefined)
    return flash(ctx, 'No event here: o acts on the event under the cursor');
  if (venue === 'public') return flash(ctx, 'The interface (and its demo) has no web pages to open.');
  if (!address || !isOwnPage(venue, address))
    return flash(ctx, `No page address for this ${what} (its ids are missing).`);
  const copy = (reason: string) => {
    ctx.dispatch({ type: 'showCopy', address });
    say(ctx, `${reason}: the address is shown below to copy (any key hides it)`, 15_000);
  };
  const r = ctx.openPage ? ctx.openPage(address, copy) : { ok: false as const, reason: 'no browser opener here' };
  if (r.ok) return say(ctx, `Opened ${address}`);
  return copy(r.reason);
}
