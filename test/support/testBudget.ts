/**
 * A wait inside a test cannot outlast the test. A test's waits add up: an e2e test of six waits of WAIT_DEADLINE_MS
 * under a describe's 60 s timeout, each slow on a loaded machine, was stopped by vitest in the middle of one, with
 * "Test timed out in 60000ms" instead of the wait's own message and the screen it saw. So every wait's deadline is
 * cut to end a little before the running test's: the wait that runs out of the test's time fails first, naming what
 * it waited for, the screen, and that the test's time was what ran out.
 */
import { TestRunner, type RunnerTestCase } from 'vitest';

/** Left to the test after a cut wait fails: its error made and thrown, the test's `finally` blocks run. */
export const TEST_MARGIN_MS = 1_500;

/**
 * When the running test's timeout stops it (Date.now scale), or undefined outside a test (a benchmark's drill). From
 * the test's start, which is before its beforeEach hooks and so before vitest's own timer starts: a little early.
 */
export function runningTestEnds(): number | undefined {
  const t = TestRunner.getCurrentTest<RunnerTestCase | undefined>();
  const start = t?.result?.startTime;
  if (!t || start === undefined || !(t.timeout > 0) || !Number.isFinite(t.timeout)) return undefined;
  return start + t.timeout;
}

/**
 * A wait's deadline: `timeoutMs` from `now`, or TEST_MARGIN_MS before `testEnds` when that comes first; `note` says
 * so, for the wait's error (empty when the wait keeps its own deadline).
 */
export function waitDeadline(
  now: number,
  timeoutMs: number,
  testEnds: number | undefined,
): { at: number; note: string } {
  const own = now + timeoutMs;
  if (testEnds === undefined || testEnds - TEST_MARGIN_MS >= own) return { at: own, note: '' };
  const at = Math.max(now, testEnds - TEST_MARGIN_MS);
  return {
    at,
    note:
      ` (cut from ${timeoutMs} ms to ${at - now} ms: the test's timeout comes then, and would have stopped ` +
      `it without this message; the test's waits together need more than its timeout)`,
  };
}
