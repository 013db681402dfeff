/**
 * The board without its screen: every venue's stack opened (client, store, sync), joined when there are several,
 * with the watch files. The dashboard draws the App over it (interactive.tsx); `npm run bench:stacks` runs it with
 * no screen at all, to tell the answers' cost from the frames'.
 */
import { systemClock } from '../util/clock.js';
import { stateDir } from '../util/files.js';
import { startWatcher, type Watcher } from '../watch/index.js';
import { watchDirFor } from '../watch/persist.js';
import type { StoreView } from '../store/store.js';
import type { SyncController } from '../sync/types.js';
import type { CommandIo } from './commands.js';
import type { Settings } from './config.js';
import { openVenueStack, type VenueStackOpen } from './venueStack.js';
import { configTag } from './alertConfig.js';

/** What the App is drawn over: one venue's store and sync, or several joined (src/venues/). */
export interface Running {
  store: StoreView;
  sync: SyncController;
  watcher: Watcher;
  stacks: VenueStackOpen[];
  dispose(): void;
}

/** One venue, exactly as the dashboard always ran: its store and sync, its own watch files. */
function runOne(stack: VenueStackOpen, settings: Settings, io: CommandIo): Running {
  const { source, store, sync } = stack;
  // the watchlist and alerts are back before the first answer arrives
  const watcher = startWatcher({
    store,
    clock: systemClock,
    // each source keeps its own watchlist, alerts and log: a Kalshi ticker never meets a Polymarket id
    dir: watchDirFor(stateDir(io.env), source.id),
    // paper positions name their venue: one file for every source
    paperDir: stateDir(io.env),
    // the config file's alerts name the interface's market ids
    alerts: source.id === 'public' ? settings.alerts : [],
    configTag: configTag(settings.configPath),
    bell: settings.bell,
    ...(settings.alertCommand ? { alertCommand: settings.alertCommand } : {}),
    env: io.env,
    out: io.stdout,
  });
  return { store, sync, watcher, stacks: [stack], dispose: () => {} };
}

/** Several venues: each its own stack, joined for the screen; one watchlist and alert log for all. */
async function runSeveral(stacks: VenueStackOpen[], settings: Settings, io: CommandIo): Promise<Running> {
  const { joinVenues } = await import('../venues/joined.js');
  const { startVenueWatcher } = await import('../venues/watch.js');
  const { AcrossDesk } = await import('../venues/across/desk.js');
  // pairs across the venues (issue #29): their candidates, the person's decisions (pairs.json), the pairs' books
  const desk = new AcrossDesk(stacks, stateDir(io.env), systemClock);
  for (const p of desk.store.getState().problems)
    stacks[0]!.store.getState().notice(p, 'warn', systemClock.now(), 'board');
  const joined = joinVenues(stacks, desk);
  const watcher = startVenueWatcher({
    venues: stacks,
    joined: joined.store,
    clock: systemClock,
    stateDir: stateDir(io.env),
    alerts: settings.alerts,
    configTag: configTag(settings.configPath),
    bell: settings.bell,
    ...(settings.alertCommand ? { alertCommand: settings.alertCommand } : {}),
    env: io.env,
    out: io.stdout,
    // its last write as the board quits, with the watch files: what could not be written is said on stderr
    pairs: desk.file,
  });
  return { store: joined.store, sync: joined.sync, watcher, stacks, dispose: joined.dispose };
}

/** Opens every venue (together); on any failure the ones opened are closed and the first failure thrown. */
export async function openAll(settings: Settings, io: CommandIo): Promise<VenueStackOpen[]> {
  const several = settings.sources.length > 1;
  const opened = await Promise.allSettled(
    settings.sources.map((v) => openVenueStack(settings, v, io.env, systemClock, several)),
  );
  const failed = opened.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(opened.map((r) => (r.status === 'fulfilled' ? closeStack(r.value) : undefined)));
    throw failed.reason;
  }
  return opened.map((r) => (r as PromiseFulfilledResult<VenueStackOpen>).value);
}

/** The board over opened stacks: one venue as it always ran, several joined. */
export function runBoard(stacks: VenueStackOpen[], settings: Settings, io: CommandIo): Promise<Running> {
  return stacks.length === 1 ? Promise.resolve(runOne(stacks[0]!, settings, io)) : runSeveral(stacks, settings, io);
}

/**
 * Stops the board: the syncs (what is on its way aborted), the watch files written, the venues' clients closed.
 * Returns what could not be saved, one line a file, for stderr: the notice line is gone by then.
 */
export async function closeBoard(run: Running): Promise<string[]> {
  await run.sync.stop();
  const unsaved = run.watcher.stop();
  run.dispose();
  await Promise.all(run.stacks.map(closeStack));
  return unsaved;
}

/** A venue's clients closed: its source's and its positions'. */
function closeStack(s: VenueStackOpen): Promise<unknown> {
  return Promise.all([s.source.close(), s.positions?.close()]);
}
