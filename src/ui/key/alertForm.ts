import type { Key } from 'ink';
import { endedRefusal, resolvedRefusal } from '../../store/alertRules.js';
import { leadingOutcome } from '../../store/outcomes.js';
import { quoted } from '../../store/transitions.js';
import type { AppState } from '../../store/types.js';
import { nameInSentence } from '../../sources/names.js';
import { parseRefKey } from '../../venue/ref.js';
import type { AlertKind } from '../../store/watchTypes.js';
import { alertFields, isNumberField, nextKind, type AlertFormState } from '../alertUi.js';
import { applyTextEdit, type TextEdit } from '../textEdit.js';
import { textEditFor, type KeyCtx } from './dispatch.js';
import { KEY_CONTEXTS } from './keyBindings.js';
import { matchCommand, typedText } from './keyLookup.js';
import { flash } from './moves.js';
import { G } from '../glyphs.js';

const NUMBER_MAX_CHARS = 8;
const FLASH_MS = 3000;

/** " on Kalshi" after a market's title on a board of several venues (as the form title and ★ Watching say), else ''. */
export function onVenue(st: Pick<AppState, 'prefixed'>, marketId: string): string {
  const ref = st.prefixed ? parseRefKey(marketId) : undefined;
  return ref ? ` on ${nameInSentence(ref.venue)}` : '';
}

/** Why an alert of `kind` is not set on the market `id` as it has ended (endedRefusal), its venue named on a board. */
export function endedOn(st: Pick<AppState, 'prefixed' | 'markets'>, kind: AlertKind, id: string): string | undefined {
  return endedRefusal(kind, st.markets[id], onVenue(st, id));
}

/** Why a resolved market is not taken (resolvedRefusal), its venue named on a board; undefined if not resolved. */
export function resolvedOn(st: Pick<AppState, 'prefixed' | 'markets'>, id: string, so: string): string | undefined {
  return resolvedRefusal(st.markets[id], onVenue(st, id), so);
}

/**
 * `a` on a market: the form opens on its leading outcome — on a closed or settling market on its status, the one kind
 * taken there; a resolved market takes none, and says so (endedRefusal).
 */
export function openAlertForm(ctx: KeyCtx, marketId: string): void {
  const st = ctx.store.getState();
  const none = endedOn(st, 'status', marketId);
  if (none) return flash(ctx, none);
  const m = st.markets[marketId]?.market;
  ctx.dispatch({
    type: 'openAlertForm',
    marketId,
    outcome: m ? (leadingOutcome(m)?.name ?? m.outcomes[0]?.name ?? '') : '',
    ...(endedOn(st, 'above', marketId) ? { extra: { kind: 'status' as const } } : {}),
  });
}

/** Why the form's kind is not taken on its market (or a pair's other leg) as it stands now, if it is not. */
function refusalOf(ctx: KeyCtx, f: AlertFormState, kind = f.kind): string | undefined {
  const st = ctx.store.getState();
  return endedOn(st, kind, f.marketId) ?? (f.pairId ? endedOn(st, kind, f.pairId) : undefined);
}

/** Only digits and one decimal point get into a number field (and a leading minus into a P&L level). */
function numberEdit(f: AlertFormState, field: 'value' | 'minutes', edit: TextEdit): AlertFormState[typeof field] {
  const next = applyTextEdit(f[field], edit, NUMBER_MAX_CHARS);
  const signed = field === 'value' && (f.kind === 'pnlAbove' || f.kind === 'pnlBelow');
  const ok = (signed ? /^-?\d*\.?\d*$/ : /^\d*\.?\d*$/).test(next.value);
  return ok && !(field === 'minutes' && next.value.includes('.')) ? next : f[field];
}

/** Why a number field did not take `text`: what it takes instead (a gap is never below 0¢: it fires above N). */
function refusedChar(f: AlertFormState, field: 'value' | 'minutes', text: string): string {
  if (field === 'minutes') return 'the window takes whole minutes: digits only';
  if (text.includes('-'))
    return f.kind === 'gap'
      ? `the gap takes 0${G.cent} or more: it fires when the gap after fees rises above it`
      : f.kind === 'move' || f.kind === 'pnlMove'
        ? 'the move takes no sign: it counts a move up or down'
        : 'the price takes no sign: cents from 0 to 100';
  return 'digits and one decimal point only';
}

/** A position's form: the next of the row's positions (outcome, real or paper, its currency). */
function cycleHeld(f: AlertFormState, delta: 1 | -1): Partial<AlertFormState> {
  const held = f.held ?? [];
  if (held.length === 0) return {};
  const i = held.findIndex((h) => h.outcome === f.outcome && h.paper === !!f.paper);
  const h = held[(i < 0 ? 0 : i + delta + held.length) % held.length]!;
  return { outcome: h.outcome, paper: h.paper, currency: h.currency };
}

