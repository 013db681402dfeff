/** The market selected on Closing soon before any is chosen is the row the joined list draws first (join.ts). */
import { describe, expect, it } from 'vitest';
import { market } from '../../test/support/markets.js';
import type { MarketEntry } from '../store/types.js';
import { firstClosing } from './joinQuery.js';

const entries = (closes: Record<string, number>): Record<string, MarketEntry> =>
  Object.fromEntries(
    Object.entries(closes).map(([id, at]) => [id, { market: market(id, { closesAt: at }) } as MarketEntry]),
  );

describe('firstClosing', () => {
  it("one venue shown: its list's first row in the service's order, as the joined list keeps it", () => {
    const one = { closing: { ids: ['k:late', 'k:soon'] }, markets: entries({ 'k:late': 9_000, 'k:soon': 1_000 }) };
    expect(firstClosing([one])).toBe('k:late');
  });

  it('several venues: the soonest to close, the first venue first on a tie, as the merged list sorts them', () => {
    const k = { closing: { ids: ['k:1', 'k:2'] }, markets: entries({ 'k:1': 5_000, 'k:2': 2_000 }) };
    const p = { closing: { ids: ['p:1'] }, markets: entries({ 'p:1': 2_000 }) };
    expect(firstClosing([k, p])).toBe('k:2');
    expect(firstClosing([{ closing: { ids: [] }, markets: {} }, p])).toBe('p:1');
    expect(firstClosing([{ closing: { ids: [] }, markets: {} }])).toBeUndefined();
  });
});
