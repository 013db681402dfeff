/**
 * The gap between a pair's prices and what is left after fees, on recorded markets and a recorded book: Kalshi's
 * KXMLBGAME-26JUL231840KCDET (kalshi/trader/sportsbet-pro-2026-07, market and book), the Fed September 2026 pair
 * (pairs/, polymarket/gamma-event-481717), Manifold's APZqzSQlPQ (pairs/korpiaveli-…).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairMarkets, realRoot } from '../../test/support/pairsFixtures.js';
import type { Market, OrderBook } from '../api/types.js';
import { kalshiBook, readKalshiBids } from '../sources/kalshi/orderbook.js';
import { compare } from './compare.js';
import { pairGap, type Leg } from './gap.js';
import { signature } from './signature.js';
import type { Comparison } from './types.js';

const markets = pairMarkets();
const m = (k: string): Market => markets.get(k)!;
const leg = (k: string, book?: OrderBook): Leg => ({ market: m(k), sig: signature(m(k)), ...(book ? { book } : {}) });
const kcBody: unknown = JSON.parse(
  readFileSync(
    join(realRoot(), 'kalshi/trader/sportsbet-pro-2026-07/books/book-KXMLBGAME-26JUL231840KCDET-KC.json'),
    'utf8',
  ).replace(/^\uFEFF/, ''),
);
const kcBook = kalshiBook(readKalshiBids(kcBody)!, 'KXMLBGAME-26JUL231840KCDET-KC', 'Yes', kcBody);
const KC = 'kalshi:KXMLBGAME-26JUL231840KCDET-KC';
const DET = 'kalshi:KXMLBGAME-26JUL231840KCDET-DET';

describe('pairGap', () => {
  it('a complement is compared flipped and labelled: KC YES 0.41 against DET NO (1 − 0.58 = 0.42), 1¢ apart', () => {
    const rel = compare(leg(KC).sig, leg(DET).sig);
    const g = pairGap(leg(KC, kcBook), leg(DET), rel, 100);
    expect(g.a).toMatchObject({ price: 0.41, side: 'YES', currency: 'USD' });
    expect(g.b.side).toBe('NO (flipped)');
    expect(g.b.price).toBeCloseTo(0.42, 10);
    expect(g.cents).toBe(1);
    expect(g.cheaper).toBe('a');
    expect(g.noEdge).toEqual(['no order book from Kalshi']);
    expect(g.afterFees).toBeUndefined();
  });

  it('the Fed pair (same): 71¢ on Kalshi vs 68.5¢ on Polymarket, 2.5¢ apart, nothing after fees without books', () => {
    const a = leg('kalshi:KXFEDDECISION-26SEP-H0');
    const b = leg('polymarket:2252244');
    const g = pairGap(a, b, compare(a.sig, b.sig), 100);
    expect([g.cents, g.cheaper, g.a.currency, g.b.currency]).toEqual([2.5, 'b', 'USD', 'USDC']);
    expect(g.noEdge).toEqual(['no order book from Kalshi', 'no order book from Polymarket']);
  });

  it('related pairs, unknown fees, missing rules and mana: no edge, each reason said', () => {
    const nom = leg('kalshi:KXPRESNOMR-28-JDV');
    const win = leg('manifold:wpdomi6nif');
    const g = pairGap(nom, win, compare(nom.sig, win.sig), 10);
    expect(g.noEdge).toEqual([
      'not the same contract (related): nominee vs winner',
      'no order book from Kalshi',
      "Manifold's rules text is not in this record",
      'no order book from Manifold',
      'mana and money are not summed',
      'a price is missing',
    ]);
    const pm = leg('polymarket:551137'); // assembled from a published table: no feeSchedule in the record
    const nj = leg('kalshi:GOVPARTYNJ-25-D');
    expect(pairGap(nj, pm, compare(nj.sig, pm.sig), 10).noEdge).toContain(
      "Polymarket's fee is unknown: this market's fee schedule was not in its record",
    );
  });

  it('one book against itself never shows a gap after fees: 100 contracts cost 42.24 + 65.6729 for 100', () => {
    const same: Comparison = { relation: 'same', confidence: 1, reasons: [] };
    const g = pairGap(leg(KC, kcBook), leg(KC, kcBook), same, 100);
    // buy 45 @ 0.40 + 55 @ 0.41 = 40.55, Kalshi fee ceil(0.07 × 24.1045) = 1.69
    // sell 45 @ 0.38 + 4.57 @ 0.37 + 50.43 @ 0.34 = 35.9371, fee ceil(0.07 × 22.983759) = 1.61 → NO costs 65.6729
    expect(g.afterFees).toEqual({
      contracts: 100,
      costA: 42.24,
      costB: 65.6729,
      feeA: 1.69,
      feeB: 1.61,
      // each leg's cost per contract as a share of its own 1-unit payout: 100 − 42.24 − 65.67 = −7.9 points
      pointsA: 0.4224,
      pointsB: 0.656729,
      cents: -7.9,
    });
    expect(g.fillable).toBe(0);
    expect(g.notes).toContain("Kalshi's fee without per-series multipliers or maker fees");
  });

  it('a size the books cannot fill is priced on what they fill, and said', () => {
    const same: Comparison = { relation: 'same', confidence: 1, reasons: [] };
    const thin: OrderBook = { ...kcBook, asks: kcBook.asks.slice(0, 1), bids: kcBook.bids.slice(0, 1) };
    const g = pairGap(leg(KC, thin), leg(KC, thin), same, 100);
    expect(g.afterFees?.contracts).toBe(45);
    expect(g.notes).toContain('the books fill 45 of 100 contracts');
  });
});
