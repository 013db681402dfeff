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
import type { Clock } from '../util/clock.js';
import { FileProblem, readTextFile, type WriteHooks } from '../util/files.js';
import { readPersonFile } from '../util/personFile.js';
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
import { KeptFiles, type KeptFile, type Parts } from './keptFiles.js';
import { mergeAlerts, mergeLog, mergeWatch } from './merge.js';

export const FILES = { watchlist: 'watchlist.json', alerts: 'alerts.json', log: 'alert-log.json' } as const;
export type FileKey = keyof typeof FILES;
export const FILE_MAX_BYTES = 1_000_000;
export { SAVE_DEBOUNCE_MS, SAVE_RETRY_MS } from './keptFiles.js';

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
const PARTS: Record<FileKey, (s: AppState) => Parts> = {
  watchlist: (s) => [s.watch],
  alerts: (s) => [s.alerts.rules, s.alerts.state],
  log: (s) => [s.alerts.log],
};
const KEYS = Object.keys(FILES) as FileKey[];

type Rules = Parameters<typeof mergeAlerts>[0];

/**
 * Each file's text from its parts: alone, or with this process's changes since its last write (`was`: the parts then)
 * put on what the file holds now (`theirs`), so what another dashboard on the same directory (or a hand edit) wrote
 * there is not lost (merge.ts).
 */
const TEXT: Record<FileKey, (parts: Parts, onto?: { was: Parts; theirs: unknown }) => string> = {
  watchlist: ([w], onto) =>
    encodeWatchlist(
      onto ? mergeWatch(onto.was[0] as WatchState, w as WatchState, onto.theirs as WatchState) : (w as WatchState),
    ),
  alerts: ([rules, state], onto) => {
    const ours = { rules, state } as Rules;
    return encodeAlerts(
      onto ? mergeAlerts({ rules: onto.was[0], state: onto.was[1] } as Rules, ours, onto.theirs as Rules) : ours,
    );
  },
  log: ([log], onto) =>
    encodeLog(
      onto
        ? mergeLog(onto.was[0] as AlertFired[], log as AlertFired[], onto.theirs as AlertFired[])
        : (log as AlertFired[]),
    ),
};

/** What another dashboard wrote (`theirs`) with this session's changes since `was` kept: a pull (keptFiles.ts). */
const TAKE: Record<FileKey, (s: AppState, theirs: unknown, was: Parts) => SavedWatch> = {
  watchlist: (s, theirs, [w]) => ({ watch: mergeWatch(w as WatchState, s.watch, theirs as WatchState) }),
  alerts: (s, theirs, [rules, state]) => mergeAlerts({ rules, state } as Rules, s.alerts, theirs as Rules),
  log: (s, theirs, [log]) => ({ log: mergeLog(log as AlertFired[], s.alerts.log, theirs as AlertFired[]) }),
};
const PARTS_OF: Record<FileKey, (value: unknown) => Parts> = {
  watchlist: (w) => [w],
  alerts: (a) => [(a as Rules).rules, (a as Rules).state],
  log: (log) => [log],
};

const DECODE: Record<FileKey, (text: string) => Decoded<unknown>> = {
  watchlist: decodeWatchlist,
  alerts: decodeAlerts,
  log: decodeLog,
};

export interface SaverOptions {
  dir: string;
  store: OddsStore;
  clock: Clock;
  keepOut?: ReadonlySet<FileKey>;
  /** A write failed (one line). */
  onProblem: (text: string) => void;
  hooks?: WriteHooks;
  /** Where what another dashboard wrote is put (merged with this session's changes): none, it is not read. */
  take?: (saved: SavedWatch) => void;
}

/** Writes the files the store changes, SAVE_DEBOUNCE_MS after the first change (the one writer: keptFiles.ts). */
export class Saver {
  private readonly files: KeptFiles;

  constructor(o: SaverOptions) {
    this.files = new KeptFiles({
      files: KEYS.map((k): KeptFile<unknown> => ({
        path: join(o.dir, FILES[k]),
        spec: (now) => personFile(o.dir, k, DECODE[k], now),
        parts: () => PARTS[k](o.store.getState()),
        text: TEXT[k],
        keptOut: o.keepOut?.has(k) === true,
        ...(o.take ? { take: (theirs, was) => o.take!(TAKE[k](o.store.getState(), theirs, was)) } : {}),
        partsOf: PARTS_OF[k],
      })),
      clock: o.clock,
      subscribe: (f) => o.store.subscribe(f),
      say: o.onProblem,
      ...(o.hooks ? { hooks: o.hooks } : {}),
    });
  }

  start(): void {
    this.files.start();
  }

  /** Writes every file that changed, now. */
  flush(): void {
    this.files.flush();
  }

  /** The files' paths (for fileChanges.ts). */
  get paths(): string[] {
    return this.files.paths;
  }

  /** Reads the file at `path` again (another dashboard wrote it) and takes what changed there (SaverOptions.take). */
  pull(path: string): void {
    this.files.pull(path);
  }

  /** Writes what is pending and stops listening; what could not be written, one line a file (said on the way out). */
  stop(): string[] {
    return this.files.stop();
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
