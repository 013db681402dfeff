/**
 * The desk's tick picks the confirmed pair refreshed longest ago among those on the board (pairRefresh.ts
 * `stalestPair`), in one pass over the pairs.
 */
import { describe, expect, it } from 'vitest';
import type { MarketRef } from '../../venue/ref.js';
import { stalestPair } from './pairRefresh.js';

const ref = (venue: MarketRef['venue'], id: string): MarketRef => ({ venue, id });
const pair = (a: MarketRef, b: MarketRef) => ({ a, b });
const P1 = pair(ref('kalshi', 'K1'), ref('polymarket', '1'));
const P2 = pair(ref('kalshi', 'K2'), ref('polymarket', '2'));
const P3 = pair(ref('kalshi', 'K3'), ref('manifold', 'm3'));
const BOARD = new Set(['kalshi', 'polymarket', 'manifold']);

describe('stalestPair', () => {
  it('picks the pair refreshed longest ago, a never-refreshed one first, and counts the pairs on the board', () => {
    const at = new Map([
      ['kalshi:K1 ~ polymarket:1', 5_000],
      ['kalshi:K2 ~ polymarket:2', 1_000],
      ['kalshi:K3 ~ manifold:m3', 3_000],
    ]);
    const lastAt = (k: string) => at.get(k) ?? -Infinity;
    expect(stalestPair([P1, P2, P3], BOARD, lastAt)).toEqual({
      a: 'kalshi:K2',
      b: 'polymarket:2',
      at: 1_000,
      count: 3,
    });
    at.delete('kalshi:K3 ~ manifold:m3');
    expect(stalestPair([P1, P2, P3], BOARD, lastAt)).toMatchObject({ a: 'kalshi:K3', at: -Infinity });
  });

  it('on a tie keeps the first in the decisions’ order; a pair with a venue off the board does not count', () => {
    const never = () => -Infinity;
    expect(stalestPair([P2, P1, P3], BOARD, never)).toMatchObject({ a: 'kalshi:K2', count: 3 });
    const noManifold = new Set(['kalshi', 'polymarket']);
    expect(stalestPair([P3, P1], noManifold, never)).toMatchObject({ a: 'kalshi:K1', count: 1 });
    expect(stalestPair([P3], noManifold, never)).toBeUndefined();
  });

  it('asks each pair’s refresh time once per pick, by the key the refresh keeps', () => {
    const asked: string[] = [];
    stalestPair([P1, P2], BOARD, (k) => (asked.push(k), 0));
    stalestPair([P1, P2], BOARD, (k) => (asked.push(k), 0));
    expect(asked).toEqual([
      'kalshi:K1 ~ polymarket:1',
      'kalshi:K2 ~ polymarket:2',
      'kalshi:K1 ~ polymarket:1',
      'kalshi:K2 ~ polymarket:2',
    ]);
  });
});
