import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLedger } from './file.js';
import { nodeFs, type LedgerFs } from './fsOps.js';

/** node:fs with every call counted by name. */
function countingFs(): { fs: LedgerFs; calls: Map<string, number>; reset(): void } {
  const calls = new Map<string, number>();
  const fs = Object.fromEntries(
    Object.entries(nodeFs).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as LedgerFs;
  return { fs, calls, reset: () => calls.clear() };
}

const count = (calls: Map<string, number>) => Object.fromEntries([...calls.entries()].sort());

describe('the ledger’s claim path costs no more than it must (issue 30)', () => {
  it('a claim takes the lock, replaces the file by a rename and syncs nothing; the held file is not read again', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    const c = countingFs();
    const a = new FileLedger(path, { proc: 'a', fs: c.fs });
    expect(a.claim(1_000, 30)).toEqual({ ok: true });
    c.reset();
    expect(a.claim(2_000, 30)).toEqual({ ok: true });
    // the lock: create it and write who holds it, which file it is, at release the path checked and removed;
    // the ledger: the path checked (still the file written last: no open, no read), the temp file written and renamed
    expect(count(c.calls)).toEqual({
      closeSync: 2, // the lock released; the previous ledger file, no longer the ledger, let go
      fstatSync: 2,
      openSync: 2,
      renameSync: 1,
      statSync: 2,
      unlinkSync: 1,
      writeSync: 2,
    });
    expect(c.calls.has('fsyncSync')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('s 1000 a\ns 2000 a\n');
  });

  it('reads the file again, once, only when another process replaced it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    const c = countingFs();
    const a = new FileLedger(path, { proc: 'a', fs: c.fs });
    const b = new FileLedger(path, { proc: 'b' });
    a.claim(1_000, 30);
    b.claim(1_500, 30);
    c.reset();
    expect(a.claim(2_000, 30)).toEqual({ ok: true });
    expect(c.calls.get('readSync')).toBe(2); // the text, then the end of the file
    expect(c.calls.get('openSync')).toBe(3); // the lock, b's file, the temp file
    expect(readFileSync(path, 'utf8')).toBe('s 1000 a\ns 1500 b\ns 2000 a\n');
    // between claims the others' sends are planned from the same held lines: a stat, nothing read
    c.reset();
    expect(a.others(3_000)).toEqual([1_500]);
    expect(count(c.calls)).toEqual({ statSync: 1 });
  });

  it('a file it never held (written by something else) is read, then counted', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    writeFileSync(path, 's 500 other\n');
    const a = new FileLedger(path, { proc: 'a' });
    expect(a.others(1_000)).toEqual([500]);
    expect(a.claim(1_000, 2)).toEqual({ ok: true });
    expect(a.claim(1_100, 2)).toMatchObject({ ok: false, reason: 'budget' });
  });
});
