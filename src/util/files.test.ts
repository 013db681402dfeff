import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FileProblem,
  makeDirs,
  readFix,
  readTextFile,
  saveFailed,
  setAside,
  stateDir,
  writeFileAtomic,
} from './files.js';

const dir = () => mkdtempSync(join(tmpdir(), 'odb-files-'));

/** The FileProblem `f` throws; fails the test when it throws nothing. */
function problemOf(f: () => unknown): FileProblem {
  try {
    f();
  } catch (e) {
    return e as FileProblem;
  }
  throw new Error('no error');
}

/** What a failed save of '{}' at `path` says. */
function saveFailedAt(path: string): string {
  let problem: unknown;
  try {
    writeFileAtomic(path, '{}');
  } catch (e) {
    problem = e;
  }
  return saveFailed(path, problem);
}

describe('stateDir', () => {
  it('follows XDG_STATE_HOME, else ~/.local/state', () => {
    expect(stateDir({ XDG_STATE_HOME: '/x/state', HOME: '/home/a' })).toBe('/x/state/oddsboard');
    expect(stateDir({ HOME: '/home/a' })).toBe('/home/a/.local/state/oddsboard');
    // a relative XDG path is invalid by the spec and ignored
    expect(stateDir({ XDG_STATE_HOME: 'rel', HOME: '/home/a' })).toBe('/home/a/.local/state/oddsboard');
  });
});

describe('writeFileAtomic', () => {
  it('writes the whole text and leaves no temp file', () => {
    const d = dir();
    const p = join(d, 'sub', 'watchlist.json');
    writeFileAtomic(p, '{"a":1}');
    writeFileAtomic(p, '{"a":2}');
    expect(readFileSync(p, 'utf8')).toBe('{"a":2}');
    expect(readdirSync(join(d, 'sub'))).toEqual(['watchlist.json']);
  });

  it('a crash between write and rename leaves the old file whole and no temp file behind', () => {
    const d = dir();
    const p = join(d, 'w.json');
    writeFileAtomic(p, 'old');
    expect(() =>
      writeFileAtomic(p, 'new', {
        beforeRename: (temp) => {
          expect(readFileSync(temp, 'utf8')).toBe('new');
          throw new Error('crash');
        },
      }),
    ).toThrow('crash');
    expect(readFileSync(p, 'utf8')).toBe('old');
    expect(readdirSync(d)).toEqual(['w.json']);
  });

  it('a write that cannot happen (the target is a directory) keeps what was there', () => {
    const d = dir();
    mkdirSync(join(d, 'x'));
    expect(() => writeFileAtomic(join(d, 'x'), 'data')).toThrow();
    expect(readdirSync(d)).toEqual(['x']);
  });

  it('a file where the state directory should be says what to do (it said "check that its directory exists")', () => {
    const d = dir();
    writeFileSync(join(d, 'oddsboard'), 'not a directory');
    const path = join(d, 'oddsboard', 'watchlist.json');
    expect(saveFailedAt(path)).toMatch(
      /^Could not save .*watchlist\.json \(E(EXIST|NOTDIR)\): a file is in the place of its directory: move it away;/,
    );
  });

  it('a folder where the file should be is not called "the previous file" (EISDIR)', () => {
    const d = dir();
    mkdirSync(join(d, 'watchlist.json'));
    expect(saveFailedAt(join(d, 'watchlist.json'))).toMatch(
      /^Could not save .*watchlist\.json \(EISDIR\): a directory is in its place: move it away; what is there is left as it is, trying again$/,
    );
  });

  it('a state directory that is a symlink loop says to remove the link (not "check that its directory exists")', () => {
    const d = dir();
    symlinkSync('oddsboard', join(d, 'oddsboard'));
    const path = join(d, 'oddsboard', 'watchlist.json');
    expect(saveFailedAt(path)).toMatch(
      /^Could not save .*watchlist\.json \(ELOOP\): a symlink on its path leads round in a loop: remove that link;/,
    );
  });
});

