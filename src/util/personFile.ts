/**
 * The person's files (the watchlist, the alerts, the pairs' decisions, the paper book) read so that nothing they kept
 * is lost: at start (readPersonFile) and before each write puts this session's changes on the file (readToMerge), by
 * one rule. Reading and writing a file as such is files.ts.
 */
import { basename } from 'node:path';
import { writeLocked } from '../watch/lock.js';
import {
  FileProblem,
  openProblem,
  readFix,
  readTextFile,
  setAside,
  writeFileAtomic,
  type WriteHooks,
} from './files.js';

/** How one of the person's files is read (the watchlist, the alerts, the pairs' decisions, the paper book). */
export interface PersonFile<T> {
  path: string;
  maxBytes: number;
  now: number;
  /** The file's text understood, and how many entries were not; throws when the file as a whole is not one of ours. */
  decode(text: string): { value: T; dropped: number; why?: Record<string, number> };
  /** The decoder's own "not one of ours" error (anything else is rethrown). */
  isDecodeError(e: unknown): e is Error;
  /** What the session starts with when nothing is read: "no decisions", "an empty watchlist". */
  empty: string;
  /** `n` entries, in the file's own word: "3 entries", "1 paper position". */
  entries(n: number): string;
  /**
   * The value written as the file: with it, a file that had entries that could not be understood is written back at
   * once with the rest (the original moved aside), so a session that changes nothing does not leave the rest only in
   * the file aside, the next start beginning without it.
   */
  encode?(value: T): string;
  /** A file too large is moved aside (default) or, like any file that cannot be read, left as it is. */
  tooLarge?: 'aside' | 'keep';
  /** What follows for a file that cannot be read (not there as a file, no permission) and is left as it is. */
  unreadable?: string;
  /** What to do once the file is dealt with (default `start oddsboard again`; a one-shot: run it again). */
  again?: string;
  /** Test seam: the write-back's (writeFileAtomic). */
  hooks?: WriteHooks;
}

export interface PersonFileRead<T> {
  /** What was understood; undefined when the session starts empty (also for a missing file). */
  value?: T;
  /** One line per problem. */
  problems: string[];
  /** The file is left as it was and must not be written this session. */
  keepOut: boolean;
}

/** The rest of a file that had entries that could not be understood, written back in its place (`encode`). */
function writeBack<T>(f: PersonFile<T>, value: T, out: PersonFileRead<T>): void {
  if (!f.encode) return;
  try {
    const text = f.encode(value);
    // under the file's lock, as every write of it (src/watch/lock.ts): waited for a moment, as it is at start
    writeLocked(f.path, () => writeFileAtomic(f.path, text, f.hooks), true);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    out.problems.push(`${f.path} could not be written back (${code}): the rest is kept and written at the next change`);
  }
}

/** A file left as it is for the session (readPersonFile's keepOut): what the person loses until it is dealt with. */
export const KEPT_OUT = "it is left as it is, and this session's changes to it are not saved";

/**
 * The line for stderr as the dashboard quits with changes to a file left as it is (KEPT_OUT): what to do about it, by
 * why it cannot be opened now (the line said when it was found is gone with the screen); too large: move it away.
 */
export function keptOutOnQuit(path: string): string {
  const problem = openProblem(path);
  const fix = problem ? readFix(problem) : 'move it away';
  return (
    `Could not save ${path}: it could not be read (${fix}; then start oddsboard again); ` +
    "this session's changes to it are not saved"
  );
}

/**
 * Thrown by readToMerge: the file can no longer be read (no permission, too large to be moved aside), so, as at
 * start, it is left as it is and not written for the rest of the session; the message is the line saying so.
 */
export class KeptOut extends Error {}

/** The line for a file that cannot be read and is left as it is (at start, or before a write). */
const keptOutLine = (f: Pick<PersonFile<unknown>, 'unreadable' | 'again'>, e: FileProblem) =>
  `${e.message}: ${readFix(e)} and ${f.again ?? 'start oddsboard again'}; ` + (f.unreadable ?? KEPT_OUT);

/**
 * Why entries were not understood, as one phrase: `1 not an object, 2 listed before`; undefined when the decoder gives
 * no reasons. The one-shot `watch` and the dashboard's notice say it alike (the notice said how many alone).
 */
const whyWords = (d: { why?: Record<string, number> }): string | undefined =>
  d.why && Object.keys(d.why).length > 0
    ? Object.entries(d.why)
        .map(([reason, n]) => `${n} ${reason}`)
        .join(', ')
    : undefined;

/** ` (1 not an object, 2 listed before)` after "could not be understood", or nothing. */
const whyOf = (d: { why?: Record<string, number> }): string => {
  const why = whyWords(d);
  return why ? ` (${why})` : '';
};

const asideLine = (path: string, why: string, moved: string, rest: string) =>
  `${path} ${why}: moved aside to ${basename(moved)}; ${rest}`;

/**
 * One of the person's files as it is now, for a write to put this session's changes on (src/watch/merge.ts), by the
 * rule of the start (readPersonFile): a file a hand edit broke while the dashboard ran, or one with entries that
 * cannot be understood, is moved aside and said in one line (`say`) before it is written, never overwritten silently.
 * Undefined when there is nothing to put the changes on (no file, one moved aside whole): the session's state is then
 * written whole. A file that cannot be read (no permission, too large to be moved aside) throws KeptOut: it is left
 * as it is for the rest of the session, as at start, never written over whole.
 */
