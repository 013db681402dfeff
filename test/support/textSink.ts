/** A writable that keeps what is written to it as text: a command's stdout or stderr in a test. */
import { Writable } from 'node:stream';

export function textSink(): { stream: Writable; text: () => string } {
  let buf = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      buf += String(chunk);
      cb();
    },
  });
  return { stream, text: () => buf };
}
