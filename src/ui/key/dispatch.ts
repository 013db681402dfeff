/**
 * The one way into the key handlers: a key press is resolved to its context
 * (help, go-to box, search box, quote form, amount field, browsing) and handed to that
 * context's handler, which matches it by command name over the context's list
 * in the registry. Handlers read the store and call only sync's intents and the
 * UI reducer.
 */
import type { Key } from 'ink';
import type { StoreView } from '../../store/store.js';
import type { SyncIntents } from '../../sync/types.js';
import type { Clock } from '../../util/clock.js';
import { applyTextEdit, type TextEdit } from '../textEdit.js';
import type { UiAction, UiState } from '../uiState.js';
import { viewAt, VIEWS, type Rows, type ViewEnv, type ViewImpl } from '../views/index.js';
import { currentMarketIn, rowCursor, viewEntries, viewState } from '../views/state.js';
import { browseKey } from './browse.js';
import { feedInput, NO_KEY } from './chunk.js';
import { TEXT_EDIT_COMMANDS, type Command, type KeyContextName } from './keyBindings.js';
import { matches, typedText } from './keyLookup.js';
import { helpKey } from './help.js';
import { editAmount, quoteKey } from './quoteForm.js';
import { SEARCH_MAX_CHARS, searchKey } from './search.js';
import { alertFormKey } from './alertForm.js';
import { alertLogKey } from './alertLog.js';
import { isNumberField } from '../alertUi.js';
import { goToKey, pasteGoTo } from './goTo.js';
import type { OpenResult } from '../../links/open.js';

/** What a key handler works with; store and UI state are read fresh at each press. */
export interface KeyDeps {
  readUi: () => UiState;
  dispatch: (a: UiAction) => void;
  store: StoreView;
  sync: SyncIntents;
  clock: Clock;
  listRows: number;
  /** Lines the help overlay has, and how many fit. */
  helpLines: number;
  helpRows: number;
  /** Movers' threshold (0..1 points). */
  moversThreshold: number;
  quit: () => void;
  /** Ctrl-Z: stops the program as the terminal's own Ctrl-Z would (src/cli/suspend.ts); absent: no terminal to give. */
  suspend?: () => void;
  /** `o`: opens a platform page (src/links/open.ts), without waiting; absent: the address is shown to copy. */
  openPage?: (address: string, failed?: (reason: string) => void) => OpenResult;
  /** The config file read at the start (its alerts are removed there, and go at the next start). */
  configPath?: string;
}

/** One key press's view of the app: the deps plus what the store and UI state say at that moment. */
export interface KeyCtx extends KeyDeps {
  ui: UiState;
  /** The view shown, and its rows as drawn. */
  view: ViewImpl;
  rows: Rows;
  env: ViewEnv;
  ids: readonly string[];
  /** Row the cursor is on (-1 when the list is empty). */
  cursor: number;
  /** The market the detail pane and the quote form are about. */
  marketId: string | undefined;
}

/** A view by id (Markets when unknown). */
export function viewById(id: string): ViewImpl {
  return VIEWS.find((v) => v.id === id) ?? viewAt(0);
}

/** What a view's rows depend on besides the store, at `now`. */
export function envOf(deps: Pick<KeyDeps, 'moversThreshold'>, ui: UiState, now: number): ViewEnv {
  return { now, moversThreshold: deps.moversThreshold, moversWindow: ui.moversWindow, unwatched: ui.unwatched };
}

export function ctxOf(deps: KeyDeps): KeyCtx {
  const ui = deps.readUi();
  const view = viewById(ui.view);
  const vs = viewState(deps.store.getState());
  const env = envOf(deps, ui, deps.clock.now());
  const rows = view.rows(vs, env);
  const marketId = currentMarketIn(view, rows, vs, viewEntries(view, vs));
  return {
    ...deps,
    ui,
    view,
    rows,
    env,
    ids: rows.ids,
    cursor: rowCursor(rows, vs.selectedId, ui),
    marketId,
  };
}

/** Which context's keys apply in this UI state (also what the footer shows). */
export function keyContext(ui: UiState): KeyContextName {
  if (ui.helpOpen) return 'help';
  if (ui.alertLog) return 'alertLog';
  if (ui.alertForm) return isNumberField(ui.alertForm.field) ? 'alertNumber' : 'alertForm';
  if (ui.search || ui.goTo) return 'search';
  if (ui.focus === 'quote') return ui.field === 'amount' ? 'amount' : 'quoteForm';
  return 'browse';
}

/** Whether typed keys go into a text field (the search box, or the quote form's amount). */
export function inTextField(ui: UiState): boolean {
  const c = keyContext(ui);
  return c === 'search' || c === 'amount' || c === 'alertNumber';
}

const TEXT_EDITS: ReadonlySet<Command> = new Set(TEXT_EDIT_COMMANDS);

/**
 * In a text field: the context's matched command when it is a line edit, else the typed text, as an edit (or
 * undefined).
 */
export function textEditFor(cmd: Command | undefined, input: string, key: Key): TextEdit | undefined {
  if (cmd !== undefined) return TEXT_EDITS.has(cmd) ? { type: cmd as (typeof TEXT_EDIT_COMMANDS)[number] } : undefined;
  const text = typedText(input, key);
  return text ? { type: 'insert', text } : undefined;
}

/** One `useInput` call, which may carry several key presses at once (see chunk.ts). */
export function handleInput(deps: KeyDeps, input: string, key: Key): void {
  feedInput({ inTextField: () => inTextField(deps.readUi()), key: (i, k) => handleKey(deps, i, k) }, input, key);
}

export function handleKey(deps: KeyDeps, input: string, key: Key): void {
  // an address shown to copy goes with the next key
  if (deps.readUi().copy !== undefined) deps.dispatch({ type: 'closeCopy' });
  const ctx = ctxOf(deps);
  if (matches('forceQuit', input, key)) return ctx.quit();
  if (matches('suspend', input, key)) return ctx.suspend?.();
  switch (keyContext(ctx.ui)) {
    case 'help':
      return helpKey(ctx, input, key);
    case 'search':
      return ctx.ui.goTo ? goToKey(ctx, input, key) : searchKey(ctx, input, key);
    case 'quoteForm':
    case 'amount':
      return quoteKey(ctx, input, key);
    case 'browse':
      return browseKey(ctx, input, key);
    case 'alertForm':
    case 'alertNumber':
      return alertFormKey(ctx, input, key);
    case 'alertLog':
      return alertLogKey(ctx, input, key);
  }
}

/** Pasted text goes to the field being edited; elsewhere it is ignored. */
export function handlePaste(deps: KeyDeps, text: string): void {
  const ctx = ctxOf(deps);
  if (ctx.ui.alertForm) {
    // pasted text is handled like typed keys: only digits reach a number field
    for (const ch of text) alertFormKey(ctxOf(deps), ch, NO_KEY);
  } else if (ctx.ui.goTo) {
    pasteGoTo(ctx, text);
  } else if (ctx.ui.search) {
    ctx.dispatch({
      type: 'editSearch',
      next: applyTextEdit(ctx.ui.search, { type: 'insert', text }, SEARCH_MAX_CHARS),
    });
  } else if (ctx.ui.focus === 'quote' && ctx.marketId) {
    if (ctx.ui.field !== 'amount') ctx.dispatch({ type: 'setField', field: 'amount' });
    editAmount(ctx, ctx.marketId, { type: 'insert', text });
  }
}
