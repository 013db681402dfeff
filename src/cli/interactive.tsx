import { render } from 'ink';
import { maskKey } from '../api/client.js';
import { App } from '../ui/App.js';
import { ThemeContext } from '../ui/components/ThemeContext.js';
import type { Palette } from '../ui/theme.js';
import { systemClock } from '../util/clock.js';
import { openPage } from '../links/open.js';
import { hyperlinksSupported, setHyperlinks } from '../links/osc8.js';
import { stateDir } from '../util/files.js';
import { startWatcher, type Watcher } from '../watch/index.js';
import { watchDirFor } from '../watch/persist.js';
import type { StoreView } from '../store/store.js';
import type { SyncController } from '../sync/types.js';
import type { CommandIo } from './commands.js';
import type { Settings } from './config.js';
import { EXIT } from './errors.js';
import { installExitHandlers } from './exitHandlers.js';
import { openVenueStack, type VenueStackOpen } from './venueStack.js';

/** What the App is drawn over: one venue's store and sync, or several joined (src/venues/). */
interface Running {
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
  for (const p of desk.store.getState().problems) stacks[0]!.store.getState().notice(p, 'warn', systemClock.now());
  const joined = joinVenues(stacks, desk);
  const watcher = startVenueWatcher({
    venues: stacks,
    joined: joined.store,
    clock: systemClock,
    stateDir: stateDir(io.env),
    alerts: settings.alerts,
    bell: settings.bell,
    ...(settings.alertCommand ? { alertCommand: settings.alertCommand } : {}),
    env: io.env,
    out: io.stdout,
  });
  return { store: joined.store, sync: joined.sync, watcher, stacks, dispose: joined.dispose };
}

/** Opens every venue (together); on any failure the ones opened are closed and the first failure thrown. */
async function openAll(settings: Settings, io: CommandIo): Promise<VenueStackOpen[]> {
  const several = settings.sources.length > 1;
  const opened = await Promise.allSettled(
    settings.sources.map((v) => openVenueStack(settings, v, io.env, systemClock, several)),
  );
  const failed = opened.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(
      opened.map((r) =>
        r.status === 'fulfilled' ? Promise.all([r.value.source.close(), r.value.positions?.close()]) : undefined,
      ),
    );
    throw failed.reason;
  }
  return opened.map((r) => (r as PromiseFulfilledResult<VenueStackOpen>).value);
}

/**
 * The dashboard on the terminal: the sources, stores, syncs and App, until q, Ctrl-C or a signal.
 * Loaded only once the arguments are read and a terminal is there (dashboard.ts).
 */
export async function runInteractive(settings: Settings, io: CommandIo, colors: Palette): Promise<number> {
  let stacks: VenueStackOpen[];
  try {
    stacks = await openAll(settings, io);
  } catch (e) {
    io.stderr.write(`oddsboard: ${(e as Error).message}\n`);
    return EXIT.usage;
  }
  const run = stacks.length === 1 ? runOne(stacks[0]!, settings, io) : await runSeveral(stacks, settings, io);
  for (const { source, store } of stacks)
    if (source.ledgerProblem) store.getState().notice(source.ledgerProblem, 'warn', systemClock.now());
  // the interface's key (masked) and its demo, when it is among the venues
  const iface = stacks.find((s) => s.id === 'public')?.source;

  let exitCode = 0;
  // Ink draws its first frame from where the cursor is, and the alternate screen keeps the shell's column: started
  // anywhere but column 0 (`printf x; oddsboard`, a prompt printed late), every full-width row wraps and the top row
  // shows the clock's last digits for good. A carriage return first: column 0 of the same row.
  if (io.stdout.isTTY) io.stdout.write('\r');
  // the detail pane's page address as a link where the terminal shows OSC 8 links (src/links/osc8.ts)
  setHyperlinks(hyperlinksSupported(io.env));
  const opener = (address: string) => openPage(address, { env: io.env, platform: process.platform });
  const instance = render(
    <ThemeContext.Provider value={colors}>
      <App
        store={run.store}
        sync={run.sync}
        keyHint={iface?.mode === 'key' ? maskKey(iface.apiKey) : ''}
        demo={iface?.mode === 'demo'}
        moversThreshold={settings.moversThreshold / 100}
        openPage={opener}
        paced
      />
    </ThemeContext.Provider>,
    {
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      alternateScreen: true,
      interactive: true, // CI=true would otherwise switch Ink to its non-interactive mode
      exitOnCtrlC: false, // Ctrl-C is a key binding; the App exits through one place
      patchConsole: true,
      maxFps: 15,
      incrementalRendering: true,
    },
  );
  const handlers = installExitHandlers(() => instance.unmount(), io.stderr);
  run.sync.start();
  try {
    await instance.waitUntilExit();
  } catch (error) {
    exitCode = EXIT.failure;
    io.stderr.write(`oddsboard: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    await run.sync.stop();
    run.watcher.stop();
    run.dispose();
    await Promise.all(stacks.map((s) => Promise.all([s.source.close(), s.positions?.close()])));
    handlers.remove();
  }
  return handlers.code() ?? exitCode;
}
