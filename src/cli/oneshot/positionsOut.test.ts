/** `oddsboard positions` output, its pure part: the JSON figures and the table's prose. */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../positions/types.js';
import { jsonPosition } from './positionsOut.js';

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
