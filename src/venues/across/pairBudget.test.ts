/**
 * The confirmed pairs' light refresh in a venue's budget (docs/rate-budget.md § Confirmed pairs): on the sync harness
 * (the real scheduler of each venue, one injected clock), a board of Kalshi (60 a minute) and Polymarket with N pairs
 * confirmed, a market selected on Kalshi, its list shown and five markets watched. The pairs' requests take at most
 * their share of Kalshi's, the list, the selected market and the watched markets keep theirs, and the desk records a
 * pair as refreshed only once its answers arrived. The legs' details go in the venue's batch route (getMarkets).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import { BACKGROUND_EXTRA_SHARE } from '../../sync/extraJobs.js';
import { market, maxInWindow, rig, type Call } from '../../../test/support/syncHarness.js';
import { AcrossDesk, PAIR_REFRESH_MS } from './desk.js';

const MIN = 60_000;
/** Ten simulated minutes of 1,000 pairs take seconds; on a loaded machine (2 cores, `npm test`) more than the 20 s. */
const HEAVY_MS = 60_000;
const pairKeyOf = (n: number) => `kalshi:K${n} ~ polymarket:P${n}`;

/** Kalshi's requests over `minutes` after the first, by kind, and the desk's record of each pair. */
async function board(pairs: number, minutes: number) {
  const kalshi = rig({ platform: true, mode: 'kalshi', limit: 60, caps: KALSHI_CAPS, onBoard: true });
  const poly = rig({
    platform: true,
    mode: 'key',
    limit: 60,
    caps: POLYMARKET_CAPS,
    onBoard: true,
    clock: kalshi.clock,
  });
  const stacks = [
    { id: 'kalshi' as const, store: kalshi.store, sync: kalshi.sync },
    { id: 'polymarket' as const, store: poly.store, sync: poly.sync },
  ];
  const desk = new AcrossDesk(stacks, mkdtempSync(join(tmpdir(), 'oddsboard-pairs-')), kalshi.clock);
  const d = desk.store.getState().decisions;
  for (let n = 0; n < pairs; n++)
    d.confirm({
      a: { venue: 'kalshi', id: `K${n}` },
      b: { venue: 'polymarket', id: `P${n}` },
      relation: 'same',
      at: 0,
      reasons: [],
    });
  const book = (c: Call) => ({ marketId: String(c.args[0]), outcome: 'Yes', bids: [], asks: [], raw: {} });
  for (const r of [kalshi, poly])
    r.client.handler = (c) =>
      c.method === 'getMarkets'
        ? { data: (c.args[0] as string[]).map((id) => market(id)), status: 200 }
        : c.method === 'getBook'
          ? { data: book(c), status: 200 }
          : undefined;
  kalshi.sync.start();
  poly.sync.start();
  await kalshi.run(2_000);
  for (const id of ['w1', 'w2', 'w3', 'w4', 'w5']) kalshi.sync.toggleWatch(id);
  kalshi.sync.select('m1');
  desk.start();
  await kalshi.run(MIN);
  const from = kalshi.clock.now();
  await kalshi.run(minutes * MIN);
  desk.stop();
  await Promise.all([kalshi.sync.stop(), poly.sync.stop()]);
  const calls = kalshi.client.calls.filter((c) => c.at > from);
  const pair = (c: Call) => String(c.args[0]).startsWith('kalshi:');
  const of = (m: string, p = false) => calls.filter((c) => c.method === m && pair(c) === p).length / minutes;
  const recorded = [...Array(pairs).keys()].filter((n) => desk.pairRefreshedAt(pairKeyOf(n)) > -Infinity);
  const end = kalshi.clock.now();
  const ids = (c: Call) => (Array.isArray(c.args[0]) ? c.args[0].length : 1);
  // the Kalshi legs' details asked, over every pair: each pair's mean refresh period is minutes ÷ (legs ÷ pairs)
  const legs = calls.filter((c) => pair(c) && c.method !== 'getBook').reduce((n, c) => n + ids(c), 0);
  const legsAnswered = (n: number) =>
    kalshi.store.getState().markets[`kalshi:K${n}`]?.detailAt !== undefined &&
    poly.store.getState().markets[`polymarket:P${n}`]?.detailAt !== undefined;
  return {
    perMinute: calls.length / minutes,
    list: of('listMarkets'),
    selected: of('getMarket') + of('getBook'),
    watched: of('getMarkets'),
    pairs: of('getMarket', true) + of('getMarkets', true) + of('getBook', true),
    books: of('getBook', true),
    periodMs: legs > 0 ? (minutes * MIN * pairs) / legs : Infinity,
    /** The longest any pair has gone unrefreshed at the end (never: Infinity). */
    oldestMs: Math.max(...[...Array(pairs).keys()].map((n) => end - desk.pairRefreshedAt(pairKeyOf(n)))),
    recorded,
    legsAnswered,
    maxInWindow: maxInWindow(kalshi.client.calls.map((c) => c.at)),
  };
}

