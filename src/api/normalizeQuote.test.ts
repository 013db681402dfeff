import { describe, expect, it } from 'vitest';
import { normalizeQuote } from './normalizeQuote.js';
import { realMarket } from '../../test/support/realFixtures.js';

describe('quotes with other services’ field names', () => {
  it('avgPrice, newPrice, cost and side (buy/sell) fill the preview; the impact is computed when not sent', () => {
    expect(
      normalizeQuote({
        avgPrice: '0.52',
        price: 0.5,
        newPrice: 0.55,
        oldPrice: 0.5,
        cost: 10.1,
        side: 'BUY',
        size: 19.4,
      }),
    ).toMatchObject({
      averagePrice: 0.52,
      priceBefore: 0.5,
      priceAfter: 0.55,
      priceImpact: 0.05,
      total: 10.1,
      action: 'buy',
      shares: 19.4,
    });
    expect(normalizeQuote({ side: 'yes', amount: 5 })).toMatchObject({ outcome: 'yes', amount: 5 });
  });

  it(
    'a Manifold bet (recorded) reads as a preview: probBefore/probAfter, shares, amount, fees summed, the average ' +
      'derived',
    () => {
      const bets = realMarket('manifold', 'id', 'TEW8dlA3pxk3GalxeQkI', 'legacy-answers').bets as unknown[];
      const q = normalizeQuote(bets[0]);
      expect(q).toMatchObject({
        outcome: '2',
        amount: 33.333333333333336,
        shares: 57.735026918962575,
        priceBefore: 0.3333333333333333,
        priceAfter: 0.3333333333333333,
        priceImpact: 0,
        fee: 0,
      });
      expect(q?.averagePrice).toBeCloseTo(33.333333333333336 / 57.735026918962575, 9);
    },
  );
});
