/**
 * The paper positions' file around a dashboard's store (issue #28): read once at start (a broken file is moved aside
 * and named in a notice), written atomically a moment after each change (src/positions/paperFile.ts), and once more
 * on the way out. A failed write keeps the previous file whole, says so once, and is tried again.
 */
import { join } from 'node:path';
import { encodePaper, loadPaper, PAPER_FILE, paperFileSpec } from '../positions/paperFile.js';
import type { OddsStore } from '../store/store.js';
import { EMPTY_PAPER, type PaperBook } from '../positions/paper.js';
import type { Clock } from '../util/clock.js';
import type { WriteHooks } from '../util/files.js';
import { KeptFiles, type KeptFile } from './keptFiles.js';
import { mergePaper } from './merge.js';

export interface PaperKeeper {
  flush(): void;
  /** paper.json's path, and its reading again when another dashboard wrote it (fileChanges.ts). */
  readonly path: string;
  pull(): void;
  /** The last write; what could not be written is one line (said on the way out). */
  stop(): string[];
}

/** Where the book lives while the dashboard runs: one venue's store, or several venues' (src/venues/watch.ts). */
export interface PaperHost {
  /** Puts the saved book back (at start), or the book another dashboard wrote merged with this one's (at `at`). */
  restore(book: PaperBook, at?: number): void;
  /** The whole book as it is to be written (the same object while nothing changed). */
  current(): PaperBook;
  subscribe(listener: () => void): () => void;
  notice(text: string, at: number): void;
}

/** One store's book. */
export function startPaperKeeper(o: { store: OddsStore; clock: Clock; dir: string; hooks?: WriteHooks }): PaperKeeper {
  return startPaperFile(
    {
      restore: (book, at) => o.store.getState().restorePaper(book, at),
      current: () => o.store.getState().paper,
      subscribe: (f) => o.store.subscribe(f),
      notice: (text, at) => o.store.getState().notice(text, 'warn', at),
    },
    o,
  );
}

/**
 * The book's file, by the one writer (keptFiles.ts): what changed here since the last write (`was` → `book`) put on
 * the file as it is now, so a paper trade another dashboard kept there is not lost (merge.ts).
 */
export function startPaperFile(host: PaperHost, o: { clock: Clock; dir: string; hooks?: WriteHooks }): PaperKeeper {
  const now = o.clock.now();
  const loaded = loadPaper(o.dir, now);
  host.restore(loaded.book);
  if (loaded.problem) host.notice(loaded.problem, now);
  const file: KeptFile<PaperBook> = {
    path: join(o.dir, PAPER_FILE),
    spec: (at) => paperFileSpec(o.dir, at),
    parts: () => [host.current()],
    text: ([book], onto) =>
      encodePaper(onto ? mergePaper(onto.was[0] as PaperBook, book as PaperBook, onto.theirs) : (book as PaperBook)),
    keptOut: loaded.keepOut === true,
    take: (theirs, [was]) => host.restore(mergePaper(was as PaperBook, host.current(), theirs), o.clock.now()),
    partsOf: (book) => [book],
    none: [EMPTY_PAPER],
  };
  const files = new KeptFiles({
    files: [file as KeptFile<unknown>],
    clock: o.clock,
    subscribe: (f) => host.subscribe(f),
    say: (line) => host.notice(line, o.clock.now()),
    ...(o.hooks ? { hooks: o.hooks } : {}),
  });
  files.start();
  return { flush: () => files.flush(), stop: () => files.stop(), path: file.path, pull: () => files.pull(file.path) };
}
