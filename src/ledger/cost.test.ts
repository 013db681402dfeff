import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPACT_DEAD, FileLedger } from './file.js';
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
  it('a claim takes the lock, appends one line and syncs nothing; the held file is not read again (issue 27)', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    const c = countingFs();
    const a = new FileLedger(path, { proc: 'a', fs: c.fs });
    expect(a.claim(1_000, 30)).toEqual({ ok: true });
    c.reset();
    expect(a.claim(2_000, 30)).toEqual({ ok: true });
    // the lock: create it and write who holds it, which file it is, before the append the path checked (still ours:
    // not taken over while this process was stopped), at release the path checked and removed;
    // the ledger: the path checked (still the file held, its size unchanged: no open, no read), one line appended —
    // no temp file, no rename, no inode made and let go
    expect(count(c.calls)).toEqual({
      closeSync: 1, // the lock released
      fstatSync: 1,
      openSync: 1,
      statSync: 3,
      unlinkSync: 1,
      writeSync: 2,
    });
    expect(c.calls.has('fsyncSync')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('s 1000 a\ns 2000 a\n');
  });

  it('reads only what another process appended, once', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    const c = countingFs();
    const a = new FileLedger(path, { proc: 'a', fs: c.fs });
    const b = new FileLedger(path, { proc: 'b' });
    a.claim(1_000, 30);
    b.claim(1_500, 30);
    c.reset();
    expect(a.claim(2_000, 30)).toEqual({ ok: true });
    expect(c.calls.get('readSync')).toBe(1); // b's line, from where a had read to
    expect(c.calls.get('openSync')).toBe(1); // the lock
    expect(readFileSync(path, 'utf8')).toBe('s 1000 a\ns 1500 b\ns 2000 a\n');
    // between claims the others' sends are planned from the same held lines: a stat, nothing read
    c.reset();
    expect(a.others(3_000)).toEqual([1_500]);
    expect(count(c.calls)).toEqual({ statSync: 1 });
  });

  it('replaces the file by one holding only the lines in force once COMPACT_DEAD lines have left the window', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    const c = countingFs();
    const a = new FileLedger(path, { proc: 'a', fs: c.fs, spanMs: 10_000 });
    // one send a second with a 10 s window: before each claim 9 in force, the rest out of it — the claim at
    // COMPACT_DEAD + 9 s is the first to find COMPACT_DEAD lines out of force
    let t = 0;
    for (; t < (COMPACT_DEAD + 9) * 1_000; t += 1_000) expect(a.claim(t, 30)).toEqual({ ok: true });
    expect(c.calls.get('renameSync')).toBe(1); // the first claim made the file
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(COMPACT_DEAD + 9 + 1);
    expect(a.claim(t, 30)).toEqual({ ok: true });
    expect(c.calls.get('renameSync')).toBe(2);
    // what is in the window (the 9 sends after t − 10 s, and this one), nothing else
    const text = readFileSync(path, 'utf8');
    expect(text.trim().split('\n')).toEqual(Array.from({ length: 10 }, (_, i) => `s ${t - 9_000 + i * 1_000} a`));
  });

  it('a line still being written (no newline yet) is left for the next look', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');
    const a = new FileLedger(path, { proc: 'a' });
    a.claim(1_000, 30);
    appendFileSync(path, 's 1500 b');
    expect(a.others(2_000)).toEqual([]);
    appendFileSync(path, '\n');
    expect(a.others(3_000)).toEqual([1_500]);
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
