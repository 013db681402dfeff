import type { QuoteForm } from './types.js';

export const EMPTY_FORM: QuoteForm = { outcome: '', amount: '', action: 'buy' };

/** Two forms are the same when they would send the same parameters (surrounding blanks do not count). */
export function sameForm(a: QuoteForm | undefined, b: QuoteForm | undefined): boolean {
  return (
    !!a && !!b && a.outcome.trim() === b.outcome.trim() && a.amount.trim() === b.amount.trim() && a.action === b.action
  );
}
