import { describe, expect, it } from 'vitest';
import { sparkline } from './sparkline.js';

describe('sparkline', () => {
  it('scales values to bars, newest last, at most width long', () => {
    expect(sparkline([0.1, 0.5, 0.9], 10)).toBe('▁▅█');
    expect(sparkline([0.1, 0.2, 0.3, 0.4], 2)).toBe('▁█');
  });
  it('does not blow up tiny wobbles or unknown points', () => {
    expect(sparkline([0.5, 0.5001], 5)).toMatch(/^[▄▅]{2}$/);
    expect(sparkline([0.2, undefined, 0.8], 5)).toBe('▁ █');
    expect(sparkline([undefined, NaN as unknown as number], 5)).toBe('');
    expect(sparkline([], 5)).toBe('');
    expect(sparkline([0.4], 0)).toBe('');
  });
});
