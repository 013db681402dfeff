import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeMarketList } from '../api/normalize.js';
import type { Market } from '../api/types.js';
import { kalshiBalance, kalshiPosition, kalshiPositionsPage } from './kalshi.js';
import { totalsByCurrency } from './pnl.js';

// The portfolio answers here are OURS, written from the documented schema, on tickers whose markets are real
// recordings; the recorded portfolio answers (SOURCES.md) are pinned in kalshi.real.test.ts.
const OURS = 'test/fixtures/kalshi-portfolio';
const REAL = 'test/fixtures/real/kalshi';
const json = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'));
const page = kalshiPositionsPage(json(`${OURS}/portfolio-positions.json`))!;
const markets = new Map<string, Market>(
  [
    ...normalizeMarketList(
      (
        json(`${REAL}/trade-api-v2-historical-markets-KXFEDDECISION-26JUL-finalized-yes-and-no.json`) as {
          markets: unknown;
        }
      ).markets,
    ),
    ...normalizeMarketList(
      (
        json(`${REAL}/trade-api-v2-events-with-nested-markets-category-shared-title-siblings.json`) as {
          events: { markets: unknown }[];
        }
      ).events[0]!.markets,
    ),
  ].map((m) => [m.id, m]),
);
const at = (i: number) => {
  const row = page.rows[i] as { ticker: string };
  return kalshiPosition(row, markets.get(row.ticker));
};

describe('Kalshi portfolio positions', () => {
  it('an open YES position valued at the market price (recorded KXELONMARS-99, Yes 0.15)', () => {
    // 20 YES, exposure $2.60 → avg 2.60 / 20 = 0.13; value 20 × 0.15 = 3.00; P&L 3.00 − 2.60 = 0.40;
    // P&L % = 0.40 / 2.60 × 100 = 15.38
    const p = at(0)!;
    expect(p).toMatchObject({ ref: { venue: 'kalshi', id: 'KXELONMARS-99' }, outcome: 'Yes', shares: 20, cost: 2.6 });
    expect(p).toMatchObject({
      avgPrice: 0.13,
      price: 0.15,
      value: 3,
      pnl: 0.4,
      state: 'open',
      currency: 'USD',
      fees: 0.04,
    });
    expect(p.pnlPct).toBeCloseTo(15.3846, 4);
  });

  it('a YES position in a market that settled yes (recorded KXFEDDECISION-26JUL-H0): paid $1 a contract', () => {
    // 10 × $1 = $10 paid; P&L 10 − 7.20 = 2.80; 2.80 / 7.20 = 38.89 %
    const p = at(1)!;
    expect(p).toMatchObject({ state: 'resolved', paid: 10, value: 10, price: 1, pnl: 2.8 });
    expect(p.pnlPct).toBeCloseTo(38.8889, 4);
  });

  it('a NO position (negative position_fp) in a market that settled no (recorded -H25): NO paid $1', () => {
    // −5 → 5 NO; exposure $4.10 → avg 0.82; paid 5 × 1 = 5; P&L 5 − 4.10 = 0.90; realized 0.25 kept apart
    const p = at(2)!;
    expect(p).toMatchObject({
      outcome: 'No',
      shares: 5,
      avgPrice: 0.82,
      state: 'resolved',
      paid: 5,
      pnl: 0.9,
      realized: 0.25,
    });
  });

  it('a flat row is no position; the page says there is no next page', () => {
    expect(at(3)).toBeUndefined();
    expect(page.cursor).toBeUndefined();
    expect(kalshiPositionsPage({ market_positions: [], cursor: 'c2' })).toEqual({ rows: [], cursor: 'c2' });
    expect(kalshiPositionsPage({ error: {} })).toBeUndefined();
  });

  it('the legacy cents shape reads the same', () => {
    const p = kalshiPosition(
      { ticker: 'KXELONMARS-99', position: 20, market_exposure: 260, realized_pnl: 0 },
      markets.get('KXELONMARS-99'),
    )!;
    expect(p).toMatchObject({ cost: 2.6, value: 3, pnl: 0.4 });
  });

  it('totals: USD only, and an unpriced position (no market) is counted apart', () => {
    const list = [at(0)!, at(1)!, at(2)!, kalshiPosition(page.rows[0])!];
    // priced: value 3 + 10 + 5 = 18; cost 2.60 + 7.20 + 4.10 = 13.90; P&L 4.10; realized (every row, priced or not,
    // as Kalshi gives it) 0 + 0 + 0.25 + 0 = 0.25
    expect(totalsByCurrency(list)).toEqual([
      { currency: 'USD', value: 18, cost: 13.9, pnl: 4.1, realized: 0.25, unpriced: 1, count: 4 },
    ]);
  });

  it('balance: balance_dollars, else cents', () => {
    expect(kalshiBalance(json(`${OURS}/portfolio-balance.json`))).toBe(412.5);
    expect(kalshiBalance({ balance: 12345 })).toBe(123.45);
    expect(kalshiBalance({ balance: 'x' })).toBeUndefined();
  });

  it('hostile rows: no NaN, no crash', () => {
    expect(kalshiPosition({ ticker: '../x', position_fp: '3' })).toBeUndefined();
    expect(kalshiPosition({ ticker: 'T', position_fp: 'NaN' })).toBeUndefined();
    const p = kalshiPosition({ ticker: 'T', position_fp: '2', market_exposure_dollars: '-1' })!;
    expect(p.cost).toBeUndefined();
    expect(p.pnl).toBeUndefined();
  });
});
