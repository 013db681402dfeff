/**
 * The ledger file a FileLedger holds open (file.ts): its lines and how much of it was read, and reading what another
 * process appended since — only whole lines, as a reader without the lock may look while another process appends.
 */
import type { FileId, LedgerFs } from './fsOps.js';
import { parse, type Line } from './lines.js';

/** The ledger file last read or written, still open (read and append), its lines and how much of it was read. */
export interface Held {
  fd: number;
  id: FileId;
  lines: Line[];
  /** Bytes read: up to the end of the last whole line. */
  size: number;
  /** Lines in it that are not ours (the next claim replaces the file). */
  bad: number;
}

/** The whole lines appended to the held file since it was read, up to `size` bytes. */
export function readTail(fs: LedgerFs, held: Held, size: number): void {
  const buf = Buffer.alloc(size - held.size);
  let n = 0;
  while (n < buf.length) {
    const r = fs.readSync(held.fd, buf, n, buf.length - n, held.size + n);
    if (r === 0) break;
    n += r;
  }
  const end = buf.subarray(0, n).lastIndexOf(10) + 1; // up to the last newline: a line still being written waits
  if (end === 0) return;
  const { lines, bad } = parse(buf.subarray(0, end).toString('utf8'));
  held.lines = [...held.lines, ...lines];
  held.size += end;
  held.bad += bad;
}
