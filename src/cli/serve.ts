/**
 * `oddsboard serve`: run the reference service in the foreground until
 * SIGINT/SIGTERM. The first line of stdout is the base URL (scripts read it);
 * a short summary follows. Keys are counted, never printed.
 */
import { statSync } from 'node:fs';
import { wholeIn } from '../util/numbers.js';
import { CHAOS_PROFILES, RETRY_AFTER_KINDS, type ChaosProfile, type RetryAfterKind } from '../server/chaos.js';
import { startServer, DEFAULT_LIMITS, type ServerOptions } from '../server/listen.js';
import { parseRecordedAt } from '../server/replay/asRecorded.js';
import { RecordingError } from '../server/replay/load.js';
import { READ_FIX } from '../util/files.js';
import { findCommand } from './commands.js';
import { EXIT, UsageError, usageLine } from './errors.js';
import { commandHelp } from './help.js';
import { readInvocation } from './parse.js';
import { checkValue } from './settingValues.js';
import type { SourceId } from '../sources/types.js';

export interface ServeIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Stops the service like SIGINT does (for tests and embedding). */
  signal?: AbortSignal;
}

const SERVE = findCommand('serve')!;

function intFlag(name: string, raw: string | boolean | undefined, dflt: number, max: number, min = 0): number {
  if (raw === undefined) return dflt;
  const n = wholeIn(raw, min, max);
  if (n === undefined) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

export interface ServeConfig {
  port: number;
  host: string;
  seed: number;
  speed: number;
  keys: string[];
  /** Serve the recorded payloads of this directory instead of the simulator. */
  replay?: string;
  /** With `replay`: answer on this platform's own routes (its paging, filters, limits and error shapes). */
  source?: Exclude<SourceId, 'public'>;
  /** Replay as of the recording; `recordedAt` when given on the command line (else DIR/manifest.json's). */
  asRecorded?: { recordedAt?: number };
  chaos?: NonNullable<ServerOptions['chaos']>;
  logRequests: boolean;
}

function parse(argv: string[]): ServeConfig | 'help' {
  const inv = readInvocation(SERVE, argv);
  if (inv.kind !== 'run') return 'help';
  const values = inv.flags as Partial<Record<string, string>>;
  const speed = values.speed === undefined ? 1 : (checkValue('speed', values.speed, '--speed') as number);
  const host = values.host ?? '127.0.0.1';
  if (host === '' || /\s/.test(host)) throw new UsageError('--host must be an address');
  let keys: string[] = [];
  if (values.keys !== undefined) {
    keys = values.keys.split(',').map((k) => k.trim());
    if (keys.some((k) => k === '')) throw new UsageError('--keys must be a comma-separated list of non-empty keys');
  }
  if (values.replay !== undefined && (values.seed !== undefined || values.speed !== undefined)) {
    throw new UsageError('--seed and --speed belong to the simulator, not to --replay');
  }
  if (values.replay === '') throw new UsageError('--replay needs a directory');
  const source = values.source === undefined ? 'public' : (checkValue('source', values.source, '--source') as SourceId);
  if (source !== 'public' && values.replay === undefined)
    throw new UsageError(`--source ${source} is served from a recording: give --replay DIR`);
  if (source !== 'public' && values['recorded-at'] !== undefined)
    throw new UsageError(
      `--recorded-at belongs to the interface's replay; a ${source} recording carries its own times`,
    );
  if (source !== 'public' && values.keys !== undefined)
    throw new UsageError(`--keys belongs to the interface: ${source}'s public routes take no key`);
  // the interface's replay has neither: they were taken and did nothing (every answer 200, no line logged)
  const unserved = values.chaos !== undefined ? '--chaos' : inv.flags['log-requests'] === true ? '--log-requests' : '';
  if (values.replay !== undefined && source === 'public' && unserved !== '')
    throw new UsageError(
      `${unserved} goes with the simulator or a platform's replay (--replay DIR --source S), ` +
        "not the interface's replay",
    );
  const asRecorded = inv.flags['as-recorded'] === true;
  if (asRecorded && values.replay === undefined) throw new UsageError('--as-recorded goes with --replay DIR');
  let recordedAt: number | undefined;
  if (values['recorded-at'] !== undefined) {
    if (!asRecorded) throw new UsageError('--recorded-at goes with --as-recorded');
    recordedAt = parseRecordedAt(values['recorded-at']);
    if (recordedAt === undefined)
      throw new UsageError('--recorded-at must be an ISO 8601 time with its zone, e.g. 2022-10-11T22:30:18Z');
  }
  return {
    ...(values.replay !== undefined ? { replay: values.replay } : {}),
    ...(source !== 'public' ? { source } : {}),
    ...(asRecorded ? { asRecorded: recordedAt === undefined ? {} : { recordedAt } } : {}),
    port: intFlag('port', values.port, 8787, 65535),
    host,
    seed: intFlag('seed', values.seed, 1, 4294967295),
    speed,
    keys,
    ...chaosFlags(values),
    logRequests: inv.flags['log-requests'] === true,
  };
}

function chaosFlags(values: Partial<Record<string, string>>): Pick<ServeConfig, 'chaos'> {
  const profile = values.chaos;
  const extra = ['chaos-after', 'chaos-for', 'chaos-retry-after', 'chaos-path'].find((n) => values[n] !== undefined);
  if (profile === undefined) {
    if (extra) throw new UsageError(`--${extra} needs --chaos`);
    return {};
  }
  if (!(CHAOS_PROFILES as readonly string[]).includes(profile)) {
    throw new UsageError(`--chaos must be one of ${CHAOS_PROFILES.join(', ')}`);
  }
  const retryAfter = values['chaos-retry-after'] ?? 'seconds';
  if (!(RETRY_AFTER_KINDS as readonly string[]).includes(retryAfter)) {
    throw new UsageError(`--chaos-retry-after must be one of ${RETRY_AFTER_KINDS.join(', ')}`);
  }
  const forS = values['chaos-for'];
  const path = values['chaos-path'];
  if (path !== undefined && !/^\/[^\s?#]*$/.test(path))
    throw new UsageError('--chaos-path must be a path starting with /, without a query (as --log-requests prints it)');
  return {
    chaos: {
      profile: profile as ChaosProfile,
      afterMs: intFlag('chaos-after', values['chaos-after'], 30, 86_400) * 1000,
      // a fault for 0 s is none: refused, where it was served as 1 s without a word
      ...(forS !== undefined ? { forMs: intFlag('chaos-for', forS, 0, 86_400, 1) * 1000 } : {}),
      retryAfter: retryAfter as RetryAfterKind,
      ...(path !== undefined ? { path } : {}),
    },
  };
}

/** `1139d 2h 5m`: how far the recorded times were moved. */
function formatShift(ms: number): string {
  const m = Math.round(ms / 60_000);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  return [d ? `${d}d` : '', h ? `${h}h` : '', `${m % 60}m`].filter(Boolean).join(' ');
}

export async function runServe(
  argv: string[],
  io: ServeIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  let cfg: ServeConfig | 'help';
  try {
    cfg = parse(argv);
  } catch (err) {
    io.stderr.write(usageLine('serve', err instanceof UsageError ? err.message : 'invalid arguments'));
    return 2;
  }
  if (cfg === 'help') {
    io.stdout.write(commandHelp(SERVE));
    return 0;
  }
  // a DIR that is none (missing, a file) is a bad argument, exit 2 as record's: it was exit 1, "unexpected failure"
  const notDir = cfg.replay === undefined ? undefined : replayDirProblem(cfg.replay);
  if (notDir !== undefined) {
    io.stderr.write(usageLine('serve', notDir));
    return EXIT.usage;
  }
  let running: { url: string; close(): Promise<void> };
  let summary: string;
  try {
    if (cfg.replay !== undefined && cfg.source !== undefined) {
      const { servePlatformReplay } = await import('./servePlatform.js');
      const r = await servePlatformReplay(cfg.source, cfg.replay, cfg, io);
      running = r;
      summary = r.summary;
    } else if (cfg.replay !== undefined) {
      const { startReplayServer } = await import('../server/replay/index.js');
      const r = await startReplayServer({
        dir: cfg.replay,
        port: cfg.port,
        host: cfg.host,
        keys: cfg.keys,
        ...(cfg.asRecorded ? { asRecorded: cfg.asRecorded } : {}),
      });
      running = r;
      const counts = `${r.catalog.marketCount} markets and ${r.catalog.eventCount} events`;
      summary = r.asRecorded
        ? `oddsboard reference service: REPLAY of recorded payloads in ${cfg.replay}, as of the recording ` +
          `(${new Date(r.asRecorded.recordedAt).toISOString()})\n` +
          `${counts}, served as recorded but for their times: each moved forward ${formatShift(r.asRecorded.shiftMs)}\n`
        : `oddsboard reference service: REPLAY of recorded payloads in ${cfg.replay}\n${counts}, served as recorded\n`;
    } else {
      const log = (e: object) => io.stdout.write(`req ${JSON.stringify(e)}\n`);
      // --log-requests alone: the request log, without faults or hostile titles
      const chaos = cfg.chaos ?? (cfg.logRequests ? { profile: 'none' as const, hostileTitles: false } : undefined);
      if (chaos && cfg.logRequests) chaos.onRequest = log;
      const r = await startServer({
        port: cfg.port,
        host: cfg.host,
        seed: cfg.seed,
        speed: cfg.speed,
        keys: cfg.keys,
        ...(chaos ? { chaos } : {}),
      });
      running = r;
      const sim = r.sim;
      const visible = sim.markets().filter((m) => sim.isVisible(m)).length;
      const events = sim.events().filter((e) => sim.isEventVisible(e)).length;
      const categories = new Set(sim.markets().map((m) => m.category)).size;
      summary =
        `oddsboard reference service: SIMULATED data, seed ${cfg.seed}, speed ${cfg.speed}x\n` +
        `${visible} public markets in ${events} events across ${categories} categories\n` +
        (cfg.chaos
          ? `CHAOS ${cfg.chaos.profile}${cfg.chaos.path ? ` on ${cfg.chaos.path}` : ''}: ` +
            `normal for ${(cfg.chaos.afterMs ?? 0) / 1000} s from the first request, ` +
            `then ${cfg.chaos.forMs === undefined ? 'for good' : `for ${cfg.chaos.forMs / 1000} s`}\n`
          : '');
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    // a --host that names no address of this machine is a bad flag (exit 2), not a failure of the server
    const badHost = code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
    const why =
      code === 'EADDRINUSE'
        ? `port ${cfg.port} is already in use (another oddsboard serve?): give --port N, or --port 0 for any free one`
        : badHost
          ? `cannot bind --host ${cfg.host} (${code}): give an address of this machine, e.g. 127.0.0.1`
          : err instanceof Error
            ? err.message.split('\n')[0]
            : 'failed to start';
    io.stderr.write(`oddsboard serve: ${why}\n`);
    // a --replay DIR with nothing to serve (no recorded market, a file that is not JSON) is a bad argument
    return badHost || err instanceof RecordingError ? EXIT.usage : 1;
  }
  io.stdout.write(`${running.url}\n`);
  io.stdout.write(
    cfg.source !== undefined
      ? `${summary}Ctrl-C to stop.\n`
      : `${summary}API keys accepted: ${cfg.keys.length}; limits ${DEFAULT_LIMITS.anonymous}/min per IP, ` +
          `${DEFAULT_LIMITS.key}/min per key\n` +
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

/**
 * Why `--replay path` is no directory to serve, undefined when it is one: not there, a file, or one that cannot be
 * looked at (a symlink loop ended serve with Node's raw "ELOOP: too many symbolic links encountered", exit 1).
 */
function replayDirProblem(path: string): string | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true
      ? undefined
      : `--replay ${path} is not a directory`;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return `--replay ${path} cannot be read (${code}): ${READ_FIX[code] ?? 'check it'}`;
  }
}
