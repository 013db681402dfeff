/** The state cell of a Positions row: the warning colour goes with a closed market's word, never with a `sold` row. */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../positions/types.js';
import { colors } from '../theme.js';
import { positionSegs } from './positions.js';

const row = (extra: Partial<Position>): Position => ({
  ref: { venue: 'kalshi', id: 'KXFED-26DEC-T4.00' },
  title: 'Fed cuts in December',
  outcome: 'Yes',
  shares: 10,
  cost: 4,
  value: 5,
  pnl: 1,
  currency: 'USD',
  state: 'closed',
  paper: true,
  ...extra,
});
const stateCell = (p: Position) =>
  positionSegs(p, undefined, 0, false, 160, false, true, false, { now: 0, intervalMs: 10_000 }).at(-1)!;

describe('the state cell', () => {
  it('a held position whose market closed: `awaiting` (settlement), in the warning colour', () => {
    expect(stateCell(row({}))).toMatchObject({ text: expect.stringContaining('awaiting'), color: colors.warn });
  });

  it('a sold out paper position whose market closed since: `sold`, dim like every settled word', () => {
    const cell = stateCell(row({ shares: 0, cost: 0, value: 0, pnl: 0, realized: 1 }));
    expect(cell.text).toContain('sold');
    expect(cell).toMatchObject({ dim: true });
    expect(cell).not.toHaveProperty('color');
  });
});
