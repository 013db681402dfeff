/**
 * The files oddsboard keeps for a person: where they live and how they are
 * read and written. Writes are atomic (a temp file beside the target, flushed,
 * then renamed over it), so a crash or a full disk leaves the old file whole.
 * Reads are capped and accept only regular files (never a FIFO or /dev/zero).
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * The nearest path at or above `path` that exists, with what it is (a file in the place of a folder shows here: what
 * is below it is missing, ENOTDIR); undefined when none does. Throws as statSync does on a path it cannot look at.
 */
export function nearestExisting(path: string): { at: string; stats: Stats } | undefined {
  for (let at = path; ; at = dirname(at)) {
    const stats = statSync(at, { throwIfNoEntry: false });
    if (stats) return { at, stats };
    if (dirname(at) === at) return undefined;
  }
}

/** Why `path` cannot be opened when a part of it is a file (ENOTDIR): that file (what to do: READ_FIX). */
function blockedBy(path: string): string {
  let near;
  try {
    near = nearestExisting(dirname(path));
  } catch {
    near = undefined;
  }
  const file = near && !near.stats.isDirectory() ? near.at : undefined;
  return file === undefined
    ? `${path} cannot be read (ENOTDIR): a part of its path is not a folder`
    : `${path} cannot be read: ${file} is a file in the place of a directory`;
}

/** `$XDG_STATE_HOME/oddsboard`, else `~/.local/state/oddsboard`: the watchlist, alerts, the shared rate ledger. */
export function stateDir(env: NodeJS.ProcessEnv): string {
  const base =
    env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/')
      ? env.XDG_STATE_HOME
      : join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'oddsboard');
}

