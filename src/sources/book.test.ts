import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookLevel, OrderBook } from '../api/types.js';
import { asksFromOtherSide, previewFromBook, sortLevels, topOfBook, walkBuy, walkSell } from './book.js';

const noFee = () => 0;
const book = (bids: BookLevel[], asks: BookLevel[]): OrderBook => ({
  marketId: 'm',
  outcome: 'Yes',
  bids,
  asks,
  raw: {},
});

describe('a trade walked through a book (hand arithmetic)', () => {
  // asks 0.40 × 10, 0.45 × 20, 0.50 × 100; bids 0.38 × 50, 0.35 × 50 → mid (0.38 + 0.40) / 2 = 0.39
  const b = book(
    [
      { price: 0.38, size: 50 },
      { price: 0.35, size: 50 },
    ],
    [
      { price: 0.4, size: 10 },
      { price: 0.45, size: 20 },
      { price: 0.5, size: 100 },
    ],
  );

  it('buy 10: 10 × 0.40 = 4.00 buys 10 shares; the next 6.00 buys 6 / 0.45 = 13.333… at 0.45', () => {
    const q = previewFromBook(b, 'buy', 10, noFee);
    expect(q.shares).toBeCloseTo(10 + 6 / 0.45, 9); // 23.3333
    expect(q.averagePrice).toBeCloseTo(10 / (10 + 6 / 0.45), 9); // 0.428571…
    expect(q.worstPrice).toBe(0.45);
    expect(q.priceBefore).toBeCloseTo(0.39, 9);
    expect(q.priceImpact).toBeCloseTo(0.06, 9);
    expect(q.total).toBeCloseTo(10, 9);
    expect(q.filled).toBeUndefined();
  });

  it('sell 60: 50 × 0.38 = 19.00, then 10 × 0.35 = 3.50 → 22.50; average 0.375', () => {
    const q = previewFromBook(b, 'sell', 60, noFee);
    expect(q.total).toBeCloseTo(22.5, 9);
    expect(q.averagePrice).toBeCloseTo(0.375, 9);
    expect(q.worstPrice).toBe(0.35);
    expect(q.priceImpact).toBeCloseTo(0.35 - 0.39, 9);
  });

  it('too thin: buying 100 fills 4 + 9 + 50 = 63.00 of it (130 shares); selling 150 fills 100 shares', () => {
    const buy = previewFromBook(b, 'buy', 100, noFee);
    expect(buy.filled).toBeCloseTo(63, 9);
    expect(buy.shares).toBeCloseTo(130, 9);
    const sell = previewFromBook(b, 'sell', 150, noFee);
    expect(sell.filled).toBe(100);
    expect(sell.total).toBeCloseTo(19 + 17.5, 9);
  });

  it('an empty side fills nothing and says so; no NaN anywhere', () => {
    const q = previewFromBook(book([], []), 'buy', 5, noFee);
    expect(q).toMatchObject({ shares: 0, filled: 0, total: 0 });
    expect(Object.values(q).some((v) => typeof v === 'number' && Number.isNaN(v))).toBe(false);
    expect(topOfBook(book([{ price: 0.2, size: 1 }], []))).toEqual({ bid: 0.2, mid: 0.2 });
  });

  it('a fee on what was filled is added to a buy and taken from a sale', () => {
    const fee = (f: { money: number }) => Math.round(f.money * 0.02 * 100) / 100;
    expect(previewFromBook(b, 'buy', 10, fee)).toMatchObject({ fee: 0.2, total: 10.2 });
    expect(previewFromBook(b, 'sell', 60, fee).total).toBeCloseTo(22.5 - 0.45, 9);
  });

  it('Kalshi: the Yes asks are the No bids at 1 − price, best first; levels merged by price', () => {
    const noBids = sortLevels(
      [
        { price: 0.55, size: 3 },
        { price: 0.6, size: 7 },
        { price: 0.55, size: 2 },
      ],
      'bids',
    );
    expect(noBids).toEqual([
      { price: 0.6, size: 7 },
      { price: 0.55, size: 5 },
    ]);
    expect(asksFromOtherSide(noBids)).toEqual([
      { price: 0.4, size: 7 },
      { price: 0.45, size: 5 },
    ]);
  });
});

/** Books that are not crossed: every bid below every ask. */
const levels = (lo: number, hi: number) =>
  fc.array(
    fc.record({ price: fc.integer({ min: lo, max: hi }).map((c) => c / 100), size: fc.integer({ min: 1, max: 500 }) }),
    { minLength: 1, maxLength: 8 },
  );
const books = fc
  .tuple(levels(1, 49), levels(51, 99))
  .map(([bids, asks]) => book(sortLevels(bids, 'bids'), sortLevels(asks, 'asks')));
const money = fc.double({ min: 0.01, max: 5000, noNaN: true });

describe('properties of a preview through a book', () => {
  it('shares grow with the amount; a larger amount never gets a better average', () => {
    fc.assert(
      fc.property(books, money, money, (b, x, y) => {
        const [small, large] = x <= y ? [x, y] : [y, x];
        const a = walkBuy(b.asks, small);
        const c = walkBuy(b.asks, large);
        expect(c.shares).toBeGreaterThanOrEqual(a.shares - 1e-9);
        if (a.shares > 0 && c.shares > 0) expect(c.money / c.shares).toBeGreaterThanOrEqual(a.money / a.shares - 1e-9);
      }),
    );
  });

  it('the average lies between the best and the worst price paid', () => {
    fc.assert(
      fc.property(books, money, (b, x) => {
        const q = previewFromBook(b, 'buy', x, noFee);
        expect(q.averagePrice!).toBeGreaterThanOrEqual(b.asks[0]!.price - 1e-9);
        expect(q.averagePrice!).toBeLessThanOrEqual(q.worstPrice! + 1e-9);
      }),
    );
  });

  it('a buy then an immediate sell of the same shares never makes money', () => {
    fc.assert(
      fc.property(books, money, (b, x) => {
        const buy = walkBuy(b.asks, x);
        const sell = walkSell(b.bids, buy.shares);
        expect(sell.money).toBeLessThanOrEqual(buy.money + 1e-9);
      }),
    );
  });
});
