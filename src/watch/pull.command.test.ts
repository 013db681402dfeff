import { describe, expect, it } from 'vitest';
import type { AlertRule } from '../store/watchTypes.js';
import { FILES, SAVE_DEBOUNCE_MS } from './persist.js';
import { bothSeeClose, logged, mkt, settle, two } from '../../test/support/twoBoards.js';

const rule: AlertRule = { id: 'a-1', marketId: 'm1', kind: 'status', source: 'form', createdAt: 0 };

/** One dashboard (of two) whose status alert's market has just closed: told, its command not run yet. */
function closedAlone() {
  const { clock, a } = two(true);
  a.store.getState().addAlert(rule);
  a.store.getState().listLoaded([mkt('m1')], clock.now());
  a.store.getState().checkAlerts(clock.now());
  clock.advance(SAVE_DEBOUNCE_MS);
  a.store.getState().marketLoaded(mkt('m1', 'closed'), clock.now());
  expect(a.runs).toEqual([]);
  return { clock, a };
}

/** Two dashboards on one home, each with an alertCommand (one person, one phone): docs/watcher.md. */
describe('alertCommand once per change across two dashboards', () => {
  it('one change judged by both within the moment before either write reaches the other runs it once', () => {
    const { dir, clock, fs, a, b } = two(true);
    a.store.getState().addAlert(rule);
    settle(clock, fs, FILES.alerts);
    bothSeeClose({ clock, a, b });
    // each screen shows and rings it
    expect([a.bells(), b.bells()]).toEqual([1, 1]);
    settle(clock, fs, FILES.log, FILES.alerts);
    settle(clock, fs, FILES.log, FILES.alerts);
    expect(logged(dir).filter((e) => e.ruleId === 'a-1')).toHaveLength(1);
    // the command ran where the log kept the entry, once
    expect([...a.runs, ...b.runs]).toEqual(['a-1 closed']);
    expect(a.runs).toEqual(['a-1 closed']);
    a.watcher.stop();
    b.watcher.stop();
  });

  it('alone, the command runs with the log write, within a second of the change', () => {
    const { clock, a } = closedAlone();
    clock.advance(SAVE_DEBOUNCE_MS);
    expect(a.runs).toEqual(['a-1 closed']);
    a.watcher.stop();
  });

  it('quitting before the log write still runs the command of an alert just told (a push is never lost)', () => {
    const { a } = closedAlone();
    a.watcher.stop();
    expect(a.runs).toEqual(['a-1 closed']);
  });

  it('two dashboards quitting in the second after one change run its command once (the quit write decides)', () => {
    const { dir, clock, fs, a, b } = two(true);
    a.store.getState().addAlert(rule);
    settle(clock, fs, FILES.alerts);
    bothSeeClose({ clock, a, b });
    // both quit before either log write: each merges its log on the way out, under the file's lock
    a.watcher.stop();
    b.watcher.stop();
    expect(logged(dir).filter((e) => e.ruleId === 'a-1')).toHaveLength(1);
    expect([...a.runs, ...b.runs]).toEqual(['a-1 closed']);
    expect(a.runs).toEqual(['a-1 closed']);
  });
});
