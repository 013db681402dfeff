import { describe, expect, it } from 'vitest';
import { parseRefKey, refKey, sameRef } from './ref.js';

describe('market refs', () => {
  it('round-trips through its key, ids with colons included', () => {
    for (const ref of [
      { venue: 'kalshi', id: 'KXFED-25DEC-T4.25' },
      { venue: 'polymarket', id: '516710' },
      { venue: 'manifold', id: 'a:b:c' },
    ] as const) {
      expect(refKey(ref)).toBe(`${ref.venue}:${ref.id}`);
      expect(parseRefKey(refKey(ref))).toEqual(ref);
    }
  });

  it('refuses keys without a known venue or an id', () => {
    for (const bad of ['', 'kalshi', 'kalshi:', ':x', 'binance:BTC', 'KXFED-25DEC'])
      expect(parseRefKey(bad)).toBeUndefined();
  });

  it('keeps venues apart: the same id on two venues is two markets', () => {
    expect(sameRef({ venue: 'kalshi', id: '1' }, { venue: 'polymarket', id: '1' })).toBe(false);
    expect(sameRef({ venue: 'kalshi', id: '1' }, { venue: 'kalshi', id: '1' })).toBe(true);
  });
});
