/**
 * What every one-shot command shares: flags and settings, the source (same
 * client and normalizer as the dashboard), a slot of the shared rate budget
 * before each request, and the output — a table, one JSON document, or NDJSON —
 * with the exit code scripts rely on. No Ink, no React.
 */
import type { SourceClient, SourceId } from '../../sources/types.js';
import { isApiError, type ApiError } from '../../api/errors.js';
import type { ApiResult, CallOptions } from '../../api/types.js';
import { tolerant } from '../../ledger/types.js';
import { BudgetSpent, waitForSlot } from '../../ledger/wait.js';
import { palette } from '../../ui/theme.js';
import { findCommand, SOURCE_FLAGS, type CommandIo } from '../commands.js';
import { colorEnabled, resolveSettings, settingsFromFlags } from '../config.js';
import { errorCodeFor, EXIT, exitCodeFor, UsageError } from '../errors.js';
import { commandHelp } from '../help.js';
import { readInvocation, type FlagValues } from '../parse.js';
import { openSource, type Source } from '../source.js';
import { SCHEMA_VERSION, type CommandName, type JsonDocument, type JsonError } from './json.js';
import { painter } from './paint.js';
import type * as Tables from './table.js';
import type { TableView } from './table.js';

/** Sends one request once the shared budget grants a slot; resolves with its data. */
export type Fetch = <T>(call: (client: SourceClient, opts: CallOptions) => Promise<ApiResult<T>>) => Promise<T>;

export interface OneShot<T> {
  name: CommandName;
  /** Checks the command's own flags and arguments (UsageError) before anything is sent. */
  check(inv: {
    flags: FlagValues;
    args: string[];
    env: NodeJS.ProcessEnv;
    source: SourceId;
    /** A one-line warning on stderr (a key file others may read). */
    warn?: (line: string) => void;
  }): (fetch: Fetch) => Promise<T>;
  json(data: T): JsonDocument['data'];
  /** The items of a list, one NDJSON line each. */
  lines?(data: T): unknown[];
  /** The readable form; `tables` is loaded only when needed (string-width is not small). */
  table(tables: typeof Tables, data: T, view: TableView): string;
}

/** Interactive requests of the dashboard keep one slot free (its quotes may use it); so do these. */
const RESERVE = 1;

class Interrupted extends Error {}

interface Failure {
  exit: number;
  code: string;
  message: string;
  status?: number;
  retryAfterMs?: number;
  param?: string;
}

function failureOf(e: unknown): Failure {
  if (e instanceof UsageError) return { exit: EXIT.usage, code: 'USAGE', message: e.message };
  if (e instanceof BudgetSpent)
    return { exit: EXIT.rateLimited, code: 'RATE_BUDGET_SPENT', message: e.message, retryAfterMs: e.retryAfterMs };
  if (e instanceof Interrupted) return { exit: EXIT.sigint, code: 'INTERRUPTED', message: 'interrupted' };
  if (isApiError(e)) return apiFailure(e);
  return {
    exit: EXIT.failure,
    code: 'INTERNAL',
    message: `unexpected failure: ${e instanceof Error ? e.message : String(e)}`,
  };
}

function apiFailure(e: ApiError): Failure {
  const f: Failure = { exit: exitCodeFor(e.kind), code: errorCodeFor(e.kind), message: e.message };
  if (e.status !== undefined) f.status = e.status;
  if (e.param !== undefined) f.param = e.param;
  if (e.kind === 'rate_limited' && e.retryAfterMs !== undefined) {
    f.retryAfterMs = e.retryAfterMs;
    f.message = `${e.message.trimEnd()} (retry in ${Math.ceil(e.retryAfterMs / 1000)}s)`;
  }
  return f;
}

