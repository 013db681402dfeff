import type { Key } from 'ink';
import { EMPTY_FORM } from '../../store/quoteForm.js';
import { applyTextEdit, type TextEdit } from '../textEdit.js';
import { textEditFor, keyContext, type KeyCtx } from './dispatch.js';
import { KEY_CONTEXTS } from './keyBindings.js';
import { matchCommand, typedText } from './keyLookup.js';

const AMOUNT_MAX_CHARS = 32;
const FLASH_MS = 3000;

function currentForm(ctx: KeyCtx, marketId: string) {
  return ctx.store.getState().quotes[marketId]?.form ?? EMPTY_FORM;
}

/** Edits the amount field: the cursor is UI state, the value goes to sync (which stores it and its verdict). */
export function editAmount(ctx: KeyCtx, marketId: string, edit: TextEdit): void {
  const before = { value: currentForm(ctx, marketId).amount, cursor: ctx.ui.amountCursor };
  const next = applyTextEdit(before, edit, AMOUNT_MAX_CHARS);
  ctx.dispatch({ type: 'setAmountCursor', cursor: next.cursor });
  if (next.value !== before.value) ctx.sync.editQuote(marketId, { amount: next.value });
}

/** Next / previous outcome of the market (wrapping). */
function cycleOutcome(ctx: KeyCtx, marketId: string, delta: 1 | -1): void {
  const names = ctx.store.getState().markets[marketId]?.market.outcomes.map((o) => o.name) ?? [];
  if (names.length === 0) return;
  const i = names.indexOf(currentForm(ctx, marketId).outcome);
  ctx.sync.editQuote(marketId, { outcome: names[(i < 0 ? 0 : i + delta + names.length) % names.length]! });
}

/** The quote form: move between fields, change the outcome or buy/sell, type the amount, ⏎ asks now. */
export function quoteKey(ctx: KeyCtx, input: string, key: Key): void {
  const id = ctx.marketId;
  const context = keyContext(ctx.ui) === 'amount' ? 'amount' : 'quoteForm';
  const cmd = matchCommand(KEY_CONTEXTS[context].commands, input, key);
  switch (cmd) {
    case 'back':
      return ctx.dispatch({ type: 'focusBack' });
    case 'fieldNext':
    case 'fieldPrev':
      return ctx.dispatch({ type: 'moveField', delta: cmd === 'fieldNext' ? 1 : -1 });
    case 'forceQuit':
    case 'quit':
      return ctx.quit();
    case 'help':
      return ctx.dispatch({ type: 'toggleHelp' });
    case 'submit': {
      if (!id) return;
      if (ctx.sync.submitQuote(id) === 'current') {
        const now = ctx.clock.now();
        ctx.dispatch({ type: 'flash', text: 'The quote shown is current.', at: now, until: now + FLASH_MS });
      }
      return;
    }
    case 'keepPaper': {
      if (!id) return;
      const kept = ctx.sync.keepPaper(id);
      const now = ctx.clock.now();
      const text = kept.ok ? kept.text : kept.message;
      return ctx.dispatch({ type: 'flash', text, at: now, until: now + FLASH_MS });
    }
    case 'valuePrev':
    case 'valueNext':
      if (!id) return;
      if (ctx.ui.field === 'outcome') cycleOutcome(ctx, id, cmd === 'valueNext' ? 1 : -1);
      else ctx.sync.editQuote(id, { action: currentForm(ctx, id).action === 'buy' ? 'sell' : 'buy' });
      return;
  }
  if (!id) return;
  if (context === 'amount') {
    const edit = textEditFor(cmd, input, key);
    if (edit) editAmount(ctx, id, edit);
    return;
  }
  // Typing a number on another field starts editing the amount.
  const text = typedText(input, key);
  if (/^[0-9.]/.test(text)) {
    ctx.dispatch({ type: 'setField', field: 'amount' });
    editAmount(ctx, id, { type: 'insert', text });
  }
}
