import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_STALE_MS } from '../ledger/lock.js';
import { writeLocked } from './lock.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'oddsboard-state-lock-'));
const host = hostname().replace(/\s+/g, '_').slice(0, 64) || 'host';
/** The lock as a live process (this one) holds it: written a moment ago. */
const held = (path: string) => writeFileSync(`${path}.lock`, `${process.pid} ${host} ${Date.now()} theirs\n`);

describe('a state file written under its lock', () => {
  it('a directory the file system cannot hold (/proc/x) fails the write at once, never hanging', () => {
    // XDG_STATE_HOME=/proc/x: Node's recursive mkdir of the lock's directory tried /proc/x again and again, for good
    if (!existsSync('/proc/self')) return;
    let written = false;
    const write = () => void (written = true);
    expect(() => writeLocked('/proc/x/oddsboard/watchlist.json', write, true)).toThrow(
      expect.objectContaining({ code: 'ENOENT', path: '/proc/x' }),
    );
    expect(written).toBe(false);
  });

  it('is written and its lock let go; while another process holds it, it is not written (tried again later)', () => {
    const dir = tmp();
    const path = join(dir, 'sub', 'watchlist.json');
    expect(writeLocked(path, () => writeFileSync(path, 'one'), false)).toBe(true);
    expect(readdirSync(join(dir, 'sub'))).toEqual(['watchlist.json']);
    held(path);
    expect(writeLocked(path, () => writeFileSync(path, 'two'), false)).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('one');
    expect(readFileSync(`${path}.lock`, 'utf8')).toContain('theirs'); // not taken from its live owner
  });

  /** A fake clock from now: `pause` moves it on, then lets `at` act as the other process would meanwhile. */
  const fakeClock = (at: (elapsed: number) => void) => {
    const start = Date.now();
    let t = start;
    return { now: () => t, elapsed: () => t - start, pause: (ms: number) => ((t += ms), at(t - start)) };
  };

  // it waited 1 s, then wrote without the lock: twenty `oddsboard pairs --reject` at once queued longer than that on
  // two cores, and the ones that gave up wrote over a holder's write — 2 of 20 decisions lost, each run exit 0
  it('as the dashboard quits, a holder keeping the lock past 1 s is waited for: written after it, under it', () => {
    const path = join(tmp(), 'pairs.json');
    held(path);
    const clock = fakeClock((elapsed) => {
      if (elapsed >= 1_500 && existsSync(`${path}.lock`)) {
        writeFileSync(path, 'theirs'); // the holder's read, merge and rename, then its release
        rmSync(`${path}.lock`);
      }
    });
    const mine = () => writeFileSync(path, `${existsSync(path) ? readFileSync(path, 'utf8') : ''} mine`);
    expect(writeLocked(path, mine, true, clock)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('theirs mine');
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a lock its live owner keeps past the stale age is taken over: written under it, then let go', () => {
    const path = join(tmp(), 'paper.json');
    held(path);
    const clock = fakeClock(() => undefined);
    let lockWhileWriting = '';
    const mine = () => ((lockWhileWriting = readFileSync(`${path}.lock`, 'utf8')), writeFileSync(path, 'mine'));
    expect(writeLocked(path, mine, true, clock)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('mine');
    expect(lockWhileWriting).toContain(`${process.pid} ${host}`);
    expect(lockWhileWriting).not.toContain('theirs');
    expect(clock.elapsed()).toBeGreaterThan(LOCK_STALE_MS / 2); // not given up on at 1 s
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a queue of live writers lasting the whole wait does not cost the session its changes: written without it', () => {
    const path = join(tmp(), 'watchlist.json');
    held(path);
    const clock = fakeClock(() => held(path)); // each pause, a new writer holds a fresh lock
    expect(writeLocked(path, () => writeFileSync(path, 'mine'), true, clock)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('mine');
  });
});
