/** Where a service's ledger lives, and opening it (file.ts has the ledger itself). */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir } from '../util/files.js';
import { FileLedger, type FileLedgerOptions } from './file.js';

/** The ledger's file name for a service and key: a hash of both, so the key never reaches the disk. */
export function ledgerName(baseUrl: string, apiKey: string | undefined): string {
  const h = createHash('sha256')
    .update(`oddsboard-ledger\0${baseUrl}\0${apiKey ?? ''}`)
    .digest('hex')
    .slice(0, 20);
  return `budget-${h}.ledger`;
}

/**
 * The shared ledger for a service and key under the state directory, or the reason it cannot
 * be used (the directory cannot be created): the caller then counts its own sends only.
 */
export function openFileLedger(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  apiKey: string | undefined,
  opts: FileLedgerOptions = {},
): { ledger: FileLedger } | { problem: string } {
  const dir = stateDir(env);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    return {
      problem: `the rate ledger directory ${dir} cannot be created (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  return { ledger: new FileLedger(join(dir, ledgerName(baseUrl, apiKey)), opts) };
}
