/**
 * The files oddsboard keeps for a person: where they live and how they are
 * read and written. Writes are atomic (a temp file beside the target, flushed,
 * then renamed over it), so a crash or a full disk leaves the old file whole.
 * Reads are capped and accept only regular files (never a FIFO or /dev/zero).
 */
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';

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
  ) {
    super(message);
  }
}

/**
 * The whole text of a regular file of at most `maxBytes`, a leading UTF-8 BOM dropped.
 * Throws FileProblem: `missing` (ENOENT, ENOTDIR), `not_regular` (a directory, FIFO, device), `too_large`,
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
    // ENOTDIR: a path component is a plain file, so this one cannot exist either
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new FileProblem(path, 'missing', `${path} does not exist`);
    if (code === 'EISDIR') throw new FileProblem(path, 'not_regular', `${path} is not a regular file`);
    throw new FileProblem(path, 'unreadable', `${path} cannot be read (${code ?? 'error'})`);
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
    throw new FileProblem(
      path,
      'unreadable',
      `${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  } finally {
    closeSync(fd);
  }
}

/** What to do about a write that failed, by the file system's code (a person's file, the rate ledger). */
export const SAVE_FIX: Readonly<Record<string, string>> = {
  EISDIR: 'a directory is in its place: move it away',
  ENOTDIR: 'a file is in the place of its directory: move it away',
  // mkdir of a directory whose path is taken by a file
  EEXIST: 'a file is in the place of its directory: move it away',
  ENOSPC: 'the disk is full: free some space',
  EDQUOT: 'the disk quota is spent: free some space',
  EACCES: 'it or its directory is not writable: check the permissions',
  EPERM: 'it or its directory is not writable: check the permissions',
  EROFS: 'the file system is read-only',
};

/**
 * The one line a person's file that could not be written says (the watchlist, alerts, alert log, paper positions):
 * the file, the file system's code, what to do, and that what was there is kept and the write tried again (`final`:
 * the last try, as the dashboard quits: that this session's changes are not saved).
 */
