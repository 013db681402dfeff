/**
 * The state cell of a Positions row: the warning colour goes with a closed market's word, never with a `sold` row; a
 * narrow row keeps its P&L whole; a figure wider than its usual column widens the column, never cut.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../positions/types.js';
import { market } from '../../../test/support/markets.js';
import { displayWidth } from '../format.js';
import { colors } from '../theme.js';
import { figureWidths, positionSegs } from './positions.js';

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
  positionSegs(p, undefined, false, false, 160, false, true, false, { now: 0, intervalMs: 10_000 }).at(-1)!;

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

  it('a paper position that sold more than it held (in two dashboards): `oversold`, in the warning colour', () => {
    // the row read `sold` like any other, its realized P&L with nothing to say part of a sale was not booked
    const cell = stateCell(row({ shares: 0, cost: 0, value: 0, pnl: 0, realized: 1.9, oversold: 10 }));
    expect(cell).toMatchObject({ text: expect.stringContaining('oversold'), color: colors.warn });
    expect(stateCell(row({ state: 'open', oversold: 2 })).text).toContain('oversold');
  });

  it('oversold and sold out (buy 10, sell 10, sell 10): both words, the short ones when the row is narrow', () => {
    // it read `oversold` alone: whether anything was still held could not be told from the row
    const p = row({ shares: 0, cost: 0, value: 0, pnl: 0, realized: 1.9, oversold: 10, state: 'resolved' });
    const at = (width: number) => {
      const segs = positionSegs(
        p,
        undefined,
        false,
        false,
        width,
        false,
        true,
        false,
        { now: 0, intervalMs: 1 },
        {
          ...figureWidths([p]),
        },
      );
      expect(displayWidth(segs.map((s) => s.text).join(''))).toBeLessThanOrEqual(width);
      return segs.at(-1)!.text.trim();
    };
    expect(at(160)).toBe('oversold sold');
    expect(at(50)).toBe('ovr sold');
    expect(at(160)).not.toBe(at(50));
  });
});

describe('a row on a narrow terminal', () => {
  const text = (width: number, id: string, watched = false) => {
    const entry = { market: market(id, { title: 'Will Solana close above $94k?' }), receivedAt: 0, firstSeenAt: 0 };
    const segs = positionSegs(
      row({ ref: { venue: 'kalshi', id: 'KXSOL' }, state: 'open', value: 20.13, pnl: -5.12 }),
      { ...entry, firstPrices: {} },
      false,
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

  it('50 columns: a watched row and one not give up the value together, their P&L in one column', () => {
    // the ★ made the watched row drop its value and the next keep it:
    // '… paper      −1.49' over '… paper  M$9.98  −M$0.02'
    const fig = { ...figureWidths([row({})]), mark: 4 };
    const at50 = (watched: boolean) =>
      positionSegs(
        row({ ref: { venue: 'kalshi', id: 'KXSOL' }, state: 'open', value: 20.13, pnl: -5.12 }),
        {
          market: market('kalshi:KXSOL', { title: 'Will Solana close above $94k?' }),
          receivedAt: 0,
          firstSeenAt: 0,
          firstPrices: {},
        },
        false,
        false,
        50,
        false,
        false,
        watched,
        { now: 0, intervalMs: 10_000 },
        fig,
      )
        .map((s) => s.text)
        .join('');
    const [plain, starred] = [at50(false), at50(true)];
    expect(plain.includes('$20.13')).toBe(starred.includes('$20.13'));
    expect(plain.indexOf('−$5.12')).toBe(starred.indexOf('−$5.12'));
  });

  it('60 columns: the value stays', () => {
    expect(text(60, 'kalshi:KXSOL')).toMatch(/paper .*\$20\.13 +−\$5\.12 $/);
  });
});

describe('figures wider than the usual columns', () => {
  // a M$5,000 paper buy of 8,001.42 YES at 62.5¢ on the recorded Manifold pool, marked at 38.0¢; a $1.2M Kalshi one
  const big = row({ currency: 'mana', state: 'open', shares: 8001.42, cost: 5000, value: 3042.25, pnl: -1957.75 });
  const huge = row({ state: 'open', shares: 1261401.72, cost: 1214118.69, value: 517184.96, pnl: -696944.16 });
  const small = row({ ref: { venue: 'kalshi', id: 'KXB' }, state: 'open' });
  const text = (p: Position, width: number, rows: Position[]) =>
    positionSegs(
      p,
      undefined,
      false,
      false,
      width,
      false,
      false,
      false,
      { now: 0, intervalMs: 10_000 },
      figureWidths(rows),
    )
      .map((s) => s.text)
      .join('');

  it('are whole on every row (were `−M$1,957.…`, `$517,184.…`, `1,261,40…`), the columns lined up', () => {
    for (const width of [160, 100, 80]) {
      const rows = [big, huge, small];
      const [b, h, sm] = rows.map((p) => text(p, width, rows)) as [string, string, string];
      expect(b).toContain('−M$1,957.75');
      expect(h).toContain('−$696,944.16');
      if (width >= 100) expect(h).toContain('$517,184.96');
      if (width >= 160) expect(h).toContain('1,261,401.72');
      for (const t of [b, h, sm]) expect(t).not.toMatch(/\d…/);
      expect(displayWidth(b)).toBe(displayWidth(sm));
      expect(displayWidth(h)).toBe(displayWidth(sm));
      expect(displayWidth(sm)).toBeLessThanOrEqual(width);
    }
  });

  it('rows of usual figures keep the usual columns', () => {
    expect(figureWidths([small])).toEqual(figureWidths([]));
  });
});
