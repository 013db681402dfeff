import { describe, expect, it } from 'vitest';
import { keepPaper, PAPER_MAX, type PaperBook, type PaperPosition } from './paper.js';

/** A full paper book (PAPER_MAX positions): what a new one does to it. */
const trade = (at: number, action: 'buy' | 'sell') => ({ at, action, shares: 10, avgPrice: 0.5, fee: 0, total: 5 });
const position = (n: number, over: Partial<PaperPosition> = {}): PaperPosition => ({
  ref: { venue: 'kalshi', id: `KX-${n}` },
  title: `Market ${n}`,
  outcome: 'Yes',
  currency: 'USD',
  trades: [trade(n, 'buy')],
  ...over,
});
const full = (closed: Record<number, Partial<PaperPosition>>): PaperBook => ({
  positions: Array.from({ length: PAPER_MAX }, (_, n) => position(n, closed[n])),
});
/** A buy of 10 Yes at 50¢ on the market `id` (a new one unless the book has it). */
const keepNew = (book: PaperBook, id = 'KX-NEW', title = 'New') =>
  keepPaper(book, {
    ref: { venue: 'kalshi', id },
    title,
    outcome: 'Yes',
    currency: 'USD',
    quote: { action: 'buy', outcome: 'Yes', shares: 10, averagePrice: 0.5, fee: 0, total: 5, raw: {} },
    at: 10_000,
  });

describe('a full paper book', () => {
  it('every position open: refused, saying what frees a place ("settle or sell some first" freed none)', () => {
    expect(keepNew(full({}))).toEqual({
      problem: `${PAPER_MAX} paper positions are kept at most, and every one is open: sell one out first.`,
    });
  });

  it('the position closed longest ago (settled or sold out) makes room, and is named', () => {
    const book = full({
      7: { trades: [trade(7, 'buy'), trade(900, 'sell')] },
      40: { settled: { at: 600, paid: 10 } },
      41: { trades: [trade(41, 'buy'), trade(800, 'sell')] },
    });
    const r = keepNew(book);
    if ('problem' in r) throw new Error(r.problem);
    expect(r.book.positions).toHaveLength(PAPER_MAX);
    expect(r.madeRoom?.title).toBe('Market 40');
    expect(r.book.positions.map((p) => p.title)).not.toContain('Market 40');
    expect(r.book.positions.at(-1)!.title).toBe('New');
    // a trade on a position already kept needs no room
    const again = keepNew(r.book, 'KX-1', 'Market 1');
    if ('problem' in again) throw new Error(again.problem);
    expect(again.madeRoom).toBeUndefined();
    expect(again.book.positions).toHaveLength(PAPER_MAX);
  });
});
