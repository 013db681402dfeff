/**
 * The watcher's files in the state directory: read once at start, written
 * (atomically, debounced) whenever the watchlist or the alerts change. A file
 * that cannot be understood is moved aside (never overwritten silently) and
 * reported in one line; one that cannot be read at all (permissions, not a
 * regular file) is left alone and not written over for the session. A write
 * that fails (full disk) leaves the previous file whole and is tried again.
 */
import { join } from 'node:path';
import type { OddsStore } from '../store/store.js';
import type { AppState } from '../store/types.js';
import type { AlertFired, WatchState } from '../store/watchTypes.js';
import type { SavedWatch } from '../store/watchSlice.js';
import type { Clock, TimerHandle } from '../util/clock.js';
import { FileProblem, readTextFile, saveFailed, writeFileAtomic, type WriteHooks } from '../util/files.js';
import { KeptOut, keptOutOnQuit, readPersonFile, readToMerge } from '../util/personFile.js';
import {
  decodeAlerts,
  decodeLog,
  decodeWatchlist,
  DecodeError,
  encodeAlerts,
  encodeLog,
  encodeWatchlist,
  type Decoded,
} from './codec.js';
import { LOCK_RETRY_MS, writeLocked } from './lock.js';
import { mergeAlerts, mergeLog, mergeWatch } from './merge.js';

export const FILES = { watchlist: 'watchlist.json', alerts: 'alerts.json', log: 'alert-log.json' } as const;
export type FileKey = keyof typeof FILES;
export const FILE_MAX_BYTES = 1_000_000;
/** Changes within this long are written together. */
export const SAVE_DEBOUNCE_MS = 1_000;
/** After a failed write, the next try (unless another change comes first). */
export const SAVE_RETRY_MS = 60_000;

/** What the session starts with when a file is set aside ("an empty alerts" read wrong). */
const EMPTY: Record<FileKey, string> = {
  watchlist: 'an empty watchlist',
  alerts: 'no alerts',
  log: 'an empty alert log',
};

/**
 * The watched market ids as the dashboard saved them, for `oddsboard watch`: read only (a script never moves a file
 * aside nor writes one); none when there is no file; a problem (one line naming the file) when it cannot be read.
 */
export function readWatchedIds(dir: string): { ids: string[] } | { problem: string } {
  const path = join(dir, FILES.watchlist);
  try {
    return { ids: [...decodeWatchlist(readTextFile(path, FILE_MAX_BYTES)).value.ids] };
  } catch (e) {
    if (e instanceof FileProblem) return e.reason === 'missing' ? { ids: [] } : { problem: e.message };
    if (e instanceof DecodeError) return { problem: `${path} is not a watchlist oddsboard can read (${e.message})` };
    throw e;
  }
}

export interface Loaded {
  saved: SavedWatch;
  /** One line per file that was not read as it was. */
  problems: string[];
  /** Files left as they were, not to be written this session. */
  keepOut: Set<FileKey>;
}

