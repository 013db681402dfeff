/**
 * One watchlist, one set of alerts and one alert log across venues (docs/watcher.md § Several venues): the files in
 * `<state>/venues/`, every market id a refKey (`kalshi:TICKER`). On the first start with several venues, the
 * per-source files of today (`watchDirFor`: the interface's in the state directory, each platform's under
 * `sources/<id>/`) are merged into them — nothing dropped, the old files left where they are — and the merge is
 * written (atomically) before anything else happens. Pure functions here; the watcher is watch.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SavedWatch } from '../store/watchSlice.js';
import type { AlertFired, AlertRule, AlertRuleState, WatchedMarket } from '../store/watchTypes.js';
import { SOURCE_IDS, type SourceId } from '../sources/types.js';
import { parseRefKey, refKey } from '../venue/ref.js';
import { makeDirs, writeFileAtomic, type WriteHooks } from '../util/files.js';
import { encodeAlerts, encodeLog, encodeWatchlist } from '../watch/codec.js';
import { writeLocked } from '../watch/lock.js';
import { FILES, loadWatchFiles, readWatchedIds, watchDirFor, type Loaded } from '../watch/persist.js';
import { venueOf } from './join.js';

/** Where the joined files live. */
export function venuesWatchDir(stateDirectory: string): string {
  return join(stateDirectory, 'venues');
}

const WATCH_PREFIX = 'watch:';

/** One source's saved watch with its ids written as refKeys (rule ids renamed where `taken` has them already). */
export function prefixSaved(venue: SourceId, saved: SavedWatch, taken: Set<string>): SavedWatch {
  const key = (id: string) => refKey({ venue, id });
  const renamed = new Map<string, string>();
  const ruleId = (id: string): string => {
    if (id.startsWith(WATCH_PREFIX)) return WATCH_PREFIX + key(id.slice(WATCH_PREFIX.length));
    const known = renamed.get(id);
    if (known) return known;
    let out = id;
    for (let n = 2; taken.has(out); n++) out = `${id}-${venue}${n > 2 ? n : ''}`;
    taken.add(out);
    renamed.set(id, out);
    return out;
  };
  const out: SavedWatch = {};
  if (saved.watch) {
    const byId: Record<string, WatchedMarket> = {};
    for (const id of saved.watch.ids) {
      const w = saved.watch.byId[id];
      if (w) byId[key(id)] = { ...w, id: key(id) };
    }
    out.watch = { ids: saved.watch.ids.filter((id) => saved.watch!.byId[id]).map(key), byId };
  }
  if (saved.rules)
    out.rules = saved.rules.map((r): AlertRule => ({ ...r, id: ruleId(r.id), marketId: key(r.marketId) }));
  if (saved.state) {
    const state: Record<string, AlertRuleState> = {};
    for (const [id, s] of Object.entries(saved.state)) state[ruleId(id)] = s;
    out.state = state;
  }
  if (saved.log)
    out.log = saved.log.map((f): AlertFired => ({ ...f, ruleId: ruleId(f.ruleId), marketId: key(f.marketId) }));
  return out;
}

/** Several saved watches (already refKeyed) as one: the watchlist in the order added, the log newest first. */
export function mergeSaved(parts: readonly SavedWatch[]): SavedWatch {
  const out: SavedWatch = {};
  const watches = parts.flatMap((p) => (p.watch ? [p.watch] : []));
  if (watches.length) {
    const byId: Record<string, WatchedMarket> = Object.assign({}, ...watches.map((w) => w.byId));
    const ids = [...new Set(watches.flatMap((w) => w.ids))].sort((a, b) => byId[a]!.addedAt - byId[b]!.addedAt);
    out.watch = { ids, byId };
  }
  const rules = parts.flatMap((p) => p.rules ?? []);
  if (parts.some((p) => p.rules)) out.rules = rules;
  if (parts.some((p) => p.state)) out.state = Object.assign({}, ...parts.map((p) => p.state ?? {}));
  if (parts.some((p) => p.log)) out.log = parts.flatMap((p) => p.log ?? []).sort((a, b) => b.at - a.at);
  return out;
}

/** The part of a joined saved watch that belongs to `venue` (by the refKey of each id). */
export function venuePart(saved: SavedWatch, venue: SourceId): SavedWatch {
  const mine = (id: string) => venueOf(id, [venue]) === venue;
  const ruleVenue = new Map((saved.rules ?? []).map((r) => [r.id, venueOf(r.marketId, SOURCE_IDS)]));
  const stateMine = (id: string) =>
    id.startsWith(WATCH_PREFIX) ? mine(id.slice(WATCH_PREFIX.length)) : ruleVenue.get(id) === venue;
  const out: SavedWatch = {};
  if (saved.watch) {
    const ids = saved.watch.ids.filter(mine);
    out.watch = { ids, byId: Object.fromEntries(ids.map((id) => [id, saved.watch!.byId[id]!])) };
  }
  if (saved.rules) out.rules = saved.rules.filter((r) => mine(r.marketId));
  if (saved.state) out.state = Object.fromEntries(Object.entries(saved.state).filter(([id]) => stateMine(id)));
  if (saved.log) out.log = saved.log.filter((f) => mine(f.marketId));
  return out;
}

