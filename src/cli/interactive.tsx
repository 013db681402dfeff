import { render } from 'ink';
import { maskKey } from '../api/client.js';
import { createOddsStore } from '../store/store.js';
import { createSync } from '../sync/index.js';
import { App } from '../ui/App.js';
import { ThemeContext } from '../ui/components/ThemeContext.js';
import type { Palette } from '../ui/theme.js';
import { systemClock } from '../util/clock.js';
import { stateDir } from '../util/files.js';
import { startWatcher } from '../watch/index.js';
import { watchDirFor } from '../watch/persist.js';
import type { CommandIo } from './commands.js';
import { DEFAULTS, type Settings } from './config.js';
import { fitQuery } from '../sources/fit.js';
import { SOURCE_NAMES } from '../sources/names.js';
import { EXIT } from './errors.js';
import { installExitHandlers } from './exitHandlers.js';
import { openSource, type Source } from './source.js';

/**
 * The dashboard on the terminal: the source, store, sync and App, until q, Ctrl-C or a signal.
 * Loaded only once the arguments are read and a terminal is there (dashboard.ts).
 */
export async function runInteractive(settings: Settings, io: CommandIo, colors: Palette): Promise<number> {
  let source: Source;
  try {
    source = await openSource(settings, io.env);
  } catch (e) {
    io.stderr.write(`oddsboard: ${(e as Error).message}\n`);
    return EXIT.usage;
  }
  const { client, mode, limit, windowMs, ledger } = source;
  const fitted = fitQuery(
    source.caps,
    SOURCE_NAMES[source.id],
    {
      query: settings.query,
      status: settings.status,
      category: settings.category,
      sort: settings.sort,
      limit: settings.limit,
    },
    DEFAULTS,
  );
  if (!fitted.ok) {
    await source.close();
    io.stderr.write(`oddsboard: ${fitted.message}\n`);
    return EXIT.usage;
  }
  const start = fitted.query;
  const store = createOddsStore({
    mode,
    limit,
    caps: source.caps,
    ...(source.id !== 'public' ? { documentedLimit: source.ceiling } : {}),
    query: { q: start.query, status: start.status, category: start.category, sort: start.sort, limit: start.limit },
  });
  // the ledger holds the sends of a previous run within the minute too: a restart stays inside the limit
  // the watchlist and alerts are back before the first answer arrives
  const watcher = startWatcher({
    store,
    clock: systemClock,
    // each source keeps its own watchlist, alerts and log: a Kalshi ticker never meets a Polymarket id
    dir: watchDirFor(stateDir(io.env), source.id),
    // the config file's alerts name the interface's market ids
    alerts: source.id === 'public' ? settings.alerts : [],
    bell: settings.bell,
    ...(settings.alertCommand ? { alertCommand: settings.alertCommand } : {}),
    env: io.env,
    out: io.stdout,
  });
  const sync = createSync({
    client,
    store,
    clock: systemClock,
    limit,
    windowMs,
    ledger,
    categories: source.id !== 'public',
  });
  if (source.ledgerProblem) store.getState().notice(source.ledgerProblem, 'warn', systemClock.now());

  let exitCode = 0;
  // Ink draws its first frame from where the cursor is, and the alternate screen keeps the shell's column: started
  // anywhere but column 0 (`printf x; oddsboard`, a prompt printed late), every full-width row wraps and the top row
  // shows the clock's last digits for good. A carriage return first: column 0 of the same row.
  if (io.stdout.isTTY) io.stdout.write('\r');
  const instance = render(
    <ThemeContext.Provider value={colors}>
      <App
        store={store}
        sync={sync}
        keyHint={mode === 'key' ? maskKey(source.apiKey) : ''}
        demo={mode === 'demo'}
        moversThreshold={settings.moversThreshold / 100}
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
  sync.start();
  try {
    await instance.waitUntilExit();
  } catch (error) {
    exitCode = EXIT.failure;
    io.stderr.write(`oddsboard: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    await sync.stop();
    watcher.stop();
    await source.close();
    handlers.remove();
  }
  return handlers.code() ?? exitCode;
}
