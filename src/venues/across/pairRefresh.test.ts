/**
 * The desk's rounds (pairRefresh.ts): `stalestPairs` picks the confirmed pairs due, the stalest first, as many as each
 * venue's batch holds, in one pass over the pairs; a round asks their legs' details in one request a venue and the
 * books only of legs that moved, have none or are looked at; a request dropped unsent lets its pairs go at once.
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../../api/types.js';
import type { MarketRef } from '../../venue/ref.js';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import { manifoldCaps } from '../../sources/manifold/caps.js';
import type { SourceCaps } from '../../sources/types.js';
import { createOddsStore } from '../../store/store.js';
import type { ExtraRequest } from '../../sync/extraJobs.js';
import { recordingSync } from '../../../test/support/venues.js';
import { PairRefresh, ROUND_BOOKS } from './pairRefresh.js';
import { roundRoom, stalestPairs } from './pairRound.js';

const ref = (venue: MarketRef['venue'], id: string): MarketRef => ({ venue, id });
const pair = (a: MarketRef, b: MarketRef) => ({ a, b });
const P1 = pair(ref('kalshi', 'K1'), ref('polymarket', '1'));
const P2 = pair(ref('kalshi', 'K2'), ref('polymarket', '2'));
const P3 = pair(ref('kalshi', 'K3'), ref('manifold', 'm3'));
const BOARD = new Set(['kalshi', 'polymarket', 'manifold']);
const ROOMY = () => 100;

describe('stalestPairs', () => {
  it('the pairs due, the stalest first, a never-refreshed one before any; one refreshed since dueBy is not due', () => {
    const at = new Map([
      ['kalshi:K1 ~ polymarket:1', 5_000],
      ['kalshi:K2 ~ polymarket:2', 1_000],
      ['kalshi:K3 ~ manifold:m3', 3_000],
    ]);
    const lastAt = (k: string) => at.get(k) ?? -Infinity;
    expect(stalestPairs([P1, P2, P3], BOARD, lastAt, 4_000, ROOMY)).toEqual([
      { a: 'kalshi:K2', b: 'polymarket:2' },
      { a: 'kalshi:K3', b: 'manifold:m3' },
    ]);
    at.delete('kalshi:K1 ~ polymarket:1');
    expect(stalestPairs([P1, P2, P3], BOARD, lastAt, 0, ROOMY)).toEqual([{ a: 'kalshi:K1', b: 'polymarket:1' }]);
  });

  it('on a tie keeps the decisions’ order; a pair with a venue off the board is left out', () => {
    const never = () => -Infinity;
    expect(stalestPairs([P2, P1, P3], BOARD, never, 0, ROOMY).map((p) => p.a)).toEqual([
      'kalshi:K2',
      'kalshi:K1',
      'kalshi:K3',
    ]);
    const noManifold = new Set(['kalshi', 'polymarket']);
    expect(stalestPairs([P3, P1], noManifold, never, 0, ROOMY).map((p) => p.a)).toEqual(['kalshi:K1']);
    expect(stalestPairs([P3], noManifold, never, 0, ROOMY)).toEqual([]);
  });

  it('as many as each venue’s batch holds, a leg of two pairs counted once; the rest wait for the next round', () => {
    const K1P2 = pair(ref('kalshi', 'K1'), ref('polymarket', '2'));
    const room = (v: string) => (v === 'kalshi' ? 2 : 100);
    // K1, K2 fill Kalshi's room of 2; K1 ~ 2 still fits (K1 is in already), K3 does not
    expect(stalestPairs([P1, P2, K1P2, P3], BOARD, () => -Infinity, 0, room)).toEqual([
      { a: 'kalshi:K1', b: 'polymarket:1' },
      { a: 'kalshi:K2', b: 'polymarket:2' },
      { a: 'kalshi:K1', b: 'polymarket:2' },
    ]);
  });

  it('asks each pair’s refresh time once per pick, by the key the refresh keeps', () => {
    const asked: string[] = [];
    stalestPairs([P1, P2], BOARD, (k) => (asked.push(k), 0), 0, ROOMY);
    expect(asked).toEqual(['kalshi:K1 ~ polymarket:1', 'kalshi:K2 ~ polymarket:2']);
  });
});

/** Kalshi and Polymarket stacks whose extra requests are only recorded (never answered unless the test does). */
function refresh(second: SourceCaps = POLYMARKET_CAPS) {
  const extras: ExtraRequest[] = [];
  const stacks = (['kalshi', 'polymarket'] as const).map((id) => {
    const caps = id === 'kalshi' ? KALSHI_CAPS : second;
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, prefixed: true });
    return { id, store, sync: recordingSync(store, [], extras) };
  });
  const books = new Set<string>();
  const r = new PairRefresh(
    (id) => stacks.find((s) => id.startsWith(`${s.id}:`)),
    (id) => books.add(id),
    (id) => books.has(id),
  );
  const mk = (id: string, price = 0.5): Market =>
    ({
      id,
      title: id,
      status: 'active',
      outcomes: [{ name: 'Yes', price }],
      raw: {},
    }) as unknown as Market;
  /** Answers the requests waiting (those `only` takes), and any they bring: a detail batch with `detail(id)` for each
   * id it asked (undefined: left out), a book. */
  const answer = (at: number, detail = (id: string): Market | undefined => mk(id), only = (_k: string) => true) => {
    const keys: string[] = [];
    for (let i = 0; i < extras.length;) {
      const x = extras[i]!;
      if (!only(x.key)) {
        i++;
        continue;
      }
      extras.splice(i, 1);
      keys.push(x.key);
      const ids = x.key.replace(/^pairs:(detail|book):/, '').split(',');
      if (x.key.startsWith('pairs:book:')) x.answered({ marketId: ids[0], outcome: 'Yes', bids: [], asks: [] }, at);
      else
        x.answered(
          ids.flatMap((id) => detail(id) ?? []),
          at,
        );
    }
    return keys;
  };
  return { r, extras, stacks, answer, mk };
}
const PAIRS = [1, 2, 3].map((n) => ({ a: `kalshi:K${n}`, b: `polymarket:P${n}` }));