describe('makeDirs', () => {
  it('makes each missing folder; where one cannot be made it throws that folder, never hanging (/proc)', () => {
    const base = mkdtempSync(join(tmpdir(), 'oddsboard-makedirs-'));
    makeDirs(join(base, 'a', 'b'));
    expect(readdirSync(join(base, 'a'))).toEqual(['b']);
    makeDirs(join(base, 'a', 'b'));
    writeFileSync(join(base, 'f'), 'x');
    expect(() => makeDirs(join(base, 'f', 'g', 'h'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
    // Node's recursive mkdir tried /proc/x again and again for good; writeFileAtomic made its folder with it
    if (existsSync('/proc/self')) {
      expect(() => makeDirs('/proc/x/y')).toThrow(expect.objectContaining({ code: 'ENOENT', path: '/proc/x' }));
      expect(() => writeFileAtomic('/proc/x/y/z.json', '{}')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    }
  });
});

describe('readTextFile', () => {
  it('reads a regular file and drops a UTF-8 BOM', () => {
    const p = join(dir(), 'c.json');
    writeFileSync(p, '\ufeff{"limit":5}');
    expect(readTextFile(p, 1000)).toBe('{"limit":5}');
  });

  it('names the problem without reading the content: missing, too large, not a regular file', () => {
    const d = dir();
    expect(problemOf(() => readTextFile(join(d, 'nope'), 10)).reason).toBe('missing');
    writeFileSync(join(d, 'big'), 'x'.repeat(100));
    expect(problemOf(() => readTextFile(join(d, 'big'), 10)).reason).toBe('too_large');
    expect(problemOf(() => readTextFile(d, 10)).reason).toBe('not_regular');
    expect(problemOf(() => readTextFile('/dev/zero', 10)).reason).toBe('not_regular');
    const fifo = join(d, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(problemOf(() => readTextFile(fifo, 10)).reason).toBe('not_regular'); // returns at once, no writer needed
  });

  it('a file where a folder of the path should be is unreadable, naming that file (it read as missing)', () => {
    // XDG_STATE_HOME or XDG_CONFIG_HOME a file: the watchlist read as empty, the config file as not there
    const d = dir();
    writeFileSync(join(d, 'state'), 'x');
    const p = problemOf(() => readTextFile(join(d, 'state', 'oddsboard', 'watchlist.json'), 10));
    expect(p).toMatchObject({ reason: 'unreadable', code: 'ENOTDIR' });
    expect(`${p.message}: ${readFix(p)}`).toBe(
      `${join(d, 'state', 'oddsboard', 'watchlist.json')} cannot be read: ${join(d, 'state')} is a file in the place ` +
        'of a directory: move it away',
    );
  });

  it('a symlink loop is unreadable with its code; a socket is not a regular file (not "cannot be read")', async () => {
    const d = dir();
    symlinkSync('loop', join(d, 'loop'));
    expect(problemOf(() => readTextFile(join(d, 'loop'), 10))).toMatchObject({ reason: 'unreadable', code: 'ELOOP' });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(d, 'sock'), resolve));
    try {
      expect(problemOf(() => readTextFile(join(d, 'sock'), 10)).reason).toBe('not_regular');
    } finally {
      server.close();
    }
  });
});

describe('what a read or a write that failed says to do, by the code', () => {
  const unreadable = (code: string) => new FileProblem('/s/watchlist.json', 'unreadable', 'x', code);
  // every code but EACCES and EPERM said "check its permissions"
  it.each([
    ['EIO', /input\/output error: check the disk/],
    ['EMFILE', /oddsboard has too many files open: raise its limit \(ulimit -n\)/],
    ['ENFILE', /the system has too many files open/],
    ['ENAMETOOLONG', /its path is too long/],
    ['ENOMEM', /out of memory/],
    ['ESTALE', /network file system lost track of it/],
    ['ETIMEDOUT', /network file system did not answer/],
    ['ELOOP', /loop: remove that link/],
    ['EACCES', /not readable: check the permissions/],
    ['EPERM', /not readable: check the permissions/],
    ['EWHATEVER', /^move it away$/],
  ])('a read failing with %s: %s', (code, fix) => {
    expect(readFix(unreadable(code))).toMatch(fix);
    if (!/^E(?:ACCES|PERM)$/.test(code)) expect(readFix(unreadable(code))).not.toMatch(/permission/);
  });
  it('a file not read for what it is (a directory, too large) is moved away', () => {
    expect(readFix(new FileProblem('/s/a', 'not_regular', 'x'))).toBe('move it away');
    expect(readFix(new FileProblem('/s/a', 'too_large', 'x'))).toBe('move it away');
  });
  it.each([
    ['EIO', /\(EIO\): the disk reported an input\/output error/],
    ['EMFILE', /\(EMFILE\): oddsboard has too many files open/],
    ['EROFS', /\(EROFS\): the file system is read-only: make it writable, or keep the state elsewhere/],
    ['ENOSPC', /\(ENOSPC\): the disk is full/],
  ])('a write failing with %s says what it is and what to do', (code, line) => {
    const e = Object.assign(new Error('x'), { code });
    expect(saveFailed('/s/watchlist.json', e)).toMatch(line);
    expect(saveFailed('/s/watchlist.json', e)).not.toMatch(/check that its directory exists/);
  });
});

describe('a save that failed', () => {
  it('says the previous file is kept only when there is one (XDG_STATE_HOME=/proc/x said so of none)', () => {
    const d = dir();
    const enoent = Object.assign(new Error('x'), { code: 'ENOENT' });
    const none = saveFailed('/proc/x/oddsboard/watchlist.json', enoent);
    expect(none).toMatch(/: a folder on its path cannot be made there: .*; no file is there yet, trying again$/);
    expect(saveFailed(join(d, 'paper.json'), enoent, true)).toMatch(
      /; no file is there yet, this session's changes to it are not saved$/,
    );
    writeFileSync(join(d, 'paper.json'), '{}');
    expect(saveFailed(join(d, 'paper.json'), enoent)).toMatch(/; the previous file is kept, trying again$/);
  });
});

describe('setAside', () => {
  it('moves a broken file to a dated name and returns it', () => {
    const d = dir();
    const p = join(d, 'alerts.json');
    writeFileSync(p, '{broken');
    const moved = setAside(p, Date.UTC(2026, 10, 23, 12, 0, 0));
    expect(moved).toBe(`${p}.broken-2026-11-23T12-00-00-000Z`);
    expect(readFileSync(moved!, 'utf8')).toBe('{broken');
    expect(setAside(join(d, 'absent'), 0)).toBeUndefined();
  });
});
