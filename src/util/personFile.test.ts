import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeLocked } from '../watch/lock.js';
import { readPersonFile } from './personFile.js';

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
