/**
 * The one writer of the person's files a dashboard keeps while it runs (the watchlist, the alerts and the alert log:
 * persist.ts; the paper book: paper.ts): each file is written a moment after the session changes it
 * (SAVE_DEBOUNCE_MS), by one rule —
 *
 * - read as it is now and this session's changes put on it (readToMerge, merge.ts), so what another dashboard on the
 *   same directory (or a hand edit) wrote there is not lost — and taken into the session (`take`) when it was written
 *   since this session last wrote or read it; a file broken meanwhile is moved aside and said first;
 * - written atomically (writeFileAtomic) under `<file>.lock` (lock.ts): another process holding it, a moment later;
 * - a file that can no longer be read (KeptOut) is left as it is for the rest of the session, as at start;
 * - a failed write keeps the previous file whole, is said once (again when it fails otherwise) and tried again;
 * - as the dashboard quits, one last write, and one line a file for stderr: what it said (the notice line is gone),
 *   what could not be written, what was left as it is.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Clock, TimerHandle } from '../util/clock.js';
import { saveFailed, writeFileAtomic, type WriteHooks } from '../util/files.js';
import { KeptOut, keptOutOnQuit, readToMerge, type PersonFile } from '../util/personFile.js';
import { LOCK_RETRY_MS, writeLocked } from './lock.js';

/** Changes within this long are written together. */
export const SAVE_DEBOUNCE_MS = 1_000;
/** After a failed write, the next try (unless another change comes first). */
export const SAVE_RETRY_MS = 60_000;

/** How a kept file is read before a write (readToMerge's part of a PersonFile). */
export type MergeSpec<T> = Pick<
  PersonFile<T>,
  'path' | 'maxBytes' | 'now' | 'decode' | 'isDecodeError' | 'entries' | 'tooLarge' | 'unreadable'
>;

export type Parts = readonly unknown[];

/** One file the writer keeps. */
export interface KeptFile<T> {
  path: string;
  /** How it is read before a write, at `now` (the name a file moved aside gets). */
  spec(now: number): MergeSpec<T>;
  /** What the session holds for it now, in parts compared by reference with the last write's to tell a change. */
  parts(): Parts;
  /** The text for `parts`: alone, or with the changes made since `was` put on what the file holds now (`theirs`). */
  text(parts: Parts, onto?: { was: Parts; theirs: T }): string;
  /** Left as it is since the start (readPersonFile's keepOut). */
  keptOut?: boolean;
  /**
   * Another process wrote the file (pull): what it holds now (`theirs`) with this session's changes since `was` put on
   * it, taken into the session — by the merge of a write (merge.ts).
   */
  take?(theirs: T, was: Parts): void;
  /** The parts of what the file holds: what the next write's changes are told against after a take. */
  partsOf?(value: T): Parts;
  /**
   * A write of it ended (written, failed, or the file found left as it is): what the session holds is what the write
   * kept (a write's take, or a pull's, left out what the other dashboard had first).
   */
  settled?(): void;
  /**
   * The parts of a file that holds nothing: what this session's changes are told against when the file is not one it
   * read (moved aside since, by any dashboard): everything the session holds is then put on it, none taken as removed.
   */
  none?: Parts;
}

export interface KeptFilesOptions {
  files: readonly KeptFile<unknown>[];
  clock: Clock;
  /** Called on every change of what the files are made from. */
  subscribe(listener: () => void): () => void;
  /** One line for the notice line: a write that failed, a file moved aside or left as it is. */
  say(line: string): void;
  hooks?: WriteHooks;
}

interface Slot {
  file: KeptFile<unknown>;
  /** The parts last written (what was loaded, at first: what the file holds). */
  written: Parts;
  keptOut: boolean;
  error?: unknown;
  /** The line its last failed write said (said again only when a write of it fails otherwise). */
  said?: string;
  /** The file as this session last wrote or read it (signature): a change event for it is then its own write. */
  seen: string;
  /** The file's copies set aside as this session last wrote or read it (asidesOf): a new one means a file unread. */
  asides: string;
}

const changed = (s: Slot) => s.file.parts().some((p, i) => p !== s.written[i]);

/** What tells one version of a file from another without reading it (a write is a rename: a new inode). */
function signature(path: string): string {
  try {
    const st = statSync(path, { bigint: true });
    return `${st.ino}:${st.size}:${st.mtimeNs}`;
  } catch {
    return 'none';
  }
}

/** The names of the file's copies moved aside (setAside: `<file>.broken-<time>`), one string to compare. */
function asidesOf(path: string): string {
  try {
    const prefix = `${basename(path)}.broken-`;
    return readdirSync(dirname(path))
      .filter((n) => n.startsWith(prefix))
      .sort()
      .join('\n');
  } catch {
    return '';
  }
}

export class KeptFiles {
  private readonly slots: Slot[];
  private timer: TimerHandle | undefined;
  private unsubscribe: (() => void) | undefined;
  /** What the last write as the dashboard quits said (a file moved aside): for stderr, the notice line gone. */
  private quitting: string[] | undefined;

  constructor(private readonly o: KeptFilesOptions) {
    // what was loaded is what the files hold: nothing to write until it changes
    this.slots = o.files.map((file) => ({
      file,
      written: file.parts(),
      keptOut: file.keptOut === true,
      seen: signature(file.path),
      asides: asidesOf(file.path),
    }));
  }

  start(): void {
    this.unsubscribe ??= this.o.subscribe(() => {
      if (!this.taking && this.timer === undefined && this.dirty().length > 0) this.schedule(SAVE_DEBOUNCE_MS);
    });
  }

  private taking = false;

