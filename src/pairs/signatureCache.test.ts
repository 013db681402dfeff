/**
 * signature() remembers its last readings by venue and id with the texts they were read from (signature.ts): the
 * board reads every pair's legs again on each answer that moves a price. The reading must be the one made afresh.
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { pairMarkets } from '../../test/support/pairsFixtures.js';
import { readSignature, signature } from './signature.js';

const recorded = [...pairMarkets().values()];
const repriced = (m: Market, p: number): Market => ({
  ...m,
  outcomes: m.outcomes.map((o, i) => ({ ...o, price: i === 0 ? p : 1 - p })),
  raw: { ...(m.raw as object) },
});

describe('signature, remembered', () => {
  it('is the reading made afresh, for every recorded pair market, the first time and again', () => {
    expect(recorded.length).toBeGreaterThan(10);
    for (const m of recorded) {
      expect(signature(m), m.id).toEqual(readSignature(m));
      expect(signature(repriced(m, 0.37)), m.id).toEqual(readSignature(m));
    }
  });

  it('hands back the same reading for a new copy that moved only its price, a new one when its texts changed', () => {
    const m = recorded.find((x) => x.source === 'kalshi')!;
    const first = signature(m);
    expect(signature(repriced(m, 0.12))).toBe(first);
    const reworded: Market = { ...m, raw: { ...(m.raw as object), rules_primary: 'If it snows in Miami, Yes.' } };
    const again = signature(reworded);
    expect(again).not.toBe(first);
    expect(again).toEqual(readSignature(reworded));
    // the same id on another venue is another market
    const elsewhere: Market = { ...m, source: 'manifold', raw: { question: m.title } };
    expect(signature(elsewhere)).toEqual(readSignature(elsewhere));
    expect(signature(elsewhere).ref.venue).toBe('manifold');
  });
});
