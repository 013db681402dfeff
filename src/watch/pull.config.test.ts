import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AlertRule } from '../store/watchTypes.js';
import type { ManualClock } from '../util/clock.js';
import { CONFIG_STATE_KEEP_MS } from './configState.js';
import { FILES } from './persist.js';
import { board, home, logged, mkt, settle } from '../../test/support/twoBoards.js';

/** A config file's status alert, set (again) at this start: its id is its content's (cfg:…), as in alertConfig.ts. */
const status = (id: string, clock: ManualClock, marketId = 'm1'): AlertRule => ({
  id: `cfg:${id}`,
  marketId,
  kind: 'status',
  source: 'config',
  createdAt: clock.now(),
});
/** A status alert set with `a` (written to alerts.json: a write of it). */
const form = (id: string, clock: ManualClock): AlertRule => ({
  id,
  marketId: 'm1',
  kind: 'status',
  source: 'form',
  createdAt: clock.now(),
});
const stateIds = (dir: string) =>
  Object.keys((JSON.parse(readFileSync(join(dir, FILES.alerts), 'utf8')) as { state: object }).state);

/** Two dashboards on one home with different config files (docs/watcher.md § Two dashboards on one home). */
describe('config alerts of two config files on one home', () => {
  it("one's write keeps where the other's config alerts stand: a change while the other was away is told there", () => {
    const { dir, clock, fs } = home();
    const a = board(dir, clock, fs, [status('aaaaaaaaaaaa', clock, 'm2')]);
    const b = board(dir, clock, fs, [status('bbbbbbbbbbbb', clock)]);
    for (const t of [a, b]) t.store.getState().listLoaded([mkt('m1'), mkt('m2')], clock.now());
    for (const t of [a, b]) t.store.getState().checkAlerts(clock.now());
    settle(clock, fs, FILES.alerts);
    b.watcher.stop();
    // a's next write (its own alert's change) dropped b's alert's state from the file
    a.store.getState().marketLoaded(mkt('m2', 'closed'), clock.now());
    settle(clock, fs, FILES.alerts, FILES.log);
    expect(stateIds(dir).sort()).toEqual(['cfg:aaaaaaaaaaaa', 'cfg:bbbbbbbbbbbb']);
    a.watcher.stop();
    // m1 closed while nobody ran: b, started again, tells it (it learned it silently, never told)
    const again = board(dir, clock, fs, [status('bbbbbbbbbbbb', clock)]);
    again.store.getState().listLoaded([mkt('m1', 'closed')], clock.now());
    again.store.getState().checkAlerts(clock.now());
    expect(again.bells()).toBe(1);
    again.watcher.stop();
  });

  it('one started again after the other logged a change of a market nobody watches does not tell it again', () => {
    const { dir, clock, fs } = home();
    const a = board(dir, clock, fs, [status('aaaaaaaaaaaa', clock)]);
    const b = board(dir, clock, fs, [status('bbbbbbbbbbbb', clock)]);
    for (const t of [a, b]) t.store.getState().listLoaded([mkt('m1')], clock.now());
    for (const t of [a, b]) t.store.getState().checkAlerts(clock.now());
    settle(clock, fs, FILES.alerts);
    b.watcher.stop();
    a.store.getState().marketLoaded(mkt('m1', 'closed'), clock.now());
    settle(clock, fs, FILES.alerts, FILES.log);
    clock.advance(60_000);
    // b again: its config alert is set anew, the log's closing older than it
    const again = board(dir, clock, fs, [status('bbbbbbbbbbbb', clock)]);
    again.store.getState().listLoaded([mkt('m1', 'closed')], clock.now());
    again.store.getState().checkAlerts(clock.now());
    // it told the closing again: a second entry, a bell and alertCommand for one change
    expect(again.bells()).toBe(0);
    settle(clock, fs, FILES.alerts, FILES.log);
    expect(logged(dir).map((e) => e.ruleId)).toEqual(['cfg:aaaaaaaaaaaa']);
    // the next change is told there, once
    again.store.getState().marketLoaded(mkt('m1', 'resolved'), clock.now());
    expect(again.bells()).toBe(1);
    a.watcher.stop();
    again.watcher.stop();
  });

  it('a config alert its config file no longer names leaves the file; one another config file names stays', () => {
    const { dir, clock, fs } = home();
    const [x, y, z] = ['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc'].map((id) => status(id, clock));
    const a = board(dir, clock, fs, [x!, z!], false, 'p');
    const b = board(dir, clock, fs, [y!, z!], false, 'q');
    for (const t of [a, b]) t.store.getState().listLoaded([mkt('m1')], clock.now());
    for (const t of [a, b]) t.store.getState().checkAlerts(clock.now());
    settle(clock, fs, FILES.alerts);
    settle(clock, fs, FILES.alerts);
    a.watcher.stop();
    b.watcher.stop();
    expect(stateIds(dir).sort()).toEqual(['cfg:aaaaaaaaaaaa', 'cfg:bbbbbbbbbbbb', 'cfg:cccccccccccc']);
    // p's file edited: x and z removed. Its next start writes without x (kept for good before: up to 200 such);
    // z stays, q names it too, and so does y
    const again = board(dir, clock, fs, [], false, 'p');
    again.store.getState().addAlert(form('f-1', clock));
    settle(clock, fs, FILES.alerts);
    expect(stateIds(dir).sort()).toEqual(['cfg:bbbbbbbbbbbb', 'cfg:cccccccccccc']);
    again.watcher.stop();
  });

  it('a config alert no dashboard has written for 30 days leaves the file (a config file of unknown name too)', () => {
    const { dir, clock, fs } = home();
    const q = board(dir, clock, fs, [status('bbbbbbbbbbbb', clock)]);
    q.store.getState().listLoaded([mkt('m1')], clock.now());
    q.store.getState().checkAlerts(clock.now());
    settle(clock, fs, FILES.alerts);
    q.watcher.stop();
    const p = board(dir, clock, fs, [], false, 'p');
    p.store.getState().addAlert(form('f-1', clock));
    settle(clock, fs, FILES.alerts);
    expect(stateIds(dir)).toEqual(['cfg:bbbbbbbbbbbb']); // q's: another config may still need it
    clock.advance(CONFIG_STATE_KEEP_MS);
    p.store.getState().addAlert(form('f-2', clock));
    settle(clock, fs, FILES.alerts);
    expect(stateIds(dir)).toEqual([]);
    p.watcher.stop();
  });
});