export async function runOneShot<T>(cmd: OneShot<T>, argv: string[], io: CommandIo): Promise<number> {
  const spec = findCommand(cmd.name)!;
  // known before the flags are read, so even a usage error comes out as JSON
  const jsonOut = argv.includes('--json') || argv.includes('--ndjson');
  const fail = (f: Failure): number => {
    if (jsonOut) {
      const doc: JsonError = { oddsboard: SCHEMA_VERSION, error: { code: f.code, exit: f.exit, message: f.message } };
      if (f.status !== undefined) doc.error.status = f.status;
      if (f.retryAfterMs !== undefined) doc.error.retryAfterMs = f.retryAfterMs;
      if (f.param !== undefined) doc.error.param = f.param;
      io.stdout.write(`${JSON.stringify(doc)}\n`);
    } else io.stderr.write(`oddsboard ${cmd.name}: ${f.message}\n`);
    return f.exit;
  };

  let source: Source | undefined;
  const ac = new AbortController();
  const onSigint = () => ac.abort(new Interrupted());
  const onAbort = () => ac.abort(new Interrupted());
  try {
    const inv = readInvocation(spec, argv);
    if (inv.kind !== 'run') {
      io.stdout.write(commandHelp(spec));
      return EXIT.ok;
    }
    const ndjson = inv.flags.ndjson === true;
    if (ndjson && inv.flags.json === true) throw new UsageError('--json and --ndjson: choose one');
    const settings = resolveSettings(settingsFromFlags(inv.flags, Object.keys(SOURCE_FLAGS)), io.env);
    const fetchData = cmd.check({
      ...inv,
      env: io.env,
      source: settings.source,
      warn: (line) => io.stderr.write(`oddsboard: ${line}\n`),
    });
    const noWait = inv.flags.wait === false;

    process.on('SIGINT', onSigint);
    io.signal?.addEventListener('abort', onAbort, { once: true });
    source = await openSource(settings, io.env);
    if (source.mode === 'demo')
      io.stderr.write('oddsboard: no base URL configured — simulated data from the embedded demo service\n');
    if (source.ledgerProblem) io.stderr.write(`oddsboard: ${source.ledgerProblem}\n`);
    const src = source;
    let told = false;
    const ledger = tolerant(src.ledger, (e) => {
      if (told) return;
      told = true;
      io.stderr.write(
        `oddsboard: the rate ledger cannot be used (${(e as NodeJS.ErrnoException).code ?? 'error'}); this process ` +
          `counts only its own requests\n`,
      );
    });
    const fetch: Fetch = async (call) => {
      await waitForSlot(ledger, Math.max(1, src.limit - RESERVE), {
        noWait,
        signal: ac.signal,
        ...(io.timing ? { now: io.timing.now, sleep: io.timing.sleep } : {}),
        onWait: (ms) =>
          io.stderr.write(
            `oddsboard: waiting ${Math.ceil(ms / 1000)}s for the rate budget (shared with other oddsboard processes; ` +
              `--no-wait exits 3 instead)\n`,
          ),
      });
      try {
        return (await call(src.client, { signal: ac.signal })).data;
      } catch (e) {
        // a 429 holds back every oddsboard process on this budget, not only this one
        if (isApiError(e) && e.kind === 'rate_limited')
          ledger.pause(Date.now() + (e.retryAfterMs ?? 10_000), Date.now());
        throw ac.signal.aborted ? new Interrupted() : e;
      }
    };
    const data = await fetchData(fetch);

    if (ndjson && cmd.lines) {
      io.stdout.write(
        cmd
          .lines(data)
          .map((item) => `${JSON.stringify(item)}\n`)
          .join(''),
      );
    } else if (inv.flags.json === true) {
      const doc: JsonDocument = {
        oddsboard: SCHEMA_VERSION,
        command: cmd.name,
        source: { service: source.id, mode: source.mode, baseUrl: source.client.describe().baseUrl },
        fetchedAt: new Date().toISOString(),
        data: cmd.json(data),
      };
      io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    } else {
      const tty = io.stdout.isTTY === true;
      const colors = palette(settings.theme, colorEnabled(settings.color, io.env, tty));
      const width = tty && typeof io.stdout.columns === 'number' && io.stdout.columns > 20 ? io.stdout.columns : 80;
      const tables = await import('./table.js');
      io.stdout.write(cmd.table(tables, data, { width, now: Date.now(), paint: painter(colors) }));
    }
    return EXIT.ok;
  } catch (e) {
    return fail(failureOf(ac.signal.aborted && !(e instanceof UsageError) ? new Interrupted() : e));
  } finally {
    process.off('SIGINT', onSigint);
    io.signal?.removeEventListener('abort', onAbort);
    await source?.close();
  }
}
