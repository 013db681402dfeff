import { describe, expect, it } from 'vitest';
import { RecentCache } from './recentCache.js';

describe('RecentCache', () => {
  it('keeps what each generation used and drops the rest whole, within two generations', () => {
    const c = new RecentCache<number>(3);
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    c.set('d', 4); // the first generation (a, b, c) becomes the previous one
    expect(c.get('a')).toBe(1); // used again: copied into the current one
    c.set('e', 5); // current (d, a, e) full
    c.set('f', 6); // (d, a, e) previous; b and c, unused since, are gone
    expect([c.get('b'), c.get('c')]).toEqual([undefined, undefined]);
    expect([c.get('a'), c.get('d'), c.get('f')]).toEqual([1, 4, 6]);
    expect(c.size).toBeLessThanOrEqual(6);
  });

  it('stays bounded under a stream of new keys, the one read every time never lost', () => {
    const c = new RecentCache<number>(100);
    c.set('every frame', 0);
    for (let i = 0; i < 10_000; i++) {
      expect(c.get('every frame')).toBe(0);
      c.set(`new ${i}`, i);
    }
    expect(c.size).toBeLessThanOrEqual(200);
  });
});
