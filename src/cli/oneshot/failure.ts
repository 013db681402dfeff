/**
 * What went wrong in a one-shot command, as scripts read it: the exit code, the `error.code` word and one sentence
 * (docs/commands.md "Exit codes"). With several venues each venue's failure is its own (run.ts).
 */
import { isApiError, type ApiError } from '../../api/errors.js';
import { BudgetSpent } from '../../ledger/wait.js';
import { errorCodeFor, EXIT, exitCodeFor, UsageError } from '../errors.js';
import type { SourceId } from '../../sources/types.js';
import type { JsonErrorBody } from './json.js';

/** Ctrl-C, SIGINT or the caller's signal while the command ran. */
export class Interrupted extends Error {}

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
