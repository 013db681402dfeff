/** `oddsboard positions` output, its pure part: the JSON figures and the table's prose. */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../positions/types.js';
import { jsonPosition, jsonPositionsData, positionsTable } from './positionsOut.js';
import type { TableView } from './table.js';
import { displayWidth } from '../../ui/format.js';

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

describe('a paper position sold out', () => {
  // bought 25 for 10.42, sold all 25 for 12.00: nothing held, 1.58 realized; it was gone from the table and the JSON
  const sold = pos({ outcome: 'Yes', shares: 0, cost: 0, value: 0, pnl: 0, realized: 1.58, price: 0.5, paper: true });
  // held: 10 at a cost of 4.00, worth 5.00; 0.40 realized by an earlier part sale
  const held = pos({ outcome: 'No', shares: 10, cost: 4, value: 5, pnl: 1, realized: -0.4, price: 0.5, paper: true });
  const data = { venue: 'kalshi' as const, currency: 'USD' as const, identity: '', positions: [held, sold] };

  it('is a row saying it was sold, its P&L what it realized; the totals carry the realized P&L apart', () => {
    const lines = positionsTable(data, view).split('\n');
    const row = lines.find((l) => l.includes('sold, P&L realized'))!;
    expect(row).toMatch(/^Yes +0\.00 +— +50\.0¢ +\$0\.00 +\+\$1\.58 +— PAPER · sold, P&L realized · Kansas City/);
    // P&L of what is held 5 − 4 = +1.00; realized 1.58 − 0.40 = +1.18
    expect(lines).toContain('Total USD: value $5.00 · cost $4.00 · P&L +$1.00 · realized +$1.18');
  });

  it('is in the JSON with nothing held and its realized P&L, and the totals have realized', () => {
    const json = jsonPositionsData([{ data }]);
    expect(json.positions[1]).toMatchObject({ shares: 0, value: 0, pnl: 0, realized: 1.58, paper: true });
    expect(json.totals).toEqual([
      { currency: 'USD', cost: 4, value: 5, pnl: 1, realized: 1.18, unpriced: 0, count: 2 },
    ]);
  });
});

describe('a paper position with a sale beyond what it held (the same shares sold in two dashboards)', () => {
  // bought 10 for 4.00, sold 10 for 5.90 in each of two dashboards: one sale booked, 10 shares over
  const over = pos({
    outcome: 'Yes',
    shares: 0,
    cost: 0,
    value: 0,
    pnl: 0,
    realized: 1.9,
    oversold: 10,
    price: 0.5,
    paper: true,
  });
  const data = { venue: 'kalshi' as const, currency: 'USD' as const, identity: '', positions: [over, pos()] };

  it('says so in the table, and the JSON has the shares over (null where there are none)', () => {
    const lines = positionsTable(data, view).split('\n');
    // it read "PAPER · sold, P&L realized" alone: nothing said that a sale was bigger than the holding
    expect(lines.find((l) => l.includes('PAPER'))).toContain('PAPER · oversold · sold, P&L realized · Kansas');
    // and in words under the rows, whole at any width
    const at = lines.findIndex((l) => l.startsWith('Oversold'));
    expect(lines.slice(at, at + 2)).toEqual([
      'Oversold: 10.00 paper shares of “Yes” in Kansas City vs Detroit were sold beyond what was held (the',
      'same shares sold in two dashboards); that part of the sale is not booked.',
    ]);
    const json = jsonPositionsData([{ data }]);
    expect(json.positions.map((p) => p.oversold)).toEqual([10, null]);
  });
});

describe('the oversold mark at 80 columns', () => {
  it('is whole: it comes first, and where even then it has no room the figures give way for it', () => {
    const title = 'Will the Kansas City Chiefs beat the Detroit Lions?';
    const over = pos({ outcome: 'Yes', shares: 0, cost: 0, value: 0, pnl: 0, realized: 1.9, oversold: 10, title });
    const held = { shares: 1_234.56, cost: 400, value: 617.28, pnl: 217.28, pnlPct: 54.3, avgPrice: 0.41, price: 0.5 };
    const rows = [pos({ ...over, price: 0.5, paper: true }), pos({ ...held, title })];
    const at = (width: number) => {
      const data = { venue: 'kalshi' as const, currency: 'USD' as const, identity: '', positions: rows };
      const lines = positionsTable(data, { ...view, width }).split('\n');
      const row = lines.find((l) => l.startsWith('Yes'))!;
      expect(displayWidth(row)).toBeLessThanOrEqual(width);
      return [lines[1]!, row] as const;
    };
    // it read '… +54.3% PAPER · sold, P&L realized…': the mark cut off, the line under the rows alone said it
    const [head80, row80] = at(80);
    // then the state's words took the rest ('PAPER · oversold · sold, P…'): now short, the title keeps 8 after them
    expect(row80).toMatch(/ PAPER · oversold · sold · Will the Kansas…$/);
    expect(head80).toMatch(/^OUTCOME +PRICE +VALUE +P&L +P&L% MARKET$/);
    // at 60 the figures that may go are gone: the mark is still whole
    const [head60, row60] = at(60);
    expect(row60).toContain(' PAPER · oversold · ');
    expect(head60).toMatch(/^OUTCOME +VALUE +P&L MARKET$/);
  });
});

describe('the state words at 80 columns', () => {
  const title = 'Will the Kansas City Chiefs beat the Detroit Lions?';
  const rowAt = (p: Position, width: number) => {
    const data = { venue: 'public' as const, currency: 'USD' as const, identity: '', positions: [p] };
    const row = positionsTable(data, { ...view, width }).split('\n')[2]!;
    expect(displayWidth(row)).toBeLessThanOrEqual(width);
    return row.slice(row.indexOf('PAPER'));
  };
  it('are short when in full they would leave the title fewer than 8 columns, so the title keeps its room', () => {
    // buy 10, sell 10, sell 10: it read 'PAPER · oversold · sold, P&L realize…', no title left at all
    const sold = pos({ outcome: 'Yes', shares: 0, cost: 0, value: 0, pnl: 0, realized: 1, oversold: 10, title });
    expect(rowAt({ ...sold, paper: true }, 80)).toBe('PAPER · oversold · sold · Will the K…');
    const held = { outcome: 'Yes', shares: 10, cost: 4, value: 10, pnl: 6, pnlPct: 150, avgPrice: 0.4, price: 1 };
    const paid = pos({ ...held, title, paper: true, oversold: 10, state: 'resolved', paid: 10 });
    expect(rowAt(paid, 80)).toBe('PAPER · oversold · paid $10.00 · Will the …');
    const waiting = pos({ ...held, title, paper: true, oversold: 10, state: 'closed' });
    expect(rowAt(waiting, 80)).toBe('PAPER · oversold · awaiting · Will the Kan…');
    // where the full words leave the title room, they stay
    expect(rowAt({ ...sold, paper: true }, 100)).toMatch(/^PAPER · oversold · sold, P&L realized · Will the Kans/);
  });
});
