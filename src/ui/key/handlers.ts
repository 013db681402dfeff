/**
 * What each key press does, per context (help, search box, quote form,
 * browsing). Keys are resolved to command names through the registry; the
 * store is read fresh at each press; server work is only asked of `sync`.
 */
import type { Key } from 'ink';
import type { OddsStore } from '../../store/store.js';
import type { SyncIntents } from '../../sync/types.js';
import type { Clock } from '../../util/clock.js';
import { SORTS, STATUSES, currentMarketId, cursorIndex, nextInCycle } from '../viewModel.js';
import { secondsUntil } from '../format.js';
import { changeQuoteForm, currentForm, cycleOutcome, openQuoteForm, requestIfValid, toggleAction } from '../quoteActions.js';
import { TEXT_EDIT_COMMANDS, applyTextEdit, type TextEdit } from '../textEdit.js';
import type { UiAction, UiState } from '../uiState.js';
import { feedInput } from './chunk.js';
import { matchCommand, matches, typedText } from './keyBindings.js';

/** What a key handler works with; store and UI state are read fresh at each press. */
export interface KeyDeps {
  readUi: () => UiState;
  dispatch: (a: UiAction) => void;
  store: OddsStore;
  sync: SyncIntents;
  clock: Clock;
  listRows: number;
  /** Lines the help overlay has, and how many fit. */
  helpLines: number;
  helpRows: number;
  quit: () => void;
}

interface KeyContext extends KeyDeps {
  ui: UiState;
  ids: readonly string[];
  /** Row the cursor is on (-1 when the list is empty). */
  cursor: number;
  /** The market the detail pane and the quote form are about. */
  marketId: string | undefined;
}

function contextOf(deps: KeyDeps): KeyContext {
  const s = deps.store.getState();
  return { ...deps, ui: deps.readUi(), ids: s.list.ids, cursor: cursorIndex(s.list.ids, s.selectedId), marketId: currentMarketId(s) };
}

const AMOUNT_MAX_CHARS = 32;
const SEARCH_MAX_CHARS = 200;
const FLASH_MS = 3000;

/** A text-editing command or typed text as an edit, or undefined. */
function textEditFor(input: string, key: Key): TextEdit | undefined {
  const cmd = matchCommand(TEXT_EDIT_COMMANDS, input, key);
  if (cmd) return { type: cmd };
  const text = typedText(input, key);
  return text ? { type: 'insert', text } : undefined;
}

/** Whether typed keys go into a text field (the search box, or the quote form's amount). */
export function inTextField(ui: UiState): boolean {
  return !ui.helpOpen && (ui.search !== undefined || (ui.focus === 'quote' && ui.field === 'amount'));
}

/** One `useInput` call, which may carry several key presses at once (see chunk.ts). */
export function handleInput(deps: KeyDeps, input: string, key: Key): void {
  feedInput({ inTextField: () => inTextField(deps.readUi()), key: (i, k) => handleKey(deps, i, k) }, input, key);
}

export function handleKey(deps: KeyDeps, input: string, key: Key): void {
  const ctx = contextOf(deps);
  if (matches('forceQuit', input, key)) return ctx.quit();
  if (ctx.ui.helpOpen) return helpKey(ctx, input, key);
  if (ctx.ui.search) return searchKey(ctx, input, key);
  if (ctx.ui.focus === 'quote') return quoteKey(ctx, input, key);
  browseKey(ctx, input, key);
}

/** Pasted text goes to the field being edited; elsewhere it is ignored. */
export function handlePaste(deps: KeyDeps, text: string): void {
  const ctx = contextOf(deps);
  if (ctx.ui.search) {
    ctx.dispatch({ type: 'editSearch', next: applyTextEdit(ctx.ui.search, { type: 'insert', text }, SEARCH_MAX_CHARS) });
  } else if (ctx.ui.focus === 'quote' && ctx.marketId) {
    if (ctx.ui.field !== 'amount') ctx.dispatch({ type: 'setField', field: 'amount' });
    editAmount(ctx, ctx.marketId, { type: 'insert', text });
  }
}

function helpKey(ctx: KeyContext, input: string, key: Key): void {
  const cmd = matchCommand(['back', 'help', 'quit', 'up', 'down', 'pageUp', 'pageDown'] as const, input, key);
  const page = Math.max(1, ctx.helpRows - 1);
  const max = Math.max(0, ctx.helpLines - ctx.helpRows);
  if (cmd === 'quit') ctx.quit();
  else if (cmd === 'back' || cmd === 'help') ctx.dispatch({ type: 'closeHelp' });
  else if (cmd) ctx.dispatch({ type: 'scrollHelp', delta: { up: -1, down: 1, pageUp: -page, pageDown: page }[cmd], max });
}

