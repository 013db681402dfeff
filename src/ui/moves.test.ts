import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { createOddsStore } from '../store/store.js';
import { timeAt } from '../store/samples.js';
import { historyMove, moverOf, rankMovers } from './moves.js';

const H = 3_600_000;
function m(id: string, yes: number, extra: Partial<Market> = {}): Market {
  return {
    id,
    title: `T ${id}`,
    status: 'active',
    outcomes: [
      { name: 'Yes', price: yes },
      { name: 'No', price: 1 - yes },
    ],
    raw: {},
    ...extra,
  };
}

/** A store that saw each market at the given (time, price) points. */
function seen(points: Record<string, [number, number][]>, extra: Record<string, Partial<Market>> = {}) {
  const s = createOddsStore({ mode: 'anon', limit: 10 });
  const times = [...new Set(Object.values(points).flatMap((p) => p.map(([t]) => t)))].sort((a, b) => a - b);
  for (const t of times) {
    for (const [id, p] of Object.entries(points)) {
      const hit = p.find(([x]) => x === t);
      if (hit) s.getState().marketLoaded(m(id, hit[1], extra[id]), t);
    }
  }
  return s.getState();
}

describe('moves', () => {
  it(
    'measures from the latest price at or before the window start, found in the coarse trail once the fine samples ' +
      'have moved on',
    () => {
      const now = 30 * H;
      // seen every 30 s for the last two hours (the fine samples keep only the last hour of that), 0.3 a day ago
      const recent: [number, number][] = [];
      for (let t = now - 2 * H; t < now; t += 30_000)
        recent.push([t, (t < now - 30 * 60_000 ? 0.4 : 0.5) + ((t / 30_000) % 2) * 0.001]);
      const st = seen({ a: [[0, 0.2], [5 * H, 0.3], ...recent, [now, 0.55]] });
      expect(timeAt(st.history.a!.samples, 0)).toBeGreaterThan(now - 2 * H);
      const mv = moverOf(st.markets.a!, st.history.a, now)!;
      expect(mv.h1.value).toBeCloseTo(0.15, 2); // from ~0.4, seen an hour ago
      expect(mv.h1.partial).toBe(false);
      expect(mv.h24.value).toBeCloseTo(0.25); // from 0.3, seen 25 h ago (kept in the trail)
      expect(mv.h24).toMatchObject({ partial: false, source: 'history' });
    },
  );

  it('a shorter history gives the move since the oldest price, marked partial; a single price gives none', () => {
    const now = 10 * 60_000;
    const st = seen({
      a: [
        [0, 0.5],
        [now, 0.45],
      ],
      b: [[now, 0.9]],
    });
    const a = moverOf(st.markets.a!, st.history.a, now)!;
    expect(a.h1.value).toBeCloseTo(-0.05);
    expect(a.h1.partial).toBe(true);
    expect(a.h24.partial).toBe(true);
    const b = moverOf(st.markets.b!, st.history.b, now)!;
    expect(b.h1.value).toBeUndefined();
    expect(historyMove(undefined, 'Yes', 0.5, now, H).value).toBeUndefined();
  });

  it('takes the service’s 24 h change when it sends one', () => {
    const now = 10 * 60_000;
    const st = seen({
      a: [
        [0, 0.5],
        [now, 0.52],
      ],
    });
    // the latest answer carried the service's own 24 h change on each outcome
    const entry = st.markets.a!;
    const outcomes = entry.market.outcomes.map((o) => ({ ...o, change24h: o.name === 'Yes' ? -0.07 : 0.07 }));
    const mv = moverOf({ ...entry, market: { ...entry.market, outcomes } }, st.history.a, now)!;
    expect(mv.h24).toEqual({ value: -0.07, partial: false, source: 'service' });
    expect(mv.h1.value).toBeCloseTo(0.02);
  });

  it('ranks by the size of the move over the window, either way, at least the threshold', () => {
    const now = 3 * H;
    const st = seen({
      up: [
        [0, 0.3],
        [now - 30 * 60_000, 0.3],
        [now, 0.36],
      ], // 1 h +6¢, 24 h +6¢
      down: [
        [0, 0.8],
        [now - 2 * H, 0.5],
        [now, 0.47],
      ], // 1 h −3¢, 24 h −33¢
      calm: [
        [0, 0.5],
        [now, 0.51],
      ], // +1¢
    });
    expect(rankMovers(st, now, '24h', 0.02).map((x) => x.id)).toEqual(['down', 'up']);
    expect(rankMovers(st, now, '1h', 0.02).map((x) => x.id)).toEqual(['up', 'down']);
    expect(rankMovers(st, now, '1h', 0.05).map((x) => x.id)).toEqual(['up']);
    expect(rankMovers(st, now, '24h', 0).map((x) => x.id)).toEqual(['down', 'up', 'calm']);
  });
});