  get paths(): string[] {
    return this.slots.map((s) => s.file.path);
  }

  /**
   * Reads the file at `path` again (another dashboard wrote it: fileChanges.ts) and takes what it holds into the
   * session with this session's changes not written yet kept, by the rule of a write: a file broken meanwhile is moved
   * aside, said, and written again as this session has it; one that can no longer be read is left as it is.
   */
  pull(path: string): void {
    const slot = this.slots.find((s) => s.file.path === path);
    if (!slot?.file.take || slot.keptOut) return;
    const seen = signature(path);
    if (seen === slot.seen) return; // this session's own write, or read already
    slot.seen = seen;
    if (seen === 'none') return; // removed: written again at the next change, as before
    let moved = false;
    const say = (line: string) => ((moved = true), this.o.say(line));
    let theirs: unknown;
    // moved aside since this session read it (another dashboard found it broken): not the file it read
    const fresh = asidesOf(path) !== slot.asides && slot.file.none !== undefined;
    try {
      theirs = readToMerge(slot.file.spec(this.o.clock.now()), say);
      slot.asides = asidesOf(path);
    } catch (e) {
      if (!(e instanceof KeptOut)) throw e;
      slot.keptOut = true;
      this.o.say(e.message);
      return slot.file.settled?.();
    }
    if (theirs === undefined) {
      if (!moved) return;
      slot.written = []; // moved aside: this session's state is written whole
      if (this.timer === undefined) this.schedule(SAVE_DEBOUNCE_MS);
      return;
    }
    if (fresh) {
      // every part of this session is kept with what it holds, and written onto it (none taken as removed there)
      this.take(slot, theirs, slot.file.none!);
      slot.written = slot.file.partsOf?.(theirs) ?? [];
      if (this.timer === undefined) this.schedule(SAVE_DEBOUNCE_MS);
      return;
    }
    const unsaved = changed(slot);
    this.take(slot, theirs, slot.written);
    // nothing of this session's waiting: the session now is the file; else its changes are told against the file
    slot.written = unsaved ? (slot.file.partsOf?.(theirs) ?? slot.written) : slot.file.parts();
    if (unsaved && this.timer === undefined) this.schedule(SAVE_DEBOUNCE_MS);
  }

  /** What another dashboard wrote, taken into the session (its changes since `was` kept); no write for it. */
  private take(slot: Slot, theirs: unknown, was: Parts): void {
    this.taking = true;
    try {
      slot.file.take!(theirs, was);
    } finally {
      this.taking = false;
    }
  }

  private schedule(ms: number): void {
    this.o.clock.clearTimeout(this.timer);
    this.timer = this.o.clock.setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, ms);
  }

  private dirty(): Slot[] {
    return this.slots.filter((s) => !s.keptOut && changed(s));
  }

  /** Writes every file that changed, now. */
  flush(): void {
    let failed = false;
    let busy = false;
    for (const slot of this.dirty()) {
      const { file } = slot;
      const parts = file.parts();
      const say = (line: string) => (this.o.say(line), this.quitting?.push(line));
      try {
        let took: { theirs: unknown; was: Parts } | undefined;
        const write = () => {
          const other = signature(file.path) !== slot.seen;
          // moved aside since this session last wrote or read it (by another dashboard, or a pull: `written` emptied):
          // not the file it read, so none of what it holds is taken as removed there — all of it is put on the file
          const fresh = asidesOf(file.path) !== slot.asides || slot.written.length === 0;
          const theirs = readToMerge(file.spec(this.o.clock.now()), say);
          slot.asides = asidesOf(file.path);
          const was =
            fresh && file.none
              ? file.none
              : slot.written.length > 0
                ? slot.written
                : theirs !== undefined && file.partsOf?.(theirs);
          const text = theirs === undefined || !was ? file.text(parts) : file.text(parts, { was, theirs });
          writeFileAtomic(file.path, text, this.o.hooks);
          slot.seen = signature(file.path);
          // another dashboard wrote it since this session last did (its event not read yet): what it wrote is in
          // this write, and taken in now — the read that event brings would find this write, and take nothing
          if (other && theirs !== undefined && was && file.take) took = { theirs, was };
        };
        if (!writeLocked(file.path, write, this.quitting !== undefined)) {
          busy = true; // another dashboard is writing it: a moment later
          continue;
        }
        if (took) this.take(slot, took.theirs, took.was);
        slot.written = took ? file.parts() : parts;
        delete slot.error;
        delete slot.said;
        file.settled?.();
      } catch (e) {
        if (e instanceof KeptOut) {
          // as at start: left as it is from now on, said once here and again on stderr as the dashboard quits
          slot.keptOut = true;
          this.o.say(e.message);
          file.settled?.();
          continue;
        }
        failed = true;
        slot.error = e;
        // each file's own: with one for all, two files failing said each other's line anew at every retry
        const text = saveFailed(file.path, e);
        if (text !== slot.said) this.o.say(text);
        slot.said = text;
        file.settled?.();
      }
    }
    if (failed || busy) this.schedule(busy ? LOCK_RETRY_MS : SAVE_RETRY_MS);
  }

  /** Writes what is pending and stops listening; what could not be written, one line a file (said on the way out). */
  stop(): string[] {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.o.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.quitting = [];
    this.flush();
    this.o.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const failed = this.dirty().map((s) => saveFailed(s.file.path, s.error, true));
    // a file left as it is (its notice long gone): the changes to it are said lost as well
    const keptOut = this.slots.filter((s) => s.keptOut && changed(s)).map((s) => keptOutOnQuit(s.file.path));
    return [...this.quitting, ...failed, ...keptOut];
  }
}
