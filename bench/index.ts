/**
 * npm run bench [-- --json] [-- --hours N] …: both benchmarks, one after the
 * other — the rate budget with and without the App attached (budget.ts --ui),
 * then the soak (soak.ts). Arguments go to both (each ignores the other's).
 * With --json: `{ "budget": { scenarios }, "soak": { config, rows, summary } }`.
 */
import { budgetReport, parseBudgetArgs, runBudget } from './budget.js';
import { isMain } from './main.js';
import { parseSoakArgs, soakReport } from './soak.js';
import { runSoak } from './soakRun.js';

const HOUR = 3_600_000;

export async function benchMain(argv: string[]): Promise<void> {
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