export function saveFailed(path: string, e: unknown, final = false): string {
  const code = (e as NodeJS.ErrnoException).code ?? 'error';
  const fix = SAVE_FIX[code] ?? 'check that its directory exists and is writable';
  const then = final ? "this session's changes to it are not saved" : 'trying again';
  return `Could not save ${path} (${code}): ${fix}; the previous file is kept, ${then}`;
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
  mkdirSync(dir, { recursive: true, mode: 0o700 });
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

/** How one of the person's files is read (the watchlist, the alerts, the pairs' decisions, the paper book). */
export interface PersonFile<T> {
  path: string;
  maxBytes: number;
  now: number;
  /** The file's text understood, and how many entries were not; throws when the file as a whole is not one of ours. */
  decode(text: string): { value: T; dropped: number };
  /** The decoder's own "not one of ours" error (anything else is rethrown). */
  isDecodeError(e: unknown): e is Error;
  /** What the session starts with when nothing is read: "no decisions", "an empty watchlist". */
  empty: string;
  /** `n` entries, in the file's own word: "3 entries", "1 paper position". */
  entries(n: number): string;
  /**
   * The value written as the file: with it, a file that had entries that could not be understood is written back at
   * once with the rest (the original moved aside), so a session that changes nothing does not leave the rest only in
   * the file aside, the next start beginning without it.
   */
  encode?(value: T): string;
  /** A file too large is moved aside (default) or, like any file that cannot be read, left as it is. */
  tooLarge?: 'aside' | 'keep';
  /** What follows for a file that cannot be read (not there as a file, no permission) and is left as it is. */
  unreadable?: string;
}

export interface PersonFileRead<T> {
  /** What was understood; undefined when the session starts empty (also for a missing file). */
  value?: T;
  /** One line per problem. */
  problems: string[];
  /** The file is left as it was and must not be written this session. */
  keepOut: boolean;
}

/** The rest of a file that had entries that could not be understood, written back in its place (`encode`). */
function writeBack<T>(f: PersonFile<T>, value: T, out: PersonFileRead<T>): void {
  if (!f.encode) return;
  try {
    writeFileAtomic(f.path, f.encode(value));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    out.problems.push(`${f.path} could not be written back (${code}): the rest is kept and written at the next change`);
  }
}

/** A file left as it is for the session (readPersonFile's keepOut): what the person loses until it is dealt with. */
export const KEPT_OUT = "it is left as it is, and this session's changes to it are not saved";

/** The line for stderr as the dashboard quits with changes to a file left as it is (KEPT_OUT). */
export const keptOutOnQuit = (path: string) =>
  `Could not save ${path}: it could not be read at start (move it away, or check its permissions, and start ` +
  "oddsboard again); this session's changes to it are not saved";

const asideLine = (path: string, why: string, moved: string, rest: string) =>
  `${path} ${why}: moved aside to ${basename(moved)}; ${rest}`;

/**
 * One of the person's files as it is now, for a write to put this session's changes on (src/watch/merge.ts), by the
 * rule of the start (readPersonFile): a file a hand edit broke while the dashboard ran, or one with entries that
 * cannot be understood, is moved aside and said in one line (`say`) before it is written, never overwritten silently.
 * Undefined when there is nothing to put the changes on (no file, one moved aside whole, one that cannot be read):
 * the session's state is then written whole.
 */
export function readToMerge<T>(
  f: Pick<PersonFile<T>, 'path' | 'maxBytes' | 'now' | 'decode' | 'isDecodeError' | 'entries' | 'tooLarge'>,
  say: (line: string) => void,
): T | undefined {
  const aside = (why: string, rest: string) => {
    const moved = setAside(f.path, f.now);
    // not moved (its directory not writable): the write fails too, and says so
    if (moved) say(asideLine(f.path, why, moved, rest));
  };
  const whole = 'written again as this session has it';
  let text: string;
  try {
    text = readTextFile(f.path, f.maxBytes);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    if (e.reason === 'too_large' && f.tooLarge !== 'keep') aside(`is larger than ${f.maxBytes} bytes`, whole);
    return undefined;
  }
  try {
    const d = f.decode(text);
    if (d.dropped > 0) aside(`had ${f.entries(d.dropped)} that could not be understood`, 'the rest is kept');
    return d.value;
  } catch (e) {
    if (!f.isDecodeError(e)) throw e;
    aside(`could not be read (${e.message})`, whole);
    return undefined;
  }
}

/**
 * One of the person's files read so that nothing they kept is lost: a file that is not ours, or holds entries that
 * cannot be understood, is moved aside (setAside) and said in one line; what cannot be moved aside, or read at all,
 * is left as it is and not written this session.
 */
export function readPersonFile<T>(f: PersonFile<T>): PersonFileRead<T> {
  const out: PersonFileRead<T> = { problems: [], keepOut: false };
  const aside = (why: string, rest: string): boolean => {
    const moved = setAside(f.path, f.now);
    if (!moved) out.keepOut = true;
    out.problems.push(
      moved
        ? asideLine(f.path, why, moved, rest)
        : `${f.path} ${why} and could not be moved aside: move it away and start oddsboard again; ${KEPT_OUT}`,
    );
    return moved !== undefined;
  };
  let text: string;
  try {
    text = readTextFile(f.path, f.maxBytes);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    if (e.reason === 'missing') return out;
    if (e.reason === 'too_large' && f.tooLarge !== 'keep')
      aside(`is larger than ${f.maxBytes} bytes`, `starting with ${f.empty}`);
    else {
      out.keepOut = true;
      const fix = e.reason === 'unreadable' ? 'check its permissions' : 'move it away';
      out.problems.push(`${e.message}: ${fix} and start oddsboard again; ${f.unreadable ?? KEPT_OUT}`);
    }
    return out;
  }
  try {
    const d = f.decode(text);
    out.value = d.value;
    if (d.dropped > 0 && aside(`had ${f.entries(d.dropped)} that could not be understood`, 'the rest is loaded'))
      writeBack(f, d.value, out);
  } catch (e) {
    if (!f.isDecodeError(e)) throw e;
    aside(`could not be read (${e.message})`, `starting with ${f.empty}`);
  }
  return out;
}