describe('confirmed pairs in a venue’s budget', () => {
  it(
    '1,000 pairs take at most their share of Kalshi’s requests; list, selection, watched keep theirs',
    async () => {
      const none = await board(0, 10);
      const many = await board(1_000, 10);
      expect(none.pairs).toBe(0);
      // the pairs' detail and book requests: at most BACKGROUND_EXTRA_SHARE of the venue's, and they do go out
      expect(many.pairs).toBeLessThanOrEqual(many.perMinute * BACKGROUND_EXTRA_SHARE + 1);
      expect(many.pairs).toBeGreaterThanOrEqual(many.perMinute * BACKGROUND_EXTRA_SHARE * 0.8);
      // the venue's own refreshes, in the order they matter: the selected market and the shown list keep 85 % of what
      // they had with no pair, the watched markets (next) at least half, the pairs what is left of their share
      for (const k of ['list', 'selected'] as const) expect(many[k], k).toBeGreaterThanOrEqual(none[k] * 0.85);
      expect(many.watched).toBeGreaterThanOrEqual(none.watched * 0.5);
      expect(many.maxInWindow).toBeLessThanOrEqual(60);
    },
    HEAVY_MS,
  );

  it(
    'a pair counts as refreshed only once both legs answered: the desk’s record is the venues’',
    async () => {
      // 300: every pair recorded in 10 minutes (1,000 take longer; their legs are held: the test below)
      const r = await board(300, 10);
      expect(r.recorded).toHaveLength(300);
      for (const n of r.recorded) expect(r.legsAnswered(n), `pair ${n}`).toBe(true);
    },
    HEAVY_MS,
  );

  // Before, a pair's legs went one request each (a detail, a book): ~5.7 pairs a minute in the same share, 1,000 pairs
  // each every ~3 h, 30 every ~5 min. Now a round is one batch of details a venue (caps.batch: 100 on Kalshi) and the
  // books only of legs that moved, have none yet or are looked at, at most ROUND_BOOKS a venue a round.
  it(
    '1,000 pairs: each refreshed every ~4.3 min (was ~3 h) in the same share, their books still coming',
    async () => {
      const r = await board(1_000, 10);
      expect(r.pairs).toBeLessThanOrEqual(r.perMinute * BACKGROUND_EXTRA_SHARE + 1);
      // every round still asks ROUND_BOOKS books of legs that have none (1,000 of them at ~9 a minute: ~2 h)
      expect(r.books).toBeGreaterThan(r.pairs / 2);
      expect(r.periodMs).toBeLessThan(5 * MIN);
      expect(r.oldestMs).toBeLessThan(5 * MIN);
      // the legs outgrow a venue's market cache (400, src/store/entries.ts): they are held, never pruned (held.ts)
      expect(r.recorded.filter((n) => !r.legsAnswered(n))).toEqual([]);
    },
    HEAVY_MS,
  );

  it('30 pairs: each refreshed every PAIR_REFRESH_MS (was ~5 min), for fewer requests than before', async () => {
    const r = await board(30, 10);
    expect(r.recorded).toHaveLength(30);
    // before: 11.5 requests a minute, the whole share; now one batch a minute and the few books still missing (3.6)
    expect(r.pairs).toBeLessThan((r.perMinute * BACKGROUND_EXTRA_SHARE) / 2);
    expect(r.periodMs).toBeLessThan(PAIR_REFRESH_MS * 1.1);
    expect(r.oldestMs).toBeLessThanOrEqual(PAIR_REFRESH_MS + 1_000);
  });
});
