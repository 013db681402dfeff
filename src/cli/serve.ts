/**
 * `oddsboard serve`: run the reference service in the foreground until
 * SIGINT/SIGTERM. The first line of stdout is the base URL (scripts read it);
 * a short summary follows. Keys are counted, never printed.
 */
import { parseArgs } from 'node:util';
import { CHAOS_PROFILES, RETRY_AFTER_KINDS, type ChaosProfile, type RetryAfterKind } from '../server/chaos.js';
import { startServer, DEFAULT_LIMITS, type ServerOptions } from '../server/listen.js';

export interface ServeIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Stops the service like SIGINT does (for tests and embedding). */
  signal?: AbortSignal;
}

export const SERVE_HELP = `Usage: oddsboard serve [options]

Runs the reference market-data service with a live simulator (simulated data).

Options:
  --port N      port to listen on (default 8787; 0 = any free port)
  --host ADDR   address to bind (default 127.0.0.1, loopback only)
  --seed N      simulator seed, an integer (default 1)
  --speed X     simulated seconds per real second (default 1)
  --keys a,b    API keys the service accepts (visible in ps; demo use only)
  --help        show this help

Misbehaving on purpose (to see how a client copes):
  --chaos PROFILE          ${CHAOS_PROFILES.join(', ')}
                           (none: no fault; under any profile a few markets on screen get hostile titles)
  --chaos-after S          seconds of normal service from the first request (default 30)
  --chaos-for S            seconds the fault lasts (default: for good; flap: each phase, default 120)
  --chaos-retry-after K    429: seconds, date, none or huge (default seconds)
  --log-requests           print one line per request: req {"at","path","status","fault"}

The first line printed is the base URL, e.g. http://127.0.0.1:8787
`;

class UsageError extends Error {}

function intFlag(name: string, raw: string | undefined, dflt: number, max: number): number {
  if (raw === undefined) return dflt;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > max) throw new UsageError(`--${name} must be an integer from 0 to ${max}`);
  return Number(raw);
}

interface ServeConfig {
  port: number;
  host: string;
  seed: number;
  speed: number;
  keys: string[];
  chaos?: NonNullable<ServerOptions['chaos']>;
  logRequests: boolean;
}

function parse(argv: string[]): ServeConfig | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        speed: { type: 'string' },
        keys: { type: 'string' },
        chaos: { type: 'string' },
        'chaos-after': { type: 'string' },
        'chaos-for': { type: 'string' },
        'chaos-retry-after': { type: 'string' },
        'log-requests': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    // parseArgs messages are one sentence; keep only the first line, and never echo values.
    let msg = (err instanceof Error ? err.message : '').split('\n')[0]?.split('. ')[0]?.replace(/\.$/, '') || 'invalid arguments';
    // A stray positional could be a key typed after --keys: never echo it.
    if (msg.startsWith('Unexpected argument')) msg = 'unexpected positional argument';
    throw new UsageError(msg);
  }
  if (values.help) return 'help';
  const speedRaw = values.speed;
  let speed = 1;
  if (speedRaw !== undefined) {
    speed = Number(speedRaw);
    if (!/^\d+(\.\d+)?$/.test(speedRaw) || !(speed > 0) || speed > 10_000) throw new UsageError('--speed must be a number greater than 0 and at most 10000');
  }
  const host = values.host ?? '127.0.0.1';
  if (host === '' || /\s/.test(host)) throw new UsageError('--host must be an address');
  let keys: string[] = [];
  if (values.keys !== undefined) {
    keys = values.keys.split(',').map((k) => k.trim());
    if (keys.some((k) => k === '')) throw new UsageError('--keys must be a comma-separated list of non-empty keys');
  }
  return {
    port: intFlag('port', values.port, 8787, 65535),
    host,
    seed: intFlag('seed', values.seed, 1, 4294967295),
    speed,
    keys,
    ...chaosFlags(values),
    logRequests: values['log-requests'] ?? false,
  };
}