function searchKey(ctx: KeyContext, input: string, key: Key): void {
  const search = ctx.ui.search!;
  const cmd = matchCommand(['accept', 'cancel'] as const, input, key);
  if (cmd === 'accept') {
    ctx.sync.search({ q: search.value.trim(), offset: 0 });
    ctx.dispatch({ type: 'closeSearch' });
    ctx.dispatch({ type: 'scrollTo', index: 0, visible: ctx.listRows, count: ctx.ids.length });
  } else if (cmd === 'cancel') {
    ctx.dispatch({ type: 'closeSearch' });
  } else {
    const edit = textEditFor(input, key);
    if (edit) ctx.dispatch({ type: 'editSearch', next: applyTextEdit(search, edit, SEARCH_MAX_CHARS) });
  }
}

function editAmount(ctx: KeyContext, marketId: string, edit: TextEdit): void {
  const before = { value: currentForm(ctx.store, marketId).amount, cursor: ctx.ui.amountCursor };
  const next = applyTextEdit(before, edit, AMOUNT_MAX_CHARS);
  ctx.dispatch({ type: 'setAmountCursor', cursor: next.cursor });
  if (next.value !== before.value) changeQuoteForm(ctx.store, ctx.sync, marketId, { amount: next.value });
}

function quoteKey(ctx: KeyContext, input: string, key: Key): void {
  const id = ctx.marketId;
  const cmd = matchCommand(['back', 'fieldNext', 'fieldPrev', 'submit'] as const, input, key);
  if (cmd === 'back') return ctx.dispatch({ type: 'focusBack' });
  if (cmd === 'fieldNext' || cmd === 'fieldPrev') return ctx.dispatch({ type: 'moveField', delta: cmd === 'fieldNext' ? 1 : -1 });
  if (!id) return;
  if (cmd === 'submit') return requestIfValid(ctx.store, ctx.sync, id);
  if (ctx.ui.field === 'amount') {
    const edit = textEditFor(input, key);
    if (edit) editAmount(ctx, id, edit);
    return;
  }
  const other = matchCommand(['valuePrev', 'valueNext', 'help', 'quit'] as const, input, key);
  if (other === 'quit') return ctx.quit();
  if (other === 'help') return ctx.dispatch({ type: 'toggleHelp' });
  if (other === 'valuePrev' || other === 'valueNext') {
    if (ctx.ui.field === 'outcome') cycleOutcome(ctx.store, ctx.sync, id, other === 'valueNext' ? 1 : -1);
    else toggleAction(ctx.store, ctx.sync, id);
    return;
  }
  // Typing a number on another field starts editing the amount.
  const text = typedText(input, key);
  if (/^[0-9.]/.test(text)) {
    ctx.dispatch({ type: 'setField', field: 'amount' });
    editAmount(ctx, id, { type: 'insert', text });
  }
}

function refusalText(r: { retryAt: number; reason?: string }, now: number): string {
  const wait = `refresh in ${secondsUntil(r.retryAt, now)}s`;
  switch (r.reason) {
    case 'auth_failed':
      return 'Not refreshing: the API key was rejected.';
    case 'stopped':
      return 'Not refreshing: sync is stopped.';
    case 'rate_limited':
      return `Rate limited: ${wait}`;
    case 'backoff':
      return `Connection trouble: ${wait}`;
    default:
      return `Rate budget: ${wait}`;
  }
}

const BROWSE = ['quit', 'help', 'search', 'sort', 'filter', 'category', 'refresh', 'up', 'down', 'pageUp', 'pageDown', 'first', 'last', 'focusNext', 'back'] as const;

function moveTo(ctx: KeyContext, index: number): void {
  const n = ctx.ids.length;
  if (n === 0) return;
  const i = Math.min(Math.max(0, index), n - 1);
  const id = ctx.ids[i]!;
  ctx.dispatch({ type: 'scrollTo', index: i, visible: ctx.listRows, count: n });
  if (ctx.store.getState().selectedId !== id) {
    ctx.store.getState().select(id);
    ctx.sync.select(id);
  }
}

function browseKey(ctx: KeyContext, input: string, key: Key): void {
  const cmd = matchCommand(BROWSE, input, key);
  const query = ctx.store.getState().list.query;
  const page = Math.max(1, ctx.listRows);
  const cursor = Math.max(0, ctx.cursor);
  switch (cmd) {
    case 'quit':
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
      const text = r.ok ? 'Refreshing…' : refusalText(r, now);
      return ctx.dispatch({ type: 'flash', text, until: now + FLASH_MS });
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
      if (ctx.ui.focus === 'list' && ctx.store.getState().selectedId !== ctx.marketId) {
        ctx.store.getState().select(ctx.marketId);
        ctx.sync.select(ctx.marketId);
      }
      if (ctx.ui.focus === 'detail') openQuoteForm(ctx.store, ctx.sync, ctx.marketId);
      return ctx.dispatch({ type: 'focusNext' });
    case 'back':
      return ctx.dispatch({ type: 'focusBack' });
    case undefined:
      return;
  }
}
