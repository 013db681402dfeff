/**
 * The file-system calls the ledger and its lock make, as one object: node:fs by default, a counting or failing
 * stand-in in tests (how many opens, writes and fsyncs a claim costs is part of the ledger's contract: issue 30).
 */
import {
  closeSync,
  fstatSync,
  linkSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';

export interface LedgerFs {
  openSync(path: string, flags: string | number, mode?: number): number;
  closeSync(fd: number): void;
  writeSync(fd: number, buf: Buffer, offset: number, length: number): number;
  readSync(fd: number, buf: Buffer, offset: number, length: number, position: number | null): number;
  fstatSync(fd: number): FileId & { size: number; isFile(): boolean };
  statSync(path: string): FileId & { mtimeMs: number; size: number };
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
  linkSync(existing: string, path: string): void;
  readFileSync(path: string, encoding: 'utf8'): string;
}

/** Which file a path or a descriptor is: the same (dev, ino) is the same file for as long as one holds it open. */
export interface FileId {
  dev: number;
  ino: number;
}

export const sameFile = (a: FileId, b: FileId): boolean => a.ino === b.ino && a.dev === b.dev;

export const nodeFs: LedgerFs = {
  openSync: (path, flags, mode) => openSync(path, flags, mode),
  closeSync: (fd) => closeSync(fd),
  writeSync: (fd, buf, offset, length) => writeSync(fd, buf, offset, length),
  readSync: (fd, buf, offset, length, position) => readSync(fd, buf, offset, length, position),
  fstatSync: (fd) => fstatSync(fd),
  statSync: (path) => statSync(path),
  renameSync: (from, to) => renameSync(from, to),
  unlinkSync: (path) => unlinkSync(path),
  linkSync: (existing, path) => linkSync(existing, path),
  readFileSync: (path, encoding) => readFileSync(path, encoding),
};

/** Writes all of `text` at the descriptor's position. */
export function writeAll(fs: LedgerFs, fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

/** The file (or a directory on its path) is not there. */
export function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
