/** The watcher files' Saver over a real directory, on a ManualClock, for src/watch/persist*.test.ts. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Market } from '../../src/api/types.js';
import { createOddsStore, type OddsStore } from '../../src/store/store.js';
import { ManualClock } from '../../src/util/clock.js';
import { loadWatchFiles, Saver } from '../../src/watch/persist.js';
import { market } from './markets.js';

export const tmp = () => mkdtempSync(join(tmpdir(), 'oddsboard-watch-'));
export const mkt = (id: string, status: Market['status'] = 'active', extra: Partial<Market> = {}): Market =>
  market(id, { status, ...extra });

export function fresh(dir: string, clock = new ManualClock(1_000), beforeRename = () => {}) {
  const store = createOddsStore({ mode: 'key', limit: 30 });
  const loaded = loadWatchFiles(dir, clock.now());
  store.getState().restoreWatch(loaded.saved);
  const problems: string[] = [];
  let renames = 0;
  let crash = false;
  const saver = new Saver({
    dir,
    store,
    clock,
    keepOut: loaded.keepOut,
    onProblem: (t) => problems.push(t),
    hooks: {
      beforeRename: () => {
        if (crash) throw Object.assign(new Error('crash'), { code: 'ENOSPC' });
        renames++;
        beforeRename();
      },
    },
  });
  saver.start();
  return { store, clock, loaded, saver, problems, renames: () => renames, crashNext: (on: boolean) => (crash = on) };
}

export function fill(store: OddsStore, clock: ManualClock) {
  const st = store.getState();
  st.listLoaded([mkt('m1'), mkt('m2')], clock.now());
  st.toggleWatch('m2', clock.now());
  st.toggleWatch('gone-1', clock.now());
  st.addAlert({
    id: 'a-1',
    marketId: 'm1',
    kind: 'above',
    outcome: 'Yes',
    cents: 55,
    source: 'form',
    createdAt: clock.now(),
  });
  st.marketLoaded(mkt('m2', 'closed'), clock.now() + 1);
}