describe('PairRefresh: a round', () => {
  it('asks the round’s legs in one request a venue; a pair is recorded once both venues’ answers arrived', () => {
    const { r, extras, answer } = refresh();
    r.round(PAIRS, 'background', 0);
    expect(extras.map((x) => x.key)).toEqual([
      'pairs:detail:kalshi:K1,kalshi:K2,kalshi:K3',
      'pairs:detail:polymarket:P1,polymarket:P2,polymarket:P3',
    ]);
    const poly = extras.pop()!;
    answer(1_000);
    // Kalshi answered, its books too: Polymarket's legs still awaited
    expect(r.refreshedAt('kalshi:K1 ~ polymarket:P1')).toBe(-Infinity);
    expect(r.busy(2_000)).toBe(true);
    extras.push(poly);
    answer(3_000);
    expect(PAIRS.map((p) => r.refreshedAt(`${p.a} ~ ${p.b}`))).toEqual([3_000, 3_000, 3_000]);
    expect(r.busy(4_000)).toBe(false);
  });

  // On the replays (5 pairs, one selected): a round's pairs were due again by when their answers arrived, which the
  // books each asked spread over ~20 s: the next rounds asked 2 legs, then 1, then 1 (tickers=2, then /markets/{id}).
  it('a round’s pairs come due together, however late each one’s answers arrived', () => {
    const { r, answer } = refresh();
    r.round(PAIRS, 'background', 0);
    answer(1_000, undefined, (k) => k !== 'pairs:book:kalshi:K1');
    answer(20_000);
    expect(PAIRS.map((p) => r.refreshedAt(`${p.a} ~ ${p.b}`))).toEqual([20_000, 1_000, 1_000]);
    expect(PAIRS.map((p) => r.lastAt(`${p.a} ~ ${p.b}`))).toEqual([0, 0, 0]);
  });

  it('a leg the venue’s batch left out leaves its pair unrefreshed, the others refreshed', () => {
    const { r, answer, mk } = refresh();
    r.round(PAIRS, 'background', 0);
    answer(1_000, (id) => (id === 'kalshi:K2' ? undefined : mk(id)));
    expect(PAIRS.map((p) => r.refreshedAt(`${p.a} ~ ${p.b}`))).toEqual([1_000, -Infinity, 1_000]);
  });

  it('books: first for each leg (at most ROUND_BOOKS a venue), then only of a leg that moved or is looked at', () => {
    const many = [...Array(ROUND_BOOKS + 2).keys()].map((n) => ({ a: `kalshi:K${n}`, b: `polymarket:P${n}` }));
    const { r, answer, mk, stacks } = refresh();
    const books = (keys: string[]) => keys.filter((k) => k.startsWith('pairs:book:kalshi:'));
    r.round(many, 'background', 0);
    expect(books(answer(1_000))).toHaveLength(ROUND_BOOKS);
    // the next round: the two legs with no book yet; nothing else moved
    r.round(many, 'background', 60_000);
    expect(books(answer(61_000))).toEqual(['pairs:book:kalshi:K4', 'pairs:book:kalshi:K5']);
    r.round(many, 'background', 120_000);
    expect(books(answer(121_000))).toEqual([]);
    // K1's price moved; K3's pair is the one the person looks at (its Polymarket leg selected)
    stacks[1]!.store.getState().select('polymarket:P3');
    r.round(many, 'background', 180_000);
    const keys = answer(181_000, (id) => mk(id, id === 'kalshi:K1' ? 0.6 : 0.5));
    expect(books(keys).sort()).toEqual(['pairs:book:kalshi:K1', 'pairs:book:kalshi:K3']);
    expect(keys.filter((k) => k.startsWith('pairs:book:polymarket:'))).toEqual(['pairs:book:polymarket:P3']);
    expect(many.every((p) => r.refreshedAt(`${p.a} ~ ${p.b}`) === 181_000)).toBe(true);
  });

  it('`y` (interactive): both legs’ details and books, whatever moved', () => {
    const { r, extras, answer } = refresh();
    r.round([PAIRS[0]!], 'background', 0);
    answer(1_000);
    r.pair('kalshi:K1', 'polymarket:P1', 'interactive', 2_000);
    expect(extras.map((x) => x.key)).toEqual(['pairs:detail:kalshi:K1', 'pairs:detail:polymarket:P1']);
    expect(answer(3_000)).toContain('pairs:book:kalshi:K1');
  });
});

