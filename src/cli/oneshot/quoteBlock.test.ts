import { describe, expect, it } from 'vitest';
import type { Quote } from '../../api/types.js';
import { quoteBlock } from './table.js';

/** `quote`'s block at widths where its lines do not fit (table.test.ts has its figures at 80 columns). */
describe('quote block on a narrow terminal', () => {
  it('on a narrow terminal no figure is cut: a value goes on under its column, the heading under the id', () => {
    const q: Quote = {
      action: 'buy',
      outcome: 'Yes',
      amount: 123456789,
      shares: 123578846.92,
      averagePrice: 0.999,
      priceBefore: 0.063,
      priceAfter: 1,
      priceImpact: 0.937,
      fee: 1234567.89,
      total: 124691356.89,
      raw: {},
    };
    // at 28 columns it read `Quote mkt-0auq2x · buy 123,…` and `price       6.3¢ → 100.0¢…`
    expect(quoteBlock('mkt-0auq2x', q, { width: 28, now: 0, paint: (t) => t }).split('\n')).toEqual([
      'Quote mkt-0auq2x',
      '  buy 123,456,789.00 of',
      '  “Yes”',
      '  shares      123,578,846.92',
      '  avg price   99.9¢',
      '  price       6.3¢ → 100.0¢',
      '              (impact',
      '              +93.7¢)',
      '  fee         1,234,567.89',
      '  total       124,691,356.89',
      '',
    ]);
    // a figure wider than its column is printed whole on a longer line: a long line beats a wrong figure
    expect(quoteBlock('m', q, { width: 20, now: 0, paint: (t) => t })).toContain('\n  total       124,691,356.89\n');
  });
});
