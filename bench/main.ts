import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Whether the module at `url` is the script node was started with (so importing a bench does not run it). */
export function isMain(url: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(url));
  } catch {
    return false;
  }
}

/** The number after `name` in argv, `dflt` when absent; throws when it is not a number `ok` accepts. */
export function numberArg(argv: string[], name: string, dflt: number, ok: (n: number) => boolean): number {
  const i = argv.indexOf(name);
  if (i < 0) return dflt;
  const n = Number(argv[i + 1]);
  if (!Number.isFinite(n) || !ok(n))
    throw new Error(`${name} takes a positive number (got ${JSON.stringify(argv[i + 1] ?? '')})`);
  return n;
}

/**
 * `--flag=value` as `--flag value`, so every bench takes both forms (before, `npm run bench -- --seed=3` was refused
 * as an unknown flag `--seed=3`). Only `--word=…` is split: a scenario name or a value stays whole.
 */
export function flagArgs(argv: readonly string[]): string[] {
  return argv.flatMap((a) => {
    const m = /^(--[a-z][\w-]*)=(.*)$/s.exec(a);
    return m ? [m[1]!, m[2]!] : [a];
  });
}
