/**
 * The watchlist's cap is per venue (WATCH_MAX, src/store/watchlist.ts `watchCap`): a board of three venues watches up
 * to 200 of each, as each venue's store takes them. Its file, read at the next start or merged with another
 * dashboard's write, kept the first 200 of the board's markets and dropped the rest as not understood.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_WATCH, WATCH_MAX } from '../store/watchlist.js';
import type { WatchState } from '../store/watchTypes.js';
import { decodeWatchlist, encodeWatchlist } from './codec.js';
import { mergeWatch } from './merge.js';

function watching(ids: string[]): WatchState {
  return { ids, byId: Object.fromEntries(ids.map((id, i) => [id, { id, addedAt: 1_000 + i }])) };
}
const venue = (v: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => `${v}:M${from + i}`);

describe('the watchlist file of a board of several venues', () => {
  it('reads back 100 watched markets of each of three venues, all 300, in the order added', () => {
    const ids = [...venue('kalshi', 100), ...venue('polymarket', 100), ...venue('manifold', 100)];
    const back = decodeWatchlist(encodeWatchlist(watching(ids)));
    expect(back.dropped).toBe(0);
    expect(back.value.ids).toEqual(ids);
  });

  it('keeps at most WATCH_MAX of one venue, and of one source’s bare ids, the first added', () => {
    const ids = [...venue('kalshi', WATCH_MAX + 3), ...venue('manifold', 5)];
    const back = decodeWatchlist(encodeWatchlist(watching(ids)));
    expect(back.dropped).toBe(3);
    expect(back.value.ids).toEqual([...venue('kalshi', WATCH_MAX), ...venue('manifold', 5)]);
    const bare = Array.from({ length: WATCH_MAX + 1 }, (_, i) => `KX-${i}`);
    expect(decodeWatchlist(encodeWatchlist(watching(bare))).value.ids).toEqual(bare.slice(0, WATCH_MAX));
  });

  it('a merge with another dashboard’s write keeps both boards’ markets past 200 in all', () => {
    const theirs = watching([...venue('kalshi', 150), ...venue('polymarket', 60)]);
    const ours = watching([...venue('kalshi', 150), ...venue('manifold', 90)]);
    const merged = mergeWatch(EMPTY_WATCH, ours, theirs);
    expect(merged.ids).toHaveLength(300);
    expect(new Set(merged.ids)).toEqual(
      new Set([...venue('kalshi', 150), ...venue('polymarket', 60), ...venue('manifold', 90)]),
    );
    const crowded = mergeWatch(EMPTY_WATCH, watching(venue('kalshi', 150)), watching(venue('kalshi', 150, 150)));
    expect(crowded.ids).toHaveLength(WATCH_MAX);
  });
});
