/**
 * The UI state of the alert form (`a`) and the alert log (`A`): the form's
 * draft and active field, the log's cursor. Sync checks and stores the alert
 * on ⏎ (SyncIntents.addAlert); nothing here is data.
 */
import type { Currency } from '../positions/types.js';
import { SCOPE_KINDS, scopeOf, type AlertKind } from '../store/watchTypes.js';
import type { TextState } from './textEdit.js';

export type AlertField = 'kind' | 'outcome' | 'value' | 'minutes';

/** A position the form may watch (Positions view): one of the row's held positions. */
export interface HeldChoice {
  outcome: string;
  paper: boolean;
  currency: Currency;
}

export interface AlertFormState {
  marketId: string;
  kind: AlertKind;
  outcome: string;
  /** Positions view: the row's positions (←/→ on the Position field), the one chosen is `outcome` + `paper`. */
  held?: readonly HeldChoice[];
  paper?: boolean;
  currency?: Currency;
  /** Across view: the pair's other leg; and the title the form shows (both legs). */
  pairId?: string;
  title?: string;
  field: AlertField;
  value: TextState;
  minutes: TextState;
  /** Why the last ⏎ set nothing. */
  error?: string;
}

export type AlertUiAction =
  | {
      type: 'openAlertForm';
      marketId: string;
      outcome: string;
      /** What the alert is on; absent: a market's price (`above` first). */
      extra?: Pick<AlertFormState, 'kind'> &
        Partial<Pick<AlertFormState, 'held' | 'paper' | 'currency' | 'pairId' | 'title'>>;
    }
  | { type: 'editAlertForm'; patch: Partial<Omit<AlertFormState, 'marketId'>> }
  | { type: 'moveAlertField'; delta: 1 | -1 }
  | { type: 'closeAlertForm' }
  | { type: 'toggleAlertLog' }
  | { type: 'alertLogCursor'; index: number }
  | { type: 'alertLogScroll'; top: number };

export interface AlertUiState {
  alertForm?: AlertFormState;
  /**
   * The alert log overlay is open; the cursor is on one of the alerts set, `logTop` the first entry of the log shown
   * (PgDn / PgUp).
   */
  alertLog?: { cursor: number; logTop?: number };
}

/** The fields a kind has, in order. */
export function alertFields(kind: AlertKind): readonly AlertField[] {
  switch (kind) {
    case 'status':
      return ['kind'];
    case 'gap':
      return ['kind', 'value'];
    case 'move':
    case 'pnlMove':
      return ['kind', 'outcome', 'value', 'minutes'];
    default:
      return ['kind', 'outcome', 'value'];
  }
}

export const isNumberField = (f: AlertField): boolean => f === 'value' || f === 'minutes';

/** The next kind of the same scope (a market's price kinds, a position's P&L kinds, a pair's gap). */
export function nextKind(kind: AlertKind, delta: 1 | -1): AlertKind {
  const kinds = SCOPE_KINDS[scopeOf(kind)];
  const i = kinds.indexOf(kind);
  return kinds[(i + delta + kinds.length) % kinds.length]!;
}

export function alertUiReducer<S extends AlertUiState>(state: S, action: AlertUiAction): S {
  switch (action.type) {
    case 'openAlertForm': {
      const kind = action.extra?.kind ?? 'above';
      return {
        ...state,
        alertForm: {
          marketId: action.marketId,
          kind,
          ...action.extra,
          outcome: action.outcome,
          // a status alert has no number: its kind is the field
          field: alertFields(kind).includes('value') ? 'value' : 'kind',
          value: { value: '', cursor: 0 },
          minutes: { value: '30', cursor: 2 },
        },
      };
    }
    case 'editAlertForm': {
      const f = state.alertForm;
      if (!f) return state;
      const next = { ...f, ...action.patch };
      // a kind without the active field moves to its first field; any edit clears the last error
      if (!alertFields(next.kind).includes(next.field)) next.field = alertFields(next.kind).at(-1)!;
      if (!('error' in action.patch)) delete next.error;
      return { ...state, alertForm: next };
    }
    case 'moveAlertField': {
      const f = state.alertForm;
      if (!f) return state;
      const fields = alertFields(f.kind);
      const i = fields.indexOf(f.field);
      const field = fields[(i + action.delta + fields.length) % fields.length]!;
      return field === f.field ? state : { ...state, alertForm: { ...f, field } };
    }
    case 'closeAlertForm': {
      if (!state.alertForm) return state;
      const { alertForm: _f, ...rest } = state;
      return rest as S;
    }
    case 'toggleAlertLog': {
      if (!state.alertLog) return { ...state, alertLog: { cursor: 0 } };
      const { alertLog: _l, ...rest } = state;
      return rest as S;
    }
    case 'alertLogCursor':
      return state.alertLog && state.alertLog.cursor !== action.index
        ? { ...state, alertLog: { ...state.alertLog, cursor: Math.max(0, action.index) } }
        : state;
    case 'alertLogScroll':
      return state.alertLog && (state.alertLog.logTop ?? 0) !== action.top
        ? { ...state, alertLog: { ...state.alertLog, logTop: Math.max(0, action.top) } }
        : state;
  }
}
