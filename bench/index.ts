/**
 * npm run bench [-- --json] [-- --hours N] …: both benchmarks, one after the
 * other — the rate budget with and without the App attached (budget.ts --ui),
 * then the soak (soak.ts). Arguments go to both (each ignores the other's); a flag neither knows is refused, and
 * --help / -h print the flags and run nothing (as bench:soak does).
 * With --json: `{ "budget": { scenarios }, "soak": { config, rows, summary } }`.
 */
import { budgetReport, parseBudgetArgs, runBudget } from './budget.js';
import { asksHelp, flagArgs, isMain, refuseUnknownFlags } from './main.js';
import { parseSoakArgs, soakReport } from './soak.js';
import { runSoak } from './soakRun.js';

const HOUR = 3_600_000;

/** The budget's flags (budget.ts parseBudgetArgs; scenario names are plain words) and the compressed soak's. */
const BENCH_FLAGS = new Set(['--ui', '--minutes', '--serial', '--seed', '--json', '--hours', '--every', '--speed']);

export const BENCH_USAGE = `Usage:
  npm run bench [-- --json] [--seed N] [--minutes M] [--serial] [SCENARIO…] [--hours N] [--every H] [--speed S]
      bench:budget --ui (--minutes, --serial, scenario names), then the compressed soak (--hours, --every, --speed);
      --seed and --json go to both
`;

/**
 * The usage for --help / -h; else undefined, after refusing a flag neither benchmark knows (before, a mistyped
 * `--hour 1` or `--help` was ignored and the full ~2-minute run went ahead on a shared machine).
 */
export function benchHelp(given: string[]): string | undefined {
  const argv = flagArgs(given);
  if (asksHelp(argv)) return BENCH_USAGE;
  // a single dash too (`-v`), but not a negative number (`--seed -3`)
  refuseUnknownFlags(argv, BENCH_FLAGS, (a) => a.startsWith('-') && !/^-?\d/.test(a.slice(1)));
  return undefined;
}

export async function benchMain(given: string[]): Promise<void> {
  const argv = flagArgs(given);
  const help = benchHelp(argv);
  if (help !== undefined) {
    process.stdout.write(help);
    return;
  }
  const budgetArgs = parseBudgetArgs(argv.includes('--ui') ? argv : [...argv, '--ui']);
  const soakArgs = parseSoakArgs(argv);
  const t0 = performance.now();
  const budget = await runBudget(budgetArgs, { parallel: !budgetArgs.serial });
  const t1 = performance.now();
  if (!budgetArgs.json) process.stdout.write(`${budgetReport(budgetArgs, budget, (t1 - t0) / 1000)}\n\n`);
  if (!soakArgs.json)
    process.stdout.write(
      `Soak: ${soakArgs.hours} simulated h, server speed ×${soakArgs.speed}, seed ${soakArgs.seed}…\n\n`,
    );
  const soak = await runSoak({
    durationMs: Math.round(soakArgs.hours * HOUR),
    reportEveryMs: Math.round(soakArgs.everyHours * HOUR),
    seed: soakArgs.seed,
    speed: soakArgs.speed,
  });
  if (soakArgs.json) process.stdout.write(`${JSON.stringify({ budget, soak }, null, 2)}\n`);
  else process.stdout.write(`${soakReport(soak)}\n`);
}

if (isMain(import.meta.url)) {
  benchMain(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
