import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeLocked } from '../watch/lock.js';
import { peekPersonFile, readPersonFile, type PeekWords } from './personFile.js';

/** A file of names, one a line; a line that is not a name is an entry that cannot be understood. */
const names = (path: string, hooks?: { beforeRename: () => void }) => ({
  path,
  maxBytes: 1_000,
  now: Date.UTC(2026, 0, 2),
  decode: (text: string) => {
    const lines = text.split('\n').filter((l) => l !== '');
    const value = lines.filter((l) => /^[a-z]+$/.test(l));
    return { value, dropped: lines.length - value.length };
  },
  encode: (value: string[]) => value.map((l) => `${l}\n`).join(''),
  isDecodeError: (_e: unknown): _e is Error => false,
  empty: 'no names',
  entries: (n: number) => `${n} name${n === 1 ? '' : 's'}`,
  ...(hooks ? { hooks } : {}),
});

describe("a person's file read at start", () => {
  it('writes the rest of a file with entries it cannot understand back under the lock, as every write', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-person-'));
    const path = join(dir, 'names.txt');
    writeFileSync(path, 'ann\n42\nbob\n');
    const others: boolean[] = [];
    // another dashboard's write at the same instant: it waits for the lock (it was not held: it wrote, and lost)
    const r = readPersonFile(
      names(path, { beforeRename: () => void others.push(writeLocked(path, () => writeFileSync(path, 'x\n'), false)) }),
    );
    expect(others).toEqual([false]);
    expect(r.value).toEqual(['ann', 'bob']);
    expect(readFileSync(path, 'utf8')).toBe('ann\nbob\n');
    expect(readdirSync(dir).sort()).toEqual(['names.txt', 'names.txt.broken-2026-01-02T00-00-00-000Z']);
  });
});

describe("a person's file read by a command that changes nothing (peek)", () => {
  // `watch` and `positions` each read their file with a copy of this (readWatchedIds, readPaper): one rule now, each
  // command its own words
  const words: PeekWords = {
    unreadable: (e, empty) => `cannot: ${e.reason}, ${empty}`,
    notOurs: (path, why) => `not ours: ${why}`,
    dropped: (_path, entries, n) => (n > 1 ? `dropped ${entries}` : undefined),
  };
  const notOurs = (path: string) => ({
    ...names(path),
    decode: (text: string) => {
      if (text.startsWith('{')) throw new RangeError('not names');
      return names(path).decode(text);
    },
    isDecodeError: (e: unknown): e is Error => e instanceof RangeError,
  });

  it("says each problem in the command's own words, and leaves the file as it is", () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-peek-'));
    const path = join(dir, 'names.txt');
    expect(peekPersonFile(notOurs(path), words)).toEqual({ problems: [] });
    writeFileSync(path, 'ann\n42\n');
    expect(peekPersonFile(notOurs(path), words)).toEqual({ value: ['ann'], problems: [] });
    writeFileSync(path, 'ann\n42\n43\n');
    expect(peekPersonFile(notOurs(path), words)).toEqual({ value: ['ann'], problems: ['dropped 2 names'] });
    writeFileSync(path, '{');
    expect(peekPersonFile(notOurs(path), words)).toEqual({ problems: ['not ours: not names'] });
    expect(readFileSync(path, 'utf8')).toBe('{');
    const folder = join(dir, 'folder.txt');
    mkdirSync(folder);
    expect(peekPersonFile(notOurs(folder), words)).toEqual({ problems: ['cannot: not_regular, no names'] });
    expect(readdirSync(dir).sort()).toEqual(['folder.txt', 'names.txt']);
  });
});
