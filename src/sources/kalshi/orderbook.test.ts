/**
 * Kalshi's book read as recorded (test/fixtures/real/kalshi/trader/…/books/, SOURCES.md), its bids turned into the
 * other side's asks, the fee schedule, and previews walked through the recorded book with the arithmetic by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { previewFromBook } from '../book.js';
import { ceilCent, kalshiBook, kalshiTakerFee, readKalshiBids, type KalshiBids } from './orderbook.js';

const FILE = 'test/fixtures/real/kalshi/trader/sportsbet-pro-2026-07/books/book-KXMLBGAME-26JUL231840KCDET-KC.json';
const KC = 'KXMLBGAME-26JUL231840KCDET-KC';
const raw = JSON.parse(readFileSync(FILE, 'utf8').replace(/^\uFEFF/, '')) as unknown;
const bids = readKalshiBids(raw) as KalshiBids;
const yesBook = kalshiBook(bids, KC, 'Yes', raw);
const noBook = kalshiBook(bids, KC, 'No', raw);

describe('the recorded book, read as Kalshi sends it', () => {
  it('is the orderbook_fp shape: 28 Yes bids and 40 No bids, ascending (best last), dollar strings', () => {
    expect(bids.shape).toBe('orderbook_fp');
    expect(bids.yes).toHaveLength(28);
    expect(bids.no).toHaveLength(40);
    // as recorded: the first pair is the lowest price, the last the best bid
    expect(bids.yes[0]).toEqual({ price: 0.01, size: 847500 });
    expect(bids.yes[27]).toEqual({ price: 0.38, size: 45 });
    expect(bids.no[39]).toEqual({ price: 0.6, size: 45 });
  });

  it('Yes: bids highest first; asks are the No bids at 1 − price, lowest first (0.60 × 45 → 0.40 × 45)', () => {
    expect(yesBook.bids.slice(0, 3)).toEqual([
      { price: 0.38, size: 45 },
      { price: 0.37, size: 4.57 },
      { price: 0.34, size: 2934 },
    ]);
    // No bids 0.60 × 45, 0.59 × 1500, 0.58 × 1566 → Yes asks 0.40, 0.41, 0.42
    expect(yesBook.asks.slice(0, 3)).toEqual([
      { price: 0.4, size: 45 },
      { price: 0.41, size: 1500 },
      { price: 0.42, size: 1566 },
    ]);
    expect(yesBook).toMatchObject({ marketId: KC, outcome: 'Yes', asksDerived: true });
    // the market answer of the same commit: yes_bid 0.3800 × 45.00, yes_ask 0.4000 × 45.00
    expect(yesBook.bids).toHaveLength(28);
    expect(yesBook.asks).toHaveLength(40);
  });

  it('No: its own bids, and the Yes bids at 1 − price as asks (0.38 → 0.62)', () => {
    expect(noBook.bids[0]).toEqual({ price: 0.6, size: 45 });
    expect(noBook.asks.slice(0, 2)).toEqual([
      { price: 0.62, size: 45 },
      { price: 0.63, size: 4.57 },
    ]);
  });

  it('the older shapes read alike; null or missing sides are empty sides; no book at all is undefined', () => {
    // spec 3.7.0's legacy object (dollar strings, integer counts) and the oldest integer cents
    const legacy = readKalshiBids({ orderbook: { yes_dollars: [['0.1500', 100]], no_dollars: null } });
    expect(legacy).toEqual({ yes: [{ price: 0.15, size: 100 }], no: [], shape: 'orderbook_dollars' });
    const cents = readKalshiBids({ orderbook: { yes: [[7, 10]], no: [[93, 5]] } });
    expect(cents).toEqual({
      yes: [{ price: 0.07, size: 10 }],
      no: [{ price: 0.93, size: 5 }],
      shape: 'orderbook_cents',
    });
    const empty = readKalshiBids({ orderbook_fp: { yes_dollars: null, no_dollars: [] } });
    expect(empty).toEqual({ yes: [], no: [], shape: 'orderbook_fp' });
    expect(kalshiBook(empty as KalshiBids, 'M', 'yes', {})).toMatchObject({ outcome: 'Yes', bids: [], asks: [] });
    expect(readKalshiBids({ error: 'market_paused' })).toBeUndefined();
    expect(() => kalshiBook(bids, KC, 'Maybe', raw)).toThrow(/Yes and No/);
  });
});

describe('the fee schedule: round up(0.07 × C × P × (1 − P)) to the next cent', () => {
  const fee = (price: number, contracts: number) =>
    kalshiTakerFee({ shares: contracts, money: price * contracts, levels: [{ price, size: contracts }] }, 'buy');

  it("matches the schedule's own table (1 and 100 contracts)", () => {
    // 0.07 × 1 × 0.50 × 0.50 = 0.0175 → 0.02;  0.07 × 100 × 0.25 = 1.75 → 1.75
    expect([fee(0.5, 1), fee(0.5, 100)]).toEqual([0.02, 1.75]);
    // 0.07 × 100 × 0.01 × 0.99 = 0.0693 → 0.07;  0.07 × 100 × 0.05 × 0.95 = 0.3325 → 0.34
    expect([fee(0.01, 100), fee(0.05, 100)]).toEqual([0.07, 0.34]);
    // 0.07 × 100 × 0.20 × 0.80 = 1.12 exactly → 1.12 (no extra cent from float dust); 0.85: 0.8925 → 0.90
    expect([fee(0.2, 100), fee(0.85, 100), fee(0.85, 1)]).toEqual([1.12, 0.9, 0.01]);
  });

  it('is rounded once over all the levels of one order', () => {
    // one contract at each of 0.01, 0.02, 0.03: 0.07 × (0.0099 + 0.0196 + 0.0291) = 0.07 × 0.0586 = 0.004102 → 0.01
    // (rounded per level it would be 0.01 + 0.01 + 0.01 = 0.03)
    const levels = [
      { price: 0.01, size: 1 },
      { price: 0.02, size: 1 },
      { price: 0.03, size: 1 },
    ];
    expect(kalshiTakerFee({ shares: 3, money: 0.06, levels }, 'buy')).toBe(0.01);
    expect(ceilCent(0.0100000001)).toBe(0.01);
    expect(ceilCent(0.0101)).toBe(0.02);
  });
});

describe('previews through the recorded book (USD), by hand', () => {
  it('buy $10 of Yes: 10 / 0.40 = 25 contracts at the best ask; fee 0.07 × 25 × 0.40 × 0.60 = 0.42', () => {
    const q = previewFromBook(yesBook, 'buy', 10, kalshiTakerFee);
    expect(q.shares).toBeCloseTo(25, 9);
    expect(q.averagePrice).toBeCloseTo(0.4, 9);
    expect(q.worstPrice).toBe(0.4);
    // midpoint of the best bid 0.38 and the best ask 0.40
    expect(q.priceBefore).toBeCloseTo(0.39, 9);
    expect(q.priceImpact).toBeCloseTo(0.01, 9);
    expect(q.fee).toBe(0.42);
    expect(q.total).toBeCloseTo(10.42, 9);
    expect(q.filled).toBeUndefined();
    expect(q.basis).toBe('book');
  });

  it('buy $50 of Yes: 45 at 0.40 (18.00), then 32.00 / 0.41 = 78.0488 at 0.41; fee 2.08', () => {
    const q = previewFromBook(yesBook, 'buy', 50, kalshiTakerFee);
    expect(q.shares).toBeCloseTo(45 + 32 / 0.41, 9); // 123.0488
    expect(q.averagePrice).toBeCloseTo(50 / (45 + 32 / 0.41), 9); // 0.40634
    expect(q.worstPrice).toBe(0.41);
    expect(q.priceImpact).toBeCloseTo(0.41 - 0.39, 9);
    // 0.07 × (45 × 0.40 × 0.60 + 78.0488 × 0.41 × 0.59) = 0.07 × (10.80 + 18.8795) = 2.0776 → 2.08
    expect(q.fee).toBe(2.08);
    expect(q.total).toBeCloseTo(52.08, 9);
  });

  it('sell 100 Yes: 45 × 0.38 + 4.57 × 0.37 + 50.43 × 0.34 = 17.10 + 1.6909 + 17.1462 = 35.9371; fee 1.61', () => {
    const q = previewFromBook(yesBook, 'sell', 100, kalshiTakerFee);
    expect(q.shares).toBeCloseTo(100, 9);
    expect(q.averagePrice).toBeCloseTo(0.359371, 9);
    expect(q.worstPrice).toBe(0.34);
    expect(q.priceImpact).toBeCloseTo(0.34 - 0.39, 9);
    // 0.07 × (45 × 0.38 × 0.62 + 4.57 × 0.37 × 0.63 + 50.43 × 0.34 × 0.66) = 0.07 × 22.98376 = 1.60886 → 1.61
    expect(q.fee).toBe(1.61);
    expect(q.total).toBeCloseTo(35.9371 - 1.61, 9);
  });

  it('too thin: buying $2,000,000 of No takes every Yes bid at 1 − price and fills $1,085,059.0991 of it', () => {
    // Yes bid sizes: 847500 + 51435 + 31278 + 23143 + 18614 + 15244 + 27681 + 26673 + 19995 + 11136 + 8308
    //   + 8 × 1990 (0.12 … 0.19) + 1 + 1 + 75 + 1907 + 6296 + 5839 + 2934 + 4.57 + 45 = 1,114,029.57 contracts;
    // Σ price × size over them = 28,970.4709, so No costs Σ (1 − price) × size = 1,114,029.57 − 28,970.4709
    const q = previewFromBook(noBook, 'buy', 2_000_000, kalshiTakerFee);
    expect(q.shares).toBeCloseTo(1_114_029.57, 6);
    expect(q.filled).toBeCloseTo(1_085_059.0991, 6);
    expect(q.worstPrice).toBe(0.99); // the 0.01 Yes bid
  });

  it('too thin to sell: 2,000,000 Yes into 1,114,029.57 contracts of bids fills those, for $28,970.4709', () => {
    const q = previewFromBook(yesBook, 'sell', 2_000_000, kalshiTakerFee);
    expect(q.filled).toBeCloseTo(1_114_029.57, 6);
    expect((q.total ?? 0) + (q.fee ?? 0)).toBeCloseTo(28_970.4709, 6);
  });

  it('an empty book fills nothing and charges nothing; no NaN', () => {
    const empty = kalshiBook({ yes: [], no: [], shape: 'orderbook_fp' }, 'M', 'Yes', {});
    const q = previewFromBook(empty, 'buy', 25, kalshiTakerFee);
    expect(q).toMatchObject({ shares: 0, filled: 0, fee: 0, total: 0 });
    expect(Object.values(q).some((v) => typeof v === 'number' && Number.isNaN(v))).toBe(false);
  });
});
