import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchedIds } from '../store/watchlist.js';
import { ManualClock } from '../util/clock.js';
import { FILES, SAVE_DEBOUNCE_MS, SAVE_RETRY_MS } from './persist.js';
import { fill, fresh, mkt, tmp } from '../../test/support/watchSaver.js';

describe('the watcher files', () => {
  it('survive a restart: the watchlist, the alerts and where they stand, the log', () => {
    const dir = tmp();
    const a = fresh(dir);
    fill(a.store, a.clock);
    expect(a.store.getState().alerts.log.map((e) => e.text)).toEqual([
      '“Market m2” closed',
      '“Market m1” Yes at 60.0¢ (above 55¢)',
    ]);
    a.clock.advance(SAVE_DEBOUNCE_MS);
    expect(a.renames()).toBe(3); // three files, written together after the quiet time
    const b = fresh(dir);
    expect(b.loaded.problems).toEqual([]);
    const s = b.store.getState();
    expect(watchedIds(s)).toEqual(['m2', 'gone-1']);
    expect(s.watch.byId.m2).toMatchObject({ title: 'Market m2', status: 'closed' });
    expect(s.alerts.rules).toEqual(a.store.getState().alerts.rules);
    expect(s.alerts.state['a-1']).toMatchObject({ armed: false });
    expect(s.alerts.log).toEqual(a.store.getState().alerts.log);
    // it stays fired after the restart: the same price is not a new crossing
    s.listLoaded([mkt('m1'), mkt('m2', 'closed')], 5_000);
    expect(b.store.getState().alerts.log).toHaveLength(2);
    expect(readFileSync(join(dir, FILES.watchlist), 'utf8')).toMatch(/"version": 1/);
  });

  it("keep where a config file's alert stands past the first write, so a restart tells what changed meanwhile", () => {
    const dir = tmp();
    const config = [{ id: 'c-1', marketId: 'm1', kind: 'status', source: 'config', createdAt: 0 }] as const;
    const a = fresh(dir);
    a.store.getState().setConfigAlerts([...config]);
    a.store.getState().listLoaded([mkt('m1')], 1);
    a.saver.flush();
    a.store.getState().marketLoaded(mkt('m1', 'closed'), 2);
    a.saver.flush();
    // the second write dropped it (the file holds no config alert, so the merge took it as removed elsewhere)
    expect(JSON.parse(readFileSync(join(dir, FILES.alerts), 'utf8')).state).toEqual({
      // seenAt: when a dashboard whose config names it wrote it (configState.ts)
      'c-1': { armed: true, status: 'closed', firedAt: 2, seenAt: 1_000 },
    });
    a.saver.stop();
    // it resolved while oddsboard was not running: told at the first answer after the start (it was learned silently)
    const b = fresh(dir);
    b.store.getState().setConfigAlerts([...config]);
    b.store.getState().listLoaded([mkt('m1', 'resolved')], 3);
    expect(b.store.getState().alerts.log.map((e) => [e.ruleId, e.from, e.to])).toEqual([
      ['c-1', 'closed', 'resolved'],
      ['c-1', 'active', 'closed'],
    ]);
  });

  it('are written atomically: a crash between write and rename leaves the old file, and no temp file', () => {
    const dir = tmp();
    const a = fresh(dir);
    a.store.getState().toggleWatch('m1', 1_000);
    a.saver.flush();
    const before = readFileSync(join(dir, FILES.watchlist), 'utf8');
    a.crashNext(true);
    a.store.getState().toggleWatch('m2', 2_000);
    a.saver.flush();
    expect(readFileSync(join(dir, FILES.watchlist), 'utf8')).toBe(before);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(a.problems).toEqual([
      `Could not save ${join(dir, FILES.watchlist)} (ENOSPC): the disk is full: free some space; ` +
        'the previous file is kept, trying again',
    ]);
    // it is tried again later, and said only once
    a.clock.advance(SAVE_RETRY_MS);
    expect(a.problems).toHaveLength(1);
    a.crashNext(false);
    a.clock.advance(SAVE_RETRY_MS);
    expect(watchedIds(fresh(dir).store.getState())).toEqual(['m1', 'm2']);
  });

  it('a corrupt file is reported in one line and set aside, never overwritten; the rest still loads', () => {
    const dir = tmp();
    const a = fresh(dir);
    fill(a.store, a.clock);
    a.saver.flush();
    writeFileSync(join(dir, FILES.watchlist), '{"version": 1, "markets": [oops');
    const b = fresh(dir, new ManualClock(Date.UTC(2026, 0, 2)));
    expect(b.loaded.problems).toHaveLength(1);
    const [line] = b.loaded.problems;
    expect(line).not.toContain('\n');
    expect(line).toMatch(
      /watchlist\.json could not be read \(not valid JSON\): moved aside to watchlist\.json\.broken-2026-01-02T00-00-00-000Z; starting with an empty watchlist$/,
    );
    expect(readFileSync(join(dir, 'watchlist.json.broken-2026-01-02T00-00-00-000Z'), 'utf8')).toBe(
      '{"version": 1, "markets": [oops',
    );
    expect(watchedIds(b.store.getState())).toEqual([]);
    expect(b.store.getState().alerts.rules).toHaveLength(1); // the other files were fine
    b.store.getState().toggleWatch('m9', 2);
    b.saver.flush();
    expect(readdirSync(dir).filter((f) => f.includes('broken'))).toHaveLength(1);
    writeFileSync(join(dir, FILES.alerts), '[');
    expect(fresh(dir).loaded.problems[0]).toMatch(/alerts\.json\.broken-.*; starting with no alerts$/);
  });

  it('entries that do not fit are dropped, the rest kept, the original set aside', () => {
    const dir = tmp();
    const good = { id: 'm1', addedAt: 1 };
    writeFileSync(
      join(dir, FILES.watchlist),
      JSON.stringify({ version: 1, markets: [good, { id: 7 }, { id: 'm2', addedAt: 2, status: 'sleeping' }] }),
    );
    const b = fresh(dir);
    expect(watchedIds(b.store.getState())).toEqual(['m1']);
    expect(b.loaded.problems[0]).toMatch(
      // why, as the one-shot `watch` says it: it said how many alone
      new RegExp(
        'watchlist\\.json had 2 entries that could not be understood \\(1 without an id, 1 with a title, status or ' +
          'time that is not one\\): moved aside to watchlist\\.json\\.broken-.*; the rest is loaded$',
      ),
    );
    // the rest written back at once: a session that changes nothing left it only in the file aside, and the next
    // start began with an empty watchlist
    expect(fresh(dir).store.getState().watch.ids).toEqual(['m1']);
    expect(readdirSync(dir).filter((f) => f.includes('broken'))).toHaveLength(1);
  });

  it('a file that cannot be read is left alone and not written over; a missing one is simply empty', () => {
    const dir = tmp();
    mkdirSync(join(dir, FILES.alerts));
    const b = fresh(dir);
    // it named no fix, and the alerts set in the session were then lost with no further word
    expect(b.loaded.problems).toEqual([
      `${join(dir, FILES.alerts)} is not a regular file: move it away and start oddsboard again; ` +
        "it is left as it is, and this session's changes to it are not saved",
    ]);
    b.store.getState().addAlert({ id: 'a-1', marketId: 'm1', kind: 'status', source: 'form', createdAt: 0 });
    b.store.getState().toggleWatch('m1', 0);
    expect(b.saver.stop()).toEqual([
      `Could not save ${join(dir, FILES.alerts)}: it could not be read (move it away; then start oddsboard ` +
        "again); this session's changes to it are not saved",
    ]);
    expect(b.problems).toEqual([]);
    expect(readdirSync(join(dir, FILES.alerts))).toEqual([]);
    expect(watchedIds(fresh(dir).store.getState())).toEqual(['m1']);
  });

  it('what was loaded is not written back until it changes; a burst of changes is one write', () => {
    const dir = tmp();
    const a = fresh(dir);
    for (let i = 0; i < 10; i++) a.store.getState().toggleWatch(`m${i}`, i);
    a.clock.advance(SAVE_DEBOUNCE_MS - 1);
    expect(a.renames()).toBe(0);
    a.clock.advance(1);
    expect(a.renames()).toBe(1);
    const b = fresh(dir);
    b.store.getState().listLoaded([mkt('x')], 3);
    b.clock.advance(10 * SAVE_DEBOUNCE_MS);
    expect(b.renames()).toBe(0);
  });
});
