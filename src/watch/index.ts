/**
 * The watcher around a dashboard's store: what was saved is put back before
 * the first answer, the config file's alerts are installed, changes are saved
 * as they happen, and fired alerts ring the bell and run alertCommand.
 */
import type { OddsStore } from '../store/store.js';
import { topSeq, type AlertRule } from '../store/watchTypes.js';
import type { Clock } from '../util/clock.js';
import { AlertEffects, type Spawn } from './effects.js';
import { FileChanges, type WatchDir } from './fileChanges.js';
import { loadWatchFiles, Saver } from './persist.js';
import { startPaperKeeper, type PaperKeeper } from './paper.js';

export interface WatcherOptions {
  store: OddsStore;
  clock: Clock;
  /** The state directory (util/files.ts stateDir). */
  dir: string;
  alerts: AlertRule[];
  bell: boolean;
  alertCommand?: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Where BEL is written (the terminal). */
  out: { write(s: string): unknown };
  spawn?: Spawn;
  alertCommandTimeoutMs?: number;
  /** Where paper.json lives (the state directory: one book for every venue); none: paper positions are not kept. */
  paperDir?: string;
  /** Test seam: fs.watch (fileChanges.ts). */
  watchDir?: WatchDir;
  /** The config file `alerts` are from, as a tag of its path (src/cli/alertConfig.ts configTag; configState.ts). */
  configTag?: string;
}

export interface Watcher {
  /** Writes what is not saved yet and stops listening; a file that could not be written is one line. */
  stop(): string[];
}

/**
 * Another dashboard's writes to the same files, read as they come (fileChanges.ts); close() as the dashboard quits.
 * `others`: files kept one each (paper.json; with several venues pairs.json, src/venues/across/decisionsFile.ts).
 */
export function followWrites(
  clock: Clock,
  saver: Pick<Saver, 'paths' | 'pull'>,
  others: readonly (Pick<PaperKeeper, 'path' | 'pull'> | undefined)[],
  watch?: WatchDir,
): FileChanges {
  const changes = new FileChanges({ clock, ...(watch ? { watch } : {}) });
  for (const path of saver.paths) changes.on(path, () => saver.pull(path));
  for (const f of others) if (f) changes.on(f.path, () => f.pull());
  return changes;
}

export function startWatcher(o: WatcherOptions): Watcher {
  const now = o.clock.now();
  const loaded = loadWatchFiles(o.dir, now);
  const st = o.store.getState();
  st.setConfigAlerts(o.alerts);
  st.restoreWatch(loaded.saved);
  for (const p of loaded.problems) st.notice(p, 'warn', now);
  const effects = new AlertEffects({
    store: o.store,
    clock: o.clock,
    out: o.out,
    bell: o.bell,
    env: o.env,
    ...(o.alertCommand ? { command: o.alertCommand } : {}),
    ...(o.spawn ? { spawn: o.spawn } : {}),
    ...(o.alertCommandTimeoutMs !== undefined ? { timeoutMs: o.alertCommandTimeoutMs } : {}),
    // the log's write decides who runs it (one change, one push); a log left as it is cannot: at once, as alone
    afterLogWrite: !loaded.keepOut.has('log'),
  });
  const saver = new Saver({
    dir: o.dir,
    store: o.store,
    clock: o.clock,
    keepOut: loaded.keepOut,
    onProblem: (text) => o.store.getState().notice(text, 'warn', o.clock.now()),
    take: (saved) => {
      // alerts another dashboard fired: in the log, not rung or run here (they were there)
      if (saved.log) effects.passOver(topSeq(saved.log));
      o.store.getState().takeSaved(saved);
      if (saved.log) effects.logTaken();
    },
    logSettled: () => effects.logSettled(),
    ...(o.configTag ? { configTag: o.configTag } : {}),
  });
  const paper =
    o.paperDir !== undefined ? startPaperKeeper({ store: o.store, clock: o.clock, dir: o.paperDir }) : undefined;
  saver.start();
  effects.start();
  const changes = followWrites(o.clock, saver, [paper], o.watchDir);
  return {
    stop() {
      changes.close();
      // the last write of the log decides who runs an alert told in the last second (one change, one push)
      effects.quit();
      const lines = saver.stop();
      effects.stop();
      return [...lines, ...(paper?.stop() ?? [])];
    },
  };
}
