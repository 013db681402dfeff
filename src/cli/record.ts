/**
 * `oddsboard record DIR`: save what a market-data service answers (list
 * pages, market details, events) into DIR, paced within its rate budget, so
 * `oddsboard serve --replay DIR` can serve it again. The key comes from
 * ODDSBOARD_API_KEY only and is written nowhere: files hold the answers'
 * `data`, manifest.json the base URL and what was asked.
 */
import { accessSync, constants, lstatSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createClient } from '../api/client.js';
import { wholeIn } from '../util/numbers.js';
import { recordService, type RecordPlan } from '../sync/record.js';
import { systemClock, type Clock } from '../util/clock.js';
import { makeDirs, nearestExisting, READ_FIX, writeFileAtomic } from '../util/files.js';
import { openFileLedger } from '../ledger/open.js';
import { waitForSlot } from '../ledger/wait.js';
import { findCommand } from './commands.js';
import { checkValue, resolveSettings, settingsFromFlags } from './config.js';
import type { SourceId } from '../sources/types.js';
import { exitCodeFor, UsageError, usageLine } from './errors.js';
import { commandHelp } from './help.js';
import { readInvocation } from './parse.js';
import { originOf } from './settingValues.js';
import { DEFAULT_LIMITS as LIMITS } from '../server/listen.js';

export interface RecordIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  clock?: Clock;
  signal?: AbortSignal;
}

