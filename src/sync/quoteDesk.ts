/**
 * The quote form's intents: the one place a form is validated and its
 * verdict stored, and the one place that decides whether a quote goes out.
 * A form that is invalid sends nothing and says why; a valid one is queued
 * after a short quiet time while typing, or at once on ⏎; a form that was
 * answered a moment ago, is on the wire or already waiting is not sent again.
 */
import { validateQuoteParams } from '../api/validate.js';
import { tradeRefusal } from '../sources/leastTrade.js';
import { leadingOutcome } from '../store/outcomes.js';
import { EMPTY_FORM, sameForm } from '../store/quoteForm.js';
import type { OddsStore } from '../store/store.js';
import type { QuoteForm } from '../store/types.js';
import type { Clock } from '../util/clock.js';
import type { Flights } from './flights.js';
import type { ResolvedOptions } from './options.js';
import type { Queue } from './queue.js';
import type { QuoteSubmit } from './types.js';

/** What the quote form says on a source that has no quote preview yet (never an error). */
export const NO_QUOTES_YET = 'No quote preview on this source yet: the preview through its order book comes next.';

export class QuoteDesk {
  constructor(
    private readonly o: ResolvedOptions,
    private readonly store: OddsStore,
    private readonly queue: Queue,
    private readonly flights: Flights,
    private readonly clock: Clock,
  ) {}

  private form(marketId: string): QuoteForm {
    return this.store.getState().quotes[marketId]?.form ?? EMPTY_FORM;
  }

  /**
   * Whether this form already has its answer or is about to: waiting in the queue, on the wire, or
   * answered (or refused) less than `quoteFreshMs` ago.
   */
  private current(marketId: string, form: QuoteForm, now: number): boolean {
    if (sameForm(this.queue.pendingQuote(marketId)?.form, form)) return true;
    if (this.flights.hasQuote(marketId, form)) return true;
    const e = this.store.getState().quotes[marketId];
    return (
      !!e &&
      (e.result !== undefined || e.error !== undefined) &&
      sameForm(e.answeredForm, form) &&
      e.receivedAt !== undefined &&
      now - e.receivedAt < this.o.quoteFreshMs
    );
  }

  /**
   * Stores the form and its verdict; a valid form that is not current is queued after `delay`.
   * Returns what happened, and whether the pump should look at the queue.
   */
  private check(marketId: string, delay: number): { result: QuoteSubmit; queued: boolean } {
    const st = this.store.getState();
    const refuse = (message: string) => {
      this.queue.dropQuote(marketId);
      st.quoteInvalid(marketId, message);
      return { result: 'invalid' as const, queued: false };
    };
    // a platform source: the preview through its order book or pool is not built yet; the form says so in a line
    if (!st.caps.quotes) return refuse(NO_QUOTES_YET);
    const form = this.form(marketId);
    const v = validateQuoteParams(form);
    if (!v.ok) return refuse(v.message);
    // a trade the venue refuses for its size (Manifold's least bet) is said, never sent
    const refusal = tradeRefusal(st.caps.leastTrade, v.value.action, v.value.amount);
    if (refusal !== undefined) return refuse(refusal);
    const now = this.clock.now();
    if (this.current(marketId, form, now)) {
      const waiting = this.queue.pendingQuote(marketId);
      // ⏎ on a form still waiting for quiet: send it now instead of after the pause
      if (delay === 0 && waiting && waiting.readyAt > now) {
        this.queue.quoteSoon(marketId, { ...waiting, readyAt: now });
        return { result: 'sent', queued: true };
      }
      // a fresh answer may have been hidden by an invalid edit in between: show it again
      if (st.quotes[marketId]?.status === 'invalid') st.quoteValid(marketId);
      return { result: 'current', queued: false };
    }
    const copy = { ...form };
    st.quoteRequested(marketId, copy, now);
    this.queue.quoteSoon(marketId, { form: copy, params: v.value, readyAt: now + delay });
    return { result: 'sent', queued: true };
  }

  /** The form changed (typing, another outcome, buy/sell): store it, then as `check` after the typing pause. */
  edit(marketId: string, patch: Partial<QuoteForm>): { result: QuoteSubmit; queued: boolean } {
    this.store.getState().setQuoteForm(marketId, patch);
    return this.check(marketId, this.o.quietQuote);
  }

  /** ⏎: ask for a quote now, unless the form is invalid or its answer is current. */
  submit(marketId: string): { result: QuoteSubmit; queued: boolean } {
    return this.check(marketId, 0);
  }

  /**
   * Entering the form: pick the leading outcome when none (or one the market no longer has) is chosen; re-quote a
   * filled-in form.
   */
  open(marketId: string): boolean {
    const st = this.store.getState();
    const market = st.markets[marketId]?.market;
    if (!market) return false;
    const names = market.outcomes.map((o) => o.name);
    if (!names.includes(this.form(marketId).outcome)) {
      st.setQuoteForm(marketId, { outcome: leadingOutcome(market)?.name ?? names[0] ?? '' });
    }
    if (this.form(marketId).amount.trim() === '') return false;
    return this.check(marketId, 0).queued;
  }
}
