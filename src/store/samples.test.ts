import { describe, expect, it } from 'vitest';
import {
  appendFrom,
  firstAtOrAfter,
  latestAtOrBefore,
  noSamples,
  packed,
  priceAt,
  sampleAt,
  sampleCount,
  timeAt,
  unpack,
} from './samples.js';

describe('packed samples', () => {
  const three = [
    { t: 1_000, prices: [0.4, 0.6] },
    { t: 2_000, prices: [undefined, 0.7] },
    { t: 3_000, prices: [0.5, undefined] },
  ];

  it('read back what went in, a missing price as undefined (never NaN)', () => {
    const s = packed(2, three);
    expect(s.stride).toBe(3);
    expect(sampleCount(s)).toBe(3);
    expect(unpack(s)).toEqual(three);
    expect(priceAt(s, 1, 0)).toBeUndefined();
    expect(priceAt(s, 2, 1)).toBeUndefined();
    expect(timeAt(s, 2)).toBe(3_000);
    expect(sampleAt(s, 0)).toEqual(three[0]);
    expect(unpack(noSamples(4))).toEqual([]);
  });

  it('append into a new list from an index on, leaving the old one as it was', () => {
    const s = packed(2, three);
    const t = appendFrom(s, 2, { t: 4_000, prices: [0.1] });
    expect(unpack(t)).toEqual([three[2], { t: 4_000, prices: [0.1, undefined] }]);
    expect(unpack(s)).toEqual(three);
    expect(unpack(appendFrom(s, -5, { t: 5_000, prices: [0.2, 0.8, 0.9] }))).toEqual([
      ...three,
      { t: 5_000, prices: [0.2, 0.8] },
    ]);
  });

  it('find the latest sample at or before a time and the first at or after it', () => {
    const s = packed(2, three);
    expect(latestAtOrBefore(s, 2_500)).toBe(1);
    expect(latestAtOrBefore(s, 2_000)).toBe(1);
    expect(latestAtOrBefore(s, 999)).toBe(-1);
    expect(firstAtOrAfter(s, 1_500)).toBe(1);
    expect(firstAtOrAfter(s, 3_001)).toBe(3);
  });

  it('hold only numbers, so the array stays one of unboxed doubles', () => {
    const s = packed(3, three);
    expect(s.data.every((x) => typeof x === 'number')).toBe(true);
    expect(s.data).toHaveLength(12);
  });
});
