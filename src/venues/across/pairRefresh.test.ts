/**
 * The desk's tick picks the confirmed pair refreshed longest ago among those on the board (pairRefresh.ts
 * `stalestPair`), in one pass over the pairs.
 */
import { describe, expect, it } from 'vitest';
import type { MarketRef } from '../../venue/ref.js';
import { createOddsStore } from '../../store/store.js';
import type { ExtraRequest } from '../../sync/extraJobs.js';
import { recordingSync } from '../../../test/support/venues.js';
import { PairRefresh, stalestPair } from './pairRefresh.js';

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

describe('PairRefresh: one pair under way', () => {
  /** Kalshi and Polymarket stacks whose extra requests are only recorded (never answered unless the test does). */
  function refresh() {
    const extras: ExtraRequest[] = [];
    const stacks = (['kalshi', 'polymarket'] as const).map((id) => {
      const store = createOddsStore({ mode: id as 'kalshi', limit: 60, prefixed: true });
      return { id, store, sync: recordingSync(store, [], extras) };
    });
    const r = new PairRefresh(
      (id) => stacks.find((s) => id.startsWith(`${s.id}:`)),
      () => {},
    );
    return { r, extras };
  }

  it('a pair asked with a leg of the one under way lets that one go, unrecorded, not awaited 5 min', () => {
    const { r, extras } = refresh();
    r.pair('kalshi:K1', 'polymarket:P1', 'background', 0);
    expect(r.busy(1_000)).toBe(true);
    // `y` on another pair of K1: its request for K1 replaces the waiting one (same key), whose answer never comes
    r.pair('kalshi:K1', 'polymarket:P2', 'interactive', 2_000);
    expect(r.busy(3_000)).toBe(false);
    for (const x of extras.splice(0)) x.answered({ id: 'x', outcomes: [] }, 4_000);
    expect(r.refreshedAt('kalshi:K1 ~ polymarket:P1')).toBe(-Infinity);
  });
});