function chaosFlags(values: Record<string, string | boolean | undefined>): Pick<ServeConfig, 'chaos'> {
  const str = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const profile = str('chaos');
  const extra = ['chaos-after', 'chaos-for', 'chaos-retry-after'].find((n) => str(n) !== undefined);
  if (profile === undefined) {
    if (extra) throw new UsageError(`--${extra} needs --chaos`);
    return {};
  }
  if (!(CHAOS_PROFILES as readonly string[]).includes(profile)) throw new UsageError(`--chaos must be one of ${CHAOS_PROFILES.join(', ')}`);
  const retryAfter = str('chaos-retry-after') ?? 'seconds';
  if (!(RETRY_AFTER_KINDS as readonly string[]).includes(retryAfter)) throw new UsageError(`--chaos-retry-after must be one of ${RETRY_AFTER_KINDS.join(', ')}`);
  const forS = str('chaos-for');
  return {
    chaos: {
      profile: profile as ChaosProfile,
      afterMs: intFlag('chaos-after', str('chaos-after'), 30, 86_400) * 1000,
      ...(forS !== undefined ? { forMs: Math.max(1, intFlag('chaos-for', forS, 0, 86_400)) * 1000 } : {}),
      retryAfter: retryAfter as RetryAfterKind,
    },
  };
}

export async function runServe(argv: string[], io: ServeIo = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  let cfg: ServeConfig | 'help';
  try {
    cfg = parse(argv);
  } catch (err) {
    io.stderr.write(`oddsboard serve: ${err instanceof UsageError ? err.message : 'invalid arguments'} (see --help)\n`);
    return 2;
  }
  if (cfg === 'help') {
    io.stdout.write(SERVE_HELP);
    return 0;
  }
  let running;
  try {
    const log = (e: object) => io.stdout.write(`req ${JSON.stringify(e)}\n`);
    // --log-requests alone: the request log, without faults or hostile titles
    const chaos = cfg.chaos ?? (cfg.logRequests ? { profile: 'none' as const, hostileTitles: false } : undefined);
    if (chaos && cfg.logRequests) chaos.onRequest = log;
    running = await startServer({ port: cfg.port, host: cfg.host, seed: cfg.seed, speed: cfg.speed, keys: cfg.keys, ...(chaos ? { chaos } : {}) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    const why = code === 'EADDRINUSE' ? `port ${cfg.port} is already in use` : code === 'EADDRNOTAVAIL' ? `cannot bind ${cfg.host}` : err instanceof Error ? err.message.split('\n')[0] : 'failed to start';
    io.stderr.write(`oddsboard serve: ${why}\n`);
    return 1;
  }
  const sim = running.sim;
  const visible = sim.markets().filter((m) => sim.isVisible(m)).length;
  const events = sim.events().filter((e) => sim.isEventVisible(e)).length;
  const categories = new Set(sim.markets().map((m) => m.category)).size;
  io.stdout.write(`${running.url}\n`);
  io.stdout.write(
    `oddsboard reference service — SIMULATED data, seed ${cfg.seed}, speed ${cfg.speed}x\n` +
      `${visible} public markets in ${events} events across ${categories} categories\n` +
      `API keys accepted: ${cfg.keys.length}; limits ${DEFAULT_LIMITS.anonymous}/min per IP, ${DEFAULT_LIMITS.key}/min per key\n` +
      (cfg.chaos ? `CHAOS ${cfg.chaos.profile}: normal for ${(cfg.chaos.afterMs ?? 0) / 1000} s from the first request, then ${cfg.chaos.forMs === undefined ? 'for good' : `for ${cfg.chaos.forMs / 1000} s`}\n` : '') +
      `Ctrl-C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.signal?.removeEventListener('abort', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (io.signal?.aborted) stop();
    else io.signal?.addEventListener('abort', stop, { once: true });
  });
  await running.close();
  return 0;
}
