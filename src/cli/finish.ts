/**
 * How every command ends — the one exit path (src/cli.ts): the command returns its exit code, then whatever it
 * wrote to stdout and stderr is written out before the process exits. Node writes to a pipe asynchronously:
 * `process.exit()` right after a write of more than the pipe's 64 KiB buffer cut the answer short (`oddsboard
 * markets --all --json | jq` got 65,536 bytes of 132,564). Exiting explicitly once the output has drained, rather
 * than letting the event loop end, means a handle left open somewhere (a socket, a timer) can never keep a
 * finished command alive.
 *
 * A reader that closes its end early (`| head -1`) is not a failure: further output to that stream is dropped,
 * nothing is said (no EPIPE stack trace), and the command ends with its own exit code, as it would have into a
 * file (docs/commands.md "Exit codes"). Any other failure to write stdout (a full disk: ENOSPC) is said in one line
 * on stderr and makes the exit code 1 when it would have been 0: the answer did not reach the reader. A command
 * that throws instead of returning a code is one line on stderr and exit 1, never a raw stack (as the dashboard
 * reports a crash, cli/exitHandlers.ts).
 */
import type { Writable } from 'node:stream';
import { EXIT } from './errors.js';

type Out = Pick<Writable, 'write' | 'on' | 'writableLength' | 'destroyed' | 'errored'>;

export interface Outputs {
  stdout: Out;
  stderr: Out;
}

/** What `guardOutputs` saw go wrong on stdout (EPIPE aside), for `finish`. */
export interface OutputGuard {
  stdoutProblem(): NodeJS.ErrnoException | undefined;
}

const closedByReader = (e: unknown) => (e as NodeJS.ErrnoException | null)?.code === 'EPIPE';

/**
 * Listens for write errors on both streams, before anything is written: without a listener an EPIPE is an
 * unhandled 'error' event, which Node reports with a stack trace.
 */
export function guardOutputs(out: Outputs): OutputGuard {
  let problem: NodeJS.ErrnoException | undefined;
  out.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (!closedByReader(e)) problem ??= e;
  });
  // nowhere to say that stderr failed
  out.stderr.on('error', () => {});
  return {
    stdoutProblem() {
      const e = problem ?? out.stdout.errored;
      return e && !closedByReader(e) ? (e as NodeJS.ErrnoException) : undefined;
    },
  };
}

/**
 * Resolves once everything written to `stream` so far has been handed to the system (or can no longer be): an
 * empty write's callback runs after the writes before it.
 */
export function drained(stream: Out): Promise<void> {
  if (stream.destroyed || stream.errored || stream.writableLength === 0) return Promise.resolve();
  return new Promise((resolve) => {
    stream.write('', () => resolve());
  });
}

/** Waits for stdout and stderr to drain, reports a stdout that could not be written, and exits with `code`. */
export async function finish(
  code: number,
  out: Outputs,
  guard: OutputGuard,
  exit: (code: number) => void = (c) => process.exit(c),
): Promise<void> {
  await Promise.all([drained(out.stdout), drained(out.stderr)]);
  const problem = guard.stdoutProblem();
  if (problem) {
    out.stderr.write(`oddsboard: the output could not be written (${problem.code ?? problem.message})\n`);
    await drained(out.stderr);
    if (code === EXIT.ok) code = EXIT.failure;
  }
  exit(code);
}

/**
 * Runs a command to its end: the streams guarded before it writes anything, its exit code (1 for a throw, said in
 * one line), then `finish`.
 */
export async function runToEnd(
  command: () => Promise<number>,
  out: Outputs,
  exit?: (code: number) => void,
): Promise<void> {
  const guard = guardOutputs(out);
  let code: number;
  try {
    code = await command();
  } catch (e) {
    const what = e instanceof Error ? e.message : String(e);
    out.stderr.write(`oddsboard: unexpected failure: ${what.split('\n')[0]}\n`);
    code = EXIT.failure;
  }
  await finish(code, out, guard, exit);
}
