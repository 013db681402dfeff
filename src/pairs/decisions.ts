/**
 * The person's decisions on pairs (design.md §8: their data, kept like the watchlist): confirmed pairs with the
 * relation and the reasons shown when they confirmed, and rejected pairs, never proposed again. One readable JSON
 * file in the state directory (`pairs.json`), written atomically (src/util/files.ts); a file that cannot be read is
 * moved aside and reported in one line, entries that cannot be understood are dropped and counted (the original
 * kept aside), one that cannot be read at all is left alone and not written over.
 *
 *   { "version": 1,
 *     "confirmed": [{ "a": "kalshi:KXFEDDECISION-26SEP-H0", "b": "polymarket:2252244", "relation": "same",
 *                     "at": "2026-11-26T16:00:00.000Z", "reasons": ["about fed", …] }],
 *     "rejected":  [{ "a": "kalshi:KXPRESNOMR-28-JDV", "b": "manifold:wpdomi6nif", "at": "…" }] }
 *
 * Every market is named by its `venue:id` key (src/venue/ref.ts); a pair is the same whichever side comes first.
 */
import { join } from 'node:path';
import { stampAfter } from '../util/clock.js';
import { writeFileAtomic, type WriteHooks } from '../util/files.js';
import { peekPersonFile, readPersonFile } from '../util/personFile.js';
import { writeLocked } from '../watch/lock.js';
import { parseRefKey, refKey, type MarketRef } from '../venue/ref.js';
import type { Comparison } from './types.js';

export const PAIRS_FILE = 'pairs.json';
export const PAIRS_MAX_BYTES = 1_000_000;
/** Decisions kept at most (the oldest rejections go first beyond it). */
export const DECISIONS_MAX = 5_000;
const VERSION = 1;
const REASONS_MAX = 12;
const TEXT_MAX = 300;

export interface Confirmed {
  a: MarketRef;
  b: MarketRef;
  relation: 'same' | 'complement';
  at: number;
  reasons: string[];
}

export interface Rejected {
  a: MarketRef;
  b: MarketRef;
  at: number;
}

/** The relation a confirmed pair is kept as: a complement (also one apart from edge cases, compare.ts), else same. */
export function keptAs(c: Comparison | undefined): Confirmed['relation'] {
  return c?.relation === 'complement' || c?.edge?.would === 'complement' ? 'complement' : 'same';
}

/** The key of a pair, the same whichever market comes first. */
export function pairKey(a: MarketRef, b: MarketRef): string {
  const [x, y] = [refKey(a), refKey(b)].sort();
  return `${x} ~ ${y}`;
}

export class PairDecisions {
  readonly confirmed = new Map<string, Confirmed>();
  readonly rejected = new Map<string, Rejected>();

  confirm(c: Confirmed): void {
    const k = pairKey(c.a, c.b);
    this.rejected.delete(k);
    this.confirmed.set(k, { ...c, reasons: c.reasons.slice(0, REASONS_MAX) });
  }

  reject(r: Rejected): void {
    const k = pairKey(r.a, r.b);
    this.confirmed.delete(k);
    this.rejected.set(k, r);
    while (this.confirmed.size + this.rejected.size > DECISIONS_MAX) {
      const oldest = this.rejected.keys().next();
      if (oldest.done) break;
      this.rejected.delete(oldest.value);
    }
  }

  /**
   * The time a new decision on the pair takes: `now`, or just after the one it replaces when that one is not older
   * (made before a step back of the wall clock). A write merges the file into the session, the later decision of a
   * pair winning, and the file's copy of the earlier one keeps its time: stamped `now`, the new one lost to it.
   */
  stampFor(a: MarketRef, b: MarketRef, now: number): number {
    const k = pairKey(a, b);
    return stampAfter(this.confirmed.get(k)?.at ?? this.rejected.get(k)?.at, now);
  }

  /** Takes in `other`'s decisions where this has none on the pair or an older one; true when anything changed. */
  merge(other: PairDecisions): boolean {
    let changed = false;
    const mine = (k: string) => this.confirmed.get(k)?.at ?? this.rejected.get(k)?.at ?? -Infinity;
    for (const [k, c] of other.confirmed)
      if (c.at > mine(k) && !this.confirmed.has(k)) {
        this.confirm(c);
        changed = true;
      }
    for (const [k, r] of other.rejected)
      if (r.at > mine(k) && !this.rejected.has(k)) {
        this.reject(r);
        changed = true;
      }
    return changed;
  }

  /** What the person decided about this pair, if anything. */
  decided(a: MarketRef, b: MarketRef): 'confirmed' | 'rejected' | undefined {
    const k = pairKey(a, b);
    return this.confirmed.has(k) ? 'confirmed' : this.rejected.has(k) ? 'rejected' : undefined;
  }

  /** The markets confirmed as pairs of `ref` (its twins on other venues). */
  twins(ref: MarketRef): Confirmed[] {
    const k = refKey(ref);
    return [...this.confirmed.values()].filter((c) => refKey(c.a) === k || refKey(c.b) === k);
  }
}

export class PairsDecodeError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const ref = (v: unknown) => (typeof v === 'string' && v.length <= TEXT_MAX ? parseRefKey(v) : undefined);
const time = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : NaN);

