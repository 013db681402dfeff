import { existsSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../util/clock.js';
import { FALLBACK_MS, FileChanges, PULL_DELAY_MS, type WatchDir } from './fileChanges.js';

/** fs.watch as a test drives it: each directory's listener, and whether it was closed. */
function fakeWatch(fail?: string) {
  const dirs = new Map<string, { emit: (name: string | null) => void; error: () => void; closed: boolean }>();
  const watch: WatchDir = (dir, listener) => {
    if (fail) throw Object.assign(new Error(fail), { code: fail });
    let onError = () => {};
    const d = { emit: (name: string | null) => listener('rename', name), error: () => onError(), closed: false };
    dirs.set(dir, d);
    return {
      close: () => void (d.closed = true),
      on: (_: 'error', f: () => void) => void (onError = f),
    };
  };
  return { watch, dirs };
}

describe('another dashboard’s writes, noticed (fileChanges)', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'oddsboard-changes-'));

  it('one watcher a directory; a burst of events for a file is one read, PULL_DELAY_MS after the first', () => {
    const clock = new ManualClock(0);
    const fake = fakeWatch();
    const changes = new FileChanges({ clock, watch: fake.watch });
    const d = dir();
    const reads: string[] = [];
    changes.on(join(d, 'watchlist.json'), () => reads.push('watchlist'));
    changes.on(join(d, 'paper.json'), () => reads.push('paper'));
    expect(fake.dirs.size).toBe(1);
    const w = fake.dirs.get(d)!;
    w.emit('.watchlist.json.123.1.tmp'); // the temp file of a write: not a kept file
    w.emit('budget-abc.ledger');
    clock.advance(PULL_DELAY_MS * 5);
    expect(reads).toEqual([]);
    w.emit('watchlist.json');
    clock.advance(PULL_DELAY_MS / 2);
    w.emit('watchlist.json');
    w.emit('paper.json');
    expect(reads).toEqual([]);
    clock.advance(PULL_DELAY_MS / 2);
    expect(reads).toEqual(['watchlist', 'paper']);
    clock.advance(PULL_DELAY_MS * 10);
    expect(reads).toEqual(['watchlist', 'paper']);
    // no name (a platform that gives none): every file of the directory is read
    w.emit(null);
    clock.advance(PULL_DELAY_MS);
    expect(reads.slice(2).sort()).toEqual(['paper', 'watchlist']);
    changes.close();
    expect(w.closed).toBe(true);
    w.emit('watchlist.json');
    clock.advance(PULL_DELAY_MS);
    expect(reads).toHaveLength(4);
    expect(clock.pending()).toBe(0);
  });

  it('without fs.watch the files are looked at every FALLBACK_MS, nothing sooner; close() ends it', () => {
    const clock = new ManualClock(0);
    const changes = new FileChanges({ clock, watch: fakeWatch('ENOSYS').watch });
    let reads = 0;
    changes.on(join(dir(), 'alerts.json'), () => reads++);
    expect(changes.watching).toBe(false);
    clock.advance(FALLBACK_MS - 1);
    expect(reads).toBe(0);
    clock.advance(1);
    expect(reads).toBe(1);
    clock.advance(FALLBACK_MS);
    expect(reads).toBe(2);
    changes.close();
    clock.advance(FALLBACK_MS * 3);
    expect(reads).toBe(2);
    expect(clock.pending()).toBe(0);
  });

  it('a directory the file system cannot hold (/proc/x) is not watched: the fallback at once, never hanging', () => {
    // XDG_STATE_HOME=/proc/x: Node's recursive mkdir of the directory to watch tried /proc/x again and again, for good
    if (!existsSync('/proc/self')) return;
    const clock = new ManualClock(0);
    const fake = fakeWatch();
    const changes = new FileChanges({ clock, watch: fake.watch });
    let reads = 0;
    changes.on('/proc/x/oddsboard/alerts.json', () => reads++);
    expect(changes.watching).toBe(false);
    expect(fake.dirs.size).toBe(0);
    clock.advance(FALLBACK_MS);
    expect(reads).toBe(1);
    changes.close();
  });

  it('a watcher that fails later (its directory gone) is closed and the fallback takes over', () => {
    const clock = new ManualClock(0);
    const fake = fakeWatch();
    const changes = new FileChanges({ clock, watch: fake.watch });
    const d = dir();
    let reads = 0;
    changes.on(join(d, 'alert-log.json'), () => reads++);
    expect(changes.watching).toBe(true);
    fake.dirs.get(d)!.error();
    expect(fake.dirs.get(d)!.closed).toBe(true);
    expect(changes.watching).toBe(false);
    clock.advance(FALLBACK_MS);
    expect(reads).toBe(1);
    changes.close();
  });

  it('the real fs.watch: a file renamed over a kept one is read', async () => {
    const d = dir();
    const changes = new FileChanges({ clock: systemClock });
    const read = new Promise<void>((resolve) => changes.on(join(d, 'watchlist.json'), resolve));
    writeFileSync(join(d, '.watchlist.json.tmp'), '{}');
    renameSync(join(d, '.watchlist.json.tmp'), join(d, 'watchlist.json'));
    await read;
    changes.close();
    expect(changes.watching).toBe(true);
  });
});
