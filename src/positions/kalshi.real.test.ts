import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { kalshiBalance, kalshiPosition, kalshiPositionsPage } from './kalshi.js';
import { totalsByCurrency } from './pnl.js';

// Kalshi portfolio answers RECORDED from real accounts (test/fixtures/real/SOURCES.md, "Positions (issue #28)"):
// - bot-reconciliation-*: a BTC15M bot's log of its own account — in one record, `balance` is the whole
//   `GET /portfolio/balance?subaccount=0` answer and `positions` the `market_positions` list of
//   `GET /portfolio/positions?subaccount=0` (the bot's client dropped `cursor` and `event_positions`).
// - openclaw-*: a whole `GET /portfolio/positions` answer of Feb 2026 (cents and `_dollars` side by side), as pasted
//   in a project's docs "from the API".
// No market of these tickers was recorded at these times, so each holding is valued at the price at which KALSHI'S
// OWN `portfolio_value` of the same snapshot values it: portfolio_value (cents) / 100 / contracts. That is the
// venue's figure, not a market recording; the arithmetic on it is ours and is written out by hand.
const DIR = 'test/fixtures/real/kalshi/portfolio/snapshots';
interface Snapshot {
  ts_wall: string;
  balance: { balance: number; portfolio_value: number; updated_ts: number };
  positions: unknown[];
}
const snap = (name: string): Snapshot =>
  JSON.parse(readFileSync(`${DIR}/bot-reconciliation-${name}.json`, 'utf8')) as Snapshot;
const NO3 = snap('2026-05-10T17-36-32Z-KXBTC15M-no-3-open-realized-loss');
const YES2 = snap('2026-05-08T17-31-53Z-KXBTC15M-yes-2-open');
const NO1 = snap('2026-05-08T05-45-44Z-KXBTC15M-no-1-open');
const SUBCENT = snap('2026-05-08T06-35-33Z-KXBTC15M-yes-1-open-subcent');
const FLAT = snap('2026-05-11T02-11-20Z-KXBTC15M-flat-row-realized');

/** An open binary market whose Yes trades at `yes` (No at 1 − yes): the price the venue's valuation implies. */
const openAt = (id: string, yes: number): Market => ({
  id,
  title: id,
  status: 'active',
  outcomes: [
    { name: 'Yes', price: yes },
    { name: 'No', price: Math.round((1 - yes) * 100) / 100 },
  ],
  raw: null,
});
/** The bot's record holds the list only; the answer it came from is `{ market_positions: [...] }`. */
const rowsOf = (s: Snapshot) => kalshiPositionsPage({ market_positions: s.positions })!.rows;

