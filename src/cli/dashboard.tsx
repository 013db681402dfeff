import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { render } from 'ink';
import { createClient, maskKey } from '../api/client.js';
import type { MarketClient } from '../api/types.js';
import { startServer, type RunningServer } from '../server/index.js';
import { createOddsStore } from '../store/store.js';
import type { Mode } from '../store/types.js';
import { createSync } from '../sync/index.js';
import { App } from '../ui/App.js';
import { systemClock } from '../util/clock.js';
import { HELP, parseDashboardArgs } from './args.js';
import { resolveSettings, UsageError, type Settings } from './config.js';

export interface DashboardIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

export const LIMITS = { anonymous: 10, key: 30 } as const;

export function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Everything the dashboard needs before it draws, or a usage error. */
export function prepare(argv: string[], env: NodeJS.ProcessEnv): { kind: 'help' | 'version' } | { kind: 'run'; settings: Settings } {
  const parsed = parseDashboardArgs(argv);
  if (parsed.kind !== 'run') return parsed;
  return { kind: 'run', settings: resolveSettings(parsed.flags, env) };
}

const NOT_A_TTY =
  'oddsboard: the dashboard needs an interactive terminal (stdin and stdout must be a TTY).\n' +
  '  To run the reference service without a screen: oddsboard serve --port 8787\n';

export async function runDashboard(argv: string[], io: DashboardIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  let prepared: ReturnType<typeof prepare>;
  try {
    prepared = prepare(argv, io.env);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`oddsboard: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (prepared.kind !== 'run') {
    io.stdout.write(prepared.kind === 'help' ? `${HELP.trimStart()}\n` : `${version()}\n`);
    return 0;
  }
  if (!io.stdin.isTTY || !io.stdout.isTTY) {
    io.stderr.write(NOT_A_TTY);
    return 2;
  }
  return runInteractive(prepared.settings, io);
}

async function runInteractive(settings: Settings, io: DashboardIo): Promise<number> {
  let server: RunningServer | undefined;
  let mode: Mode;
  let apiKey = settings.apiKey;
  let baseUrl = settings.baseUrl;
  if (!baseUrl) {
    // The embedded reference service: a private key of its own, so the demo runs at the keyed rate.
    apiKey = `demo-${randomBytes(12).toString('hex')}`;
    server = await startServer({ seed: settings.seed, speed: settings.speed, keys: [apiKey] });
    baseUrl = server.url;
    mode = 'demo';
  } else {
    mode = apiKey ? 'key' : 'anon';
  }
  const limit = mode === 'anon' ? LIMITS.anonymous : LIMITS.key;
  let client: MarketClient;
  try {
    client = createClient({ baseUrl, ...(apiKey ? { apiKey } : {}), userAgent: `oddsboard/${version()}` });
  } catch (e) {
    await server?.close();
    io.stderr.write(`oddsboard: ${(e as Error).message}\n`);
    return 2;
  }
  const store = createOddsStore({
    mode,
    limit,
    query: { q: settings.query, status: settings.status, category: settings.category, sort: settings.sort, limit: settings.limit },
  });
  const sync = createSync({ client, store, clock: systemClock, limit });

  let exitCode = 0;
  const instance = render(
    <App store={store} sync={sync} keyHint={mode === 'key' ? maskKey(apiKey) : ''} demo={mode === 'demo'} paced />,
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
  const onSignal = (signal: NodeJS.Signals) => {
    exitCode = signal === 'SIGTERM' ? 143 : signal === 'SIGHUP' ? 129 : 130;
    instance.unmount();
  };
  const onCrash = (error: unknown) => {
    exitCode = 1;
    instance.unmount();
    // After unmount the primary screen is back: say what happened, without a raw stack.
    setImmediate(() => io.stderr.write(`oddsboard: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('SIGINT', onSignal);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  sync.start();
  try {
    await instance.waitUntilExit();
  } catch (error) {
    exitCode = 1;
    io.stderr.write(`oddsboard: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    process.off('SIGINT', onSignal);
    await sync.stop();
    await client.close();
    await server?.close();
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  }
  return exitCode;
}
