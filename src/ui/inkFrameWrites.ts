/**
 * Ink 8 writes each frame to a terminal as three writes to its stdout (ink/build/ink.js): the synchronized-output
 * opening `ESC[?2026h` (8 bytes), the frame, and the closing `ESC[?2026l` (8 bytes). On a TTY each write is a
 * syscall of its own: three a frame, one frame a second for as long as the dashboard stays open. The stream the
 * dashboard hands Ink (src/cli/interactive.tsx) holds the opening and what follows it, and writes them with the
 * closing as one string: the same bytes, one write a frame. Ink writes the three within one synchronous call; should
 * the closing never come (a throw in between), what was held goes out at the next microtask.
 */
import { writeWrapped, type Writable } from './writeWrapped.js';

export const BSU = '\u001B[?2026h';
export const ESU = '\u001B[?2026l';

/**
 * `stream` as Ink sees it: the same object for every read (columns, rows, isTTY, events) but `write`, which holds
 * an opening `ESC[?2026h` and the strings after it until the closing `ESC[?2026l`, then writes them as one.
 */
export function framesJoined<S extends Writable>(stream: S): S {
  let held: string[] | undefined;
  const flush = (): unknown => {
    if (held === undefined) return true;
    const text = held.join('');
    held = undefined;
    return stream.write(text);
  };
  const write = (chunk: unknown, ...rest: never[]): unknown => {
    if (held === undefined) {
      if (chunk !== BSU || rest.length > 0) return stream.write(chunk as string, ...rest);
      held = [BSU];
      queueMicrotask(flush);
      return true;
    }
    if (typeof chunk !== 'string' || rest.length > 0) {
      // a buffer, an encoding or a callback: what was held first, then this write as it came
      flush();
      return stream.write(chunk as string, ...rest);
    }
    held.push(chunk);
    return chunk === ESU ? flush() : true;
  };
  return writeWrapped(stream, write);
}
