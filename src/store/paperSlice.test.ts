/** The store's paper trades: what the notice says when a preview is kept. */
import { describe, expect, it } from 'vitest';
import type { Market, Quote } from '../api/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { createOddsStore } from './store.js';

const market: Market = {
  id: 'K1',
  title: 'Kansas City vs Detroit',
  status: 'active',
  outcomes: [
    { name: 'Yes', price: 0.07 },
    { name: 'No', price: 0.93 },
  ],
  raw: {},
};

function kept(quotes: Quote[]): string[] {
  const store = createOddsStore({ mode: 'kalshi', limit: 60, caps: KALSHI_CAPS });
  store.getState().listLoaded([market], 1);
  return quotes.map((q, i) => {
    const form = { outcome: 'Yes', amount: '10', action: q.action ?? ('buy' as const) };
    store.getState().quoteLoaded('K1', form, q, 10 + i);
    const r = store.getState().keepPaper('K1', 10 + i);
    return r.ok ? r.text : r.message;
  });
}

describe('keeping a paper trade', () => {
  it('a sale of the shares as shown sells them all and says so', () => {
    const [, all] = kept([
      { action: 'buy', outcome: 'Yes', shares: 142.578401989, averagePrice: 0.07, fee: 0, total: 10, raw: {} },
      { action: 'sell', outcome: 'Yes', shares: 142.58, averagePrice: 0.08, fee: 0, total: 11.4, raw: {} },
    ]);
    expect(all).toBe(
      'Kept as a paper trade: sell 142.58 “Yes” at 8.0¢, fee $0.00, got $11.40 — all the paper shares held ' +
        '(Positions view)',
    );
  });

  it('a part sale says nothing of all', () => {
    const [, part] = kept([
      { action: 'buy', outcome: 'Yes', shares: 100, averagePrice: 0.07, fee: 0, total: 7, raw: {} },
      { action: 'sell', outcome: 'Yes', shares: 50, averagePrice: 0.08, fee: 0, total: 4, raw: {} },
    ]);
    expect(part).toBe('Kept as a paper trade: sell 50.00 “Yes” at 8.0¢, fee $0.00, got $4.00 (Positions view)');
  });
});
