/**
 * Waiting on a rendered Ink tree without fixed sleeps: poll the last frame
 * every few ms until a condition holds, with a deadline. Works with anything
 * that exposes `lastFrame()` and a stdin `write` — ink-testing-library's
 * `render` result and our `renderTerminal` alike.
 */
import { runningTestEnds, waitDeadline } from './testBudget.js';

export interface Framed {
  lastFrame(): string | undefined;
}
export interface Typable extends Framed {
  stdin: { write(data: string): unknown };
}

export const KEYS = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  home: '\x1b[H',
  end: '\x1b[F',
  enter: '\r',
  tab: '\t',
  shiftTab: '\x1b[Z',
  esc: '\x1b',
  backspace: '\x7f',
  ctrlC: '\x03',
  ctrlU: '\x15',
  paste: (text: string) => `\x1b[200~${text}\x1b[201~`,
} as const;

/**
 * How long a wait goes on before it is called a hang. A frame or a key's effect comes within milliseconds on a quiet
 * machine; on a loaded one (four workers, CPU hogs, other processes on two cores) a frame of the whole App took over
 * a second of wall time, and the old 1.5 s deadline failed tests that were only slow. The deadline only decides how
 * soon a real hang is reported.
 */
export const WAIT_DEADLINE_MS = 10_000;

/**
 * How long one run of the built CLI (`dist/cli.js`, a Node start-up) may take before it is called a hang: about 3 s at
 * load 25, and a test's spawnSync given 10 s came within a few loaded seconds of failing as a status of null.
 */
export const CLI_RUN_DEADLINE_MS = 60_000;

/**
 * Poll `cond` every few ms until it holds; fail after `timeout` ms with `message`. A deadline shorter than
 * WAIT_DEADLINE_MS is refused: it tells a slow machine from a hang no better, and fails tests that are only slow (a
 * lookup given 5 s failed one under load, src/ui/key/goTo.test.tsx). A longer one is for a wait that is itself long.
 */
export async function waitFor(cond: () => boolean, message = 'condition', timeout = WAIT_DEADLINE_MS): Promise<void> {
  refuseShortDeadline(timeout, message);
  // ends before the running test's timeout would stop it (testBudget.ts)
  const { at: deadline, note } = waitDeadline(Date.now(), timeout, runningTestEnds());
  for (;;) {
    if (cond()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${message}${note}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}

/** Throws for a wait's deadline below WAIT_DEADLINE_MS (see waitFor); the tmux driver's waits use it too. */
export function refuseShortDeadline(timeout: number, what: string): void {
  if (timeout < WAIT_DEADLINE_MS)
    throw new Error(
      `the wait for ${what} was given ${timeout} ms: a deadline is for hangs, at least WAIT_DEADLINE_MS ` +
        `(${WAIT_DEADLINE_MS} ms), since a loaded machine makes a wait slow, not wrong`,
    );
}

/** Wait until the last frame satisfies `pred` (a substring or a predicate). */
export async function waitForFrame(
  term: Framed,
  pred: string | ((frame: string) => boolean),
  timeout?: number,
): Promise<string> {
  const test =
    typeof pred === 'string' ? (f: string) => stripAnsi(f).includes(pred) : (f: string) => pred(stripAnsi(f));
  try {
    await waitFor(
      () => test(term.lastFrame() ?? ''),
      typeof pred === 'string' ? `"${pred}" on screen` : 'frame',
      timeout,
    );
  } catch (e) {
    throw new Error(`${(e as Error).message}\n--- last frame ---\n${stripAnsi(term.lastFrame() ?? '')}`, { cause: e });
  }
  return stripAnsi(term.lastFrame() ?? '');
}

/**
 * Type keys one by one; after each, wait until the frame changes (or, with
 * `until`, until that holds — for keys whose effect is not on screen).
 */
export async function press(term: Typable, keys: string | readonly string[], until?: () => boolean): Promise<string> {
  for (const k of typeof keys === 'string' ? [keys] : keys) {
    const before = term.lastFrame() ?? '';
    term.stdin.write(k);
    if (until) await waitFor(until, `effect of key ${JSON.stringify(k)}`);
    else await waitForFrame(term, (f) => f !== stripAnsi(before));
  }
  return stripAnsi(term.lastFrame() ?? '');
}

/** Remove SGR colour codes only (any other escape left in a frame is a bug the tests should see). */
export function stripAnsi(s: string): string {
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}