describe('Kalshi positions: recorded answers (BTC15M bot, May 2026, dollars shape)', () => {
  it('3 NO open at a gain, with a realized loss kept apart (2026-05-10 17:36Z)', () => {
    // position_fp "-3.00" → 3 contracts of NO. market_exposure_dollars "2.250000" → cost $2.25; avg 2.25 / 3 = 0.75.
    // Kalshi's portfolio_value 267 ¢ = $2.67 for these 3 → $0.89 a NO contract (Yes 0.11).
    // value 3 × 0.89 = 2.67; P&L 2.67 − 2.25 = +0.42; P&L % 0.42 / 2.25 × 100 = 18.667 %.
    // realized_pnl_dollars "-0.390000" → −0.39 from contracts already sold, not part of P&L; fees "0.150000" → 0.15.
    const [row] = rowsOf(NO3);
    const p = kalshiPosition(row, openAt('KXBTC15M-26MAY101345-45', 0.11))!;
    expect(p).toMatchObject({
      ref: { venue: 'kalshi', id: 'KXBTC15M-26MAY101345-45' },
      outcome: 'No',
      shares: 3,
      cost: 2.25,
      avgPrice: 0.75,
      price: 0.89,
      value: 2.67,
      pnl: 0.42,
      realized: -0.39,
      fees: 0.15,
      state: 'open',
      currency: 'USD',
    });
    expect(p.pnlPct).toBeCloseTo(18.6667, 4);
    // balance 608 ¢ → $6.08 of cash
    expect(kalshiBalance(NO3.balance)).toBe(6.08);
  });

  it('2 YES open at a gain (2026-05-08 17:31Z)', () => {
    // position_fp "2.00" → 2 YES; exposure $1.64 → avg 1.64 / 2 = 0.82. portfolio_value 174 ¢ → $1.74 → 0.87 each.
    // value 2 × 0.87 = 1.74; P&L 1.74 − 1.64 = +0.10; P&L % 0.10 / 1.64 × 100 = 6.0976 %; fees 0.03; realized 0.
    const p = kalshiPosition(rowsOf(YES2)[0], openAt('KXBTC15M-26MAY081345-45', 0.87))!;
    expect(p).toMatchObject({ outcome: 'Yes', shares: 2, cost: 1.64, avgPrice: 0.82, price: 0.87, value: 1.74 });
    expect(p).toMatchObject({ pnl: 0.1, fees: 0.03, state: 'open' });
    expect(p.realized).toBeUndefined();
    expect(p.pnlPct).toBeCloseTo(6.0976, 4);
    // balance 2208 ¢ → $22.08
    expect(kalshiBalance(YES2.balance)).toBe(22.08);
  });

  it('1 NO open at a loss (2026-05-08 05:45Z)', () => {
    // position_fp "-1.00" → 1 NO; exposure $0.51 → avg 0.51. portfolio_value 35 ¢ → $0.35 for it
    // → NO at 0.35 (Yes 0.65).
    // value 1 × 0.35 = 0.35; P&L 0.35 − 0.51 = −0.16; P&L % −0.16 / 0.51 × 100 = −31.3725 %.
    const p = kalshiPosition(rowsOf(NO1)[0], openAt('KXBTC15M-26MAY080200-00', 0.65))!;
    expect(p).toMatchObject({ outcome: 'No', shares: 1, cost: 0.51, avgPrice: 0.51, price: 0.35, value: 0.35 });
    expect(p).toMatchObject({ pnl: -0.16, fees: 0.02 });
    expect(p.pnlPct).toBeCloseTo(-31.3725, 4);
    expect(kalshiBalance(NO1.balance)).toBe(22.89);
  });

  it('sub-cent figures: exposure "0.058000", fees "0.012000" (2026-05-08 06:35Z)', () => {
    // 1 YES; cost $0.058 → avg 0.058 (a sub-cent average: six-decimal strings are read as they are, not rounded
    // to cents). portfolio_value 14 ¢ → 0.14. value 0.14; P&L 0.14 − 0.058 = +0.082;
    // P&L % 0.082 / 0.058 × 100 = 141.379 %.
    const p = kalshiPosition(rowsOf(SUBCENT)[0], openAt('KXBTC15M-26MAY080245-45', 0.14))!;
    expect(p).toMatchObject({ shares: 1, cost: 0.058, avgPrice: 0.058, value: 0.14, pnl: 0.082, fees: 0.012 });
    expect(p.pnlPct).toBeCloseTo(141.3793, 4);
    expect(kalshiBalance(SUBCENT.balance)).toBe(23.4);
  });

  it('a flat row (position_fp "0.00", realized −0.02) is no position; cash alone in the balance', () => {
    // Kalshi keeps a market's row after the position closes: 0 contracts → nothing held, nothing to value.
    expect(kalshiPosition(rowsOf(FLAT)[0])).toBeUndefined();
    // balance 906 ¢ → $9.06; portfolio_value 0 (nothing held)
    expect(kalshiBalance(FLAT.balance)).toBe(9.06);
    expect(FLAT.balance.portfolio_value).toBe(0);
  });

  it("our values add up to Kalshi's own portfolio_value in each snapshot; totals worked out by hand", () => {
    const held = [
      [NO3, kalshiPosition(rowsOf(NO3)[0], openAt('KXBTC15M-26MAY101345-45', 0.11))!],
      [YES2, kalshiPosition(rowsOf(YES2)[0], openAt('KXBTC15M-26MAY081345-45', 0.87))!],
      [NO1, kalshiPosition(rowsOf(NO1)[0], openAt('KXBTC15M-26MAY080200-00', 0.65))!],
      [SUBCENT, kalshiPosition(rowsOf(SUBCENT)[0], openAt('KXBTC15M-26MAY080245-45', 0.14))!],
    ] as const;
    for (const [s, p] of held) expect(Math.round(p.value! * 100)).toBe(s.balance.portfolio_value);
    // pooled for the arithmetic only (four moments of one account):
    // value 2.67 + 1.74 + 0.35 + 0.14 = 4.90; cost 2.25 + 1.64 + 0.51 + 0.058 = 4.458; P&L 4.90 − 4.458 = 0.442;
    // realized: the no-3 snapshot's realized_pnl_dollars −0.39, the others 0
    expect(totalsByCurrency(held.map(([, p]) => p))).toEqual([
      { currency: 'USD', value: 4.9, cost: 4.458, pnl: 0.442, realized: -0.39, unpriced: 0, count: 4 },
    ]);
  });
});

