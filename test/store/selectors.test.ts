import { describe, expect, it } from 'vitest';
import { createOddsStore } from '../../src/store/store.js';
import { rateSummary, selectHistory, selectQuote, selectSelectedEntry } from '../../src/store/selectors.js';

describe('selectors', () => {
  it('read narrow slices and keep their identity while unchanged', () => {
    const s = createOddsStore({ mode: 'key', limit: 30 });
    const market = { id: 'a', title: 'A', status: 'active' as const, outcomes: [{ name: 'Yes', price: 0.5 }], raw: {} };
    s.getState().listLoaded([market], 1);
    expect(selectSelectedEntry(s.getState())).toBeUndefined();
    s.getState().select('a');
    const e1 = selectSelectedEntry(s.getState());
    expect(e1?.market.id).toBe('a');
    s.getState().setRate({ usedInWindow: 3 });
    expect(selectSelectedEntry(s.getState())).toBe(e1);
    expect(selectHistory('a')(s.getState())?.samples).toHaveLength(1);
    expect(selectQuote(undefined)(s.getState())).toBeUndefined();
  });

  it('rateSummary says 7/10 req/min, next refresh in N s, retry in N s', () => {
    const s = createOddsStore({ mode: 'anon', limit: 10 });
    s.getState().setRate({ usedInWindow: 7, nextListRefreshAt: 10_500, nextDetailRefreshAt: 4_200 });
    expect(rateSummary(s.getState().rate, 1_000)).toEqual({ budget: '7/10 req/min', nextRefreshInS: 4 });
    s.getState().setRate({ effectiveLimit: 7, backoffUntil: 13_000, backoffReason: 'rate_limited' });
    expect(rateSummary(s.getState().rate, 1_000)).toMatchObject({ budget: '7/7 req/min', retryInS: 12, paused: 'rate_limited' });
    expect(rateSummary(s.getState().rate, 14_000).paused).toBeUndefined();
  });
});