export function encodeDecisions(d: PairDecisions): string {
  const iso = (t: number) => new Date(t).toISOString();
  const body = {
    version: VERSION,
    confirmed: [...d.confirmed.values()].map((c) => ({
      a: refKey(c.a),
      b: refKey(c.b),
      relation: c.relation,
      at: iso(c.at),
      reasons: c.reasons,
    })),
    rejected: [...d.rejected.values()].map((r) => ({ a: refKey(r.a), b: refKey(r.b), at: iso(r.at) })),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** The decisions a file holds and how many entries were not understood; PairsDecodeError when it is not ours. */
export function decodeDecisions(text: string): { value: PairDecisions; dropped: number } {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    throw new PairsDecodeError('not valid JSON');
  }
  if (!isObj(root)) throw new PairsDecodeError('not a JSON object');
  if (root.version !== VERSION) throw new PairsDecodeError(`not version ${VERSION} of this file`);
  if (!Array.isArray(root.confirmed) || !Array.isArray(root.rejected))
    throw new PairsDecodeError('no "confirmed" and "rejected" lists');
  const d = new PairDecisions();
  let dropped = 0;
  for (const v of root.confirmed) {
    const a = isObj(v) ? ref(v.a) : undefined;
    const b = isObj(v) ? ref(v.b) : undefined;
    const at = isObj(v) ? time(v.at) : NaN;
    const relation = isObj(v) ? v.relation : undefined;
    const reasons = isObj(v) && Array.isArray(v.reasons) ? v.reasons : [];
    if (!a || !b || !Number.isFinite(at) || (relation !== 'same' && relation !== 'complement')) {
      dropped++;
      continue;
    }
    const texts = reasons.filter((r): r is string => typeof r === 'string').map((r) => r.slice(0, TEXT_MAX));
    d.confirm({ a, b, relation, at, reasons: texts });
  }
  for (const v of root.rejected) {
    const a = isObj(v) ? ref(v.a) : undefined;
    const b = isObj(v) ? ref(v.b) : undefined;
    const at = isObj(v) ? time(v.at) : NaN;
    if (!a || !b || !Number.isFinite(at)) {
      dropped++;
      continue;
    }
    d.reject({ a, b, at });
  }
  return { value: d, dropped };
}

export interface LoadedDecisions {
  decisions: PairDecisions;
  /** One line per problem with the file. */
  problems: string[];
  /** The file is left as it was and must not be written this session. */
  keepOut: boolean;
}

/** How pairs.json is read (at start, and before each write: readPersonFile, readToMerge). */
export const decisionsSpec = (dir: string, now: number) => ({
  path: join(dir, PAIRS_FILE),
  maxBytes: PAIRS_MAX_BYTES,
  now,
  decode: decodeDecisions,
  isDecodeError: (e: unknown): e is Error => e instanceof PairsDecodeError,
  empty: 'no decisions',
  entries: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`,
});

/** `writeBack`: the rest of a file with entries that cannot be understood is written back at once (readPersonFile). */
const readDecisions = (dir: string, now: number, writeBack: boolean) =>
  readPersonFile({ ...decisionsSpec(dir, now), ...(writeBack ? { encode: encodeDecisions } : {}) });

/** pairs.json read by a command that changes no file (`pairs` without a decision): a file it cannot read is left. */
export function peekDecisions(dir: string): Pick<LoadedDecisions, 'decisions' | 'problems'> {
  const r = peekPersonFile(decisionsSpec(dir, 0));
  return { decisions: r.value ?? new PairDecisions(), problems: r.problems };
}

export function loadDecisions(
  dir: string,
  now: number,
  words?: { again: string; unreadable: string },
): LoadedDecisions {
  const r = readPersonFile({ ...decisionsSpec(dir, now), encode: encodeDecisions, ...words });
  return { decisions: r.value ?? new PairDecisions(), problems: r.problems, keepOut: r.keepOut };
}

/**
 * Writes the decisions atomically; the previous file stays whole when this fails (the error is rethrown). What the
 * file holds now is merged in first, the later decision of a pair winning: another oddsboard (`pairs --reject` while
 * the dashboard runs) may have written it since it was read, and its decisions are not lost. True when the merge
 * changed `d`; a file that cannot be read is dealt with as on loading (moved aside, said in `problems`). The read,
 * merge and rename hold `pairs.json.lock` (src/watch/lock.ts), so two writes at the same instant do not cross: one
 * held by another process is waited for (up to QUIT_WAIT_MS, then written without it), or with `wait` false `busy` and
 * not written (try again a moment later).
 */
export function saveDecisions(
  dir: string,
  d: PairDecisions,
  hooks?: WriteHooks,
  now = Date.now(),
  wait = true,
): { merged: boolean; problems: string[]; busy?: true } {
  const path = join(dir, PAIRS_FILE);
  let out = { merged: false, problems: [] as string[] };
  const write = () => {
    // not written back here: it is written whole at once
    const disk = readDecisions(dir, now, false);
    const merged = disk.value ? d.merge(disk.value) : false;
    writeFileAtomic(path, encodeDecisions(d), hooks);
    out = { merged, problems: disk.problems };
  };
  return writeLocked(path, write, wait) ? out : { ...out, busy: true };
}
