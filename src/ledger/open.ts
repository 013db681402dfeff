/** Where a service's ledger lives, and opening it (file.ts has the ledger itself). */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { join } from 'node:path';
import { makeDirs, SAVE_FIX, stateDir } from '../util/files.js';
import { FileLedger, type FileLedgerOptions } from './file.js';
import { nodeFs } from './fsOps.js';

/** The ledger's file name for a service and key: a hash of both, so the key never reaches the disk. */
export function ledgerName(baseUrl: string, apiKey: string | undefined): string {
  const h = createHash('sha256')
    .update(`oddsboard-ledger\0${baseUrl}\0${apiKey ?? ''}`)
    .digest('hex')
    .slice(0, 20);
  return `budget-${h}.ledger`;
}

/**
 * The file system's code and what to do about it, as a failed save says (a thing in the place of the ledger); for a
 * code SAVE_FIX does not know, `fallback` when given.
 */
function why(e: unknown, fallback?: string): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code ?? 'error';
  const fix = SAVE_FIX[code] ?? fallback;
  return fix ? `(${code}): ${fix}` : `(${code})`;
}

/**
 * The line a ledger that fails at a send says (after "the" or "Kalshi's"): which file, the file system's code, what to
 * do (SAVE_FIX, as a failed save says it), and what follows.
 */
export function ledgerUnusable(path: string | undefined, e: unknown): string {
  const where = path ?? (e as NodeJS.ErrnoException | undefined)?.path;
  const fix = why(e, 'check that it and its directory can be read and written');
  return `rate ledger${where ? ` ${where}` : ''} cannot be used ${fix}; this process counts only its own requests`;
}

/**
 * The shared ledger for a service and key under the state directory, or the reason it cannot
 * be used (the directory or the file in it cannot be created, or the file cannot be written: a
 * read-only or immutable state directory, a directory where the file should be): the caller then
 * counts its own sends only. The file is created here, empty, so that this is known before the
 * first send: the ledger's own failures at a send are only "share nothing this time" (types.ts `tolerant`).
 */
export function openFileLedger(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  apiKey: string | undefined,
  opts: FileLedgerOptions = {},
): { ledger: FileLedger } | { problem: string } {
  const dir = stateDir(env);
  try {
    makeDirs(dir);
  } catch (e) {
    return { problem: `the rate ledger directory ${dir} cannot be created ${why(e)}` };
  }
  const path = join(dir, ledgerName(baseUrl, apiKey));
  const fs = opts.fs ?? nodeFs;
  try {
    // as the ledger opens it; O_NONBLOCK: a FIFO there must not wait for a writer (the ledger then ignores it)
    const flags = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK;
    fs.closeSync(fs.openSync(path, flags, 0o600));
  } catch (e) {
    return { problem: `the rate ledger ${path} cannot be created or written ${why(e)}` };
  }
  return { ledger: new FileLedger(path, opts) };
}
