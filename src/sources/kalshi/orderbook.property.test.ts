/**
 * Properties of previews through the recorded Kalshi book (both outcomes, Kalshi's fee included), for any amount
 * from a cent to past the whole book: shares grow with the amount, the average lies between the best and the worst
 * price, a buy then an immediate sale never makes money, a larger amount never gets a better average.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OrderBook } from '../../api/types.js';
import { previewFromBook } from '../book.js';
import { kalshiBook, kalshiTakerFee, readKalshiBids, type KalshiBids } from './orderbook.js';

const FILE = 'test/fixtures/real/kalshi/trader/sportsbet-pro-2026-07/books/book-KXMLBGAME-26JUL231840KCDET-KC.json';
const raw = JSON.parse(readFileSync(FILE, 'utf8').replace(/^\uFEFF/, '')) as unknown;
const bids = readKalshiBids(raw) as KalshiBids;
const books: OrderBook[] = ['Yes', 'No'].map((o) => kalshiBook(bids, 'KXMLBGAME-26JUL231840KCDET-KC', o, raw));

const book = fc.constantFrom(...books);
// a cent to two million: past the whole book on either side (thin fills included)
const amount = fc.double({ min: 0.01, max: 2_000_000, noNaN: true });
const EPS = 1e-9;

describe('previews through the recorded Kalshi book', () => {
  it('shares grow with the amount (buy: money spent; sell: contracts sold)', () => {
    fc.assert(
      fc.property(book, amount, amount, fc.constantFrom('buy' as const, 'sell' as const), (b, x, y, action) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const a = previewFromBook(b, action, lo, kalshiTakerFee);
        const c = previewFromBook(b, action, hi, kalshiTakerFee);
        expect(c.shares ?? 0).toBeGreaterThanOrEqual((a.shares ?? 0) - EPS);
      }),
    );
  });

  it('the average lies between the best and the worst price touched', () => {
    fc.assert(
      fc.property(book, amount, fc.constantFrom('buy' as const, 'sell' as const), (b, x, action) => {
        const q = previewFromBook(b, action, x, kalshiTakerFee);
        const best = action === 'buy' ? (b.asks[0]?.price ?? 0) : (b.bids[0]?.price ?? 0);
        const worst = q.worstPrice ?? best;
        const [lo, hi] = best <= worst ? [best, worst] : [worst, best];
        expect(q.averagePrice ?? lo).toBeGreaterThanOrEqual(lo - EPS);
        expect(q.averagePrice ?? hi).toBeLessThanOrEqual(hi + EPS);
      }),
    );
  });

  it('a buy then an immediate sale of what it bought never makes money (fees both ways)', () => {
    fc.assert(
      fc.property(book, amount, (b, x) => {
        const buy = previewFromBook(b, 'buy', x, kalshiTakerFee);
        const sell = previewFromBook(b, 'sell', buy.shares ?? 0, kalshiTakerFee);
        expect(sell.total ?? 0).toBeLessThanOrEqual((buy.total ?? 0) + EPS);
      }),
    );
  });

  it('a larger amount never gets a better average (buys pay more, sales get less)', () => {
    fc.assert(
      fc.property(book, amount, amount, (b, x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const buyLo = previewFromBook(b, 'buy', lo, kalshiTakerFee).averagePrice ?? 0;
        const buyHi = previewFromBook(b, 'buy', hi, kalshiTakerFee).averagePrice ?? 0;
        expect(buyHi).toBeGreaterThanOrEqual(buyLo - EPS);
        const sellLo = previewFromBook(b, 'sell', lo, kalshiTakerFee).averagePrice ?? 1;
        const sellHi = previewFromBook(b, 'sell', hi, kalshiTakerFee).averagePrice ?? 1;
        expect(sellHi).toBeLessThanOrEqual(sellLo + EPS);
      }),
    );
  });

  it('the fee is never negative and never more than the schedule on 50¢ contracts plus a cent', () => {
    fc.assert(
      fc.property(book, amount, fc.constantFrom('buy' as const, 'sell' as const), (b, x, action) => {
        const q = previewFromBook(b, action, x, kalshiTakerFee);
        expect(q.fee ?? 0).toBeGreaterThanOrEqual(0);
        // P × (1 − P) ≤ 0.25: at most 0.07 × 0.25 = 0.0175 a contract, rounded up once
        expect(q.fee ?? 0).toBeLessThanOrEqual(0.0175 * (q.shares ?? 0) + 0.01 + EPS);
      }),
    );
  });
});
