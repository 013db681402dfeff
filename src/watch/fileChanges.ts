/**
 * Another dashboard's writes, noticed (two dashboards on one home: two monitors): one `fs.watch` per directory the
 * kept files live in (a write is a rename of a temp file over the file: the directory is watched, its names matched),
 * and a moment after the first event for a file (PULL_DELAY_MS, a burst is one), that file's listener is called — it
 * re-reads the file and takes what changed there into the session (KeptFiles.pull). No poll while fs.watch works;
 * where it does not (the platform lacks it, or it fails: no inotify watch left, the directory gone), every file is
 * looked at every FALLBACK_MS instead, a stat each. Handles: one FSWatcher per directory (not persistent), one timer
 * while an event waits (or the fallback's one timer); all closed by close().
 */
import { watch as fsWatch } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Clock, TimerHandle } from '../util/clock.js';
import { makeDirs } from '../util/files.js';

/** How long after the first event for a file it is read (its writer's events and a burst of writes are one read). */
export const PULL_DELAY_MS = 200;
/** Without fs.watch: how often the files are looked at (a stat each; a read only when one changed). */
export const FALLBACK_MS = 60_000;

/** The part of fs.watch used here (a test seam). */
export type WatchDir = (
  dir: string,
  listener: (event: string, name: string | null) => void,
) => { close(): void; on(event: 'error', f: () => void): unknown };

export interface FileChangesOptions {
  clock: Clock;
  watch?: WatchDir;
}

const nodeWatch: WatchDir = (dir, listener) => fsWatch(dir, { persistent: false }, listener);

export class FileChanges {
  /** Each file's listener, by directory, then by name. */
  private readonly dirs = new Map<string, Map<string, () => void>>();
  private readonly watchers = new Map<string, { close(): void }>();
  /** Files with an event not yet handed to their listener. */
  private readonly pending = new Set<() => void>();
  private timer: TimerHandle | undefined;
  private fallback: TimerHandle | undefined;
  private closed = false;

  constructor(private readonly o: FileChangesOptions) {}

  /** Calls `listener` a moment after the file at `path` is written (or replaced, or removed) by anyone. */
  on(path: string, listener: () => void): void {
    const dir = dirname(path);
    let names = this.dirs.get(dir);
    if (!names) this.dirs.set(dir, (names = new Map()));
    names.set(basename(path), listener);
    if (!this.watchers.has(dir) && this.fallback === undefined) this.watchDir(dir);
  }

  private watchDir(dir: string): void {
    try {
      // the directory is made at the first write anyway; watched from the start so the first write elsewhere is seen
      makeDirs(dir);
      const w = (this.o.watch ?? nodeWatch)(dir, (_event, name) => this.event(dir, name));
      w.on('error', () => this.fall());
      this.watchers.set(dir, w);
    } catch {
      this.fall();
    }
  }

  private event(dir: string, name: string | null): void {
    const names = this.dirs.get(dir);
    if (!names || this.closed) return;
    // no name (some platforms): any of the directory's files may have changed
    const hit = name === null ? [...names.values()] : [names.get(name)].filter((f) => f !== undefined);
    if (hit.length === 0) return;
    for (const f of hit) this.pending.add(f);
    this.timer ??= this.o.clock.setTimeout(() => {
      this.timer = undefined;
      const due = [...this.pending];
      this.pending.clear();
      for (const f of due) f();
    }, PULL_DELAY_MS);
  }

  /** fs.watch failed: every watcher closed, every file looked at every FALLBACK_MS from now on. */
  private fall(): void {
    if (this.closed || this.fallback !== undefined) return;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    const tick = () => {
      this.fallback = this.o.clock.setTimeout(tick, FALLBACK_MS);
      for (const names of this.dirs.values()) for (const f of names.values()) f();
    };
    this.fallback = this.o.clock.setTimeout(tick, FALLBACK_MS);
  }

  /** Whether fs.watch is in use (false: the fallback). */
  get watching(): boolean {
    return this.fallback === undefined;
  }

  close(): void {
    this.closed = true;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.o.clock.clearTimeout(this.timer);
    this.o.clock.clearTimeout(this.fallback);
    this.timer = undefined;
    this.fallback = undefined;
    this.pending.clear();
  }
}
