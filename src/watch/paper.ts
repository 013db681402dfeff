/**
 * The paper positions' file around a dashboard's store (issue #28): read once at start (a broken file is moved aside
 * and named in a notice), written atomically a moment after each change (src/positions/paperFile.ts), and once more
 * on the way out. A failed write keeps the previous file whole, says so once, and is tried again.
 */
import { join } from 'node:path';
import { loadPaper, PAPER_FILE, paperFileSpec, savePaper } from '../positions/paperFile.js';
import type { OddsStore } from '../store/store.js';
import type { PaperBook } from '../positions/paper.js';
import type { Clock, TimerHandle } from '../util/clock.js';
import { saveFailed, type WriteHooks } from '../util/files.js';
import { KeptOut, keptOutOnQuit, readToMerge } from '../util/personFile.js';
import { LOCK_RETRY_MS, writeLocked } from './lock.js';
import { mergePaper } from './merge.js';
import { SAVE_DEBOUNCE_MS, SAVE_RETRY_MS } from './persist.js';

export interface PaperKeeper {
  flush(): void;
  /** The last write; what could not be written is one line (said on the way out). */
  stop(): string[];
}

/** Where the book lives while the dashboard runs: one venue's store, or several venues' (src/venues/watch.ts). */
export interface PaperHost {
  /** Puts the saved book back (once, at start). */
  restore(book: PaperBook): void;
  /** The whole book as it is to be written (the same object while nothing changed). */
  current(): PaperBook;
  subscribe(listener: () => void): () => void;
  notice(text: string, at: number): void;
}

/** One store's book. */
export function startPaperKeeper(o: { store: OddsStore; clock: Clock; dir: string; hooks?: WriteHooks }): PaperKeeper {
  return startPaperFile(
    {
      restore: (book) => o.store.getState().restorePaper(book),
      current: () => o.store.getState().paper,
      subscribe: (f) => o.store.subscribe(f),
      notice: (text, at) => o.store.getState().notice(text, 'warn', at),
    },
    o,
  );
}

/**
 * The book to write: what changed here since the last write (`was` → `book`) put on the file as it is now, so a paper
 * trade another dashboard kept there is not lost (merge.ts); the book alone when there is no file to put it on (a file
 * a hand edit broke meanwhile is moved aside first and said with `say`, as at start: readToMerge).
 */
function ontoFile(dir: string, now: number, was: PaperBook, book: PaperBook, say: (line: string) => void): PaperBook {
  const theirs = readToMerge(paperFileSpec(dir, now), say);
  return theirs === undefined ? book : mergePaper(was, book, theirs);
}

export function startPaperFile(host: PaperHost, o: { clock: Clock; dir: string; hooks?: WriteHooks }): PaperKeeper {
  const now = o.clock.now();
  const loaded = loadPaper(o.dir, now);
  host.restore(loaded.book);
  if (loaded.problem) host.notice(loaded.problem, now);
  /** Left as it is: since the start, or since a write found it could not be read (readToMerge's KeptOut). */
  let keepOut = loaded.keepOut === true;
  let written = host.current();
  let timer: TimerHandle | undefined;
  let lastProblem: string | undefined;
  let lastError: unknown;
  /** What the last write as the dashboard quits said (the file moved aside): for stderr, the notice line gone. */
  let quitting: string[] | undefined;
  const schedule = (ms: number) => {
    o.clock.clearTimeout(timer);
    timer = o.clock.setTimeout(() => {
      timer = undefined;
      keeper.flush();
    }, ms);
  };
  const keeper: PaperKeeper = {
    flush() {
      const book = host.current();
      if (keepOut || book === written) return;
      const now = o.clock.now();
      const say = (line: string) => (host.notice(line, now), quitting?.push(line));
      try {
        const write = () => savePaper(o.dir, ontoFile(o.dir, now, written, book, say), o.hooks);
        // another dashboard is writing it (lock.ts): a moment later
        if (!writeLocked(join(o.dir, PAPER_FILE), write, quitting !== undefined)) return schedule(LOCK_RETRY_MS);
        written = book;
        lastProblem = undefined;
      } catch (e) {
        if (e instanceof KeptOut) {
          // as at start: left as it is from now on, said once here and again on stderr as the dashboard quits
          keepOut = true;
          return host.notice(e.message, now);
        }
        lastError = e;
        const text = saveFailed(join(o.dir, PAPER_FILE), e);
        if (text !== lastProblem) host.notice(text, o.clock.now());
        lastProblem = text;
        schedule(SAVE_RETRY_MS);
      }
    },
    stop() {
      unsubscribe();
      o.clock.clearTimeout(timer);
      timer = undefined;
      quitting = [];
      keeper.flush();
      o.clock.clearTimeout(timer);
      timer = undefined;
      if (host.current() === written) return quitting;
      if (keepOut) return [...quitting, keptOutOnQuit(join(o.dir, PAPER_FILE))];
      return [...quitting, saveFailed(join(o.dir, PAPER_FILE), lastError, true)];
    },
  };
  const unsubscribe = host.subscribe(() => {
    if (host.current() !== written && timer === undefined) schedule(SAVE_DEBOUNCE_MS);
  });
  return keeper;
}
