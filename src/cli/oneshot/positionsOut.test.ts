/** `oddsboard positions` output, its pure part: the JSON figures and the table's prose. */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../positions/types.js';
import { jsonPosition, positionsTable } from './positionsOut.js';
import type { TableView } from './table.js';

const view: TableView = { width: 100, now: 0, paint: (s) => s };
const pos = (extra: Partial<Position> = {}): Position => ({
  ref: { venue: 'kalshi', id: 'K1' },
  title: 'Kansas City vs Detroit',
  outcome: 'No',
  shares: 10,
  currency: 'USD',
  state: 'open',
  ...extra,
});

describe('positions JSON', () => {
  it('figures are kept as money is (9 decimals): no float noise', () => {
    // a No side priced 1 − 0.93: it was written "price": 0.0699999999999999
    const p = pos({ price: 1 - 0.93, avgPrice: 0.1 + 0.2, cost: 3, value: 10 * (1 - 0.93), pnl: 10 * (1 - 0.93) - 3 });
    expect(JSON.stringify(jsonPosition(p))).not.toMatch(/\d{10,}/);
    expect(jsonPosition(p)).toMatchObject({ price: 0.07, avgPrice: 0.3, value: 0.7, pnl: -2.3, pnlPct: null });
  });
});

describe('positions table', () => {
  it('names the venue as the rest of the program does, not by its id', () => {
    const poly = positionsTable(
      { venue: 'polymarket', currency: 'USDC', identity: '0xabc', positions: [], reportedValue: 12 },
      view,
    );
    // it said "Positions · polymarket" and "polymarket reports…"
    expect(poly).toContain('Positions · Polymarket · 0xabc\n');
    expect(poly).toContain("Polymarket reports the positions' value as 12.00 USDC");
    const paper = positionsTable({ venue: 'public', currency: 'USD', identity: '', positions: [pos()] }, view);
    expect(paper.split('\n')[0]).toBe('Positions · The interface');
  });
});
