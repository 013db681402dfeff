import { describe, expect, it } from 'vitest';
import { closeText, gapParts } from './across.js';

describe('Across rows: when the legs close', () => {
  it('each leg by its local date and time, so legs months apart do not read as closing today', () => {
    const july = new Date(2026, 6, 23, 18, 40).getTime();
    const nov = new Date(2026, 10, 27, 9, 5).getTime();
    expect(closeText(july)).toBe('07-23 18:40');
    expect(closeText(nov)).toBe('11-27 09:05');
    const g = gapParts({
      a: { venue: 'kalshi', id: 'K', side: 'YES', price: 0.4, closesAt: july },
      b: { venue: 'polymarket', id: '1', side: 'YES', price: 0.45 },
      size: 100,
      noEdge: ['no order book from Kalshi'],
      notes: [],
    });
    expect(g.closes?.text).toBe(' · closes 07-23 18:40 / —');
  });
});
