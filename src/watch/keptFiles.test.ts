import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { KeptFiles, SAVE_DEBOUNCE_MS, SAVE_RETRY_MS, type KeptFile } from './keptFiles.js';

/** A kept file of one number, its text the number; `theirs` is not merged (the file's own rules: persist.test.ts). */
function file(path: string, value: () => number): KeptFile<unknown> {
  return {
    path,
    spec: (now) => ({
      path,
      maxBytes: 100,
      now,
      decode: (text: string) => ({ value: Number(text), dropped: 0 }),
      isDecodeError: (e: unknown): e is Error => e instanceof SyntaxError,
      entries: (n: number) => `${n}`,
    }),
    parts: () => [value()],
    text: ([v]) => String(v),
  };
}

describe('the one writer of the kept files', () => {
  it('a failed write is said once a file while it keeps failing the same way, whatever the other files do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-kept-'));
    const clock = new ManualClock(0);
    let n = 0;
    const listeners: (() => void)[] = [];
    const said: string[] = [];
    // a directory in each file's place: both writes fail (EISDIR), each with its own line
    for (const name of ['one.json', 'two.json']) mkdirSync(join(dir, name));
    const files = new KeptFiles({
      files: [file(join(dir, 'one.json'), () => n), file(join(dir, 'two.json'), () => n * 2)],
      clock,
      subscribe: (f) => (listeners.push(f), () => {}),
      say: (line) => said.push(line),
    });
    files.start();
    n = 1;
    listeners.forEach((f) => f());
    clock.advance(SAVE_DEBOUNCE_MS);
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/one\.json \(EISDIR\)/);
    expect(said[1]).toMatch(/two\.json \(EISDIR\)/);
    // the retries fail the same way: nothing said again
    clock.advance(SAVE_RETRY_MS * 3);
    expect(said).toHaveLength(2);
    // one fixed: written; the other still failing is still not said again
    rmSync(join(dir, 'one.json'), { recursive: true });
    clock.advance(SAVE_RETRY_MS);
    expect(said).toHaveLength(2);
    expect(files.stop()).toEqual([expect.stringMatching(/two\.json \(EISDIR\).*not saved/)]);
  });
});
