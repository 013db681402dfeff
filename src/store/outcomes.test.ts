import { describe, expect, it } from 'vitest';
import { leadingOutcome, priceChange } from './outcomes.js';
import { market } from '../../test/support/markets.js';

describe('leading outcome and its change', () => {
  it('a resolved market leads with its winner; an open binary one with Yes; else the highest price', () => {
    const outcomes = [
      { name: 'BoomBoys', price: 0 },
      { name: 'Team Spirit', price: 1 },
    ];
    expect(leadingOutcome(market('r', { status: 'resolved', resolvedOutcome: 'Team Spirit', outcomes }))?.name).toBe(
      'Team Spirit',
    );
    expect(
      leadingOutcome(
        market('y', {
          status: 'resolved',
          resolvedOutcome: 'No',
          outcomes: [
            { name: 'Yes', price: 0 },
            { name: 'No', price: 1 },
          ],
        }),
      )?.name,
    ).toBe('No');
    expect(leadingOutcome(market('a'))?.name).toBe('Yes');
    // a winner in words that names no outcome ("at market price …") leaves the usual rule
    expect(
      leadingOutcome(
        market('m', {
          status: 'resolved',
          resolvedOutcome: 'at market price: A 50%',
          outcomes: [
            { name: 'A', price: 0.5 },
            { name: 'B', price: 0.2 },
            { name: 'C', price: 0.3 },
          ],
        }),
      )?.name,
    ).toBe('A');
    expect(leadingOutcome(market('n', { outcomes: [{ name: 'Yes' }, { name: 'No' }] }))).toBeUndefined();
  });

  it('the service’s 24 h change wins over the change since first seen; neither → undefined', () => {
    const yes = { name: 'Yes', price: 0.6, change24h: -0.005 };
    expect(priceChange({ Yes: 0.5 }, yes)).toEqual({ value: -0.005, basis: '24h' });
    expect(priceChange({ Yes: 0.5 }, { name: 'Yes', price: 0.6 })).toEqual({
      value: expect.closeTo(0.1, 9),
      basis: 'seen',
    });
    expect(priceChange({}, { name: 'Yes', price: 0.6 })).toBeUndefined();
    // a change without a price to go with it is not shown
    expect(priceChange({}, { name: 'Yes', change24h: 0.1 })).toBeUndefined();
  });
});
