import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { createOddsStore } from '../store/store.js';
import { ManualClock } from '../util/clock.js';
import { LOCK_RETRY_MS } from '../watch/lock.js';
import { FILES, Saver, watchDirFor } from '../watch/persist.js';
import { loadJoinedWatch, venuePart, venuesWatchDir } from './watchMerge.js';
import { market } from '../../test/support/markets.js';

const mkt = (id: string, status: Market['status'] = 'active'): Market => market(id, { status });

/** Writes one source's files with today's code: a store of that source, its watcher's Saver in watchDirFor. */
function writeToday(state: string, source: string, ids: string[], at: number, alertOn?: string): void {
  const clock = new ManualClock(at);
  const store = createOddsStore({ mode: 'key', limit: 30 });
  const saver = new Saver({ dir: watchDirFor(state, source), store, clock, onProblem: () => {} });
  saver.start();
  const st = store.getState();
  st.listLoaded(
    ids.map((id) => mkt(id)),
    clock.now(),
  );
  for (const id of ids) {
    clock.advance(10);
    st.toggleWatch(id, clock.now());
  }
  if (alertOn) {
    st.addAlert({ id: 'a-1', marketId: alertOn, kind: 'above', cents: 55, source: 'form', createdAt: clock.now() });
    st.marketLoaded(mkt(alertOn, 'closed'), clock.now() + 1);
  }
  saver.stop();
}

/** An alert set on a board of several venues and saved as its saver does: the alerts file, no watchlist written. */
function saveAlert(state: string, id: string, marketId: string): void {
  const clock = new ManualClock(1_000);
  const store = createOddsStore({ mode: 'key', limit: 30 });
  const saver = new Saver({ dir: venuesWatchDir(state), store, clock, onProblem: () => {} });
  saver.start();
  store.getState().listLoaded([mkt(marketId)], clock.now());
  store.getState().addAlert({ id, marketId, kind: 'above', cents: 55, source: 'form', createdAt: clock.now() });
  saver.stop();
}

