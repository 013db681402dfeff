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

/** Flags whose value is itself a flag, handed on to another program whole (bench:render's Node flags). */
const HANDED_ON = new Set(['--node-flag']);

/**
 * `--flag=value` as `--flag value`, so every bench takes both forms (before, `npm run bench -- --seed=3` was refused
 * as an unknown flag `--seed=3`). Only `--word=…` is split: a scenario name or a value stays whole, and so does the
 * Node flag after `--node-flag` (`--max-semi-space-size=8` was split, and Node given the flag without its value).
 */
export function flagArgs(argv: readonly string[]): string[] {
  return argv.flatMap((a, k) => {
    const m = HANDED_ON.has(argv[k - 1] ?? '') ? null : /^(--[a-z][\w-]*)=(.*)$/s.exec(a);
    return m ? [m[1]!, m[2]!] : [a];
  });
}

/** Whether `--help` or `-h` was given: the bench prints its usage and runs nothing. */
export function asksHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/**
 * Refuses the first flag (`--word`, `--word=…` split by flagArgs first) not in `known`, rather than run a full default
 * the person did not ask for; `skip(arg, k, argv)` keeps an argument that only looks like a flag (a value).
 */
export function refuseUnknownFlags(
  given: readonly string[],
  known: ReadonlySet<string>,
  isFlag: (a: string) => boolean = (a) => a.startsWith('--'),
  skip: (k: number, argv: readonly string[]) => boolean = () => false,
): void {
  const argv = flagArgs(given);
  const unknown = argv.find((a, k) => isFlag(a) && !known.has(a) && !skip(k, argv));
  if (unknown !== undefined) throw new Error(`unknown flag ${unknown} (--help lists them)`);
}