function cycleOutcome(ctx: KeyCtx, f: AlertFormState, delta: 1 | -1): string {
  const names = ctx.store.getState().markets[f.marketId]?.market.outcomes.map((o) => o.name) ?? [];
  if (names.length === 0) return f.outcome;
  const i = names.indexOf(f.outcome);
  return names[(i < 0 ? 0 : i + delta + names.length) % names.length]!;
}

function submit(ctx: KeyCtx, f: AlertFormState): void {
  // the market may have closed or resolved since the form opened
  const refused = refusalOf(ctx, f);
  if (refused) return ctx.dispatch({ type: 'editAlertForm', patch: { error: refused } });
  const r = ctx.sync.addAlert({
    marketId: f.marketId,
    kind: f.kind,
    ...(f.kind !== 'status' && f.kind !== 'gap' && f.outcome ? { outcome: f.outcome } : {}),
    value: f.value.value,
    minutes: f.minutes.value,
    ...(f.currency ? { currency: f.currency, paper: !!f.paper } : {}),
    ...(f.pairId ? { pairId: f.pairId } : {}),
    ...(f.title ? { title: f.title } : {}),
  });
  if (!r.ok) return ctx.dispatch({ type: 'editAlertForm', patch: { error: r.message } });
  // a watched market not loaded this session (its venue down, or a 404) has the title it was saved with, as the form
  const st = ctx.store.getState();
  // on a board of several venues it says which venue's market, as the form's title and ★ Watching do
  const name = st.markets[f.marketId]?.market.title ?? st.watch.byId[f.marketId]?.title ?? f.marketId;
  const title = f.title ?? `${quoted(name)}${onVenue(st, f.marketId)}`;
  const now = ctx.clock.now();
  ctx.dispatch({ type: 'closeAlertForm' });
  // one that holds already fired as it was set, stamped this same moment: its ★ ALERT is the notice, which a flash
  // would hide for its 3 s (a notice replaces a flash only when newer than it) while the log already had it
  if (st.alerts.log.some((e) => e.ruleId === r.ruleId)) return;
  ctx.dispatch({ type: 'flash', text: `Alert set on ${title} (A shows the alerts)`, at: now, until: now + FLASH_MS });
}

/** The alert form: move between fields, change the kind or outcome, type the numbers, ⏎ sets the alert, Esc closes. */
export function alertFormKey(ctx: KeyCtx, input: string, key: Key): void {
  const f = ctx.ui.alertForm;
  if (!f) return;
  const numeric = isNumberField(f.field);
  const cmd = matchCommand(KEY_CONTEXTS[numeric ? 'alertNumber' : 'alertForm'].commands, input, key);
  switch (cmd) {
    case 'back':
      return ctx.dispatch({ type: 'closeAlertForm' });
    case 'forceQuit':
      return ctx.quit();
    case 'help':
      return ctx.dispatch({ type: 'toggleHelp' });
    case 'alertFieldNext':
    case 'fieldPrev':
      return ctx.dispatch({ type: 'moveAlertField', delta: cmd === 'alertFieldNext' ? 1 : -1 });
    case 'setAlert':
      return submit(ctx, f);
    case 'alertChoiceNext':
    case 'alertChoicePrev': {
      const delta = cmd === 'alertChoiceNext' ? 1 : -1;
      if (f.field === 'kind') {
        // a kind the market no longer takes says why at once, before ⏎
        const kind = nextKind(f.kind, delta);
        const refused = refusalOf(ctx, f, kind);
        return ctx.dispatch({ type: 'editAlertForm', patch: refused ? { kind, error: refused } : { kind } });
      }
      if (f.held) return ctx.dispatch({ type: 'editAlertForm', patch: cycleHeld(f, delta) });
      return ctx.dispatch({ type: 'editAlertForm', patch: { outcome: cycleOutcome(ctx, f, delta) } });
    }
  }
  if (numeric) {
    const edit = textEditFor(cmd, input, key);
    const field = f.field as 'value' | 'minutes';
    if (!edit) return;
    const next = numberEdit(f, field, edit);
    // a character the field does not take is said, not dropped silently
    const refused = edit.type === 'insert' && next === f[field];
    ctx.dispatch({
      type: 'editAlertForm',
      patch: refused ? { error: refusedChar(f, field, edit.text) } : { [field]: next },
    });
    return;
  }
  // a number typed on the kind or outcome field starts the price (as in the quote form)
  const text = typedText(input, key);
  const signed = f.kind === 'pnlAbove' || f.kind === 'pnlBelow';
  if ((/^[0-9.]/.test(text) || (signed && text === '-')) && alertFields(f.kind).includes('value')) {
    ctx.dispatch({
      type: 'editAlertForm',
      patch: { field: 'value', value: numberEdit(f, 'value', { type: 'insert', text }) },
    });
  } else if (text === '-' && alertFields(f.kind).includes('value')) {
    ctx.dispatch({ type: 'editAlertForm', patch: { error: refusedChar(f, 'value', text) } });
  }
}
