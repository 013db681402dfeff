/**
 * A lock file taken with O_EXCL: whoever creates `<path>` holds it. The file
 * says who (pid, host, time, a random token). A lock whose owner is dead (same
 * host, no such pid) or that is older than `staleMs` is stolen, so a crashed
 * process never blocks the others for long. Held for a few milliseconds at a
 * time (read the ledger, append, rename), never across a request.
 *
 * The holder keeps the lock file open while it holds it: releasing compares the
 * file at the path with the held one (the same inode: still ours; a file held
 * open keeps its inode, so a lock taken after ours was stolen is never the same)
 * instead of opening and reading it again.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { nodeFs, sameFile, writeAll, type FileId, type LedgerFs } from './fsOps.js';

export interface LockOptions {
  /** A lock older than this is taken over whoever holds it (default 5 s). */
  staleMs?: number;
  /** Wall-clock time (default Date.now). */
  now?: () => number;
  /** Whether a process of this host is alive (default: signal 0). */
  isAlive?: (pid: number) => boolean;
  /** Test seam: called with the aside name right after a lock judged stale was moved there. */
  onSteal?: (aside: string) => void;
  /** The file system (default node:fs; tests count the calls). */
  fs?: LedgerFs;
}

export const LOCK_STALE_MS = 5_000;

/** Thrown by assertHeld inside `with`: the lock was taken over while we held it; `with` answers as if it were busy. */
class LockLost extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, belongs to someone else
  }
}

const HOST = hostname().replace(/\s+/g, '_').slice(0, 64) || 'host';

interface Owner {
  pid: number;
  host: string;
  at: number;
  token: string;
}

function parseOwner(text: string): Owner | undefined {
  const [pid, host, at, token] = text.trim().split(' ');
  const p = Number(pid);
  const t = Number(at);
  if (!Number.isInteger(p) || p <= 0 || !host || !Number.isFinite(t) || !token) return undefined;
  return { pid: p, host, at: t, token };
}

function readOrUndefined(fs: LedgerFs, path: string): string | undefined {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export class FileLock {
  private readonly staleMs: number;
  private readonly now: () => number;
  private readonly isAlive: (pid: number) => boolean;
  private readonly onSteal: ((aside: string) => void) | undefined;
  private readonly fs: LedgerFs;
  /** The lock file while we hold it: open, and which file it is. */
  private held: { fd: number; id: FileId } | undefined;

  constructor(
    readonly path: string,
    opts: LockOptions = {},
  ) {
    this.staleMs = opts.staleMs ?? LOCK_STALE_MS;
    this.now = opts.now ?? Date.now;
    this.isAlive = opts.isAlive ?? processAlive;
    this.onSteal = opts.onSteal;
    this.fs = opts.fs ?? nodeFs;
  }

  /**
   * Takes the lock if it is free or stale; false while a live owner holds it. Never waits. Throws on I/O errors other
   * than contention.
   */
  tryAcquire(): boolean {
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomBytes(8).toString('hex');
      let fd: number;
      try {
        fd = this.fs.openSync(this.path, 'wx', 0o600);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        if (!this.stealIfStale()) return false;
        continue;
      }
      try {
        writeAll(this.fs, fd, `${process.pid} ${HOST} ${this.now()} ${token}\n`);
        this.held = { fd, id: this.fs.fstatSync(fd) };
        return true;
      } catch (e) {
        this.fs.closeSync(fd);
        try {
          this.fs.unlinkSync(this.path); // created by us a moment ago, unwritten: nobody else's
        } catch {
          // gone
        }
        throw e;
      }
    }
    return false;
  }

  /** Removes the lock if it is still ours (a lock that was stolen from us is left to its new owner). */
  release(): void {
    const held = this.held;
    this.held = undefined;
    if (held === undefined) return;
    try {
      let atPath: FileId | undefined;
      try {
        atPath = this.fs.statSync(this.path);
      } catch {
        atPath = undefined; // stolen and gone
      }
      if (atPath && sameFile(atPath, held.id)) this.fs.unlinkSync(this.path);
    } catch {
      // already gone
    } finally {
      this.fs.closeSync(held.fd);
    }
  }

  /** Runs `fn` under the lock; undefined when the lock is held by someone else, or was taken over (assertHeld). */
  with<T>(fn: () => T): { value: T } | undefined {
    if (!this.tryAcquire()) return undefined;
    try {
      return { value: fn() };
    } catch (e) {
      if (e instanceof LockLost) return undefined;
      throw e;
    } finally {
      this.release();
    }
  }

  /**
   * Right before a write under the lock: throws (and `with` answers busy) unless the file at the path is still the one
   * we took. A holder paused past staleMs (Ctrl-Z, SIGSTOP, a debugger) has had its lock taken over as stale, and what
   * it read before the pause may no longer be the file: writing on it would lose the new holder's claim.
   */
  assertHeld(): void {
    const held = this.held;
    let atPath: FileId | undefined;
    try {
      atPath = this.fs.statSync(this.path);
    } catch {
      atPath = undefined;
    }
    if (!held || !atPath || !sameFile(atPath, held.id)) throw new LockLost('the lock was taken over');
  }

  /**
   * Moves a stale lock aside and reports whether it did; true also when the lock went or changed meanwhile (try
   * again). Two processes may judge the same lock stale at once: the one whose rename moved something else (a fresh
   * lock taken in between) links it back, so a live owner keeps its lock.
   */
  private stealIfStale(): boolean {
    const text = readOrUndefined(this.fs, this.path);
    if (text === undefined) return true; // released meanwhile: try again
    const owner = parseOwner(text);
    let stale: boolean;
    if (owner) {
      stale = (owner.host === HOST && !this.isAlive(owner.pid)) || this.now() - owner.at > this.staleMs;
    } else {
      // created but not yet written, or its writer died in between: judge by the file's age
      let mtime: number;
      try {
        mtime = this.fs.statSync(this.path).mtimeMs;
      } catch {
        return true;
      }
      stale = this.now() - mtime > this.staleMs;
    }
    if (!stale) return false;
    // The owner was judged on `text`, read before: if it released meanwhile and then exited (a process that quits
    // right after its last claim), the file is now someone's fresh lock. Only a lock still the one read is moved;
    // its owner being dead, nobody releases it in between, so what is moved is what was judged.
    if (readOrUndefined(this.fs, this.path) !== text) return true;
    const aside = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
    try {
      this.fs.renameSync(this.path, aside);
    } catch {
      return true; // someone else moved it first: try again
    }
    this.onSteal?.(aside);
    const moved = readOrUndefined(this.fs, aside);
    if (moved !== text) {
      try {
        this.fs.linkSync(aside, this.path); // put the fresh lock back; fails if yet another was taken meanwhile
      } catch {
        // the newer lock stands
      }
    }
    try {
      this.fs.unlinkSync(aside);
    } catch {
      // gone
    }
    return moved === text;
  }
}