describe('a venue whose batch reads each market it has not read (Manifold)', () => {
  // Manifold's getMarkets prices by /market-probs only the copies it read whole, each by a request of its own: a
  // round of 100 Manifold legs not read yet sent 100 requests in one slot of its budget
  it('has one leg a round, as before the rounds; and no book asked where the venue has none', () => {
    expect([roundRoom(KALSHI_CAPS), roundRoom(POLYMARKET_CAPS), roundRoom(manifoldCaps)]).toEqual([100, 100, 1]);
    const { r, extras, answer } = refresh(manifoldCaps);
    r.round(PAIRS, 'background', 0);
    expect(extras.map((x) => x.key)).toEqual([
      'pairs:detail:kalshi:K1,kalshi:K2,kalshi:K3',
      'pairs:detail:polymarket:P1',
      'pairs:detail:polymarket:P2',
      'pairs:detail:polymarket:P3',
    ]);
    expect(answer(1_000).filter((k) => k.startsWith('pairs:book:polymarket:'))).toEqual([]);
  });
});

describe('PairRefresh: a request dropped unsent', () => {
  it('its pairs are let go at once, unrecorded, not held PAIR_ABANDON_MS', () => {
    const { r, extras, answer } = refresh();
    r.round(PAIRS, 'background', 0);
    expect(r.busy(1_000)).toBe(true);
    // Kalshi's batch replaced or past MAX_WAITING (extraJobs.ts): its answer will never come
    const kalshi = extras.shift()!;
    kalshi.dropped?.(1_500);
    expect(r.busy(2_000)).toBe(false);
    answer(3_000);
    expect(PAIRS.map((p) => r.refreshedAt(`${p.a} ~ ${p.b}`))).toEqual([-Infinity, -Infinity, -Infinity]);
  });

  it('a dropped book lets its pair go; a newer refresh of the pair is not let go by the old request', () => {
    const { r, extras, answer, mk } = refresh();
    const details = (k: string) => k.startsWith('pairs:detail:');
    const bookOfK1 = () => extras.find((x) => x.key === 'pairs:book:kalshi:K1')!;
    r.pair('kalshi:K1', 'polymarket:P1', 'background', 0);
    answer(1_000, undefined, details);
    expect(r.busy(1_500)).toBe(true);
    bookOfK1().dropped?.(2_000);
    expect(r.busy(2_000)).toBe(false);
    answer(3_000);
    expect(r.refreshedAt('kalshi:K1 ~ polymarket:P1')).toBe(-Infinity);
    // again, its price moved (its books asked); `y` on it while they wait: the old book dropped lets the new one be
    r.pair('kalshi:K1', 'polymarket:P1', 'background', 4_000);
    answer(4_500, (id) => mk(id, 0.7), details);
    const old = bookOfK1();
    r.pair('kalshi:K1', 'polymarket:P1', 'interactive', 5_000);
    extras.splice(extras.indexOf(old), 1);
    old.dropped?.(5_000);
    answer(6_000);
    expect(r.refreshedAt('kalshi:K1 ~ polymarket:P1')).toBe(6_000);
  });
});

describe('PairRefresh.keepOnly', () => {
  it('forgets a pair no longer confirmed and the legs only it had; a leg still in a pair stays', () => {
    const { r, answer } = refresh();
    r.round(PAIRS, 'background', 0);
    answer(1_000);
    expect(r.held()).toEqual({ pairs: 3, legs: 6 });
    const still = [
      pair(ref('kalshi', 'K1'), ref('polymarket', 'P1')),
      pair(ref('kalshi', 'K2'), ref('polymarket', 'P9')),
    ];
    r.keepOnly(still, new Set(['kalshi', 'polymarket']));
    expect(r.held()).toEqual({ pairs: 1, legs: 3 });
    expect(r.refreshedAt('kalshi:K1 ~ polymarket:P1')).toBe(1_000);
    expect(r.lastAt('kalshi:K2 ~ polymarket:P2')).toBe(-Infinity);
    // a venue off the board: its pairs are not kept either
    r.keepOnly(still, new Set(['kalshi']));
    expect(r.held()).toEqual({ pairs: 0, legs: 0 });
  });
});
