/**
 * The state cell of a Positions row: the warning colour goes with a closed market's word, never with a `sold` row; a
 * narrow row keeps its P&L whole.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../positions/types.js';
import { market } from '../../../test/support/markets.js';
import { displayWidth } from '../format.js';
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

describe('a row on a narrow terminal', () => {
  const text = (width: number, id: string, watched = false) => {
    const entry = { market: market(id, { title: 'Will Solana close above $94k?' }), receivedAt: 0, firstSeenAt: 0 };
    const segs = positionSegs(
      row({ ref: { venue: 'kalshi', id: 'KXSOL' }, state: 'open', value: 20.13, pnl: -5.12 }),
      { ...entry, firstPrices: {} },
      0,
      true,
      width,
      false,
      false,
      watched,
      { now: 0, intervalMs: 10_000 },
    );
    return segs.map((s) => s.text).join('');
  };

  it('40 columns: the value gives way, the P&L is whole, the title keeps words (was “… paper $20.13 −$5.1…”)', () => {
    for (const [id, watched] of [
      ['m1', false],
      ['kalshi:KXSOL', false],
      ['kalshi:KXSOL', true],
    ] as const) {
      const t = text(40, id, watched);
      expect(displayWidth(t)).toBeLessThanOrEqual(40);
      expect(t).toMatch(/Will S.*… paper +−\$5\.12 $/);
      expect(t).not.toContain('$20.13');
    }
  });

  it('60 columns: the value stays', () => {
    expect(text(60, 'kalshi:KXSOL')).toMatch(/paper .*\$20\.13 +−\$5\.12 $/);
  });
});
