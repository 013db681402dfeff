/** The three platforms' shapes read into the reference model (docs/normalizer.md#the-field-table). */
import { describe, expect, it } from 'vitest';
import { normalizeMarket } from './normalize.js';
import type { Market } from './types.js';
import { fixture } from '../../test/api/helpers/fixtures.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const opts = { now: NOW };

function market(name: string): Market {
  const m = normalizeMarket(fixture(name), opts);
  if (!m) throw new Error(`${name} did not normalize`);
  return m;
}

describe('Polymarket style', () => {
  it('decodes JSON-encoded outcomes and prices, string numbers and booleans', () => {
    const m = market('polymarket-market.json');
    expect(m).toMatchObject({
      id: '517310',
      title: 'Will Bitcoin reach $150,000 by December 31, 2026?',
      category: 'Crypto',
      status: 'active',
      outcomes: [
        { name: 'Yes', price: 0.215 },
        { name: 'No', price: 0.785 },
      ],
      volume: 4812345.678901,
      liquidity: 152340.12,
      closesAt: Date.parse('2026-12-31T12:00:00Z'),
      eventId: '90112',
    });
    expect(m.updatedAt).toBe(Date.parse('2026-11-22T10:15:00.123Z'));
  });

  it('closed:true wins over active:true; closed prices of exactly 1 and 0 are a resolution with a winner', () => {
    expect(market('polymarket-closed.json')).toMatchObject({
      status: 'resolved',
      resolvedOutcome: 'No',
      volume: 1200.5,
      outcomes: [
        { name: 'Yes', price: 0 },
        { name: 'No', price: 1 },
      ],
    });
    expect(
      normalizeMarket({ id: 'x', closed: true, outcomes: '["Yes","No"]', outcomePrices: '["0.4","0.6"]' }, opts)
        ?.status,
    ).toBe('closed');
    expect(normalizeMarket({ id: 'x', closed: true, umaResolutionStatus: 'resolved' }, opts)?.status).toBe('resolved');
  });
});

describe('Manifold style', () => {
  it('turns a binary probability into Yes/No, closeTime ms into closesAt, and reads totalLiquidity', () => {
    expect(market('manifold-binary.json')).toMatchObject({
      id: 'pQ3xY7zK2m',
      title: 'Will a commercial fusion plant deliver power to the grid before 2030?',
      category: 'energy',
      status: 'active',
      outcomes: [
        { name: 'Yes', price: 0.137 },
        { name: 'No', price: 0.863 },
      ],
      volume: 45210.5,
      liquidity: 1500,
      closesAt: 1893456000000,
      updatedAt: 1763800000000,
    });
  });

  it('a past close time on an unresolved market means closed', () => {
    const raw = { ...(fixture('manifold-binary.json') as object), closeTime: NOW - 1000 };
    expect(normalizeMarket(raw, opts)?.status).toBe('closed');
  });

  it('reads multiple-choice answers by their text; a resolution to an answer id names it and settles at 1 / 0', () => {
    const m = market('manifold-multi.json');
    expect(m.status).toBe('resolved');
    expect(m.resolvedOutcome).toBe('Northside United');
    expect(m.outcomes).toEqual([
      { id: 'a1', name: 'Northside United', price: 1 },
      { id: 'a2', name: 'Harbor City', price: 0 },
      { id: 'a3', name: 'Other', price: 0 },
      { id: 'a4', name: 'a4', price: 0 },
    ]);
  });
});

describe('Kalshi style', () => {
  it('uses the bid/ask mid when there was no trade, cents → 0..1, liquidity cents → units', () => {
    expect(market('kalshi-market.json')).toMatchObject({
      id: 'KXHIGHNY-26NOV23-B52.5',
      title: '52° to 53° · Highest temperature in NYC on Nov 23, 2026?',
      category: 'Climate and Weather',
      status: 'active',
      outcomes: [
        { name: 'Yes', price: 0.33 },
        { name: 'No', price: 0.67 },
      ],
      volume: 15234,
      liquidity: 8452,
      closesAt: Date.parse('2026-11-24T04:59:00Z'),
      eventId: 'KXHIGHNY-26NOV23',
    });
    expect(market('kalshi-market.json').resolvedOutcome).toBeUndefined();
  });

  it('a settled market shows its settlement (1 / 0) and the result in words; the last trade stays beside it', () => {
    expect(market('kalshi-settled.json')).toMatchObject({
      status: 'resolved',
      resolvedOutcome: 'Yes',
      lastTradePrice: 0.99,
      outcomes: [
        { name: 'Yes', price: 1 },
        { name: 'No', price: 0 },
      ],
    });
  });

  it.each([
    ['open', 'active'],
    ['closed', 'closed'],
    ['inactive', 'closed'],
    ['finalized', 'resolved'],
    ['settled', 'resolved'],
    ['determined', 'settling'],
    ['disputed', 'settling'],
    ['initialized', 'unknown'],
    ['unopened', 'unknown'],
    ['Settling', 'unknown'],
  ])('status %s → %s (the word kept as rawStatus)', (status, expected) => {
    const m = normalizeMarket({ ticker: 'T', event_ticker: 'E', status }, opts);
    expect(m?.status).toBe(expected);
    expect(m?.rawStatus).toBe(status);
  });
});

describe('Kalshi units per field (the shape from the issue report)', () => {
  it(
    'last_price 1 is one cent, never a dollar; a finalized market shows its settlement and result, not its empty ' +
      'book',
    () => {
      const m = normalizeMarket(
        {
          ticker: 'T-1',
          event_ticker: 'E',
          title: 'T',
          last_price: 1,
          last_price_dollars: '0.0100',
          yes_bid: 0,
          yes_ask: 100,
          result: 'no',
          status: 'finalized',
        },
        opts,
      );
      expect(m).toMatchObject({
        status: 'resolved',
        resolvedOutcome: 'No',
        lastTradePrice: 0.01,
        outcomes: [
          { name: 'Yes', price: 0 },
          { name: 'No', price: 1 },
        ],
      });
      const open = normalizeMarket(
        { ticker: 'T-2', event_ticker: 'E', last_price: 1, yes_bid: 0, yes_ask: 100, status: 'active' },
        opts,
      );
      expect(open?.outcomes).toEqual([
        { name: 'Yes', price: 0.01 },
        { name: 'No', price: 0.99 },
      ]);
      const empty = normalizeMarket(
        { ticker: 'T-3', event_ticker: 'E', last_price: 0, yes_bid: 0, yes_ask: 100, status: 'active' },
        opts,
      );
      expect(empty?.outcomes).toEqual([{ name: 'Yes' }, { name: 'No' }]);
    },
  );
});
