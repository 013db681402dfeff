import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { finish, guardOutputs, runToEnd } from './finish.js';

/** A stream whose writes complete only when the test says: a pipe whose reader has not read yet. */
function heldStream() {
  let text = '';
  let hold = true;
  const waiting: Array<(e?: Error | null) => void> = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      text += String(chunk);
      if (hold) waiting.push(cb);
      else cb();
    },
  });
  return {
    stream,
    text: () => text,
    /** The reader reads: every write so far completes, later ones at once. */
    release() {
      hold = false;
      for (const cb of waiting.splice(0)) cb();
    },
    /** The write fails as a closed pipe (EPIPE) or a full disk (ENOSPC) makes it fail. */
    fail(code: string) {
      for (const cb of waiting.splice(0)) cb(Object.assign(new Error(`write ${code}`), { code }));
    },
  };
}

function rig() {
  const stdout = heldStream();
  const stderr = heldStream();
  const out = { stdout: stdout.stream, stderr: stderr.stream };
  const guard = guardOutputs(out);
  const exits: number[] = [];
  const ended = (code: number) => finish(code, out, guard, (c) => exits.push(c));
  return { stdout, stderr, exits, ended };
}

/** Lets every callback and event already due run (no time passes). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('finish: the one exit path', () => {
  it('exits only once what was written to stdout and stderr has been taken, with the code given', async () => {
    const r = rig();
    r.stdout.stream.write('x'.repeat(200_000));
    r.stderr.stream.write('oddsboard: a note\n');
    const done = r.ended(4);
    await settle();
    expect(r.exits).toEqual([]);
    r.stdout.release();
    await settle();
    expect(r.exits).toEqual([]); // stderr still waits
    r.stderr.release();
    await done;
    expect(r.exits).toEqual([4]);
    expect(r.stdout.text()).toHaveLength(200_000);
  });

  it('exits at once when nothing is pending', async () => {
    const r = rig();
    r.stdout.release();
    r.stderr.release();
    r.stdout.stream.write('done\n');
    await r.ended(0);
    expect(r.exits).toEqual([0]);
  });

  it.each([0, 4])('a reader that closed its end early (EPIPE): quiet, and the exit code stays %i', async (code) => {
    const r = rig();
    r.stderr.release();
    r.stdout.stream.write('{"a":1}\n'.repeat(10_000));
    const done = r.ended(code);
    await settle();
    r.stdout.fail('EPIPE');
    await done;
    await settle(); // the 'error' event is emitted after the write's callback: the guard takes it
    expect(r.exits).toEqual([code]);
    expect(r.stderr.text()).toBe('');
  });

  it('stdout that cannot be written (a full disk) is said in one line and fails a command that succeeded', async () => {
    const r = rig();
    r.stderr.release();
    r.stdout.stream.write('[1,2,3]\n');
    r.stdout.fail('ENOSPC');
    await settle();
    await r.ended(0);
    expect(r.exits).toEqual([1]);
    expect(r.stderr.text()).toBe('oddsboard: the output could not be written (ENOSPC)\n');
    const failed = rig();
    failed.stderr.release();
    failed.stdout.stream.write('{}\n');
    failed.stdout.fail('ENOSPC');
    await settle();
    await failed.ended(4);
    expect(failed.exits).toEqual([4]); // a failure keeps its own code
  });

  it('a stderr that fails (its reader gone) costs nothing: stdout is still waited for, the code kept', async () => {
    const r = rig();
    r.stderr.stream.write('oddsboard: waiting 3s for the rate budget\n');
    r.stderr.fail('EPIPE');
    await settle();
    r.stdout.stream.write('z'.repeat(100_000));
    const done = r.ended(0);
    await settle();
    expect(r.exits).toEqual([]);
    r.stdout.release();
    await done;
    expect(r.exits).toEqual([0]);
  });

  it('runToEnd: a command that throws is one line on stderr and exit 1, after its output has drained', async () => {
    const stdout = heldStream();
    const stderr = heldStream();
    stderr.release();
    const exits: number[] = [];
    const done = runToEnd(
      async () => {
        stdout.stream.write('partial\n');
        throw new Error('the reason\n    at somewhere (file.js:1:1)');
      },
      { stdout: stdout.stream, stderr: stderr.stream },
      (c) => exits.push(c),
    );
    await settle();
    expect(exits).toEqual([]);
    stdout.release();
    await done;
    expect(exits).toEqual([1]);
    expect(stderr.text()).toBe('oddsboard: unexpected failure: the reason\n');
  });

  it('runToEnd: the code a command returns is the exit code', async () => {
    const stdout = heldStream();
    const stderr = heldStream();
    stdout.release();
    const exits: number[] = [];
    await runToEnd(
      async () => 7,
      { stdout: stdout.stream, stderr: stderr.stream },
      (c) => exits.push(c),
    );
    expect(exits).toEqual([7]);
  });
});