/** How the file `key` is read (readPersonFile, readToMerge: one rule at start and before each write). */
function personFile<T>(dir: string, key: FileKey, decode: (text: string) => Decoded<T>, now: number) {
  return {
    path: join(dir, FILES[key]),
    maxBytes: FILE_MAX_BYTES,
    now,
    decode,
    isDecodeError: (e: unknown) => e instanceof DecodeError,
    empty: EMPTY[key],
    entries: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`,
  };
}

function loadOne<T>(
  dir: string,
  key: FileKey,
  codec: { decode: (text: string) => Decoded<T>; encode: (value: T) => string },
  now: number,
  out: Loaded,
): T | undefined {
  const r = readPersonFile({ ...personFile(dir, key, codec.decode, now), encode: codec.encode });
  out.problems.push(...r.problems);
  if (r.keepOut) out.keepOut.add(key);
  return r.value;
}

/** Reads the three files (a missing one is simply empty). */
export function loadWatchFiles(dir: string, now: number): Loaded {
  const out: Loaded = { saved: {}, problems: [], keepOut: new Set() };
  const watch = loadOne(dir, 'watchlist', { decode: decodeWatchlist, encode: encodeWatchlist }, now, out);
  if (watch) out.saved.watch = watch;
  const alerts = loadOne(dir, 'alerts', { decode: decodeAlerts, encode: encodeAlerts }, now, out);
  if (alerts) {
    out.saved.rules = alerts.rules;
    out.saved.state = alerts.state;
  }
  const log = loadOne(dir, 'log', { decode: decodeLog, encode: encodeLog }, now, out);
  if (log) out.saved.log = log;
  return out;
}

/** What each file is made from, compared by reference to tell what changed. */
const PARTS: Record<FileKey, (s: AppState) => unknown[]> = {
  watchlist: (s) => [s.watch],
  alerts: (s) => [s.alerts.rules, s.alerts.state],
  log: (s) => [s.alerts.log],
};
const ENCODE: Record<FileKey, (s: AppState) => string> = {
  watchlist: (s) => encodeWatchlist(s.watch),
  alerts: (s) => encodeAlerts(s.alerts),
  log: (s) => encodeLog(s.alerts.log),
};
const KEYS = Object.keys(FILES) as FileKey[];

const DECODE: Record<FileKey, (text: string) => Decoded<unknown>> = {
  watchlist: decodeWatchlist,
  alerts: decodeAlerts,
  log: decodeLog,
};

/**
 * The file's text with this process's changes since its last write (`was`: the parts then) put on what the file holds
 * now (`theirs`), so what another dashboard on the same directory (or a hand edit) wrote there is not lost (merge.ts).
 */
const MERGED: Record<FileKey, (s: AppState, was: unknown[], theirs: unknown) => string> = {
  watchlist: (s, [w], theirs) => encodeWatchlist(mergeWatch(w as WatchState, s.watch, theirs as WatchState)),
  alerts: (s, [rules, state], theirs) => {
    type Rules = Parameters<typeof mergeAlerts>[0];
    return encodeAlerts(mergeAlerts({ rules, state } as Rules, s.alerts, theirs as Rules));
  },
  log: (s, [log], theirs) => encodeLog(mergeLog(log as AlertFired[], s.alerts.log, theirs as AlertFired[])),
};

/**
 * What to write: the state merged onto the file as it is now; the state alone when there is no file to merge onto (a
 * file a hand edit broke meanwhile is moved aside first and said with `say`, as at start: readToMerge).
 */
function textToWrite(
  k: FileKey,
  o: { dir: string; now: number; say: (line: string) => void },
  s: AppState,
  was: unknown[] | undefined,
): string {
  if (was === undefined) return ENCODE[k](s);
  const theirs = readToMerge(personFile(o.dir, k, DECODE[k], o.now), o.say);
  return theirs === undefined ? ENCODE[k](s) : MERGED[k](s, was, theirs);
}

export interface SaverOptions {
  dir: string;
  store: OddsStore;
  clock: Clock;
  keepOut?: ReadonlySet<FileKey>;
  /** A write failed (one line). */
  onProblem: (text: string) => void;
  hooks?: WriteHooks;
}

/** Writes the files the store's changes touch, SAVE_DEBOUNCE_MS after the first change. */
export class Saver {
  private readonly written = new Map<FileKey, unknown[]>();
  private timer: TimerHandle | undefined;
  private unsubscribe: (() => void) | undefined;
  private lastProblem: string | undefined;
  private readonly errors = new Map<FileKey, unknown>();
  /** What the last write as the dashboard quits said (a file moved aside): for stderr, the notice line gone. */
  private quitting: string[] | undefined;
  /** Files left as they are: since the start (o.keepOut), or since a write found one that could not be read. */
  private readonly keptOut: Set<FileKey>;

  constructor(private readonly o: SaverOptions) {
    this.keptOut = new Set(o.keepOut);
    // what was loaded is what the files hold: nothing to write until it changes
    const s = o.store.getState();
    for (const k of KEYS) this.written.set(k, PARTS[k](s));
  }

  start(): void {
    this.unsubscribe ??= this.o.store.subscribe(() => {
      if (this.timer === undefined && this.dirty().length > 0) this.schedule(SAVE_DEBOUNCE_MS);
    });
  }

  private schedule(ms: number): void {
    this.o.clock.clearTimeout(this.timer);
    this.timer = this.o.clock.setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, ms);
  }

  private changed(k: FileKey): boolean {
    return PARTS[k](this.o.store.getState()).some((p, i) => p !== this.written.get(k)?.[i]);
  }

  private dirty(): FileKey[] {
    return KEYS.filter((k) => !this.keptOut.has(k) && this.changed(k));
  }

  /** Writes every file that changed, now. */
  flush(): void {
    const s = this.o.store.getState();
    let failed = false;
    let busy = false;
    for (const k of this.dirty()) {
      const path = join(this.o.dir, FILES[k]);
      const say = (line: string) => (this.o.onProblem(line), this.quitting?.push(line));
      const how = { dir: this.o.dir, now: this.o.clock.now(), say };
      try {
        const write = () => writeFileAtomic(path, textToWrite(k, how, s, this.written.get(k)), this.o.hooks);
        if (!writeLocked(path, write, this.quitting !== undefined)) {
          busy = true; // another dashboard is writing it: a moment later
          continue;
        }
        this.written.set(k, PARTS[k](s));
        this.errors.delete(k);
      } catch (e) {
        if (e instanceof KeptOut) {
          // as at start: left as it is from now on, said once here and again on stderr as the dashboard quits
          this.keptOut.add(k);
          this.o.onProblem(e.message);
          continue;
        }
        failed = true;
        this.errors.set(k, e);
        const text = saveFailed(path, e);
        if (text !== this.lastProblem) this.o.onProblem(text);
        this.lastProblem = text;
      }
    }
    if (failed || busy) this.schedule(busy ? LOCK_RETRY_MS : SAVE_RETRY_MS);
    if (!failed) this.lastProblem = undefined;
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
    const failed = this.dirty().map((k) => saveFailed(join(this.o.dir, FILES[k]), this.errors.get(k), true));
    // a file left as it is (its notice long gone): the changes to it are said lost as well
    const keptOut = KEYS.filter((k) => this.keptOut.has(k) && this.changed(k));
    return [...this.quitting, ...failed, ...keptOut.map((k) => keptOutOnQuit(join(this.o.dir, FILES[k])))];
  }
}

/**
 * Where a source's watch files live: the interface's in the state directory itself (the files written before there
 * were sources keep working), each platform's in `sources/<id>/` below it, so a Kalshi ticker and a Polymarket id
 * never share a watchlist, alerts or an alert log.
 */
export function watchDirFor(stateDirectory: string, source: string): string {
  return source === 'public' ? stateDirectory : join(stateDirectory, 'sources', source);
}
