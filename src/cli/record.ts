/**
 * `oddsboard record DIR`: save what a market-data service answers (list
 * pages, market details, events) into DIR, paced within its rate budget, so
 * `oddsboard serve --replay DIR` can serve it again. The key comes from
 * ODDSBOARD_API_KEY only and is written nowhere: files hold the answers'
 * `data`, manifest.json the base URL and what was asked.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '../api/client.js';
import { recordService, type RecordPlan } from '../sync/record.js';
import { systemClock, type Clock } from '../util/clock.js';
import { writeFileAtomic } from '../util/files.js';
import { resolveSettings, UsageError } from './config.js';
import { DEFAULT_LIMITS as LIMITS } from '../server/listen.js';

export const RECORD_HELP = `Usage: oddsboard record DIR [options]

Saves what a market-data service answers into DIR, so that
\`oddsboard serve --replay DIR\` can serve it again (to reproduce what you saw,
or to try oddsboard on real data offline). Requests are paced within the
service's rate limit (10/min anonymous, 30/min with ODDSBOARD_API_KEY).

Options:
  --base-url URL        the service (default: ODDSBOARD_BASE_URL, then the config file)
  --pages N             market list pages to save (default 1)
  --limit N             markets per page, 1..100 (default 100)
  --status S            the list's status filter (default all)
  --details N           market details to save (default 20)
  --events N            the events list's limit, 0 = none (default 50)
  --event-details N     events named by the markets to save (default 10)
  --help                show this help

The API key is read from ODDSBOARD_API_KEY and never written to DIR.
`;

export interface RecordIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  clock?: Clock;
  signal?: AbortSignal;
}

function count(name: string, raw: string | undefined, dflt: number, min: number, max: number): number {
  if (raw === undefined) return dflt;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return Number(raw);
}

function parse(argv: string[]): { dir: string; baseUrl?: string; plan: RecordPlan } | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        'base-url': { type: 'string' },
        pages: { type: 'string' },
        limit: { type: 'string' },
        status: { type: 'string' },
        details: { type: 'string' },
        events: { type: 'string' },
        'event-details': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    const msg = (err instanceof Error ? err.message : '').split('\n')[0]?.split('. ')[0]?.replace(/\.$/, '') || 'invalid arguments';
    throw new UsageError(/key|token/i.test(msg) ? 'a key on the command line shows in ps and shell history; set ODDSBOARD_API_KEY instead' : msg);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1 || positionals[0] === '') throw new UsageError('give one directory to record into');
  const status = values.status ?? 'all';
  if (!/^[a-z_]{1,20}$/i.test(status)) throw new UsageError('--status must be a word such as all, active, resolved');
  return {
    dir: positionals[0]!,
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
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

export async function runRecord(argv: string[], io: RecordIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  let cfg: ReturnType<typeof parse>;
  let baseUrl: string | undefined;
  let apiKey: string | undefined;
  try {
    cfg = parse(argv);
    if (cfg === 'help') {
      io.stdout.write(RECORD_HELP);
      return 0;
    }
    const settings = resolveSettings(cfg.baseUrl !== undefined ? { baseUrl: cfg.baseUrl } : {}, io.env);
    baseUrl = settings.baseUrl;
    apiKey = settings.apiKey;
    if (baseUrl === undefined) throw new UsageError('no service to record: give --base-url or set ODDSBOARD_BASE_URL');
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`oddsboard record: ${err.message} (see --help)\n`);
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
  const startedAt = clock.now();
  io.stderr.write(`recording ${info.baseUrl} ${info.authenticated ? `with key ${info.apiKey}` : 'anonymously'} into ${dir}, at most ${perMinute} requests a minute\n`);
  try {
    const summary = await recordService({
      client,
      clock,
      perMinute,
      plan: cfg.plan,
      save: (file, data) => writeFileAtomic(join(dir, file), `${JSON.stringify(data, null, 1)}\n`),
      log: (line) => io.stderr.write(`${line}\n`),
      ...(io.signal ? { signal: io.signal } : {}),
    });
    const manifest = { recordedAt: new Date(startedAt).toISOString(), baseUrl: info.baseUrl, authenticated: info.authenticated, plan: cfg.plan, files: summary.files };
    writeFileAtomic(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
    io.stdout.write(`${summary.files.length} answers saved in ${dir} (${summary.requests} requests, ${summary.failures} failed)${summary.stopped ? `; stopped: ${summary.stopped}` : ''}\nreplay them with: oddsboard serve --replay ${dir}\n`);
    return summary.stopped && summary.stopped !== 'aborted' ? 1 : summary.failures > 0 && summary.files.length === 0 ? 1 : 0;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    io.stderr.write(`oddsboard record: cannot write into ${dir}: ${e.code ?? e.message}\n`);
    return 1;
  } finally {
    await client.close();
  }
}
