import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { polymarketPosition, polymarketPositions, polymarketValue } from './polymarket.js';
import { totalsByCurrency } from './pnl.js';

const DIR = 'test/fixtures/real/polymarket/positions';
const read = (f: string): unknown => JSON.parse(readFileSync(`${DIR}/${f}`, 'utf8'));
const RN1 = read('data-api-positions-0x2005d16a-first-of-500-nba-mergeable-loss-2026-04-20.json');
const SOV = read('data-api-positions-0xee613b3f-first-of-77-nba-gain-with-realized-2026-04-20.json');
const SWISS = read('data-api-positions-0x204f72f3-first-of-500-negrisk-yes-2026-04-20.json');

describe('Polymarket Data API positions (recorded rows)', () => {
  it('a losing position: cost, value and P&L worked out from the recorded row', () => {
    const p = polymarketPosition(RN1)!;
    // size 181369.1314 shares of "Nuggets" at curPrice 0.325:
    //   value = 181369.1314 × 0.325 = 58944.967705 → the Data API's currentValue 58944.9677 (4 decimals)
    //   cost  = initialValue 113919.221 (avgPrice 0.6281 × size = 113917.95…, the API keeps the unrounded basis)
    //   P&L   = 58944.9677 − 113919.221 = −54974.2533  (the API's cashPnl −54974.2533)
    //   P&L % = −54974.2533 / 113919.221 × 100 = −48.25720…  (the API's percentPnl −48.2572)
    expect(p).toMatchObject({
      ref: { venue: 'polymarket', id: '0xa9a9acb457b3567dd8d1cacaa400ae6aec8e63f858a4560afdb612161e43e57c' },
      title: 'Timberwolves vs. Nuggets',
      outcome: 'Nuggets',
      shares: 181369.1314,
      avgPrice: 0.6281,
      price: 0.325,
      cost: 113919.221,
      value: 58944.9677,
      pnl: -54974.2533,
      currency: 'USDC',
      state: 'open',
    });
    expect(p.pnlPct).toBeCloseTo(-48.2572, 4);
    expect(p.realized).toBeUndefined(); // realizedPnl 0
  });

  it('a winning position that also sold some shares: realized P&L kept apart', () => {
    const p = polymarketPosition(SOV)!;
    // value = 21010.072 × 0.675 = 14181.7986 (the API's currentValue, exact)
    // P&L   = 14181.7986 − 7648.3385 = 6533.4601  (the API says 6533.46, rounded to 2 places)
    // P&L % = 6533.4601 / 7648.3385 × 100 = 85.42326…  (the API: 85.4232 — it works from its unrounded amounts,
    //         so the fourth decimal may differ; to three decimals both are 85.423)
    expect(p.value).toBe(14181.7986);
    expect(p.pnl).toBeCloseTo(6533.4601, 9);
    expect(p.pnlPct).toBeCloseTo(85.42326, 5);
    expect(p.pnlPct).toBeCloseTo(85.4232, 3);
    expect(p.realized).toBe(2401.2866);
    expect(p.outcome).toBe('Timberwolves');
  });

  it('totals per currency over the three recorded rows', () => {
    const list = [RN1, SOV, SWISS].map((r) => polymarketPosition(r)!);
    // value: 58944.9677 + 14181.7986 + 8230.2599 = 81357.0262
    // cost:  113919.221 + 7648.3385 + 8344.6683 = 129912.2278
    // P&L:   81357.0262 − 129912.2278 = −48555.2016
    const [t, ...rest] = totalsByCurrency(list);
    expect(rest).toEqual([]);
    expect(t).toMatchObject({ currency: 'USDC', count: 3, unpriced: 0 });
    expect(t!.value).toBeCloseTo(81357.0262, 9);
    expect(t!.cost).toBeCloseTo(129912.2278, 9);
    expect(t!.pnl).toBeCloseTo(-48555.2016, 9);
  });

  it('/value: the recorded answer read for its wallet, any case', () => {
    expect(
      polymarketValue(read('data-api-value-0x2005d16a-2026-04-20.json'), '0x2005D16A84CEEFA912D4E380CD32E7FF827875EA'),
    ).toBe(517349.941);
    expect(polymarketValue(read('data-api-value-0x2005d16a-2026-04-20.json'), '0x' + '1'.repeat(40))).toBeUndefined();
  });

  it('redeemable rows: a winner (curPrice 1) is redeemable and shows what it pays, a loser is resolved at 0', () => {
    const won = polymarketPosition({ ...(SWISS as object), redeemable: true, curPrice: 1, currentValue: 15676.6855 })!;
    // paid = 15676.6855 shares × 1 = 15676.6855; P&L = 15676.6855 − 8344.6683 = 7332.0172
    expect(won).toMatchObject({ state: 'redeemable', paid: 15676.6855, price: 1 });
    expect(won.pnl).toBeCloseTo(7332.0172, 9);
    const lost = polymarketPosition({ ...(SWISS as object), redeemable: true, curPrice: 0, currentValue: 0 })!;
    expect(lost).toMatchObject({ state: 'resolved', paid: 0, value: 0, pnl: -8344.6683 });
  });

  it('hostile rows are left out, never NaN', () => {
    expect(
      polymarketPositions([null, 1, {}, { conditionId: '0x12', size: 3 }, { ...(RN1 as object), size: 'x' }]),
    ).toEqual([]);
    expect(polymarketPositions({ error: 'x' })).toBeUndefined();
    const odd = polymarketPosition({ ...(RN1 as object), curPrice: 7, currentValue: null, title: '\u001b[31mred' })!;
    expect(odd.price).toBeUndefined();
    expect(odd.value).toBeUndefined();
    expect(odd.title).toBe('red');
  });
});
