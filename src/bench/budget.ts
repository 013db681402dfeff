/**
 * npm run bench:budget [-- --json] [-- --seed N] [-- key anon competing competing-blind]
 *
 * The sync against the reference service over real loopback HTTP, both on one
 * virtual clock, one simulated hour per scenario (see scenario.ts). Prints a
 * table, or with --json exactly `{ "scenarios": { "<name>": ScenarioResult } }`.
 */
import { table, type ScenarioResult } from './metrics.js';
import { EXTRA_SCENARIOS, runScenario, SCENARIOS } from './scenario.js';

async function main(argv: string[]): Promise<void> {
  const json = argv.includes('--json');
  const seedArg = argv.indexOf('--seed');
  const seed = seedArg >= 0 ? Number(argv[seedArg + 1]) : 7;
  if (!Number.isInteger(seed)) throw new Error('--seed takes a whole number');
  const all = [...SCENARIOS, ...EXTRA_SCENARIOS];
  const only = argv.filter((a) => all.some((s) => s.name === a));
  const scenarios: Record<string, ScenarioResult> = {};
  const t0 = performance.now();
  for (const sc of only.length > 0 ? all : SCENARIOS) {
    if (only.length > 0 && !only.includes(sc.name)) continue;
    scenarios[sc.name] = await runScenario(sc, seed);
  }
  if (json) {
    process.stdout.write(`${JSON.stringify({ scenarios }, null, 2)}\n`);
  } else {
    process.stdout.write(`Rate budget: one simulated hour per scenario (seed ${seed}, ${((performance.now() - t0) / 1000).toFixed(1)} s real time)\n\n`);
    process.stdout.write(`${table(scenarios)}\n`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`bench:budget failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
