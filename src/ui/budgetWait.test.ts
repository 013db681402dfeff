import { describe, expect, it } from 'vitest';
import type { RateState, VenueStatus } from '../store/types.js';
import { budgetWait, budgetWaitWords, quoteBudgetWait } from './budgetWait.js';

const now = 1_000_000;
const rate = (over: Partial<RateState> = {}) =>
  ({ mode: 'anon', limit: 60, effectiveLimit: 60, usedInWindow: 60, othersInWindow: 0, ...over }) as RateState;
const venue = (id: VenueStatus['id'], r: RateState) => ({ id, rate: r }) as VenueStatus;

describe('budgetWait: who a loading list waits for', () => {
  it('one source: the budget, when its next slot is 2 s or more away and nothing paused it', () => {
    expect(budgetWait({ rate: rate({ nextRequestAt: now + 12_000 }) }, now)).toBe('');
    expect(budgetWait({ rate: rate({ nextRequestAt: now + 1_999 }) }, now)).toBeUndefined();
    expect(budgetWait({ rate: rate() }, now)).toBeUndefined();
    const paused = rate({ nextRequestAt: now + 12_000, backoffUntil: now + 12_000 });
    expect(budgetWait({ rate: paused }, now)).toBeUndefined();
  });

  it('several venues: the shown ones that wait, named; a venue narrowed away is not', () => {
    const venues = [
      venue('polymarket', rate({ nextRequestAt: now + 17_000 })),
      venue('kalshi', rate({ nextRequestAt: now })),
      venue('manifold', rate({ nextRequestAt: now + 5_000 })),
    ];
    const s = { rate: venues[0]!.rate, venues };
    expect(budgetWait(s, now)).toBe('Polymarket and Manifold');
    expect(budgetWait({ ...s, venueFilter: 'manifold' }, now)).toBe('Manifold');
    expect(budgetWait({ ...s, venueFilter: 'kalshi' }, now)).toBeUndefined();
    expect(budgetWaitWords('Manifold')).toBe(" · waiting for Manifold's rate budget");
    expect(budgetWaitWords('')).toBe(' · waiting for the rate budget');
    expect(budgetWaitWords(undefined)).toBe('');
  });
});

describe('quoteBudgetWait: whether the quote form says its quote waits for the budget', () => {
  it('one source: when the queued quote may go 2 s or more from now, nothing paused it', () => {
    expect(quoteBudgetWait({ rate: rate({ nextQuoteAt: now + 12_000 }) }, 'm1', now)).toBe('');
    expect(quoteBudgetWait({ rate: rate({ nextQuoteAt: now + 1_999 }) }, 'm1', now)).toBeUndefined();
    // another request's slot far off says nothing of the quote (on the wire, or answered)
    expect(quoteBudgetWait({ rate: rate({ nextRequestAt: now + 12_000 }) }, 'm1', now)).toBeUndefined();
    const paused = rate({ nextQuoteAt: now + 12_000, backoffUntil: now + 12_000 });
    expect(quoteBudgetWait({ rate: paused }, 'm1', now)).toBeUndefined();
  });

  it("several venues: the quote's own venue, named; another venue's wait is not the quote's", () => {
    const venues = [venue('polymarket', rate({ nextQuoteAt: now + 17_000 })), venue('kalshi', rate())];
    const s = { rate: venues[0]!.rate, venues };
    expect(quoteBudgetWait(s, 'polymarket:516950', now)).toBe('Polymarket');
    expect(quoteBudgetWait(s, 'kalshi:KXBTC', now)).toBeUndefined();
    expect(quoteBudgetWait(s, undefined, now)).toBeUndefined();
  });
});
