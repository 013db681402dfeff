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
import { EMPTY_WATCH } from '../store/watchlist.js';
import type { AlertFired, WatchState } from '../store/watchTypes.js';
import type { SavedWatch } from '../store/watchSlice.js';
import type { Clock } from '../util/clock.js';
import { readFix, type WriteHooks } from '../util/files.js';
import { LISTING_WORDS, peekPersonFile, readPersonFile, type PeekWords } from '../util/personFile.js';
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
 * aside nor writes one); none when there is no file; a problem (one line naming the file) when it cannot be read;
 * `skipped`, one line saying how many entries could not be understood and why (the file left as it is). `keep`: ids
 * the reader can take (a board's `venue:id`), the others counted as not understood, `why` their reason.
 */
export function readWatchedIds(
  dir: string,
  keep?: { test: (id: string) => boolean; why: string },
): { ids: string[]; skipped?: string } | { problem: string } {
  let skipped: string | undefined;
  // entries it drops are said, not a problem: the rest is listed (they were dropped without a word)
  const words: PeekWords = {
    ...WATCHED_IDS_WORDS,
    dropped: (...args) => void (skipped = LISTING_WORDS.dropped(...args)),
  };
  const decode = (text: string): Decoded<WatchState> => {
    const d = decodeWatchlist(text);
    const ids = keep ? d.value.ids.filter(keep.test) : d.value.ids;
    const gone = d.value.ids.length - ids.length;
    if (!keep || gone === 0) return d;
    return { value: { ...d.value, ids }, dropped: d.dropped + gone, why: { ...d.why, [keep.why]: gone } };
  };
  const r = peekPersonFile(personFile(dir, 'watchlist', decode, 0), words);
  if (r.problems[0] !== undefined) return { problem: r.problems[0] };
  return { ids: [...(r.value?.ids ?? [])], ...(skipped ? { skipped } : {}) };
}

/** What `watch` says of a watchlist it cannot read: a usage error, so what to do. */
const WATCHED_IDS_WORDS: Omit<PeekWords, 'dropped'> = {
  unreadable: (e) => `${e.message}: ${readFix(e)}`,
  notOurs: (path, why) => `${path} is not a watchlist oddsboard can read (${why})`,
};

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
  const watch = loadOne(dir, 'watchlist', KIND.watchlist, now, out);
  if (watch) out.saved.watch = watch;
  const alerts = loadOne(dir, 'alerts', KIND.alerts, now, out);
  if (alerts) {
    out.saved.rules = alerts.rules;
    out.saved.state = alerts.state;
  }
  const log = loadOne(dir, 'log', KIND.log, now, out);
  if (log) out.saved.log = log;
  return out;
}

const KEYS = Object.keys(FILES) as FileKey[];

type Rules = Parameters<typeof mergeAlerts>[0];

/**
 * Each file's value from its parts and back, its merge (merge.ts: this session's changes since `base` put on
 * `theirs`), its text and what it is to the session. A write puts this process's changes since its last write on what
 * the file holds now, so what another dashboard on the same directory (or a hand edit) wrote there is not lost; a pull
 * (keptFiles.ts) takes what another dashboard wrote with this session's changes since then kept — one merge for both.
 */
interface FileKind<T> {
  /** What the file is made from, compared by reference to tell what changed. */
  parts(s: AppState): Parts;
  value(parts: Parts): T;
  partsOf(value: T): Parts;
  /** The parts of a file holding nothing (keptFiles.ts: a file moved aside since it was read). */
  none: Parts;
  merge(base: T, ours: T, theirs: T): T;
  decode(text: string): Decoded<T>;
  encode(value: T): string;
  saved(value: T): SavedWatch;
}

const KIND: { watchlist: FileKind<WatchState>; alerts: FileKind<Rules>; log: FileKind<AlertFired[]> } = {
  watchlist: {
    parts: (s) => [s.watch],
    value: ([w]) => w as WatchState,
    partsOf: (w: WatchState) => [w],
    none: [EMPTY_WATCH],
    merge: mergeWatch,
    decode: decodeWatchlist,
    encode: encodeWatchlist,
    saved: (watch: WatchState) => ({ watch }),
  },
  alerts: {
    parts: (s) => [s.alerts.rules, s.alerts.state],
    value: ([rules, state]) => ({ rules, state }) as Rules,
    partsOf: (a: Rules) => [a.rules, a.state],
    none: [[], {}],
    merge: mergeAlerts,
    decode: decodeAlerts,
    encode: encodeAlerts,
    saved: (a: Rules) => a,
  },
  log: {
    parts: (s) => [s.alerts.log],
    value: ([log]) => log as AlertFired[],
    partsOf: (log: AlertFired[]) => [log],
    none: [[]],
    merge: mergeLog,
    decode: decodeLog,
    encode: encodeLog,
    saved: (log: AlertFired[]) => ({ log }),
  },
};
/** A file's kind, its value's type left to the file (keptFiles.ts holds the values as unknown). */
const kindOf = (k: FileKey) => KIND[k] as FileKind<unknown>;

/** What another dashboard wrote (`theirs`) with this session's changes from `was` to `ours` kept, for the session. */
function merged(f: FileKind<unknown>, theirs: unknown, was: Parts, ours: Parts): SavedWatch {
  return f.saved(f.merge(f.value(was), f.value(ours), theirs));
}

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
  /** A write of alert-log.json ended (KeptFile.settled): the store's log is what the write kept. */
  logSettled?: () => void;
  /** The config file the session's config alerts are from (a tag of its path): alerts.json's (configState.ts). */
  configTag?: string;
}

/** Writes the files the store changes, SAVE_DEBOUNCE_MS after the first change (the one writer: keptFiles.ts). */
export class Saver {
  private readonly files: KeptFiles;

  constructor(o: SaverOptions) {
    this.files = new KeptFiles({
      files: KEYS.map((k): KeptFile<unknown> => {
        const f = kindOf(k);
        // alerts.json's config alerts: tagged with this config file, stamped with the write's time (configState.ts)
        const owner = () => ({ ...(o.configTag ? { config: o.configTag } : {}), now: o.clock.now() });
        const encode = k === 'alerts' ? (v: unknown) => encodeAlerts(v as Rules, owner()) : f.encode;
        return {
          path: join(o.dir, FILES[k]),
          spec: (now) => personFile(o.dir, k, f.decode, now),
          parts: () => f.parts(o.store.getState()),
          text: (parts, onto) =>
            encode(onto ? f.merge(f.value(onto.was), f.value(parts), onto.theirs) : f.value(parts)),
          keptOut: o.keepOut?.has(k) === true,
          ...(o.take ? { take: (theirs, was) => o.take!(merged(f, theirs, was, f.parts(o.store.getState()))) } : {}),
          partsOf: (value) => f.partsOf(value),
          ...(k === 'log' && o.logSettled ? { settled: o.logSettled } : {}),
          none: f.none,
        };
      }),
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
