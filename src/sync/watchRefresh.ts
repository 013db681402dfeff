/**
 * Which watched markets (and markets with an alert set) the background
 * refreshes one by one: those the list does not bring (not listed, not the selection, which has its own share),
 * until they resolve. A resolved one is fetched once after a restart (its data
 * is not cached yet), then left alone; one that answered 404 is asked for again
 * after GONE_RETRY_MS (background.ts keeps when). The share of the budget they get is in plan.ts
 * (chooseBackground) and docs/watcher.md.
 */
import type { AppState } from '../store/types.js';
import type { Staleness } from './plan.js';
import { paperFollowed } from '../positions/paper.js';
import { paperHere, paperMarketId } from '../store/paperSlice.js';

export const GONE_RETRY_MS = 30 * 60_000;

/**
 * A watched market never fetched (after a restart) is as overdue as one this many periods late, so the list keeps its
 * turns.
 */
export const WATCH_SCORE_CAP = 2;

/**
 * The watched markets outside the list as one background kind: with N of them taking the share W of the background
 * slots, the stalest goes in each of its slots, so the kind is due every N · intervalMs / W.
 */
export function watchStaleness(
  w: { count: number; at: number },
  intervalMs: number,
  share: number,
  now: number,
): Staleness {
  const periodMs = (w.count * intervalMs) / share;
  return { kind: 'watch', at: Math.max(w.at, now - WATCH_SCORE_CAP * periodMs), periodMs };
}

/** The markets the watch slots refresh now: watched ones in watchlist order, then those only an alert names. */
export function followedIds(
  st: Pick<AppState, 'watch' | 'alerts' | 'list' | 'selectedId' | 'markets'> &
    Partial<Pick<AppState, 'paper' | 'rate' | 'prefixed'>>,
  gone: (id: string) => boolean,
): string[] {
  const paper = paperIds(st);
  if (st.watch.ids.length === 0 && st.alerts.rules.length === 0 && paper.length === 0) return [];
  const listed = new Set(st.list.ids);
  const ids = new Set(st.watch.ids);
  // an ended P&L alert (its position sold or settled) follows nothing
  for (const r of st.alerts.rules) if (st.alerts.state[r.id]?.ended === undefined) ids.add(r.marketId);
  // paper positions of this venue holding shares, not settled yet: marked to market, and settled when they resolve (one
  // sold out is not: its realized P&L is fixed and its row says `sold` whatever the market does — docs/positions.md)
  for (const id of paper) ids.add(id);
  return [...ids].filter((id) => {
    if (listed.has(id) || id === st.selectedId || gone(id)) return false;
    const entry = st.markets[id];
    const status = entry?.knownStatus ?? st.watch.byId[id]?.status;
    return !(status === 'resolved' && entry !== undefined);
  });
}

function paperIds(st: Partial<Pick<AppState, 'paper' | 'rate' | 'prefixed'>>): string[] {
  if (!st.paper || !st.rate || st.paper.positions.length === 0) return [];
  const { paper, rate } = st;
  // this venue's (a venue of several holds only its own: src/venues/paper.ts)
  return paperHere({ paper, rate, ...(st.prefixed ? { prefixed: true } : {}) })
    .filter(paperFollowed)
    .map((p) => paperMarketId(p.ref, { rate, ...(st.prefixed ? { prefixed: true } : {}) }));
}

/** The most stale of `ids` by `ref` (when each was last fetched or asked for; −∞ when never), with its time. */
export function stalest(ids: readonly string[], ref: (id: string) => number): { id: string; at: number } | undefined {
  let best: { id: string; at: number } | undefined;
  for (const id of ids) {
    const at = ref(id);
    if (!best || at < best.at) best = { id, at };
  }
  return best;
}
