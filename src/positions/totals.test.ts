/**
 * Totals over positions some or all of which have no price: a sum we do not know reads "—" (null in the JSON), never
 * $0.00, and a sum over some of them says it covers only the priced ones — in the Positions view and in
 * `oddsboard positions`, table and JSON.
 */
import { describe, expect, it } from 'vitest';
import { jsonPositionsData, positionsTable } from '../cli/oneshot/positionsOut.js';
import { venueTotals } from '../ui/views/positionsModel.js';
import type { Position } from './types.js';

const pos = (id: string, extra: Partial<Position> = {}): Position => ({
  ref: { venue: 'kalshi', id },
  title: `Market ${id}`,
  outcome: 'Yes',
  shares: 10,
  cost: 4,
  currency: 'USD',
  state: 'open',
  ...extra,
});
// a paper position whose market the board has not read yet: its cost is known, its value is not
const unpriced = pos('K1');
const priced = pos('K2', { price: 0.5, value: 5, pnl: 1 });
const view = { width: 120, now: 0, paint: (s: string) => s };
const held = (ps: Position[]) => ps.map((p) => ({ id: `kalshi:${p.ref.id}`, pos: p, real: false }));
const table = (ps: Position[]) =>
  positionsTable({ venue: 'kalshi', currency: 'USD', identity: '', positions: ps }, view).split('\n');

describe('totals of positions without a price', () => {
  it('none priced: every sum reads —, not $0.00', () => {
    // it read "K USD value $0.00 · P&L $0.00 (1 unpriced)" and "value $0.00 · cost $0.00 · P&L $0.00"
    expect(venueTotals(held([unpriced]))).toEqual(['K USD value — · P&L — (1 unpriced)']);
    expect(table([unpriced])).toContain('Total USD: value — · cost — · P&L — (1 without a price)');
    expect(
      jsonPositionsData([{ data: { venue: 'kalshi', currency: 'USD', identity: '', positions: [unpriced] } }]),
    ).toMatchObject({ totals: [{ currency: 'USD', cost: null, value: null, pnl: null, unpriced: 1, count: 1 }] });
  });

  it('some priced: the sums say they cover only the priced ones', () => {
    expect(venueTotals(held([priced, unpriced]))).toEqual([
      'K USD value $5.00 · P&L +$1.00 (over 1 priced; 1 unpriced)',
    ]);
    expect(table([priced, unpriced])).toContain(
      'Total USD: value $5.00 · cost $4.00 · P&L +$1.00 (over 1 priced; 1 without a price)',
    );
  });

  it('all priced: no note', () => {
    expect(venueTotals(held([priced]))).toEqual(['K USD value $5.00 · P&L +$1.00']);
  });
});
