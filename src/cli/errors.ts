/**
 * The one usage error of every subcommand, and the exit codes scripts rely on
 * (docs/commands.md "Exit codes"). No imports beyond types: the entry
 * loads this before it knows which command runs.
 */
import type { ApiErrorKind } from '../api/errors.js';

/**
 * A bad flag, argument, config file or environment value: one line, exit 2. The message never holds a value that could
 * be a key.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A command's usage error as it is printed: `oddsboard CMD: MESSAGE (see --help)`, the ending left off a message that
 * already names the help (`record needs DIR (see oddsboard record --help)`), so it is not said twice.
 */
export function usageLine(command: string, message: string): string {
  return `oddsboard ${command}: ${message}${/--help\b/.test(message) ? '' : ' (see --help)'}\n`;
}

/**
 * A sentence of the client's or the form's (`The base URL is not a valid URL (…).`, `Amount must be a number`) said
 * after a flag or a setting's name, as the CLI's own messages are: its first word in lower case (not an acronym's),
 * no closing period — it read `--base-url: The base URL … .`, `--amount: Amount must …`.
 */
export function afterName(sentence: string): string {
  const s = sentence.replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

export const EXIT = {
  ok: 0,
  /** an unexpected failure */
  failure: 1,
  /** bad flag, argument, config or environment; the dashboard without a terminal */
  usage: 2,
  /** 429, or `--no-wait` while the shared budget is spent */
  rateLimited: 3,
  /** 404: no such (public) market or event */
  notFound: 4,
  /** 409 closed, 423 settling, 410 resolved (quotes) */
  marketState: 5,
  /** 401: the key was rejected */
  auth: 6,
  /** the service could not be reached, timed out, or sent an answer that is not the interface's */
  unavailable: 7,
  sighup: 129,
  sigint: 130,
  sigterm: 143,
} as const;

/** The exit code for a failed call, by the error's kind (the HTTP status decided the kind). */
export function exitCodeFor(kind: ApiErrorKind): number {
  switch (kind) {
    case 'invalid_request':
      return EXIT.usage;
    case 'rate_limited':
      return EXIT.rateLimited;
    case 'not_found':
      return EXIT.notFound;
    case 'closed':
    case 'resolved':
    case 'settling':
      return EXIT.marketState;
    case 'unauthorized':
    case 'forbidden':
      return EXIT.auth;
    case 'aborted':
      return EXIT.sigint;
    case 'server':
    case 'protocol':
    case 'timeout':
    case 'network':
      return EXIT.unavailable;
  }
}

/** The `error.code` of a `--json` error document for a failed call. */
export function errorCodeFor(kind: ApiErrorKind): string {
  switch (kind) {
    case 'invalid_request':
      return 'USAGE';
    case 'rate_limited':
      return 'RATE_LIMITED';
    case 'not_found':
      return 'NOT_FOUND';
    case 'closed':
      return 'MARKET_CLOSED';
    case 'resolved':
      return 'MARKET_RESOLVED';
    case 'settling':
      return 'MARKET_SETTLING';
    case 'unauthorized':
      return 'UNAUTHORIZED';
    case 'forbidden':
      return 'FORBIDDEN';
    case 'aborted':
      return 'INTERRUPTED';
    case 'server':
    case 'protocol':
    case 'timeout':
    case 'network':
      return 'UNAVAILABLE';
  }
}

/** The exit-code table shown by `--help` (docs/commands.md carries the same). */
export const EXIT_HELP = `  Exit codes
    0 ok          1 unexpected failure     2 usage: bad flag, argument, config or environment; no terminal
    3 rate limited (429, or --no-wait with the shared budget spent)    4 not found (404)
    5 market closed / settling / resolved (409 / 423 / 410)   6 key rejected or refused (401 / 403)
    7 service unreachable, timed out or answered nonsense     129 / 130 / 143 SIGHUP / SIGINT / SIGTERM`;
