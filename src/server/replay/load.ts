/**
 * Reads a directory of recorded payloads: what `oddsboard record` writes, or a
 * folder of answers saved from a real service by hand. Every `*.json` file
 * (subfolders one level deep, `manifest.json` skipped) is sorted by what it holds:
 *
 *  - an array, or an object wrapping one (`{markets:[…]}` as Kalshi lists, `{events:[…]}`,
 *    `{data:[…]}`, our own `{success,data}` envelope) → list entries;
 *  - one object (`{market:{…}}` and `{event:{…}, markets:[…]}` as Kalshi answers, or the object
 *    itself) → a detail.
 *
 * Each entry is an event when it nests `markets` (or is a Kalshi event), else a market. Objects are kept
 * exactly as recorded; only a Kalshi event answer's top-level `markets` are put inside its event, where
 * the interface nests them.
 */
import { readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { isKalshiEvent } from '../../api/normalizeKalshi.js';
import { FileProblem, readFix, readTextFile } from '../../util/files.js';

export interface RecordedItem {
  kind: 'market' | 'event';
  /** From a list answer (`listed`) or a detail answer. */
  listed: boolean;
  object: Rec;
  file: string;
}

export const MANIFEST = 'manifest.json';
/** Refuse files larger than this (recorded answers are far smaller). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
const MAX_FILES = 5000;

export class RecordingError extends Error {}

/** A person's recorded positions (issue #28): answers of their own routes, never market objects. */
export const PERSON_DIRS: readonly string[] = ['positions', 'portfolio'];

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(d).sort();
    } catch (err) {
      throw new RecordingError(`cannot read ${d}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    for (const name of names) {
      const p = join(d, name);
      let st: Stats | undefined;
      try {
        st = statSync(p, { throwIfNoEntry: false });
      } catch {
        // a JSON file that cannot even be looked at (ELOOP…): its read says why
        if (name.endsWith('.json')) out.push(p);
        continue;
      }
      if (!st) continue;
      if (st.isDirectory() && depth < 1 && !PERSON_DIRS.includes(name)) walk(p, depth + 1);
      else if (st.isFile() && name.endsWith('.json') && !(depth === 0 && name === MANIFEST)) out.push(p);
      if (out.length > MAX_FILES) throw new RecordingError(`more than ${MAX_FILES} JSON files under ${dir}`);
    }
  };
  walk(dir, 0);
  return out;
}

const isEventObject = (o: Rec): boolean => Array.isArray(o.markets) || isKalshiEvent(o);

/** Unwrap our own envelope `{success:true, data}`. */
function unwrap(v: unknown): unknown {
  return isRecord(v) && v.success === true && 'data' in v ? v.data : v;
}

/** A Gamma market detail names its events inline (`events:[{…}]`): it is a market, not a list of events. */
const isMarketItself = (o: Rec): boolean => typeof o.question === 'string' || typeof o.conditionId === 'string';

/** The items a parsed file holds. */
export function classify(value: unknown, file: string): RecordedItem[] {
  const v = unwrap(value);
  const items: RecordedItem[] = [];
  const add = (o: unknown, listed: boolean, kind?: RecordedItem['kind']) => {
    if (isRecord(o)) items.push({ kind: kind ?? (isEventObject(o) ? 'event' : 'market'), listed, object: o, file });
  };
  if (Array.isArray(v)) {
    for (const o of v) add(o, true);
    return items;
  }
  if (!isRecord(v)) return items;
  if (isRecord(v.event)) {
    // Kalshi GetEvent: {event, markets} — the interface nests the markets in the event
    const event =
      Array.isArray(v.event.markets) || !Array.isArray(v.markets) ? v.event : { ...v.event, markets: v.markets };
    add(event, false, 'event');
    return items;
  }
  if (isRecord(v.market)) {
    add(v.market, false, 'market');
    return items;
  }
  const list =
    Array.isArray(v.markets) && !isKalshiEvent(v) && Object.keys(v).every((k) => k === 'markets' || k === 'cursor')
      ? v.markets
      : Array.isArray(v.events) && !isMarketItself(v)
        ? v.events
        : Array.isArray(v.data)
          ? v.data
          : undefined;
  if (list) {
    for (const o of list) add(o, true);
    return items;
  }
  add(v, false);
  return items;
}

/**
 * The parsed JSON of one recorded file. Throws RecordingError saying what failed: the file could not be read (by
 * its code, as a person's file says it), or it is not JSON.
 */
export function readRecordedJson(file: string): unknown {
  let text: string;
  try {
    text = readTextFile(file, MAX_FILE_BYTES);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    throw new RecordingError(e.reason === 'too_large' ? e.message : `${e.message}: ${readFix(e)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new RecordingError(`${file} is not valid JSON`);
  }
}

/** Every recorded item under `dir`, in file order. Throws RecordingError with a one-line reason. */
export function loadRecording(dir: string): RecordedItem[] {
  const st = statSync(dir, { throwIfNoEntry: false });
  if (!st?.isDirectory()) throw new RecordingError(`${dir} is not a directory`);
  const items: RecordedItem[] = [];
  for (const file of jsonFiles(dir)) items.push(...classify(readRecordedJson(file), file));
  return items;
}
