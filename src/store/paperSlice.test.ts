/** The store's paper trades: what the notice says when a preview is kept. */
import { describe, expect, it } from 'vitest';
import type { Market, Quote } from '../api/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { PAPER_MAX } from '../positions/paper.js';
import { PREVIEW_KEEP_MS } from './paperSlice.js';
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

  it('a trade under a cent says so, as the quote form does, not 0.00', () => {
    // 0.001 at 40¢: it read 'buy 0.00 “Yes” at 40.0¢, fee $0.00, cost $0.00'
    const [tiny] = kept([
      { action: 'buy', outcome: 'Yes', shares: 0.0025, averagePrice: 0.4, fee: 0.00005, total: 0.00105, raw: {} },
    ]);
    expect(tiny).toBe('Kept as a paper trade: buy < 0.01 “Yes” at 40.0¢, fee < $0.01, cost < $0.01 (Positions view)');
  });

  it('an average at a midpoint keeps its two decimals, as every pane shows a price (it read 1.5¢)', () => {
    const [mid] = kept([
      { action: 'buy', outcome: 'Yes', shares: 100, averagePrice: 0.0145, fee: 0, total: 1.45, raw: {} },
    ]);
    expect(mid).toBe('Kept as a paper trade: buy 100.00 “Yes” at 1.45¢, fee $0.00, cost $1.45 (Positions view)');
  });

  it('a full book: the notice names the closed position that made room', () => {
    const store = createOddsStore({ mode: 'kalshi', limit: 60, caps: KALSHI_CAPS });
    const t = (at: number, action: 'buy' | 'sell') => ({ at, action, shares: 1, avgPrice: 0.5, fee: 0, total: 0.5 });
    const positions = Array.from({ length: PAPER_MAX }, (_, n) => ({
      ref: { venue: 'kalshi' as const, id: `KX-${n}` },
      title: `Market ${n}`,
      outcome: 'Yes',
      currency: 'USD' as const,
      trades: n === 3 ? [t(1, 'buy'), t(2, 'sell')] : [t(1, 'buy')],
    }));
    store.getState().restorePaper({ positions });
    store.getState().listLoaded([market], 1);
    const q: Quote = { action: 'buy', outcome: 'Yes', shares: 10, averagePrice: 0.07, fee: 0, total: 0.7, raw: {} };
    store.getState().quoteLoaded('K1', { outcome: 'Yes', amount: '1', action: 'buy' }, q, 10);
    const r = store.getState().keepPaper('K1', 10);
    expect(r).toEqual({
      ok: true,
      text:
        'Kept as a paper trade: buy 10.00 “Yes” at 7.0¢, fee $0.00, cost $0.70 (Positions view); 500 are kept at ' +
        'most: “Market 3” (Yes), closed longest ago, left the book to make room',
    });
    expect(store.getState().paper.positions).toHaveLength(PAPER_MAX);
  });

  it.each(['resolved', 'closed', 'settling'] as const)(
    'a preview answered while the market traded is not kept once it reads %s (it was, at the old price)',
    (status) => {
      const store = createOddsStore({ mode: 'kalshi', limit: 60, caps: KALSHI_CAPS });
      store.getState().listLoaded([market], 1);
      const q: Quote = { action: 'buy', outcome: 'Yes', shares: 100, averagePrice: 0.07, fee: 0, total: 7, raw: {} };
      store.getState().quoteLoaded('K1', { outcome: 'Yes', amount: '7', action: 'buy' }, q, 10);
      // the next refresh: it stopped trading (resolved Yes: the 7¢ preview would be worth 100¢ a share at once)
      store.getState().listLoaded([{ ...market, status, resolvedOutcome: 'Yes' }], 20);
      const r = store.getState().keepPaper('K1', 30);
      expect(r).toEqual({ ok: false, message: `No trade to keep: the market is ${status} now, no longer trading.` });
      expect(store.getState().paper.positions).toHaveLength(0);
    },
  );

  it('a preview older than a minute is not kept (it was, its old price booked as made now); ⏎ then p is', () => {
    const store = createOddsStore({ mode: 'kalshi', limit: 60, caps: KALSHI_CAPS });
    store.getState().listLoaded([market], 1);
    const q: Quote = { action: 'buy', outcome: 'Yes', shares: 100, averagePrice: 0.07, fee: 0, total: 7, raw: {} };
    const form = { outcome: 'Yes', amount: '7', action: 'buy' } as const;
    store.getState().quoteLoaded('K1', form, q, 10);
    expect(store.getState().keepPaper('K1', 10 + 20 * 60_000)).toEqual({
      ok: false,
      message: 'This preview is 20 min old: ⏎ for a fresh one, then p to keep it.',
    });
    expect(store.getState().keepPaper('K1', 10 + 3 * 3_600_000).ok).toBe(false);
    expect(store.getState().paper.positions).toHaveLength(0);
    // a minute at most: kept, as the fresh answer ⏎ brings is
    expect(store.getState().keepPaper('K1', 10 + PREVIEW_KEEP_MS).ok).toBe(true);
  });
});
