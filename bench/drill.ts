/**
 * npm run drill [-- --json] [-- --only 500,revoke,429:date] [-- --after S] [-- --for S] [-- --parallel N]
 *
 * Drives the built dashboard (dist/cli.js) in tmux against `serve --chaos` for
 * each profile: normal service for --after seconds (default 10), the fault for
 * --for seconds (default 30), then normal service until it is back online.
 * Prints the matrix (fault | kept last data | state shown | recovered in | max
 * requests in any 60 s | raw control sequences reaching the terminal | key seen);
 * exits 1 when a row fails. --json prints the rows as JSON instead.
 */
import { flagArgs, isMain } from './main.js';
import { DRILL_PROFILES, findProfiles, type DrillProfile } from './drill/profiles.js';
import { matrixReport } from './drill/report.js';
import { runDrill, type DrillRow, type DrillTiming } from './drill/run.js';

export interface DrillArgs extends DrillTiming {
  json: boolean;
  only: string[] | undefined;
  parallel: number;
}

export function parseDrillArgs(given: readonly string[]): DrillArgs {
  const argv = flagArgs(given);
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (name: string, dflt: number, min: number, max: number) => {
    const v = value(name);
    if (v === undefined) return dflt;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const only = value('--only');
  return {
    json: argv.includes('--json'),
    only: only
      ? only
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
    afterS: int('--after', 10, 3, 600),
    forS: int('--for', 30, 5, 3600),
    parallel: int('--parallel', 3, 1, 8),
  };
}

/** Runs the profiles, `parallel` at a time, in order. */
export async function runDrills(
  profiles: readonly DrillProfile[],
  timing: DrillTiming,
  parallel: number,
  onRow?: (r: DrillRow) => void,
): Promise<DrillRow[]> {
  const rows: DrillRow[] = new Array(profiles.length);
  let next = 0;
  const worker = async (w: number) => {
    while (next < profiles.length) {
      const i = next++;
      rows[i] = await runDrill(profiles[i]!, timing, `${process.pid}-${w}-${i}`);
      onRow?.(rows[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, profiles.length) }, (_, w) => worker(w)));
  return rows;
}

async function main(argv: string[]): Promise<void> {
  const args = parseDrillArgs(argv);
  const profiles = args.only ? findProfiles(args.only) : DRILL_PROFILES;
  const t0 = Date.now();
  if (!args.json)
    process.stdout.write(
      `Drill: ${profiles.length} profiles, ${args.afterS} s normal, ${args.forS} s fault, ${args.parallel} at a time…\n`,
    );
  const rows = await runDrills(profiles, args, args.parallel, (r) => {
    if (!args.json) process.stdout.write(`  ${r.pass ? 'pass' : 'FAIL'} ${r.profile}\n`);
  });
  if (args.json)
    process.stdout.write(`${JSON.stringify({ timing: { afterS: args.afterS, forS: args.forS }, rows }, null, 2)}\n`);
  else process.stdout.write(`\n${matrixReport(rows)}\n\n${Math.round((Date.now() - t0) / 1000)} s of real time\n`);
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}

if (isMain(import.meta.url)) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`drill failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
