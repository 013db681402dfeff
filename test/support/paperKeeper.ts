/** A paper book's file around a bare host (startPaperFile) over a real directory, on a ManualClock: src/watch tests. */
import { EMPTY_PAPER, type PaperBook } from '../../src/positions/paper.js';
import { ManualClock } from '../../src/util/clock.js';
import type { WriteHooks } from '../../src/util/files.js';
import { startPaperFile } from '../../src/watch/paper.js';

export function keeper(dir: string, hooks?: WriteHooks) {
  const clock = new ManualClock(1_000);
  let book = EMPTY_PAPER;
  const listeners = new Set<() => void>();
  const notices: string[] = [];
  const k = startPaperFile(
    {
      restore: (b) => void (book = b),
      current: () => book,
      subscribe: (f) => (listeners.add(f), () => void listeners.delete(f)),
      notice: (text) => void notices.push(text),
    },
    { clock, dir, ...(hooks ? { hooks } : {}) },
  );
  const change = (b: PaperBook) => {
    book = b;
    for (const f of listeners) f();
  };
  return { k, clock, notices, change, book: () => book };
}
