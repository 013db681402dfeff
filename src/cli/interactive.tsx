import { render } from 'ink';
import { maskKey } from '../api/client.js';
import { App } from '../ui/App.js';
import { ThemeContext } from '../ui/components/ThemeContext.js';
import type { Palette } from '../ui/theme.js';
import { systemClock } from '../util/clock.js';
import { openPage } from '../links/open.js';
import { hyperlinksSupported, setHyperlinks } from '../links/osc8.js';
import type { CommandIo } from './commands.js';
import type { Settings } from './config.js';
import { EXIT } from './errors.js';
import { installExitHandlers } from './exitHandlers.js';
import { closeBoard, openAll, runBoard } from './board.js';
import type { VenueStackOpen } from './venueStack.js';
import { repaintAfterResize } from './resizeRepaint.js';
import { framesJoined } from '../ui/inkFrameWrites.js';
import { suspendOnSignals, suspendSelf } from './suspend.js';

/** The demo's first notice (10 s on the notice line): what the markets are, and how to see real ones. */
export const DEMO_NOTICE =
  'Simulated markets (the demo). Real ones, no account needed: quit (q) and run oddsboard --source polymarket ' +
  '(or kalshi, manifold, all).';

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
  const run = await runBoard(stacks, settings, io);
  for (const { source, store } of stacks)
    if (source.ledgerProblem) store.getState().notice(source.ledgerProblem, 'warn', systemClock.now());
  // the interface's key (masked) and its demo, when it is among the venues
  const ifaceStack = stacks.find((s) => s.id === 'public');
  const iface = ifaceStack?.source;
  // a first start (no source, URL or --demo): the header says DEMO; the notice says how to leave it for real markets,
  // given with the first markets (its 10 s then start with the rows on screen, not before a slow first frame)
  if (ifaceStack && iface?.mode === 'demo' && !settings.demo) whenListed(ifaceStack.store, DEMO_NOTICE);

  let exitCode = 0;
  // Ink draws its first frame from where the cursor is, and the alternate screen keeps the shell's column: started
  // anywhere but column 0 (`printf x; oddsboard`, a prompt printed late), every full-width row wraps and the top row
  // shows the clock's last digits for good. A carriage return first: column 0 of the same row.
  if (io.stdout.isTTY) io.stdout.write('\r');
  // the detail pane's page address as a link where the terminal shows OSC 8 links (src/links/osc8.ts)
  setHyperlinks(hyperlinksSupported(io.env));
  const opener = (address: string, failed?: (reason: string) => void) =>
    openPage(address, { env: io.env, platform: process.platform }, failed);
  const tree = () => (
    <ThemeContext.Provider value={colors}>
      <App
        store={run.store}
        sync={run.sync}
        keyHint={iface?.mode === 'key' ? maskKey(iface.apiKey) : ''}
        demo={iface?.mode === 'demo'}
        moversThreshold={settings.moversThreshold / 100}
        openPage={opener}
        configPath={settings.configPath}
        {...(io.stdout.isTTY ? { onSuspend: () => suspendSelf() } : {})}
        paced
      />
    </ThemeContext.Provider>
  );
  const instance = render(tree(), {
    stdin: io.stdin,
    // a frame's synchronized-output brackets and the frame in one write, not three (src/ui/inkFrameWrites.ts)
    stdout: framesJoined(io.stdout),
    stderr: io.stderr,
    alternateScreen: true,
    interactive: true, // CI=true would otherwise switch Ink to its non-interactive mode
    exitOnCtrlC: false, // Ctrl-C is a key binding; the App exits through one place
    patchConsole: true,
    maxFps: 15,
    incrementalRendering: true,
  });
  // a burst of resizes can leave the screen torn: once the size settles, the whole screen is drawn again
  const ink = { clear: () => instance.clear(), redraw: () => instance.rerender(tree()) };
  const stopRepaint = io.stdout.isTTY ? repaintAfterResize(io.stdout, ink) : () => {};
  // Ctrl-Z and fg: the terminal given back while stopped, taken again on SIGCONT
  const stopSuspend = io.stdout.isTTY ? suspendOnSignals({ stdin: io.stdin, stdout: io.stdout }, ink) : () => {};
  const handlers = installExitHandlers(() => instance.unmount(), io.stderr);
  run.sync.start();
  try {
    await instance.waitUntilExit();
  } catch (error) {
    exitCode = EXIT.failure;
    io.stderr.write(`oddsboard: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    stopRepaint();
    stopSuspend();
    // a file that could not be written as the dashboard quits: said where it can still be read
    for (const line of await closeBoard(run)) io.stderr.write(`oddsboard: ${line}\n`);
    handlers.remove();
  }
  return handlers.code() ?? exitCode;
}

/** `text` as an info notice once the store's list first holds markets (at once when it already does). */
function whenListed(store: VenueStackOpen['store'], text: string): void {
  const give = () => store.getState().notice(text, 'info', systemClock.now());
  if (store.getState().list.loadedAt !== undefined) return give();
  const stop = store.subscribe((st) => {
    if (st.list.loadedAt === undefined) return;
    stop();
    give();
  });
}
