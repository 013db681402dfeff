import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordingError } from '../server/replay/load.js';
import { personJson } from './personFiles.js';

/** A replay directory whose DIR/positions holds `name`, made by `make`. */
function positionsWith(name: string, make: (path: string) => void): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-person-'));
  mkdirSync(join(dir, 'positions'));
  const file = join(dir, 'positions', name);
  make(file);
  return { dir, file };
}

function personError(dir: string): unknown {
  try {
    personJson(dir, 'positions');
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("a replay's person files (DIR/positions, DIR/portfolio)", () => {
  // a folder named x.json was passed over without a word; a symlink loop ended serve with Node's raw
  // "ELOOP: too many symbolic links encountered, stat …", exit 1
  it.each([
    ['a directory', (p: string) => mkdirSync(p), 'is not a regular file: move it away'],
    ['a symlink loop', (p: string) => symlinkSync(p, p), 'cannot be read (ELOOP): a symlink on its path leads round'],
    ['not JSON', (p: string) => writeFileSync(p, '{"positions": ['), 'is not valid JSON'],
  ])('%s named x.json is refused as a recording problem naming it', (_, make, says) => {
    const { dir, file } = positionsWith('x.json', make);
    const error = personError(dir);
    expect(error).toBeInstanceOf(RecordingError);
    expect((error as Error).message).toContain(`${file} ${says}`);
  });

  it('the folder itself a symlink loop or a file is refused naming it; absent, there is nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-person-'));
    expect(personJson(dir, 'positions')).toEqual([]);
    symlinkSync(join(dir, 'positions'), join(dir, 'positions'));
    expect((personError(dir) as Error).message).toBe(
      `${join(dir, 'positions')} cannot be read (ELOOP): a symlink on its path leads round in a loop: remove that link`,
    );
    const other = mkdtempSync(join(tmpdir(), 'oddsboard-person-'));
    writeFileSync(join(other, 'positions'), 'notes');
    expect((personError(other) as Error).message).toBe(
      `${join(other, 'positions')} is not a folder: a replay's person files are DIR/positions/*.json and ` +
        'DIR/portfolio/*.json; move it away',
    );
  });

  it('reads each .json in order, and nothing else', () => {
    const { dir } = positionsWith('b.json', (p) => writeFileSync(p, '[1]'));
    writeFileSync(join(dir, 'positions', 'a.json'), '\uFEFF{"a": 1}');
    writeFileSync(join(dir, 'positions', 'notes.txt'), 'x');
    expect(personJson(dir, 'positions')).toEqual([
      ['a.json', { a: 1 }],
      ['b.json', [1]],
    ]);
  });
});