/**
 * The joined files, merged from the per-source ones first on the first start with several venues: every source's
 * files are read (all four sources, open or not: nothing is lost), and the merge is written before it is used —
 * the watchlist last, its file saying the merge is done; with nothing to merge, an empty one says so all the same
 * (the saver writes only the files that change: a board that sets an alert and watches nothing wrote no watchlist,
 * and its alerts were taken for an unmerged board's and dropped at the next start). Alerts or a log without a
 * watchlist (left so by a version before this one) are the joined files in use: read, and the watchlist written. A
 * write that fails leaves the old files as the only copy, and is reported when there was something to merge.
 */
export function loadJoinedWatch(stateDirectory: string, now: number, hooks?: WriteHooks): Loaded {
  const dir = venuesWatchDir(stateDirectory);
  const watchlist = join(dir, FILES.watchlist);
  let merged: Loaded | undefined;
  const merge = () => {
    if (!existsSync(watchlist)) merged = mergeJoined(stateDirectory, dir, now, hooks);
  };
  // under the watchlist's lock (src/watch/lock.ts): of two boards starting at once, the second finds the first's
  // merge done, and does not write its own over what the first has written since
  let lockable = true;
  try {
    makeDirs(dir);
  } catch {
    lockable = false; // the merge's writes fail as well, and say so
  }
  if (lockable) writeLocked(watchlist, merge, true);
  else merge();
  return merged ?? loadWatchFiles(dir, now);
}

function mergeJoined(stateDirectory: string, dir: string, now: number, hooks?: WriteHooks): Loaded {
  const problems: string[] = [];
  // the watchlist's lock is held (loadJoinedWatch); the alerts and the log are written under their own, as every
  // write of them (src/watch/lock.ts): another board's saver writes those under theirs alone
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    const atomic = () => writeFileAtomic(path, text, hooks);
    if (name === FILES.watchlist) atomic();
    else writeLocked(path, atomic, true);
  };
  const emptyWatchlist = () => write(FILES.watchlist, encodeWatchlist({ ids: [], byId: {} }));
  if (existsSync(join(dir, FILES.alerts)) || existsSync(join(dir, FILES.log))) {
    const loaded = loadWatchFiles(dir, now);
    try {
      emptyWatchlist();
    } catch {
      // read again next start the same way: nothing is lost
    }
    return loaded;
  }
  const taken = new Set<string>();
  const parts: SavedWatch[] = [];
  let any = false;
  for (const venue of SOURCE_IDS) {
    const old = loadWatchFiles(watchDirFor(stateDirectory, venue), now);
    problems.push(...old.problems);
    if (old.saved.watch || old.saved.rules || old.saved.log) any = true;
    parts.push(prefixSaved(venue, old.saved, taken));
  }
  const saved = mergeSaved(parts);
  try {
    if (any) {
      write(FILES.alerts, encodeAlerts({ rules: saved.rules ?? [], state: saved.state ?? {} }));
      write(FILES.log, encodeLog(saved.log ?? []));
      write(FILES.watchlist, encodeWatchlist(saved.watch ?? { ids: [], byId: {} }));
    } else emptyWatchlist();
  } catch (e) {
    if (any)
      problems.push(
        `Could not write the merged watchlist in ${dir} (${(e as NodeJS.ErrnoException).code ?? 'error'}): the ` +
          'per-source files are kept and merged again next start',
      );
  }
  return { saved, problems, keepOut: new Set() };
}

/**
 * The ids `oddsboard watch` lists for each of `venues` on a board of several (its `--source` a list), read once for
 * them all: the joined watchlist's ids of each venue, its prefix taken off; before the first board of several has
 * merged the files, each venue's own file, which the merge would take. What could not be understood: one line a file
 * (`skipped`). Read only, as readWatchedIds.
 */
export function readBoardWatchedIds(
  stateDirectory: string,
  venues: readonly SourceId[],
): { ids: Map<SourceId, string[]>; skipped: string[] } | { problem: string } {
  const dir = venuesWatchDir(stateDirectory);
  const ids = new Map<SourceId, string[]>(venues.map((v) => [v, []]));
  const skipped: string[] = [];
  if (!existsSync(join(dir, FILES.watchlist))) {
    for (const venue of venues) {
      const own = readWatchedIds(watchDirFor(stateDirectory, venue));
      if ('problem' in own) return own;
      ids.set(venue, own.ids);
      if (own.skipped) skipped.push(own.skipped);
    }
    return { ids, skipped };
  }
  // a key that names no venue is no venue's: counted with the entries not understood (it was skipped unsaid)
  const read = readWatchedIds(dir, { test: (key) => parseRefKey(key) !== undefined, why: 'naming no venue' });
  if ('problem' in read) return read;
  for (const key of read.ids) {
    const ref = parseRefKey(key);
    if (ref) ids.get(ref.venue)?.push(ref.id);
  }
  if (read.skipped) skipped.push(read.skipped);
  return { ids, skipped };
}
