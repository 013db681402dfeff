/**
 * What went wrong in a one-shot command, as scripts read it: the exit code, the `error.code` word and one sentence
 * (docs/commands.md "Exit codes"). With several venues each venue's failure is its own (run.ts).
 */
import { isApiError, type ApiError } from '../../api/errors.js';
import { BudgetSpent } from '../../ledger/wait.js';
import { errorCodeFor, EXIT, exitCodeFor, UsageError } from '../errors.js';
import type { SourceId } from '../../sources/types.js';
import type { JsonErrorBody } from './json.js';

/** The signals that end a one-shot command as Ctrl-C does, each with its exit code (128 + its number). */
const ENDING = { SIGINT: EXIT.sigint, SIGTERM: EXIT.sigterm, SIGHUP: EXIT.sighup } as const;
type Ending = keyof typeof ENDING;

/** Ctrl-C (SIGINT), SIGTERM, SIGHUP or the caller's signal (as Ctrl-C) while the command ran. */
export class Interrupted extends Error {
  constructor(readonly by: Ending = 'SIGINT') {
    super(by === 'SIGINT' ? 'interrupted' : `interrupted by ${by}`);
  }
}

/** What a command whose work was aborted ends with: the Interrupted it was aborted with (its signal), else Ctrl-C's. */
export function interruption(signal: AbortSignal | undefined): Interrupted {
  return signal?.reason instanceof Interrupted ? signal.reason : new Interrupted();
}

/**
 * Aborts `ac` with an Interrupted on SIGINT, SIGTERM or SIGHUP (`timeout 5 oddsboard markets --json | jq`, a closed
 * terminal) and on the caller's signal, so the command prints its INTERRUPTED document and exits 128 + n instead of
 * being killed with nothing on stdout. Returns the removal of every handler.
 */
export function abortOnSignals(ac: AbortController, caller?: AbortSignal): () => void {
  const handlers = (Object.keys(ENDING) as Ending[]).map((s) => [s, () => ac.abort(new Interrupted(s))] as const);
  const onCaller = () => ac.abort(new Interrupted());
  for (const [s, h] of handlers) process.on(s, h);
  caller?.addEventListener('abort', onCaller, { once: true });
  return () => {
    for (const [s, h] of handlers) process.off(s, h);
    caller?.removeEventListener('abort', onCaller);
  };
}

export interface Failure {
  exit: number;
  code: string;
  message: string;
  status?: number;
  retryAfterMs?: number;
  param?: string;
}

export function failureOf(e: unknown): Failure {
  if (e instanceof UsageError) return { exit: EXIT.usage, code: 'USAGE', message: e.message };
  if (e instanceof BudgetSpent)
    return { exit: EXIT.rateLimited, code: 'RATE_BUDGET_SPENT', message: e.message, retryAfterMs: e.retryAfterMs };
  if (e instanceof Interrupted) return { exit: ENDING[e.by], code: 'INTERRUPTED', message: e.message };
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

/** The `error` object of the JSON forms. */
export function errorBody(f: Failure): JsonErrorBody {
  const body: JsonErrorBody = { code: f.code, exit: f.exit, message: f.message };
  if (f.status !== undefined) body.status = f.status;
  if (f.retryAfterMs !== undefined) body.retryAfterMs = f.retryAfterMs;
  if (f.param !== undefined) body.param = f.param;
  return body;
}

/**
 * The venue a command's failure belongs to (its error document's `venue`, its stderr line's name with several
 * sources): the venue whose answer, connection or budget failed — a 400 included — but none for a usage error no
 * answer gave (an argument, an event of several markets, what the venue cannot do: docs/commands.md "error").
 */
export function venueOf(f: Failure, venue: SourceId): SourceId | undefined {
  return f.code === 'USAGE' && f.status === undefined ? undefined : venue;
}
