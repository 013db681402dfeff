/**
 * Ink's incremental frame (ink/build/log-update.js, incrementalRendering) steps over each unchanged line between two
 * changed ones with its own `ESC[E` (cursor next line): an idle frame whose only change is the clock in the top line
 * of a 48-line board ends with 46 of them (138 bytes). One `ESC[<n>E` moves the cursor the same n lines to the same
 * first column, and stops at the bottom line as n single moves do (neither scrolls): the same screen, fewer bytes.
 * Installed by the module hook (src/cli/inkHooks.ts, inkLogUpdateEntry.ts) for the Ink versions it was checked with.
 */
import { writeWrapped, type Writable } from './writeWrapped.js';

const NEXT_LINES = /(?:\u001B\[E){2,}/gu;
const NEXT_LINE_LENGTH = 3;

/** `write` with every run of two or more `ESC[E` written as one `ESC[<n>E`. */
export function compactCursorMoves(write: string): string {
  if (!write.includes('\u001B[E\u001B[E')) return write;
  return write.replace(NEXT_LINES, (run) => `\u001B[${run.length / NEXT_LINE_LENGTH}E`);
}

/**
 * `stream` as log-update sees it: the same object for every read (columns, isTTY, events) but `write`, which compacts
 * the cursor moves of a string before handing it on.
 */
export function cursorMovesCompacted<S extends Writable>(stream: S): S {
  const write = (chunk: unknown, ...rest: never[]) =>
    stream.write(typeof chunk === 'string' ? compactCursorMoves(chunk) : (chunk as string), ...rest);
  return writeWrapped(stream, write);
}