export class FileProblem extends Error {
  constructor(
    readonly path: string,
    readonly reason: 'missing' | 'not_regular' | 'too_large' | 'unreadable',
    message: string,
    /** The file system's code when it could not be opened or read (`unreadable`): what to do depends on it. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The whole text of a regular file of at most `maxBytes`, a leading UTF-8 BOM dropped.
 * Throws FileProblem: `missing` (ENOENT), `not_regular` (a directory, FIFO, socket, device), `too_large`,
 * `unreadable`.
 * The message names the file and the problem, never its content.
 */
export function readTextFile(path: string, maxBytes: number): string {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then tells it is not a regular file
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new FileProblem(path, 'missing', `${path} does not exist`);
    // ENOTDIR: a file where a folder of the path should be (XDG_STATE_HOME a file): not missing — nothing could be
    // written there either, and a reader that took it as missing said "No watched market" or read no config file
    if (code === 'ENOTDIR') throw new FileProblem(path, 'unreadable', blockedBy(path), code);
    // ENXIO: a socket cannot be opened
    if (code === 'EISDIR' || code === 'ENXIO')
      throw new FileProblem(path, 'not_regular', `${path} is not a regular file`);
    throw new FileProblem(path, 'unreadable', `${path} cannot be read (${code ?? 'error'})`, code);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new FileProblem(path, 'not_regular', `${path} is not a regular file`);
    if (st.size > maxBytes) throw new FileProblem(path, 'too_large', `${path} is larger than ${maxBytes} bytes`);
    const buf = Buffer.alloc(maxBytes + 1);
    let n = 0;
    for (;;) {
      const r = readSync(fd, buf, n, buf.length - n, null);
      if (r === 0) break;
      n += r;
      if (n > maxBytes) throw new FileProblem(path, 'too_large', `${path} is larger than ${maxBytes} bytes`);
    }
    const text = buf.subarray(0, n).toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (e) {
    if (e instanceof FileProblem) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new FileProblem(path, 'unreadable', `${path} cannot be read (${code ?? 'error'})`, code);
  } finally {
    closeSync(fd);
  }
}

/** A symlink (the file, or a directory on its path) that leads round in a loop: it can be neither read nor written. */
export const LOOP_FIX = 'a symlink on its path leads round in a loop: remove that link';

/** What to do, by the file system's code, whether a read or a write failed: neither is a matter of permissions. */
const FS_FIX: Readonly<Record<string, string>> = {
  EIO: 'the disk reported an input/output error: check the disk and its connection',
  EMFILE: 'oddsboard has too many files open: raise its limit (ulimit -n)',
  ENFILE: 'the system has too many files open: close some programs',
  ENAMETOOLONG: 'its path is too long: use a shorter directory (XDG_STATE_HOME)',
  ENOMEM: 'the system is out of memory: close some programs',
  ESTALE: 'its network file system lost track of it: mount it again',
  ETIMEDOUT: 'its network file system did not answer: check the mount',
  ELOOP: LOOP_FIX,
};

/** What to do about a write that failed, by the file system's code (a person's file, the rate ledger). */
export const SAVE_FIX: Readonly<Record<string, string>> = {
  ...FS_FIX,
  EISDIR: 'a directory is in its place: move it away',
  ENOTDIR: 'a file is in the place of its directory: move it away',
  // mkdir of a directory whose path is taken by a file
  EEXIST: 'a file is in the place of its directory: move it away',
  // mkdir under a file system that holds no folder of ours (XDG_STATE_HOME=/proc/x; makeDirs)
  ENOENT: 'a folder on its path cannot be made there: keep the state elsewhere (XDG_STATE_HOME)',
  ENOSPC: 'the disk is full: free some space',
  EDQUOT: 'the disk quota is spent: free some space',
  EACCES: 'it or its directory is not writable: check the permissions',
  EPERM: 'it or its directory is not writable: check the permissions',
  EROFS: 'the file system is read-only: make it writable, or keep the state elsewhere (XDG_STATE_HOME)',
};

/** What to do about a file that could not be opened or read (FileProblem `unreadable`), by its code. */
export const READ_FIX: Readonly<Record<string, string>> = {
  ...FS_FIX,
  ENOTDIR: 'move it away',
  EACCES: 'it or its directory is not readable: check the permissions',
  EPERM: 'it or its directory is not readable: check the permissions',
};

/** What to do about a file that cannot be read: by its code when it has one we know, else move it away. */
export function readFix(e: FileProblem): string {
  return (e.reason === 'unreadable' && e.code !== undefined ? READ_FIX[e.code] : undefined) ?? 'move it away';
}

/** Why `path` cannot be opened as a regular file now (FileProblem), or undefined when it can: its size aside. */
export function openProblem(path: string): FileProblem | undefined {
  try {
    readTextFile(path, 0);
    return undefined;
  } catch (e) {
    if (e instanceof FileProblem) return e.reason === 'too_large' ? undefined : e;
    throw e;
  }
}

/**
 * The one line a person's file that could not be written says (the watchlist, alerts, alert log, paper positions):
 * the file, the file system's code, what to do, and that what was there is kept (or that no file is there yet) and the
 * write tried again (`final`: the last try, as the dashboard quits: that this session's changes are not saved).
 */
const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

export function saveFailed(path: string, e: unknown, final = false): string {
  const code = (e as NodeJS.ErrnoException).code ?? 'error';
  const fix = SAVE_FIX[code] ?? 'check that its directory exists and is writable';
  const then = final ? "this session's changes to it are not saved" : 'trying again';
  // a file that never was (its folder cannot be made: XDG_STATE_HOME=/proc/x) has no previous file to keep, and a
  // folder in its place (EISDIR) is no file either
  const kept = !existsSync(path)
    ? 'no file is there yet'
    : isFile(path)
      ? 'the previous file is kept'
      : 'what is there is left as it is';
  return `Could not save ${path} (${code}): ${fix}; ${kept}, ${then}`;
}

/**
 * Makes `dir` and each missing folder above it, one at a time (mode 0700 by default); throws the file system's error
 * of the first that cannot be made, its `path` that folder. Node's `mkdirSync(…, { recursive: true })` tries a folder
 * that a file system cannot hold (`/proc/x`: ENOENT once its parent is there) again and again, for good.
 */
export function makeDirs(dir: string, mode = 0o700, below?: string): void {
  const st = statSync(dir, { throwIfNoEntry: false });
  if (st?.isDirectory()) return;
  // a file in the place of a folder: ENOTDIR for one above, EEXIST for `dir` itself, as Node's own mkdir says them
  const code = below === undefined ? 'EEXIST' : 'ENOTDIR';
  const taken = () => Object.assign(new Error(`${code}: a file is in the place of ${dir}`), { code, path: dir });
  if (st) throw taken();
  const parent = dirname(dir);
  if (parent !== dir) makeDirs(parent, mode, dir);
  try {
    mkdirSync(dir, { mode });
  } catch (e) {
    // made meanwhile by another process
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    if (!statSync(dir).isDirectory()) throw taken();
  }
}

/** Test seam: where an atomic write may be interrupted. */
export interface WriteHooks {
  /** Called after the temp file is written and flushed, before the rename. Throwing simulates a crash there. */
  beforeRename?: (tempPath: string) => void;
}

/**
 * Writes `text` to `path` atomically: `.<name>.<pid>.<n>.tmp` in the same directory (mode 0600), fsync, rename.
 * On any failure the temp file is removed and the old file is left as it was; the error is rethrown.
 */
let tempSeq = 0;
export function writeFileAtomic(path: string, text: string, hooks: WriteHooks = {}): void {
  const dir = dirname(path);
  makeDirs(dir);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${++tempSeq}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'wx', 0o600);
    const buf = Buffer.from(text, 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    hooks.beforeRename?.(temp);
    renameSync(temp, path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
    throw e;
  }
}

/**
 * A file that could not be parsed is moved aside to `<path>.broken-<stamp>` (never overwritten silently)
 * and the new name returned; undefined when even that failed.
 */
export function setAside(path: string, now: number): string | undefined {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = `${path}.broken-${stamp}`;
  try {
    statSync(path);
    renameSync(path, target);
    return target;
  } catch {
    return undefined;
  }
}
