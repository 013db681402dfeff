/**
 * A state file's write — read it, put this session's changes on it (merge.ts), rename the new one over it — under
 * `<file>.lock`, the rate ledger's lock (src/ledger/lock.ts): two dashboards on one state directory writing one file
 * at the same instant do not cross. Without it, the one that read the file first and renamed last dropped the other's
 * change, and neither wrote it again (each took its own as written): the window is the read, merge, fsync and rename,
 * about 5 ms, up to 100 ms on a loaded disk.
 */
import { dirname } from 'node:path';
import { FileLock, LOCK_STALE_MS } from '../ledger/lock.js';
import { makeDirs } from '../util/files.js';

/** While another process holds a file's lock (a few milliseconds), the write is tried again this much later. */
export const LOCK_RETRY_MS = 20;
/**
 * As the dashboard quits (and in a one-shot command), how long a held lock is waited for before the file is written
 * without it: past the lock's stale age, so a lock that stood when the wait began has been released or taken over
 * as stale (FileLock) by then. It was 1 s: twenty `oddsboard pairs --reject` at once queued longer than that on two
 * cores, and the ones that gave up wrote over a holder's write, its decision lost. Only a queue of live writers
 * lasting the whole wait still ends in a write without the lock.
 */
export const QUIT_WAIT_MS = LOCK_STALE_MS + 1_000;

/** The wait's clock (tests: a fake one, its pause moving it on). */
export interface LockClock {
  now?: () => number;
  pause?: (ms: number) => void;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `write` under the file's lock; false when another process holds it (try again in LOCK_RETRY_MS). `quitting`:
 * waits for it up to QUIT_WAIT_MS (a stale lock is taken over meanwhile), then writes without it — the session's
 * changes are not dropped for a lock.
 */
export function writeLocked(path: string, write: () => void, quitting: boolean, clock: LockClock = {}): boolean {
  const now = clock.now ?? Date.now;
  const wait = clock.pause ?? ((ms: number) => void Atomics.wait(pause, 0, 0, ms));
  // the lock lives beside the file: its directory first (what fails here is said as a failed save)
  makeDirs(dirname(path));
  const lock = new FileLock(`${path}.lock`, { now });
  const until = now() + (quitting ? QUIT_WAIT_MS : 0);
  while (!lock.with(write)) {
    if (now() >= until) {
      if (!quitting) return false;
      write();
      break;
    }
    wait(LOCK_RETRY_MS);
  }
  return true;
}
