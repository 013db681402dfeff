/** Two boards of several venues on one state directory: each takes in the other's writes while running. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import type { SourceId } from '../sources/types.js';
import { createOddsStore } from '../store/store.js';
import { watchedIds } from '../store/watchlist.js';
import { ManualClock } from '../util/clock.js';
import { PULL_DELAY_MS, type WatchDir } from '../watch/fileChanges.js';
import { FILES, SAVE_DEBOUNCE_MS } from '../watch/persist.js';
import { pairMarkets } from '../../test/support/pairsFixtures.js';
import { recordingSync } from '../../test/support/venues.js';
import { parseRefKey } from '../venue/ref.js';
import { AcrossDesk } from './across/desk.js';
import { joinVenues } from './joined.js';
import { startVenueWatcher } from './watch.js';

const mkt = (id: string): Market => ({
  id,
  title: `Market ${id}`,
  status: 'active',
  outcomes: [
    { name: 'Yes', price: 0.4 },
    { name: 'No', price: 0.6 },
  ],
  raw: {},
});

function board(stateDir: string, clock: ManualClock, watchDir: WatchDir, ids: readonly SourceId[]) {
  const caps = { kalshi: KALSHI_CAPS, polymarket: POLYMARKET_CAPS } as Record<SourceId, typeof KALSHI_CAPS>;
  const stacks = ids.map((id) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps: caps[id]!, prefixed: true });
    return { id, store, sync: recordingSync(store, []) };
  });
  const desk = new AcrossDesk(stacks, stateDir, clock);
  const joined = joinVenues(stacks, desk);
  const watcher = startVenueWatcher({
    venues: stacks,
    joined: joined.store,
    clock,
    stateDir,
    alerts: [],
    bell: false,
    env: {},
    out: { write: () => true },
    watchDir,
    pairs: desk.file,
  });
  return { stacks, joined, watcher, desk };
}

describe('two boards of several venues on one state directory', () => {
  it('a watch made on one is in the other’s venue a moment later; a closed venue’s part is carried', () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'oddsboard-venue-pull-'));
    const clock = new ManualClock(Date.UTC(2026, 0, 5));
    const listeners: ((event: string, name: string | null) => void)[] = [];
    const watchDir: WatchDir = (_dir, l) => (listeners.push(l), { close: () => {}, on: () => {} });
    const written = () => {
      clock.advance(SAVE_DEBOUNCE_MS);
      for (const l of listeners) l('rename', FILES.watchlist);
      clock.advance(PULL_DELAY_MS);
    };
    const a = board(stateDir, clock, watchDir, ['kalshi', 'polymarket']);
    const b = board(stateDir, clock, watchDir, ['kalshi']);
    a.stacks[0]!.store.getState().listLoaded([mkt('kalshi:K1')], clock.now());
    a.stacks[0]!.store.getState().toggleWatch('kalshi:K1', clock.now());
    a.stacks[1]!.store.getState().toggleWatch('polymarket:7', clock.now());
    written();
    expect(watchedIds(b.stacks[0]!.store.getState())).toEqual(['kalshi:K1']);
    // b has no Polymarket: that watch is carried, not dropped, when b writes
    b.stacks[0]!.store.getState().toggleWatch('kalshi:K2', clock.now());
    written();
    expect([...watchedIds(a.joined.store.getState())].sort()).toEqual(['kalshi:K1', 'kalshi:K2', 'polymarket:7']);
    expect([...a.watcher.stop(), ...b.watcher.stop()]).toEqual([]);
    a.joined.dispose();
    b.joined.dispose();
  });

  it('a pair confirmed on one is confirmed in the other’s Across view a moment later, and out of its sweep', () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'oddsboard-venue-pull-'));
    const clock = new ManualClock(Date.UTC(2026, 0, 5));
    const listeners: ((event: string, name: string | null) => void)[] = [];
    const watchDir: WatchDir = (_dir, l) => (listeners.push(l), { close: () => {}, on: () => {} });
    const ids = ['kalshi', 'polymarket'] as const;
    const a = board(stateDir, clock, watchDir, [...ids]);
    const b = board(stateDir, clock, watchDir, [...ids]);
    const [k, p] = ['kalshi:KXFEDDECISION-26SEP-H0', 'polymarket:2252244'];
    // on b, the two recorded markets loaded and swept: an unconfirmed same pair
    const real = pairMarkets();
    b.stacks[0]!.store.getState().listLoaded([{ ...real.get(k)!, id: k }], 0);
    b.stacks[1]!.store.getState().listLoaded([{ ...real.get(p)!, id: p }], 0);
    b.desk.sweepNow();
    expect(b.desk.store.getState().sweep?.map((x) => [x.a, x.b])).toEqual([[k, p]]);
    expect(a.desk.decide(k, p, 'confirm')).toEqual({ ok: true });
    clock.advance(SAVE_DEBOUNCE_MS);
    for (const l of listeners) l('rename', 'pairs.json');
    clock.advance(PULL_DELAY_MS);
    // taken in without a restart, or a save of b's own
    expect(b.desk.store.getState().decisions.decided(parseRefKey(k)!, parseRefKey(p)!)).toBe('confirmed');
    expect(b.desk.store.getState().sweep).toEqual([]);
    expect([...a.watcher.stop(), ...b.watcher.stop()]).toEqual([]);
    a.joined.dispose();
    b.joined.dispose();
  });
});
