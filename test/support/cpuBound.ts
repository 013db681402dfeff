/**
 * A deadline in CPU time, for a test that computes — a virtual clock run for simulated minutes, a property over many
 * inputs — and waits for nothing outside its process.
 *
 * vitest's timeout is wall time, and a loaded machine stretches wall time without limit: four workers, two CPU hogs
 * and other processes on two cores gave such a test a tenth of a core, and a bench test that needs 5 s of CPU took
 * over 60 s (test:stress, CONTRIBUTING.md). The CPU time the test's own process spends is what it needs whatever the
 * load, so that is what the deadline counts; it is there to stop a loop that never ends, at several times what the
 * test needs on a quiet machine. The wall-clock timeout the test is given (WALL_BACKSTOP_MS) only catches a wait that
 * never ends, which costs no CPU.
 *
 *     it('…', cpuBound(60_000, async () => { … }), WALL_BACKSTOP_MS);
 */

/** The wall-clock timeout of a cpuBound test: only for something that waits for good. */
export const WALL_BACKSTOP_MS = 10 * 60_000;

/** CPU time (user + system, every thread of this worker process) spent since `start`, in ms. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
}

/**
 * `fn` as a test body that fails once this process has spent more than `cpuMs` of CPU time on it: checked every
 * 250 ms while `fn` awaits anything, and once more when it is done (a synchronous `fn` cannot be stopped, only judged).
 */
export function cpuBound(cpuMs: number, fn: () => unknown): () => Promise<void> {
  return async () => {
    const start = process.cpuUsage();
    const tooMuch = () =>
      new Error(
        `spent more than ${cpuMs / 1000} s of CPU time (${(cpuMsSince(start) / 1000).toFixed(1)} s): a loop that does not end?`,
      );
    let timer: NodeJS.Timeout | undefined;
    const over = new Promise<never>((_, reject) => {
      timer = setInterval(() => {
        if (cpuMsSince(start) > cpuMs) reject(tooMuch());
      }, 250);
    });
    try {
      await Promise.race([Promise.resolve().then(fn), over]);
    } finally {
      clearInterval(timer);
    }
    if (cpuMsSince(start) > cpuMs) throw tooMuch();
  };
}
