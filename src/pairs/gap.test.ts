/**
 * The gap between a pair's prices and what is left after fees, on recorded markets and a recorded book: Kalshi's
 * KXMLBGAME-26JUL231840KCDET (kalshi/trader/sportsbet-pro-2026-07, market and book), the Fed September 2026 pair
 * (pairs/, polymarket/gamma-event-481717), Manifold's APZqzSQlPQ (pairs/korpiaveli-…), and the one cross-venue pair
 * whose two books were both recorded: Lions at Bills, Sep 17 2026 (pairs/nfl-det-buf-2026-09/, kv1514/arb-engine).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairMarkets, realRoot } from '../../test/support/pairsFixtures.js';
import type { Market, OrderBook } from '../api/types.js';
import { normalizeEventList, normalizeMarket } from '../api/normalize.js';
import { kalshiBook, readKalshiBids } from '../sources/kalshi/orderbook.js';
import { readClobBook } from '../sources/polymarket/clob.js';
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

  it('a leg no longer traded makes no gap: the Fed pair with the Kalshi leg resolved says so first', () => {
    const a = leg('kalshi:KXFEDDECISION-26SEP-H0');
    const b = leg('polymarket:2252244');
    const resolved: Leg = { ...a, market: { ...a.market, status: 'resolved', resolvedOutcome: 'Yes' } };
    const g = pairGap(resolved, b, compare(a.sig, b.sig), 100);
    expect(g.cents).toBeUndefined();
    expect(g.cheaper).toBeUndefined();
    expect(g.noEdge[0]).toBe("Kalshi's market is resolved: nothing to trade");
    // both prices are still shown, each as it is
    expect([g.a.price, g.b.price]).toEqual([0.71, 0.685]);
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

describe('pairGap on two recorded books: Kalshi KXNFLGAME-26SEP17DETBUF-DET and Polymarket 3398287 "Lions"', () => {
  const nfl = (p: string): unknown =>
    JSON.parse(readFileSync(join(realRoot(), 'pairs/nfl-det-buf-2026-09', p), 'utf8').replace(/^\uFEFF/, ''));
  const NOW = Date.parse('2026-09-16T05:19:37Z');
  const kObj = (
    nfl('kalshi/trade-api-v2-markets-KXNFLGAME-26SEP17DETBUF-DET-and-BUF-active.json') as { markets: unknown[] }
  ).markets[0];
  // as the app reads Gamma's event: the moneyline nested without a description takes the event's (its rules)
  const lions = normalizeEventList(nfl('polymarket/gamma-events-810546-lions-vs-bills-moneyline-spread-total.json'), {
    now: NOW,
  })[0]!.markets[0]!;
  const det = normalizeMarket(kObj, { now: NOW })!;
  const kBody = nfl('kalshi/books/book-KXNFLGAME-26SEP17DETBUF-DET.json');
  const pBody = nfl(
    'polymarket/clob/books/book-35946349809644018221594766900800697897892667107929166603091569173318790894279.json',
  );
  const kBook = kalshiBook(readKalshiBids(kBody)!, det.id, 'Yes', kBody);
  const pBook = readClobBook(pBody, lions.id, 'Lions')!;

  it('unconfirmed, the pair is related (a postponement rule differs): no edge, and why', () => {
    const a: Leg = { market: det, sig: signature(det), book: kBook };
    const b: Leg = { market: lions, sig: signature(lions), book: pBook };
    const rel = compare(a.sig, b.sig);
    expect(rel.relation).toBe('related');
    const g = pairGap(a, b, rel, 100);
    // Kalshi's Detroit 33¢ (its last trade; bid 32, ask 33), Polymarket's Lions 33.5¢ (outcomePrices): 0.5¢ apart
    expect([g.a.price, g.b.price, g.cents, g.cheaper]).toEqual([0.33, 0.335, 0.5, 'a']);
    expect(g.afterFees).toBeUndefined();
    expect(g.noEdge).toEqual([
      'not the same contract (related): a postponed game settles at a fair price: Kalshi only ' +
        '(only if the event does not go as planned: priced once you confirm the pair)',
    ]);
  });

  it('confirmed by the person, it is priced as same with the edge case named; a core difference never is', () => {
    const a: Leg = { market: det, sig: signature(det), book: kBook };
    const b: Leg = { market: lions, sig: signature(lions), book: pBook };
    const rel = compare(a.sig, b.sig);
    const g = pairGap(a, b, rel, 100, true);
    expect(g.noEdge).toEqual([]);
    expect(g.afterFees?.cents).toBe(-2.7); // the figure by hand below
    expect(g.fillable).toBe(0);
    expect(g.notes[0]).toBe(
      'priced as same because you confirmed it, although the rules differ ' +
        '(a postponed game settles at a fair price: Kalshi only)',
    );
    // a related pair with a difference on an ordinary outcome stays unpriced, confirmed or not
    const core: Comparison = { relation: 'related', confidence: 0.8, reasons: ['nominee vs winner'] };
    expect(pairGap(a, b, core, 100, true).noEdge[0]).toBe('not the same contract (related): nominee vs winner');
    // a would-be complement's lead-in is read with the reason it introduces (it was "…: would be complements, but")
    const but: Comparison = {
      relation: 'related',
      confidence: 0.6,
      reasons: ['would be complements, but', 'Polymarket also names spread buffalo', 'no date read from Polymarket'],
    };
    expect(pairGap(a, b, but, 100, true).noEdge[0]).toBe(
      'not the same contract (related): would be complements, but Polymarket also names spread buffalo',
    );
  });

  it('the arithmetic through both recorded books when the relation is given as same: fees and depth by hand', () => {
    const same: Comparison = { relation: 'same', confidence: 1, reasons: [] };
    const g = pairGap(
      { market: det, sig: signature(det), book: kBook },
      { market: lions, sig: signature(lions), book: pBook },
      same,
      100,
    );
    // Kalshi's YES asks are 1 − its NO bids: best 1 − 0.67 = 0.33 × 8,583,872.44. Buy 100 there: 33.00; Kalshi's fee
    // ceil to the cent of 0.07 × 100 × 0.33 × 0.67 = 1.5477 → 1.55; cost 34.55 (0.3455 of a 1-dollar payout).
    // Polymarket's best Lions bid: 0.33 × 11,331.24. Sell 100 there: proceeds 33.00, the market's fee curve (rate
    // 0.05, exponent 1, feeSchedule) 100 × 0.05 × 0.33 × 0.67 = 1.1055; the NO leg costs 100 − 33 + 1.1055 = 68.1055.
    // After fees: 100 × (1 − 0.3455 − 0.681055) = −2.6555 → −2.7¢ a contract.
    expect(g.afterFees).toEqual({
      contracts: 100,
      costA: 34.55,
      costB: 68.1055,
      feeA: 1.55,
      feeB: 1.1055,
      pointsA: 0.3455,
      pointsB: 0.681055,
      cents: -2.7,
    });
    // depth at a positive gap: Kalshi's best ask 0.33 is not below Polymarket's best bid 0.33 → nothing fills
    expect(g.fillable).toBe(0);
    expect(g.notes).toContain(
      "points of each leg's own payout (USD and USDC, not converted): a gap only if both pay alike",
    );
  });
});
