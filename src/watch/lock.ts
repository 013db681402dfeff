/**
 * A state file's write — read it, put this session's changes on it (merge.ts), rename the new one over it — under
 * `<file>.lock`, the rate ledger's lock (src/ledger/lock.ts): two dashboards on one state directory writing one file
 * at the same instant do not cross. Without it, the one that read the file first and renamed last dropped the other's
 * change, and neither wrote it again (each took its own as written): the window is the read, merge, fsync and rename,
 * about 5 ms, up to 100 ms on a loaded disk.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { FileLock } from '../ledger/lock.js';

/** While another process holds a file's lock (a few milliseconds), the write is tried again this much later. */
export const LOCK_RETRY_MS = 20;
/** As the dashboard quits, how long a held lock is waited for before the file is written without it. */
export const QUIT_WAIT_MS = 1_000;

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `write` under the file's lock; false when another process holds it (try again in LOCK_RETRY_MS). `quitting`:
 * waits for it up to QUIT_WAIT_MS, then writes without it — the session's changes are not dropped for a lock.
 */
export function writeLocked(path: string, write: () => void, quitting: boolean): boolean {
  // the lock lives beside the file: its directory first (what fails here is said as a failed save)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const lock = new FileLock(`${path}.lock`);
  const until = Date.now() + (quitting ? QUIT_WAIT_MS : 0);
  while (!lock.with(write)) {
    if (Date.now() >= until) {
      if (!quitting) return false;
      write();
      break;
    }
    Atomics.wait(pause, 0, 0, LOCK_RETRY_MS);
  }
  return true;
}