export function readToMerge<T>(
  f: Pick<
    PersonFile<T>,
    'path' | 'maxBytes' | 'now' | 'decode' | 'isDecodeError' | 'entries' | 'tooLarge' | 'unreadable' | 'again'
  >,
  say: (line: string) => void,
): T | undefined {
  const aside = (why: string, rest: string) => {
    const moved = setAside(f.path, f.now);
    // not moved (its directory not writable): the write fails too, and says so
    if (moved) say(asideLine(f.path, why, moved, rest));
  };
  const whole = 'written again as this session has it';
  let text: string;
  try {
    text = readTextFile(f.path, f.maxBytes);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    // no permission, or too large to move aside: left as it is from now on, as at start (it was written over whole)
    if (e.reason === 'unreadable' || (e.reason === 'too_large' && f.tooLarge === 'keep'))
      throw new KeptOut(keptOutLine(f, e));
    if (e.reason === 'too_large') aside(`is larger than ${f.maxBytes} bytes`, whole);
    // a directory in its place fails the write, which says what to do and is tried again
    return undefined;
  }
  try {
    const d = f.decode(text);
    if (d.dropped > 0) aside(`had ${f.entries(d.dropped)} that could not be understood${whyOf(d)}`, 'the rest is kept');
    return d.value;
  } catch (e) {
    if (!f.isDecodeError(e)) throw e;
    aside(`could not be read (${e.message})`, whole);
    return undefined;
  }
}

/**
 * One of the person's files read so that nothing they kept is lost: a file that is not ours, or holds entries that
 * cannot be understood, is moved aside (setAside) and said in one line; what cannot be moved aside, or read at all,
 * is left as it is and not written this session.
 */
export function readPersonFile<T>(f: PersonFile<T>): PersonFileRead<T> {
  const out: PersonFileRead<T> = { problems: [], keepOut: false };
  const aside = (why: string, rest: string): boolean => {
    const moved = setAside(f.path, f.now);
    if (!moved) out.keepOut = true;
    out.problems.push(
      moved
        ? asideLine(f.path, why, moved, rest)
        : `${f.path} ${why} and could not be moved aside: move it away and ` +
            `${f.again ?? 'start oddsboard again'}; ${f.unreadable ?? KEPT_OUT}`,
    );
    return moved !== undefined;
  };
  let text: string;
  try {
    text = readTextFile(f.path, f.maxBytes);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    if (e.reason === 'missing') return out;
    if (e.reason === 'too_large' && f.tooLarge !== 'keep')
      aside(`is larger than ${f.maxBytes} bytes`, `starting with ${f.empty}`);
    else {
      out.keepOut = true;
      out.problems.push(keptOutLine(f, e));
    }
    return out;
  }
  try {
    const d = f.decode(text);
    out.value = d.value;
    const dropped = `had ${f.entries(d.dropped)} that could not be understood${whyOf(d)}`;
    if (d.dropped > 0 && aside(dropped, 'the rest is loaded')) writeBack(f, d.value, out);
  } catch (e) {
    if (!f.isDecodeError(e)) throw e;
    aside(`could not be read (${e.message})`, `starting with ${f.empty}`);
  }
  return out;
}

/** What a command that changes no file says of one it cannot read, or read whole. */
const LEFT_AS_IT_IS = 'left as it is (a read changes no file; the dashboard moves it aside when it writes)';

/**
 * How a peek says each problem (undefined: nothing said): the `pairs` listing's words by default (LISTING_WORDS);
 * `watch` and `positions` keep their own (a watchlist that cannot be read stops `watch`; paper that cannot is left
 * out).
 */
export interface PeekWords {
  /** The file cannot be read as a file (not a regular one, no permission, a loop): nothing read. */
  unreadable(e: FileProblem, empty: string): string;
  /** The file is not one of ours (`why`: the decoder's message): nothing read. */
  notOurs(path: string, why: string, empty: string): string;
  /** `entries` (e.g. "2 entries") of the file could not be understood: the rest read. */
  dropped(path: string, entries: string, n: number, why?: string): string | undefined;
}

export const LISTING_WORDS: PeekWords = {
  unreadable: (e, empty) => `${e.message} (${readFix(e)}): ${LEFT_AS_IT_IS}; read as ${empty}`,
  notOurs: (path, why, empty) => `${path} could not be read (${why}): ${LEFT_AS_IT_IS}; read as ${empty}`,
  dropped: (path, entries, _n, why) =>
    `${path} has ${entries} that could not be understood${why ? ` (${why})` : ''}: ${LEFT_AS_IT_IS}; the rest read`,
};

/**
 * One of the person's files read by a command that changes nothing (the one-shot `pairs` without a decision, `watch`,
 * `positions`): a file that cannot be read or understood, or has entries that cannot be, is said in one line (`words`)
 * and left as it is — never moved aside or written back, as readPersonFile does for the dashboard, which must write
 * it. A missing file is nothing read and nothing said.
 */
export function peekPersonFile<T>(
  f: Pick<PersonFile<T>, 'path' | 'maxBytes' | 'decode' | 'isDecodeError' | 'entries' | 'empty'>,
  words: PeekWords = LISTING_WORDS,
): { value?: T; problems: string[] } {
  let text: string;
  try {
    text = readTextFile(f.path, f.maxBytes);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    if (e.reason === 'missing') return { problems: [] };
    return { problems: [words.unreadable(e, f.empty)] };
  }
  try {
    const d = f.decode(text);
    const dropped = d.dropped > 0 ? words.dropped(f.path, f.entries(d.dropped), d.dropped, whyWords(d)) : undefined;
    return { value: d.value, problems: dropped === undefined ? [] : [dropped] };
  } catch (e) {
    if (!f.isDecodeError(e)) throw e;
    return { problems: [words.notOurs(f.path, e.message, f.empty)] };
  }
}
