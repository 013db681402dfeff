import { describe, expect, it } from 'vitest';
import { rateWindowMs, WINDOW_MS } from './source.js';

describe('the rate window (ODDSBOARD_RATE_WINDOW_MS, a setting for the end-to-end tests)', () => {
  it('is 60 s unless the variable is set', () => {
    expect(WINDOW_MS).toBe(60_000);
    expect(rateWindowMs({})).toBe(60_000);
    expect(rateWindowMs({ ODDSBOARD_RATE_WINDOW_MS: '' })).toBe(60_000);
  });

  it('takes whole milliseconds from 1 s to 60 s', () => {
    expect(rateWindowMs({ ODDSBOARD_RATE_WINDOW_MS: '20000' })).toBe(20_000);
    expect(rateWindowMs({ ODDSBOARD_RATE_WINDOW_MS: '1000' })).toBe(1_000);
    for (const bad of ['999', '60001', '2e4', '20 s', '-5000', '1500.5'])
      expect(() => rateWindowMs({ ODDSBOARD_RATE_WINDOW_MS: bad }), bad).toThrow(/ODDSBOARD_RATE_WINDOW_MS/);
  });
});
