/**
 * The `watch` scenario's measure: how old each watched market's data is,
 * sampled every simulated second, until the market is known to be resolved
 * (its data no longer changes, and the scheduler stops asking for it).
 */
import type { Simulator } from '../src/server/sim/simulator.js';
import type { AppState } from '../src/store/types.js';
import { percentile, type WatchedAge } from './metrics.js';

export interface WatchedPick {
  id: string;
  listed: boolean;
}

/** `listed` markets from the top of the list, and `outside` active ones it does not show, those closing soonest first. */
export function chooseWatched(st: AppState, sim: Simulator, n: { listed: number; outside: number }): WatchedPick[] {
  const inList = new Set(st.list.ids);
  const outside = sim
    .markets()
    .filter((m) => sim.isVisible(m) && m.status === 'active' && !inList.has(m.id))
    .sort((a, b) => a.closesAt - b.closesAt || (a.id < b.id ? -1 : 1))
    .slice(0, n.outside);
  return [
    ...st.list.ids.slice(0, n.listed).map((id) => ({ id, listed: true })),
    ...outside.map((m) => ({ id: m.id, listed: false })),
  ];
}

export class WatchAges {
  private readonly ages = new Map<string, number[]>();

  constructor(
    readonly markets: WatchedPick[],
    private readonly since: number,
  ) {
    for (const m of markets) this.ages.set(m.id, []);
  }

  sample(st: AppState, now: number): void {
    for (const m of this.markets) {
      const e = st.markets[m.id];
      if (e?.knownStatus === 'resolved') continue;
      this.ages.get(m.id)!.push(now - (e?.receivedAt ?? this.since));
    }
  }

  result(st: AppState): WatchedAge[] {
    return this.markets.map((m) => {
      const a = this.ages.get(m.id)!;
      return {
        id: m.id,
        listed: m.listed,
        status: st.markets[m.id]?.knownStatus ?? st.watch.byId[m.id]?.status ?? '—',
        ageMedianMs: percentile(a, 50),
        ageP95Ms: percentile(a, 95),
      };
    });
  }
}
