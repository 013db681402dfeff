/** The watcher files shared: two dashboards on one directory, and a file changed under a running one. */
import { lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchedIds } from '../store/watchlist.js';
import { ManualClock } from '../util/clock.js';
import { LOCK_RETRY_MS } from './lock.js';
import { FILES } from './persist.js';
import { fresh, mkt, tmp } from '../../test/support/watchSaver.js';

describe('the watcher files, shared and changed under the dashboard', () => {
  it('two dashboards on one directory keep what each other wrote: a watch, an alert, a removal, the log', () => {
    const dir = tmp();
    const a = fresh(dir);
    const b = fresh(dir);
    const rule = (id: string, marketId: string) =>
      ({ id, marketId, kind: 'status', source: 'form', createdAt: 0 }) as const;
    a.store.getState().listLoaded([mkt('m1')], 1);
    a.store.getState().toggleWatch('m1', 1);
    a.store.getState().toggleWatch('m3', 1);
    a.store.getState().addAlert(rule('a-1', 'm1'));
    a.store.getState().marketLoaded(mkt('m1', 'closed'), 2);
    a.saver.flush();
    b.store.getState().listLoaded([mkt('m2')], 3);
    b.store.getState().toggleWatch('m2', 3);
    b.store.getState().addAlert(rule('b-1', 'm2'));
    b.store.getState().marketLoaded(mkt('m2', 'closed'), 4);
    b.saver.flush();
    a.store.getState().toggleWatch('m3', 5); // removed in a: not brought back by b's write
    a.saver.flush();
    const s = fresh(dir).store.getState();
    expect(watchedIds(s)).toEqual(['m1', 'm2']);
    expect(s.alerts.rules.map((r) => r.id)).toEqual(['a-1', 'b-1']);
    expect(Object.keys(s.alerts.state).sort()).toEqual(['a-1', 'b-1']);
    // each close logged once, by the alert set on the watched market (docs/watcher.md § The watchlist)
    expect(s.alerts.log.map((e) => [e.marketId, e.ruleId])).toEqual([
      ['m2', 'b-1'],
      ['m1', 'a-1'],
    ]);
  });
  it('a change judged by a config status alert in one and by the watchlist in the other is one log entry', () => {
    const dir = tmp();
    const a = fresh(dir);
    // a's config file has a status alert on m1; b's has none: b only watches it (★)
    a.store.getState().setConfigAlerts([{ id: 'c-1', marketId: 'm1', kind: 'status', source: 'config', createdAt: 0 }]);
    a.store.getState().listLoaded([mkt('m1')], 1);
    a.store.getState().toggleWatch('m1', 1);
    a.saver.flush();
    const b = fresh(dir);
    // both see it close before either's write reaches the other
    a.store.getState().marketLoaded(mkt('m1', 'closed'), 2);
    b.store.getState().marketLoaded(mkt('m1', 'closed'), 3);
    expect([a, b].map((t) => t.store.getState().alerts.log.map((e) => e.ruleId))).toEqual([['c-1'], ['watch:m1']]);
    a.saver.flush();
    b.saver.flush();
    // it kept both (the de-duplication compared the alerts' ids), one change logged twice
    expect(
      fresh(dir)
        .store.getState()
        .alerts.log.map((e) => [e.marketId, e.ruleId, e.to]),
    ).toEqual([['m1', 'c-1', 'closed']]);
  });
  it("two dashboards writing one file at the same instant keep both changes (the write holds the file's lock)", () => {
    const dir = tmp();
    const b = fresh(dir);
    let inside = false;
    // b's write comes while a is between reading the file and renaming its new one over it
    const a = fresh(dir, new ManualClock(1_000), () => {
      if (inside) return;
      inside = true;
      b.saver.flush();
    });
    a.store.getState().toggleWatch('m1', 1);
    b.store.getState().toggleWatch('m2', 2);
    a.saver.flush();
    expect(readdirSync(dir)).toEqual([FILES.watchlist]); // the lock is gone with the write
    b.clock.advance(LOCK_RETRY_MS);
    // b's watch was lost: a renamed over it a file read before it, and b took it as written
    expect(watchedIds(fresh(dir).store.getState())).toEqual(['m1', 'm2']);
    expect([a.problems, b.problems]).toEqual([[], []]);
  });
  it('a file a hand edit broke while the dashboard runs is set aside and said at the next write, as at start', () => {
    const dir = tmp();
    const a = fresh(dir, new ManualClock(Date.UTC(2026, 0, 2)));
    a.store.getState().toggleWatch('m1', 1);
    a.saver.flush();
    writeFileSync(join(dir, FILES.watchlist), '{"version": 1, "markets": [oops');
    a.store.getState().toggleWatch('m2', 2);
    a.saver.flush();
    // it was overwritten with nothing said (the merge fell back to writing the whole state)
    expect(a.problems).toEqual([
      `${join(dir, FILES.watchlist)} could not be read (not valid JSON): moved aside to ` +
        'watchlist.json.broken-2026-01-02T00-00-00-000Z; written again as this session has it',
    ]);
    expect(readFileSync(join(dir, 'watchlist.json.broken-2026-01-02T00-00-00-000Z'), 'utf8')).toBe(
      '{"version": 1, "markets": [oops',
    );
    expect(watchedIds(fresh(dir).store.getState())).toEqual(['m1', 'm2']);
    // an entry it cannot read is not dropped silently either: the file is set aside, the rest kept
    a.clock.advance(1);
    const edited = { version: 1, markets: [{ id: 'm1', addedAt: 1 }, { id: 'm3', addedAt: 3 }, { id: 7 }] };
    writeFileSync(join(dir, FILES.watchlist), JSON.stringify(edited));
    a.store.getState().toggleWatch('m4', 4);
    expect(a.saver.stop()).toEqual([
      `${join(dir, FILES.watchlist)} had 1 entry that could not be understood (1 without an id): moved aside to ` +
        'watchlist.json.broken-2026-01-02T00-00-00-001Z; the rest is kept',
    ]);
    expect(a.problems).toHaveLength(2);
    expect(watchedIds(fresh(dir).store.getState())).toEqual(['m1', 'm3', 'm4']);
  });
  it('a file that cannot be read any more while the dashboard runs is left alone from then on, as at start', () => {
    const dir = tmp();
    const a = fresh(dir);
    a.store.getState().toggleWatch('m1', 1);
    a.saver.flush();
    rmSync(join(dir, FILES.watchlist));
    // a link to itself cannot be opened (ELOOP), as chmod 000 cannot be read (which does not stop root)
    symlinkSync(FILES.watchlist, join(dir, FILES.watchlist));
    a.store.getState().toggleWatch('m2', 2);
    a.saver.flush();
    a.store.getState().toggleWatch('m3', 3);
    a.saver.flush();
    expect(lstatSync(join(dir, FILES.watchlist)).isSymbolicLink()).toBe(true); // it was renamed over with no word
    expect(a.problems).toEqual([
      `${join(dir, FILES.watchlist)} cannot be read (ELOOP): a symlink on its path leads round in a loop: remove ` +
        "that link and start oddsboard again; it is left as it is, and this session's changes to it are not saved",
    ]);
    expect(a.saver.stop()).toEqual([
      // a loop is no matter of permissions (it said "move it away, or check its permissions")
      `Could not save ${join(dir, FILES.watchlist)}: it could not be read (a symlink on its path leads round in a ` +
        "loop: remove that link; then start oddsboard again); this session's changes to it are not saved",
    ]);
  });
  it('a file that cannot be written as the dashboard quits is a line for stderr (no notice line by then)', () => {
    const dir = tmp();
    const a = fresh(dir);
    a.store.getState().toggleWatch('m1', 1);
    a.crashNext(true);
    expect(a.saver.stop()).toEqual([
      `Could not save ${join(dir, FILES.watchlist)} (ENOSPC): the disk is full: free some space; ` +
        // never written: there is no previous file to keep
        "no file is there yet, this session's changes to it are not saved",
    ]);
    const b = fresh(dir);
    b.store.getState().toggleWatch('m1', 1);
    expect(b.saver.stop()).toEqual([]);
  });
});