describe('one watchlist across venues, merged from the per-source files of today', () => {
  it('merges every source, nothing lost, the old files left in place, the merge written before use', () => {
    const state = mkdtempSync(join(tmpdir(), 'oddsboard-venues-'));
    writeToday(state, 'public', ['mkt-1', 'mkt-2'], 1_000, 'mkt-1');
    writeToday(state, 'kalshi', ['KXFED-25DEC-T4.25'], 2_000, 'KXFED-25DEC-T4.25');
    writeToday(state, 'polymarket', ['516710'], 3_000);
    const oldKalshi = readFileSync(join(watchDirFor(state, 'kalshi'), FILES.watchlist), 'utf8');

    const loaded = loadJoinedWatch(state, 10_000);
    expect(loaded.problems).toEqual([]);
    expect(loaded.saved.watch!.ids).toEqual([
      'public:mkt-1',
      'public:mkt-2',
      'kalshi:KXFED-25DEC-T4.25',
      'polymarket:516710',
    ]);
    expect(loaded.saved.watch!.byId['kalshi:KXFED-25DEC-T4.25']).toMatchObject({ id: 'kalshi:KXFED-25DEC-T4.25' });
    // the two sources' alerts had the same id: both kept, one renamed
    const rules = loaded.saved.rules!.map((r) => [r.id, r.marketId]);
    expect(rules).toEqual([
      ['a-1', 'public:mkt-1'],
      ['a-1-kalshi', 'kalshi:KXFED-25DEC-T4.25'],
    ]);
    expect(loaded.saved.log!.map((f) => f.marketId)).toEqual(
      expect.arrayContaining(['public:mkt-1', 'kalshi:KXFED-25DEC-T4.25']),
    );
    expect(loaded.saved.log!.every((f) => !f.ruleId.startsWith('watch:') || f.ruleId.includes(':', 6))).toBe(true);
    // written, and the old files untouched
    for (const f of Object.values(FILES)) expect(existsSync(join(venuesWatchDir(state), f))).toBe(true);
    expect(readFileSync(join(watchDirFor(state, 'kalshi'), FILES.watchlist), 'utf8')).toBe(oldKalshi);
    expect(existsSync(join(state, FILES.watchlist))).toBe(true);

    // the next start reads the joined files (the same entries), and each venue gets its own part
    const again = loadJoinedWatch(state, 20_000);
    expect(again.saved.watch!.ids).toEqual(loaded.saved.watch!.ids);
    expect(again.saved.rules!.map((r) => r.id)).toEqual(['a-1', 'a-1-kalshi']);
    const kalshi = venuePart(again.saved, 'kalshi');
    expect(kalshi.watch!.ids).toEqual(['kalshi:KXFED-25DEC-T4.25']);
    expect(kalshi.rules!.map((r) => r.id)).toEqual(['a-1-kalshi']);
    expect(kalshi.log!.every((f) => f.marketId.startsWith('kalshi:'))).toBe(true);
    expect(venuePart(again.saved, 'manifold').watch!.ids).toEqual([]);
  });

  it('with nothing to merge, writes the empty watchlist that says the merge is done', () => {
    const state = mkdtempSync(join(tmpdir(), 'oddsboard-venues-'));
    const loaded = loadJoinedWatch(state, 1_000);
    expect(loaded.saved).toEqual({});
    expect(existsSync(join(venuesWatchDir(state), FILES.watchlist))).toBe(true);
    expect(loadJoinedWatch(state, 2_000).saved.watch).toEqual({ ids: [], byId: {} });
  });

  it('a state directory the file system cannot hold (/proc/x) starts with nothing, never hanging', () => {
    // XDG_STATE_HOME=/proc/x: Node's recursive mkdir of <state>/venues tried /proc/x again and again, for good
    if (!existsSync('/proc/self')) return;
    const loaded = loadJoinedWatch('/proc/x/oddsboard', 1_000);
    // nothing to merge: nothing to say here; the dashboard's first save names the folder that cannot be made
    expect(loaded).toEqual({ saved: {}, problems: [], keepOut: new Set() });
  });

  it('an alert set on a board that watches nothing is there at the next start', () => {
    const state = mkdtempSync(join(tmpdir(), 'oddsboard-venues-'));
    // the board as it runs: the joined files loaded, its saver writing what changes (the alerts, not the watchlist)
    loadJoinedWatch(state, 1_000);
    saveAlert(state, 'a-1', 'kalshi:K1');
    const again = loadJoinedWatch(state, 5_000);
    expect(again.saved.rules!.map((r) => [r.id, r.marketId])).toEqual([['a-1', 'kalshi:K1']]);
  });

  it('alerts and a log without a watchlist (as an earlier version left them) are the joined files: read, kept', () => {
    const state = mkdtempSync(join(tmpdir(), 'oddsboard-venues-'));
    saveAlert(state, 'a-2', 'manifold:abc');
    expect(existsSync(join(venuesWatchDir(state), FILES.watchlist))).toBe(false);
    // an old per-source file that would have been merged again over them
    writeToday(state, 'kalshi', ['KXFED-25DEC-T4.25'], 2_000);
    const loaded = loadJoinedWatch(state, 3_000);
    expect(loaded.saved.rules!.map((r) => r.id)).toEqual(['a-2']);
    expect(existsSync(join(venuesWatchDir(state), FILES.watchlist))).toBe(true);
    expect(loadJoinedWatch(state, 4_000).saved.rules!.map((r) => r.id)).toEqual(['a-2']);
  });

  it('two boards starting at once keep both: a write of the joined files waits for the first merge (its lock)', () => {
    const state = mkdtempSync(join(tmpdir(), 'oddsboard-venues-'));
    writeToday(state, 'kalshi', ['KXFED-25DEC-T4.25'], 1_000);
    const clock = new ManualClock(5_000);
    const store = createOddsStore({ mode: 'key', limit: 30 });
    const problems: string[] = [];
    const other = new Saver({ dir: venuesWatchDir(state), store, clock, onProblem: (t) => problems.push(t) });
    store.getState().listLoaded([mkt('polymarket:516710')], clock.now());
    store.getState().toggleWatch('polymarket:516710', clock.now());
    let inside = false;
    // the other board's write comes while this one is merging: between its reads and its renames
    const loaded = loadJoinedWatch(state, 10_000, {
      beforeRename: () => {
        if (inside) return;
        inside = true;
        other.flush();
      },
    });
    clock.advance(LOCK_RETRY_MS);
    expect(loaded.saved.watch!.ids).toEqual(['kalshi:KXFED-25DEC-T4.25']);
    // the other's watch was lost: the merge renamed its watchlist over it, and the other took it as written
    expect(loadJoinedWatch(state, 20_000).saved.watch!.ids).toEqual(['kalshi:KXFED-25DEC-T4.25', 'polymarket:516710']);
    expect(problems).toEqual([]);
  });

  it("the merge writes the alerts under their own lock: another board's alert set meanwhile is kept", () => {
    const state = mkdtempSync(join(tmpdir(), 'oddsboard-venues-'));
    writeToday(state, 'kalshi', ['KXFED-25DEC-T4.25'], 1_000, 'KXFED-25DEC-T4.25');
    const clock = new ManualClock(5_000);
    const store = createOddsStore({ mode: 'key', limit: 30 });
    const problems: string[] = [];
    const other = new Saver({ dir: venuesWatchDir(state), store, clock, onProblem: (t) => problems.push(t) });
    store.getState().listLoaded([mkt('polymarket:516710')], clock.now());
    const rule = { marketId: 'polymarket:516710', kind: 'above', cents: 40, source: 'form' } as const;
    store.getState().addAlert({ ...rule, id: 'b-1', createdAt: clock.now() });
    let inside = false;
    // the other board's alerts are written while the merge writes its alerts: between its temp file and its rename
    loadJoinedWatch(state, 10_000, {
      beforeRename: (temp) => {
        if (inside || !temp.includes(FILES.alerts)) return;
        inside = true;
        other.flush();
      },
    });
    expect(inside).toBe(true);
    clock.advance(LOCK_RETRY_MS);
    const rules = loadJoinedWatch(state, 20_000).saved.rules!.map((r) => r.marketId);
    // it was lost: the merge renamed its alerts over the other's, and the other took its alert as written
    expect(rules).toEqual(['kalshi:KXFED-25DEC-T4.25', 'polymarket:516710']);
    expect(problems).toEqual([]);
  });
});
