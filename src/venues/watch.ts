/**
 * The watcher with several venues: the one watchlist, alerts and alert log (watchMerge.ts) put back into each venue's
 * store (its own part), saved from the joined store as one set of files, and each venue's fired alerts running
 * alertCommand as they do alone and ringing the one bell (alerts of one moment ring once, whatever their venues).
 * What belongs to a venue not open this session is carried over unchanged into every write. The Across desk's
 * pairs.json, given, is followed as these files are (another board's writes read as they come), and written the last
 * time as the board quits with them, its failure said on stderr as theirs.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { OddsStore } from '../store/store.js';
import type { AppState } from '../store/types.js';
import { topSeq, type AlertFired, type AlertRule, type AlertsState, type WatchState } from '../store/watchTypes.js';
import type { SavedWatch } from '../store/watchSlice.js';
import type { SourceId } from '../sources/types.js';
import type { Clock } from '../util/clock.js';
import { AlertEffects, Bell } from '../watch/effects.js';
import { Saver } from '../watch/persist.js';
import { followWrites, type Watcher } from '../watch/index.js';
import type { WatchDir } from '../watch/fileChanges.js';
import type { DecisionsFile } from './across/decisionsFile.js';
import { memo } from './memo.js';
import { startVenuePaper } from './paper.js';
import { loadJoinedWatch, mergeSaved, venuePart, venuesWatchDir } from './watchMerge.js';
import { SOURCE_IDS } from '../sources/types.js';

export interface VenueWatcherOptions {
  venues: readonly { id: SourceId; store: OddsStore }[];
  joined: StoreApi<AppState>;
  clock: Clock;
  stateDir: string;
  /** The config file's alerts (the interface's market ids). */
  alerts: AlertRule[];
  /** That file, as a tag of its path (src/cli/alertConfig.ts configTag; src/watch/configState.ts). */
  configTag?: string;
  bell: boolean;
  alertCommand?: readonly string[];
  env: NodeJS.ProcessEnv;
  out: { write(s: string): unknown };
  /** Test seam: fs.watch (src/watch/fileChanges.ts). */
  watchDir?: WatchDir;
  /** The Across desk's pairs.json (across/decisionsFile.ts): followed as ours, its last write as the board quits. */
  pairs?: Pick<DecisionsFile, 'path' | 'pull' | 'stop'>;
}

export function startVenueWatcher(o: VenueWatcherOptions): Watcher {
  const now = o.clock.now();
  const loaded = loadJoinedWatch(o.stateDir, now);
  const open = o.venues.map((v) => v.id);
  for (const v of o.venues) {
    const st = v.store.getState();
    if (v.id === 'public')
      st.setConfigAlerts(o.alerts.map((r) => ({ ...r, id: `public:${r.id}`, marketId: `public:${r.marketId}` })));
    st.restoreWatch(venuePart(loaded.saved, v.id));
  }
  // the files are every venue's: their problems name none
  for (const p of loaded.problems) o.venues[0]!.store.getState().notice(p, 'warn', now, 'board');
  // the parts of venues not open now, written back as they were (or as another dashboard wrote them since)
  const closed = SOURCE_IDS.filter((id) => !open.includes(id));
  const carried = mergeSaved(closed.map((id) => venuePart(loaded.saved, id)));
  const carryWatch = memo((w: WatchState, c: WatchState | undefined): WatchState =>
    c?.ids.length ? { ids: [...w.ids, ...c.ids], byId: { ...w.byId, ...c.byId } } : w,
  );
  const carryAlerts = memo(
    (a: AlertsState, rules?: AlertRule[], state?: SavedWatch['state'], log?: AlertFired[]): AlertsState =>
      rules?.length || log?.length
        ? {
            rules: [...a.rules, ...(rules ?? [])],
            state: { ...(state ?? {}), ...a.state },
            log: [...a.log, ...(log ?? [])].sort((x, y) => y.at - x.at),
            seq: a.seq,
          }
        : a,
  );
  // one log, one numbering: each venue's store counts its own alerts, so two venues gave out the same seq (the
  // log's number, ODDSBOARD_ALERT_SEQ); a number one gives out is taken by every other before its next alert
  let carriedTop = topSeq(carried.log);
  const syncSeq = () => {
    const top = Math.max(carriedTop, ...o.venues.map((v) => v.store.getState().alerts.seq));
    for (const v of o.venues) {
      const a = v.store.getState().alerts;
      if (a.seq < top) v.store.setState({ alerts: { ...a, seq: top } });
    }
  };
  syncSeq();
  const unsubscribe = o.venues.map((v) => v.store.subscribe(syncSeq));
  const view = {
    getState: () => {
      const s = o.joined.getState();
      const alerts = carryAlerts(s.alerts, carried.rules, carried.state, carried.log);
      return { watch: carryWatch(s.watch, carried.watch), alerts } as AppState;
    },
    subscribe: o.joined.subscribe,
  } as unknown as OddsStore;
  const bell = new Bell(o.out, o.clock);
  const effects = o.venues.map(
    (v) =>
      new AlertEffects({
        store: v.store,
        clock: o.clock,
        out: o.out,
        bell: o.bell,
        sharedBell: bell,
        env: o.env,
        venue: v.id,
        ...(o.alertCommand ? { command: o.alertCommand } : {}),
        afterLogWrite: !loaded.keepOut.has('log'),
      }),
  );
  const saver = new Saver({
    dir: venuesWatchDir(o.stateDir),
    store: view,
    clock: o.clock,
    keepOut: loaded.keepOut,
    onProblem: (text) => o.venues[0]!.store.getState().notice(text, 'warn', o.clock.now(), 'board'),
    take: (saved) => {
      // another dashboard's write: each venue's part to its store, the closed venues' carried (as at start)
      const rest = mergeSaved(closed.map((id) => venuePart(saved, id)));
      for (const k of ['watch', 'rules', 'state', 'log'] as const) if (saved[k]) (carried[k] as unknown) = rest[k];
      carriedTop = Math.max(carriedTop, topSeq(carried.log));
      // alerts another dashboard fired: in the log, not rung or run here (they were there)
      if (saved.log) for (const e of effects) e.passOver(topSeq(saved.log));
      for (const v of o.venues) v.store.getState().takeSaved(venuePart(saved, v.id));
      if (saved.log) for (const e of effects) e.logTaken();
    },
    logSettled: () => effects.forEach((e) => e.logSettled()),
    ...(o.configTag ? { configTag: o.configTag } : {}),
  });
  saver.start();
  for (const e of effects) e.start();
  // paper.json: every venue's paper positions, as alone (src/venues/paper.ts)
  const paper = startVenuePaper({ venues: o.venues, joined: o.joined, clock: o.clock, dir: o.stateDir });
  // pairs.json too: the other board's decisions in the Across view a moment after it writes them
  const changes = followWrites(o.clock, saver, [paper, o.pairs], o.watchDir);
  return {
    stop() {
      changes.close();
      for (const u of unsubscribe) u();
      // the last write of the log decides who runs an alert told in the last second (effects.ts quit)
      for (const e of effects) e.quit();
      const lines = saver.stop();
      for (const e of effects) e.stop();
      return [...lines, ...paper.stop(), ...(o.pairs?.stop() ?? [])];
    },
  };
}
