import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/util/clock.js';
import { firstLineOf } from './e2eKit.js';
import { CLI_RUN_DEADLINE_MS, waitFor, WAIT_DEADLINE_MS } from './wait.js';

/** A stand-in for `oddsboard serve`: says `said` on stderr, then prints nothing and never exits (or exits with `code`). */
function stuckServe(said: string, code?: number) {
  const exit = code === undefined ? 'setInterval(() => {}, 1000)' : `process.exitCode = ${code}`;
  const child = spawn(process.execPath, ['-e', `process.stderr.write(${JSON.stringify(said)}); ${exit}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  child.stderr.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  return { child, seen: () => seen };
}

describe('serveChild waits for the first line with a deadline of its own', () => {
  it('a serve that neither prints nor exits fails at the deadline naming its stderr, and is killed', async () => {
    // the wait had no deadline: only the test's timeout stopped it, saying nothing of why serve was stuck
    const clock = new ManualClock();
    const { child, seen } = stuckServe('oddsboard serve: stuck reading the recording\n');
    const line = firstLineOf(child, 'serve --replay x', { clock, quiet: true });
    const failed = line.then(
      () => 'printed',
      (e: Error) => e.message,
    );
    let settled = false;
    void failed.then(() => (settled = true));
    await waitFor(() => seen().includes('stuck'), "the stand-in's stderr");
    // a key's deadline is not a start-up's: three serves starting at once at load 24 took more than 10 s (venues.test)
    clock.advance(WAIT_DEADLINE_MS);
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    clock.advance(CLI_RUN_DEADLINE_MS - WAIT_DEADLINE_MS);
    expect(await failed).toBe(
      `serve --replay x printed no line within ${CLI_RUN_DEADLINE_MS} ms; its stderr: ` +
        'oddsboard serve: stuck reading the recording',
    );
    await waitFor(() => child.exitCode !== null || child.signalCode !== null, 'the stuck serve killed');
  });

  it('a serve that exits before a line fails at once, naming its exit code and stderr', async () => {
    const { child } = stuckServe('oddsboard serve: --port must be an integer from 0 to 65535 (see --help)\n', 2);
    await expect(firstLineOf(child, 'serve --port x', { clock: new ManualClock(), quiet: true })).rejects.toThrow(
      'serve --port x exited with 2; its stderr: oddsboard serve: --port must be an integer from 0 to 65535',
    );
  });

  it('refuses a deadline shorter than WAIT_DEADLINE_MS', async () => {
    const { child } = stuckServe('', 0);
    await expect(firstLineOf(child, 'serve', { timeout: 500, quiet: true })).rejects.toThrow(
      /at least WAIT_DEADLINE_MS/,
    );
  });
});
