/**
 * The paper positions' file around a dashboard's store (issue #28): read once at start (a broken file is moved aside
 * and named in a notice), written atomically a moment after each change (src/positions/paperFile.ts), and once more
 * on the way out. A failed write keeps the previous file whole, says so once, and is tried again.
 */
import { join } from 'node:path';
import {
  decodePaper,
  loadPaper,
  PAPER_FILE,
  PAPER_FILE_MAX_BYTES,
  PaperDecodeError,
  savePaper,
} from '../positions/paperFile.js';
import type { OddsStore } from '../store/store.js';
import type { PaperBook } from '../positions/paper.js';
import type { Clock, TimerHandle } from '../util/clock.js';
import { FileProblem, readTextFile, saveFailed, type WriteHooks } from '../util/files.js';
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
 * trade another dashboard kept there is not lost (merge.ts); the book alone when there is no file to put it on.
 */
function ontoFile(dir: string, was: PaperBook, book: PaperBook): PaperBook {
  try {
    return mergePaper(was, book, decodePaper(readTextFile(join(dir, PAPER_FILE), PAPER_FILE_MAX_BYTES)).book);
  } catch (e) {
    if (e instanceof FileProblem || e instanceof PaperDecodeError) return book;
    throw e;
  }
}

export function startPaperFile(host: PaperHost, o: { clock: Clock; dir: string; hooks?: WriteHooks }): PaperKeeper {
  const now = o.clock.now();
  const loaded = loadPaper(o.dir, now);
  host.restore(loaded.book);
  if (loaded.problem) host.notice(loaded.problem, now);
  let written = host.current();
  let timer: TimerHandle | undefined;
  let lastProblem: string | undefined;
  let lastError: unknown;
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
      if (loaded.keepOut || book === written) return;
      try {
        savePaper(o.dir, ontoFile(o.dir, written, book), o.hooks);
        written = book;
        lastProblem = undefined;
      } catch (e) {
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
      keeper.flush();
      o.clock.clearTimeout(timer);
      timer = undefined;
      return loaded.keepOut || host.current() === written ? [] : [saveFailed(join(o.dir, PAPER_FILE), lastError, true)];
    },
  };
  const unsubscribe = host.subscribe(() => {
    if (host.current() !== written && timer === undefined) schedule(SAVE_DEBOUNCE_MS);
  });
  return keeper;
}
