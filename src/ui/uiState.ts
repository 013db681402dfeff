/**
 * UI-local state (the view shown, which pane has focus, help, the search draft, the go-to box,
 * the quote form's active field, list scroll, the events list's cursor, Movers'
 * window, a brief flash message), changed only through named actions. Server
 * data lives in the store, not here.
 */
import type { MoveWindow } from './moves.js';
import type { TextState } from './textEdit.js';
import { alertUiReducer, type AlertUiAction, type AlertUiState } from './alertUi.js';

export type Focus = 'list' | 'detail' | 'quote';
export type FormField = 'outcome' | 'amount' | 'action';
export const FORM_FIELDS: readonly FormField[] = ['outcome', 'amount', 'action'];
const FOCUS_ORDER: readonly Focus[] = ['list', 'detail', 'quote'];
/** Cursor value meaning "end of the field" (clamped when drawn). */
export const CURSOR_END = Number.MAX_SAFE_INTEGER;

export interface Flash {
  text: string;
  at: number;
  until: number;
  /** `P`'s "Candidates: searching …": the market whose candidates are searched for. */
  candidatesOf?: string;
}

export interface UiState extends AlertUiState {
  focus: Focus;
  helpOpen: boolean;
  /** First help line drawn (the overlay scrolls on small terminals). */
  helpTop: number;
  /** The search box's draft; undefined when the box is closed. */
  search?: TextState;
  /** The go-to box (`g`: a pasted address, ticker, slug or id); undefined when closed. */
  goTo?: TextState;
  /** A page address `o` could not open, shown whole (wrapped) to copy until the next key. */
  copy?: string;
  field: FormField;
  amountCursor: number;
  /** First list row drawn. */
  listTop: number;
  /**
   * A brief message for a key: shown from `at` until `until`, unless a warning comes meanwhile (Notices.tsx), or, one
   * that says `P` is searching for the candidates of `candidatesOf`, once that search is over (`shownFlash`).
   */
  flash?: Flash;
  /** The view shown (its id in VIEWS). */
  view: string;
  /** The market each view had under its cursor when it was left, to come back to. */
  picks: Readonly<Record<string, string>>;
  /** The event under the cursor in the events list (the first one when unset or gone). */
  eventCursor?: string;
  /** The key of the market row under the cursor, where a view's rows have keys (one market in several rows). */
  rowKey?: string;
  /** The window Movers ranks by. */
  moversWindow: MoveWindow;
  /**
   * A market `w` unwatched in the Watchlist and the row it was on: its row stays there (without ★) under the cursor,
   * so `w` again watches that market back rather than the one the next row shows, until another view is shown.
   */
  unwatched?: { id: string; at: number };
}

export type UiAction =
  | { type: 'focusNext' }
  | { type: 'focusBack' }
  | { type: 'toggleHelp' }
  | { type: 'closeHelp' }
  | { type: 'scrollHelp'; delta: number; max: number }
  | { type: 'openSearch'; initial: string }
  | { type: 'editSearch'; next: TextState }
  | { type: 'closeSearch' }
  | { type: 'openGoTo' }
  | { type: 'editGoTo'; next: TextState }
  | { type: 'closeGoTo' }
  | { type: 'showCopy'; address: string }
  | { type: 'closeCopy' }
  | { type: 'moveField'; delta: 1 | -1 }
  | { type: 'setField'; field: FormField }
  | { type: 'setAmountCursor'; cursor: number }
  | { type: 'scrollTo'; index: number; visible: number; count: number }
  | ({ type: 'flash' } & Flash)
  | { type: 'clearFlash' }
  | AlertUiAction
  | { type: 'showView'; view: string; /** the market the view being left had under its cursor */ leaving?: string }
  | { type: 'eventCursor'; id: string }
  | { type: 'rowKey'; key: string }
  | { type: 'moversWindow'; window: MoveWindow }
  | { type: 'keepUnwatched'; id: string; at: number };

export const initialUiState: UiState = {
  focus: 'list',
  helpOpen: false,
  helpTop: 0,
  field: 'amount',
  amountCursor: CURSOR_END,
  listTop: 0,
  view: 'markets',
  picks: {},
  moversWindow: '24h',
};

