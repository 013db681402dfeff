/**
 * Quote-form intents. The UI validates the amount itself (validateAmount) so
 * an invalid form shows its message at once and sends nothing: it marks the
 * store entry invalid and does NOT call sync. A valid form goes to
 * sync.requestQuote, which coalesces while typing (and validates again).
 */
import { validateAmount } from '../api/validate.js';
import { leadingOutcome } from '../store/outcomes.js';
import type { OddsStore } from '../store/store.js';
import { EMPTY_FORM } from '../store/store.js';
import type { QuoteForm } from '../store/types.js';
import type { SyncIntents } from '../sync/types.js';

export function currentForm(store: OddsStore, marketId: string): QuoteForm {
  return store.getState().quotes[marketId]?.form ?? EMPTY_FORM;
}

/** Ask for a quote when the form is valid; otherwise show why (and send nothing). */
export function requestIfValid(store: OddsStore, sync: SyncIntents, marketId: string): void {
  const form = currentForm(store, marketId);
  if (form.outcome.trim() === '') {
    store.getState().quoteInvalid(marketId, 'Choose an outcome');
    return;
  }
  const amount = validateAmount(form.amount);
  if (!amount.ok) {
    store.getState().quoteInvalid(marketId, amount.message);
    return;
  }
  sync.requestQuote(marketId, form);
}

export function changeQuoteForm(store: OddsStore, sync: SyncIntents, marketId: string, patch: Partial<QuoteForm>): void {
  store.getState().setQuoteForm(marketId, patch);
  requestIfValid(store, sync, marketId);
}

/** Entering the form: pick an outcome when none (or a stale one) is chosen; re-quote a filled-in form. */
export function openQuoteForm(store: OddsStore, sync: SyncIntents, marketId: string): void {
  const market = store.getState().markets[marketId]?.market;
  if (!market) return;
  const form = currentForm(store, marketId);
  const names = market.outcomes.map((o) => o.name);
  if (!names.includes(form.outcome)) {
    const pick = leadingOutcome(market)?.name ?? names[0] ?? '';
    store.getState().setQuoteForm(marketId, { outcome: pick });
  }
  if (currentForm(store, marketId).amount.trim() !== '') requestIfValid(store, sync, marketId);
}

/** Next / previous outcome of the market (wrapping). */
export function cycleOutcome(store: OddsStore, sync: SyncIntents, marketId: string, delta: 1 | -1): void {
  const names = store.getState().markets[marketId]?.market.outcomes.map((o) => o.name) ?? [];
  if (names.length === 0) return;
  const i = names.indexOf(currentForm(store, marketId).outcome);
  const next = names[(i < 0 ? 0 : i + delta + names.length) % names.length]!;
  changeQuoteForm(store, sync, marketId, { outcome: next });
}

export function toggleAction(store: OddsStore, sync: SyncIntents, marketId: string): void {
  changeQuoteForm(store, sync, marketId, { action: currentForm(store, marketId).action === 'buy' ? 'sell' : 'buy' });
}
