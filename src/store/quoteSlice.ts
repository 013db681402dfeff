/**
 * Store actions for the quote form of each market: what was typed, its verdict, the request and its answer. A quote
 * that goes through says the market trades; one refused as closed, resolved or settling says it does not (a status
 * learned this way is a status change like any other). Spread into the store by createOddsStore.
 */
import type { Quote } from '../api/types.js';
import { EMPTY_FORM } from './quoteForm.js';
import { addTransitions, transitionOf } from './transitions.js';
import type { AppState, ErrorInfo, QuoteEntry, QuoteForm, StatusTransition, TradeState } from './types.js';

export interface QuoteActions {
  setQuoteForm(marketId: string, patch: Partial<QuoteForm>): void;
  quoteInvalid(marketId: string, message: string): void;
  /** The form is valid again and its last answer still current: show that answer (or the idle hint) again. */
  quoteValid(marketId: string): void;
  quoteRequested(marketId: string, form: QuoteForm, at: number): void;
  quoteLoaded(marketId: string, form: QuoteForm, quote: Quote, at: number): void;
  quoteFailed(marketId: string, form: QuoteForm, error: ErrorInfo): void;
  /** The quote's request failed for a passing reason and will be repeated: still waiting, with why. */
  quoteDelayed(marketId: string, form: QuoteForm, error: ErrorInfo): void;
}

type Set = (fn: (s: AppState) => Partial<AppState>) => void;
/** After an answer: the status changes it revealed announced, the alerts checked (createOddsStore's `announce`). */
type Announce = (seen: StatusTransition[], at: number) => void;

const TRADE_STATE_OF: Partial<Record<ErrorInfo['kind'], TradeState>> = {
  closed: 'closed',
  resolved: 'resolved',
  settling: 'settling',
};

function quoteEntry(quotes: Record<string, QuoteEntry>, id: string): QuoteEntry {
  return quotes[id] ?? { form: { ...EMPTY_FORM }, status: 'idle' };
}

export function quoteActions(set: Set, announce: Announce): QuoteActions {
  return {
    setQuoteForm(marketId, patch) {
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        return { quotes: { ...s.quotes, [marketId]: { ...q, form: { ...q.form, ...patch } } } };
      });
    },

    quoteInvalid(marketId, message) {
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        const { validation: _v, ...rest } = q;
        return { quotes: { ...s.quotes, [marketId]: { ...rest, status: 'invalid', validation: message } } };
      });
    },

    quoteValid(marketId) {
      set((s) => {
        const q = s.quotes[marketId];
        if (!q || q.status !== 'invalid') return {};
        const { validation: _v, ...rest } = q;
        return {
          quotes: { ...s.quotes, [marketId]: { ...rest, status: q.error ? 'error' : q.result ? 'ok' : 'idle' } },
        };
      });
    },

    quoteRequested(marketId, form, at) {
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        const { validation: _v, retryError: _r, ...rest } = q;
        return { quotes: { ...s.quotes, [marketId]: { ...rest, form, status: 'waiting', requestedAt: at } } };
      });
    },

    quoteLoaded(marketId, form, quote, at) {
      const seen: StatusTransition[] = [];
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        const { error: _e, validation: _v, retryError: _r, ...rest } = q;
        // a quote that went through says the market trades: a trading state learned from an earlier refusal is over
        const prev = s.markets[marketId];
        let entry = prev;
        if (prev?.tradeState) {
          const { tradeState: _t, tradeStateAt: _ta, ...plain } = prev;
          entry = { ...plain, knownStatus: prev.market.status === 'unknown' ? 'active' : prev.market.status };
          const t = transitionOf(prev, entry, at);
          if (t) seen.push(t);
        }
        return {
          quotes: {
            ...s.quotes,
            [marketId]: { ...rest, status: 'ok', result: quote, answeredForm: form, receivedAt: at },
          },
          ...(entry && entry !== prev
            ? { markets: { ...s.markets, [marketId]: entry }, transitions: addTransitions(s.transitions, seen) }
            : {}),
        };
      });
      announce(seen, at);
    },

    quoteFailed(marketId, form, error) {
      const seen: StatusTransition[] = [];
      set((s) => {
        const q = quoteEntry(s.quotes, marketId);
        const { result: _r, validation: _v, retryError: _re, ...rest } = q;
        const tradeState = TRADE_STATE_OF[error.kind];
        const prev = s.markets[marketId];
        let entry = prev;
        if (tradeState && prev) {
          entry = { ...prev, tradeState, tradeStateAt: error.at, knownStatus: tradeState };
          const t = transitionOf(prev, entry, error.at);
          if (t) seen.push(t);
        }
        return {
          quotes: {
            ...s.quotes,
            [marketId]: { ...rest, status: 'error', error, answeredForm: form, receivedAt: error.at },
          },
          ...(entry && entry !== prev ? { markets: { ...s.markets, [marketId]: entry } } : {}),
          ...(seen.length ? { transitions: addTransitions(s.transitions, seen) } : {}),
        };
      });
      announce(seen, error.at);
    },

    quoteDelayed(marketId, form, error) {
      set((s) => {
        const q = s.quotes[marketId];
        // only the form still waiting for this answer
        if (
          !q ||
          q.status !== 'waiting' ||
          q.form.outcome !== form.outcome ||
          q.form.amount !== form.amount ||
          q.form.action !== form.action
        )
          return {};
        return { quotes: { ...s.quotes, [marketId]: { ...q, retryError: error } } };
      });
    },
  };
}