/** The first row to draw so that row `index` is visible, moving the window as little as possible. */
export function keepVisible(top: number, index: number, visible: number, count: number): number {
  const v = Math.max(1, visible);
  let t = Math.min(Math.max(0, top), Math.max(0, index));
  if (index >= t + v) t = index - v + 1;
  return Math.max(0, Math.min(t, Math.max(0, count - v)));
}

export function uiReducer(state: UiState, action: UiAction): UiState {
  switch (action.type) {
    case 'focusNext': {
      const i = FOCUS_ORDER.indexOf(state.focus);
      const focus = FOCUS_ORDER[Math.min(i + 1, FOCUS_ORDER.length - 1)]!;
      if (focus === state.focus) return state;
      return focus === 'quote' ? { ...state, focus, field: 'amount', amountCursor: CURSOR_END } : { ...state, focus };
    }
    case 'focusBack': {
      const i = FOCUS_ORDER.indexOf(state.focus);
      return i <= 0 ? state : { ...state, focus: FOCUS_ORDER[i - 1]! };
    }
    case 'toggleHelp':
      return { ...state, helpOpen: !state.helpOpen, helpTop: 0 };
    case 'scrollHelp': {
      const helpTop = Math.max(0, Math.min(state.helpTop + action.delta, action.max));
      return helpTop === state.helpTop ? state : { ...state, helpTop };
    }
    case 'closeHelp':
      return state.helpOpen ? { ...state, helpOpen: false } : state;
    case 'openSearch':
      return { ...state, search: { value: action.initial, cursor: CURSOR_END } };
    case 'editSearch':
      return state.search ? { ...state, search: action.next } : state;
    case 'closeSearch': {
      const { search: _s, ...rest } = state;
      return rest;
    }
    case 'openGoTo':
      return { ...state, goTo: { value: '', cursor: 0 } };
    case 'editGoTo':
      return state.goTo ? { ...state, goTo: action.next } : state;
    case 'closeGoTo': {
      const { goTo: _g, ...rest } = state;
      return rest;
    }
    case 'showCopy':
      return { ...state, copy: action.address };
    case 'closeCopy': {
      if (state.copy === undefined) return state;
      const { copy: _c, ...rest } = state;
      return rest;
    }
    case 'moveField': {
      const i = FORM_FIELDS.indexOf(state.field);
      const field = FORM_FIELDS[(i + action.delta + FORM_FIELDS.length) % FORM_FIELDS.length]!;
      return { ...state, field, ...(field === 'amount' ? { amountCursor: CURSOR_END } : {}) };
    }
    case 'setField':
      return state.field === action.field ? state : { ...state, field: action.field };
    case 'setAmountCursor':
      return state.amountCursor === action.cursor ? state : { ...state, amountCursor: action.cursor };
    case 'scrollTo': {
      const listTop = keepVisible(state.listTop, action.index, action.visible, action.count);
      return listTop === state.listTop ? state : { ...state, listTop };
    }
    case 'flash': {
      const { type: _t, ...flash } = action;
      return { ...state, flash };
    }
    case 'clearFlash': {
      if (state.flash === undefined) return state;
      const { flash: _f, ...rest } = state;
      return rest;
    }
    case 'showView': {
      if (state.view === action.view) return state;
      const picks = action.leaving === undefined ? state.picks : { ...state.picks, [state.view]: action.leaving };
      const { unwatched: _u, ...rest } = state;
      // the list has focus in the view shown; it scrolls to its cursor
      return { ...rest, view: action.view, picks, focus: 'list', listTop: 0 };
    }
    case 'eventCursor':
      return state.eventCursor === action.id ? state : { ...state, eventCursor: action.id };
    case 'rowKey':
      return state.rowKey === action.key ? state : { ...state, rowKey: action.key };
    case 'moversWindow':
      return state.moversWindow === action.window ? state : { ...state, moversWindow: action.window, listTop: 0 };
    case 'keepUnwatched':
      return { ...state, unwatched: { id: action.id, at: action.at } };
    case 'openAlertForm':
    case 'editAlertForm':
    case 'moveAlertField':
    case 'closeAlertForm':
    case 'toggleAlertLog':
    case 'alertLogCursor':
    case 'alertLogScroll':
      return alertUiReducer(state, action);
  }
}