function count(name: string, raw: string | undefined, dflt: number, min: number, max: number): number {
  if (raw === undefined) return dflt;
  const n = wholeIn(raw, min, max);
  if (n === undefined) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

const RECORD = findCommand('record')!;

interface Who {
  polymarketWallet?: string;
  manifoldUser?: string;
}

function parse(
  argv: string[],
): { dir: string; baseUrl?: string; source?: string; plan: RecordPlan; who: Who; listFlag?: string } | 'help' {
  const inv = readInvocation(RECORD, argv);
  if (inv.kind !== 'run') return 'help';
  const values = inv.flags as Partial<Record<string, string>>;
  const status = values.status ?? 'all';
  if (!/^[a-z_]{1,20}$/i.test(status)) throw new UsageError('--status must be a word such as all, active, resolved');
  return {
    dir: inv.args[0]!,
    // checked as every command's (a platform's recording printed it, credentials and all, before failing on it)
    ...(values['base-url'] !== undefined
      ? { baseUrl: checkValue('baseUrl', values['base-url'], '--base-url') as string }
      : {}),
    ...(values.source !== undefined ? { source: values.source } : {}),
    who: settingsFromFlags(inv.flags, ['polymarket-wallet', 'manifold-user']) as Who,
    // the interface's list parameters: a platform's recorder pages its lists its own way
    ...Object.fromEntries(['limit', 'status'].filter((n) => values[n] !== undefined).map((n) => ['listFlag', n])),
    plan: {
      pages: count('pages', values.pages, 1, 1, 100),
      limit: count('limit', values.limit, 100, 1, 100),
      status,
      details: count('details', values.details, 20, 0, 10_000),
      events: count('events', values.events, 50, 0, 100),
      eventDetails: count('event-details', values['event-details'], 10, 0, 10_000),
    },
  };
}

export async function runRecord(
  argv: string[],
  io: RecordIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<number> {
  let cfg: ReturnType<typeof parse>;
  let baseUrl: string | undefined;
  let apiKey: string | undefined;
  try {
    cfg = parse(argv);
    if (cfg === 'help') {
      io.stdout.write(commandHelp(RECORD));
      return 0;
    }
    // before anything is sent: a DIR that is a file failed only after every answer had been asked for
    const dir = cfg.dir;
    if (lookAt(() => statSync(dir, { throwIfNoEntry: false })?.isDirectory()) === false)
      throw new UsageError('DIR is not a directory');
    const blocked = lookAt(() => whyNotMade(dir));
    if (blocked !== undefined) throw new UsageError(`DIR cannot be made: ${blocked}`);
    // a second recording into it overwrote some files, kept the others, and its manifest named only its own
    const manifest = join(cfg.dir, 'manifest.json');
    if (holds(manifest)) throw new UsageError(`DIR already holds a recording (${manifest}): record into a new folder`);
    const settings = resolveSettings(
      {
        ...(cfg.baseUrl !== undefined ? { baseUrl: cfg.baseUrl } : {}),
        ...(cfg.source !== undefined ? { source: checkValue('source', cfg.source, '--source') as SourceId } : {}),
      },
      io.env,
    );
    // ODDSBOARD_SOURCE=all recorded the first of the three alone, where --source all is refused
    if (settings.sources.length > 1)
      throw new UsageError(
        `${originOf(settings, 'sources', '--source')} names ${settings.sources.join(',')}; record saves one at a ` +
          'time: give --source S',
      );
    refuseUnused(cfg, settings.source);
    if (settings.source !== 'public') {
      const { runPlatformRecord } = await import('./recordPlatform.js');
      return await runPlatformRecord(settings.source, settings.baseUrl, cfg.dir, cfg.plan, io, cfg.who);
    }
    baseUrl = settings.baseUrl;
    apiKey = settings.apiKey;
    if (baseUrl === undefined) throw new UsageError('no service to record: give --base-url or set ODDSBOARD_BASE_URL');
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(usageLine('record', err.message));
    return 2;
  }
  let client;
  try {
    client = createClient({ baseUrl, ...(apiKey ? { apiKey } : {}) });
  } catch (err) {
    io.stderr.write(`oddsboard record: ${err instanceof Error ? err.message : 'bad configuration'}\n`);
    return 2;
  }
  const info = client.describe();
  const perMinute = info.authenticated ? LIMITS.key : LIMITS.anonymous;
  const dir = cfg.dir;
  const clock = io.clock ?? systemClock;
  // the budget is the user's, not this process's: a dashboard on the same service and key counts these sends
  const opened = openFileLedger(io.env, info.baseUrl, apiKey);
  if ('problem' in opened) io.stderr.write(`oddsboard record: ${opened.problem}; counting only its own requests\n`);
  const ledger = 'ledger' in opened ? opened.ledger : undefined;
  const startedAt = clock.now();
  io.stderr.write(
    `recording ${info.baseUrl} ${info.authenticated ? `with key ${info.apiKey}` : 'anonymously'} ` +
      `into ${dir}, at most ${perMinute} requests a minute\n`,
  );
  try {
    const summary = await recordService({
      client,
      clock,
      perMinute,
      plan: cfg.plan,
      save: (file, data) => writeFileAtomic(join(dir, file), `${JSON.stringify(data, null, 1)}\n`),
      log: (line) => io.stderr.write(`${line}\n`),
      ...(io.signal ? { signal: io.signal } : {}),
      ...(ledger
        ? {
            claim: () =>
              waitForSlot(ledger, Math.max(1, perMinute - 1), {
                noWait: false,
                ...(io.signal ? { signal: io.signal } : {}),
                onWait: (ms) => io.stderr.write(`waiting ${Math.ceil(ms / 1000)}s for the shared rate budget\n`),
              }),
            onRateLimited: (ms: number) => ledger.pause(clock.now() + ms, clock.now()),
          }
        : {}),
    });
    const manifest = {
      recordedAt: new Date(startedAt).toISOString(),
      baseUrl: info.baseUrl,
      authenticated: info.authenticated,
      plan: cfg.plan,
      files: summary.files,
    };
    writeFileAtomic(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
    io.stdout.write(
      savedLine(summary, dir) +
        `${summary.stopped ? `; stopped: ${summary.stopped}` : ''}\n` +
        (summary.files.length > 0 ? `replay them with: oddsboard serve --replay ${dir}\n` : ''),
    );
    // a rejected key is 6, an unreachable service 7, as for every command (docs/commands.md#exit-codes)
    const failed = (summary.stopped && summary.stopped !== 'aborted') || summary.files.length === 0;
    return failed && summary.failedAs !== undefined ? exitCodeFor(summary.failedAs) : 0;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    io.stderr.write(`oddsboard record: cannot write into ${dir}: ${e.code ?? e.message}\n`);
    return 1;
  } finally {
    await client.close();
  }
}

/** A flag this recording would take and not use (`--source kalshi --limit 5`, a wallet without Polymarket). */
function refuseUnused(cfg: { who: Who; listFlag?: string }, source: SourceId): void {
  if (source !== 'public' && cfg.listFlag !== undefined)
    throw new UsageError(`--${cfg.listFlag} belongs to the interface (--source public), not to ${source}`);
  const identities = [
    ['polymarketWallet', '--polymarket-wallet', 'polymarket'],
    ['manifoldUser', '--manifold-user', 'manifold'],
  ] as const;
  for (const [key, flag, owner] of identities)
    if (cfg.who[key] !== undefined && source !== owner)
      throw new UsageError(`${flag} belongs to --source ${owner}, not to ${source}`);
}

/** `look()` of DIR's path; one that cannot be looked at (a symlink loop: ELOOP) a UsageError saying why, not exit 1. */
function lookAt<T>(look: () => T): T {
  try {
    return look();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    throw new UsageError(`DIR cannot be made: its path cannot be looked at (${code}): ${READ_FIX[code] ?? 'check it'}`);
  }
}

/** Whether something (a file, a folder, a link) is at `path`; a path that cannot be looked at counts as empty. */
function holds(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Why `dir` could not be made or written into, seen from its nearest existing folder, else made (as the recording's
 * first write would make it): a file in its path failed only after every answer had been asked for (ENOTDIR, exit 1).
 */
function whyNotMade(dir: string): string | undefined {
  const near = nearestExisting(resolve(dir));
  if (near === undefined) return undefined;
  if (!near.stats.isDirectory()) return 'a file is in its path (ENOTDIR)';
  try {
    accessSync(near.at, constants.W_OK | constants.X_OK);
  } catch (e) {
    return `no permission to write there (${(e as NodeJS.ErrnoException).code ?? 'EACCES'})`;
  }
  // made now, as the recording would make it: a file system that cannot hold it (/proc/x/y) says so here, where
  // Node's recursive mkdir of the first write hung for good
  try {
    makeDirs(resolve(dir));
    return undefined;
  } catch (e) {
    const { code, path } = e as NodeJS.ErrnoException;
    return `${path ?? dir} could not be made (${code ?? 'error'}): ${near.at} cannot hold it`;
  }
}

const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a recording saved: `1 answer saved in DIR (1 request, 0 failed)` (it said "1 answers", "1 requests"). */
export function savedLine(summary: { files: readonly unknown[]; requests: number; failures: number }, dir: string) {
  return (
    `${counted(summary.files.length, 'answer')} saved in ${dir} ` +
    `(${counted(summary.requests, 'request')}, ${summary.failures} failed)`
  );
}