describe('Kalshi positions: a recorded answer of Feb 2026 (cents and _dollars side by side)', () => {
  const file = 'openclaw-kalshi-bot-doc-positions-KXPRESPERSON-28-GNEWS-cents-and-dollars-2026-02-16.json';
  const body: unknown = JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8'));

  it('no position_fp yet: `position` 48 is read; the _dollars strings win over the cents', () => {
    // cursor "" → no next page. position 48 → 48 YES. market_exposure_dollars "10.0800" (= market_exposure 1008 ¢)
    // → cost $10.08; avg 10.08 / 48 = 0.21. fees "0.5800" → 0.58. realized 0 → none shown.
    // No market given → no price: the holding is counted, unpriced.
    const page = kalshiPositionsPage(body)!;
    expect(page.cursor).toBeUndefined();
    expect(page.rows).toHaveLength(1);
    const p = kalshiPosition(page.rows[0])!;
    expect(p).toMatchObject({ ref: { venue: 'kalshi', id: 'KXPRESPERSON-28-GNEWS' }, outcome: 'Yes', shares: 48 });
    expect(p).toMatchObject({ cost: 10.08, avgPrice: 0.21, fees: 0.58, state: 'open', currency: 'USD' });
    expect(p.realized).toBeUndefined();
    expect(p.price).toBeUndefined();
    expect(totalsByCurrency([p])).toEqual([
      { currency: 'USD', value: null, cost: null, pnl: null, realized: 0, unpriced: 1, count: 1 },
    ]);
  });

  it('the cents fields alone (the same row with the _dollars strings dropped) read the same', () => {
    // 1008 ¢ / 100 = 10.08; 58 ¢ / 100 = 0.58
    const row = (kalshiPositionsPage(body)!.rows[0] ?? {}) as Record<string, unknown>;
    const cents = Object.fromEntries(Object.entries(row).filter(([k]) => !k.endsWith('_dollars')));
    expect(kalshiPosition(cents)).toMatchObject({ shares: 48, cost: 10.08, avgPrice: 0.21, fees: 0.58 });
  });
});

describe("Kalshi positions: Kalshi's documented examples (docs.kalshi.com: not recordings)", () => {
  const doc = (name: string): unknown => JSON.parse(readFileSync(`${DIR}/docs-example-${name}.json`, 'utf8'));
  const firstRow = (name: string) => (kalshiPositionsPage(doc(name))!.rows[0] ?? {}) as Record<string, unknown>;

  it('their placeholder ticker "<string>" is no ticker: the row is refused, nothing breaks', () => {
    expect(kalshiPosition(firstRow('get-positions-cents-era'))).toBeUndefined();
    expect(kalshiPosition(firstRow('get-positions-dollars-era-2026-07'))).toBeUndefined();
    // the cursor is taken as sent (a real last page sends "", read as no next page: see above)
    expect(kalshiPositionsPage(doc('get-positions-dollars-era-2026-07'))!.cursor).toBe('<string>');
  });

  it('dollars era, its ticker alone swapped for a real one: position_fp "10.00", every amount "0.5600"', () => {
    // 10 YES; cost $0.56 → avg 0.56 / 10 = 0.056; realized 0.56; fees 0.56
    const p = kalshiPosition({ ...firstRow('get-positions-dollars-era-2026-07'), ticker: 'KXBTC15M-26MAY081345-45' });
    expect(p).toMatchObject({ outcome: 'Yes', shares: 10, cost: 0.56, avgPrice: 0.056, realized: 0.56, fees: 0.56 });
  });

  it('cents era, its ticker alone swapped: position 123, every amount 123 ¢', () => {
    // 123 YES; cost 123 ¢ = $1.23 → avg 1.23 / 123 = 0.01; realized 1.23; fees 1.23
    const p = kalshiPosition({ ...firstRow('get-positions-cents-era'), ticker: 'KXBTC15M-26MAY081345-45' });
    expect(p).toMatchObject({ outcome: 'Yes', shares: 123, cost: 1.23, avgPrice: 0.01, realized: 1.23, fees: 1.23 });
  });

  it('balance: balance_dollars "0.5600" wins over the cents field (123 ¢) when both are sent', () => {
    expect(kalshiBalance(doc('get-balance-dollars-era'))).toBe(0.56);
  });
});
