/**
 * npm run bench:budget [-- --json] [-- --ui] [-- --minutes M] [-- --serial] [-- --seed N] [-- key anon competing watch competing-blind]
 *
 * The sync against the reference service over real loopback HTTP, both on one
 * virtual clock, one simulated hour per scenario (see scenario.ts). Prints a
 * table, or with --json exactly `{ "scenarios": { "<name>": ScenarioResult } }`.
 *
 * --ui runs every chosen scenario twice: as before (the activity calls the sync
 * intents), then as `<name>+ui` with the real App rendered into a 120×40 fake
 * terminal and the same activity typed into it as key presses. Both tables are
 * printed (and a third with what the App drew); in JSON the `+ui` entries sit
 * beside the plain ones and carry an extra `ui` object.
 *
 * Scenarios run on worker threads, one per core (--serial: one after another
 * in this thread); each has its own virtual clock, so where it runs does not
 * change its figures. They do vary by a few per cent from run to run: answers
 * to requests in flight together can come back over loopback in either order.
 * The `watch` scenario watches 20 markets once the first list is in (10 from
 * it, 10 outside it, those closing soonest) and adds a table of each one's
 * data age (bench/watchAges.ts).
 * --minutes sets the simulated minutes per scenario: 60 by default, with --ui
 * too (see UI_DEFAULT_MINUTES).
 * Utilization is per minute run; the competitor keeps its 10–50 min window, so
 * a shorter run cuts it short too.
 */
import { flagArgs, isMain } from './main.js';
import { table, uiTable, watchTable, type ScenarioResult } from './metrics.js';
import { runPool, type Job } from './pool.js';
import { EXTRA_SCENARIOS, runScenario, SCENARIOS, UI_SIZE } from './scenario.js';

/**
 * With --ui every scenario (plain and `+ui`) runs the full simulated hour
 * unless --minutes says otherwise: the App commits ~7 600 times per simulated
 * hour, and since the UI stopped re-measuring and re-rendering what did not
 * change (~12 → ~5 ms of CPU per drawn commit, far less per undrawn one) the
 * whole run takes ~30 s on two cores instead of ~100 s.
 */
export const UI_DEFAULT_MINUTES = 60;

export interface BudgetOutput {
  scenarios: Record<string, ScenarioResult>;
}

export interface BudgetArgs {
  json: boolean;
  ui: boolean;
  seed: number;
  /** Simulated minutes per scenario (default 60). */
  minutes: number;
  /** Run the scenarios one after another in this thread. */
  serial: boolean;
  only: string[];
}

export function parseBudgetArgs(given: string[]): BudgetArgs {
  const argv = flagArgs(given);
  const seedArg = argv.indexOf('--seed');
  const seed = seedArg >= 0 ? Number(argv[seedArg + 1]) : 7;
  if (!Number.isInteger(seed)) throw new Error('--seed takes a whole number');
  const ui = argv.includes('--ui');
  const minArg = argv.indexOf('--minutes');
  const minutes = minArg >= 0 ? Number(argv[minArg + 1]) : ui ? UI_DEFAULT_MINUTES : 60;
  if (!(minutes > 0 && minutes <= 24 * 60)) throw new Error('--minutes takes a positive number of simulated minutes');
  const all = [...SCENARIOS, ...EXTRA_SCENARIOS];
  return {
    json: argv.includes('--json'),
    ui,
    seed,
    minutes,
    serial: argv.includes('--serial'),
    only: argv.filter((a) => all.some((s) => s.name === a)),
  };
}

/** Runs the scenarios; `parallel` puts them on worker threads (needs the built files: the CLI does, tests do not). */
export async function runBudget(args: BudgetArgs, o: { parallel?: boolean } = {}): Promise<BudgetOutput> {
  const durationMs = Math.round(args.minutes * 60_000);
  const all = [...SCENARIOS, ...EXTRA_SCENARIOS];
  const chosen = args.only.length > 0 ? all.filter((s) => args.only.includes(s.name)) : SCENARIOS;
  const jobs: Job[] = [
    // the App's scenarios cost the most: start them first
    ...(args.ui
      ? chosen.map((scenario) => ({
          key: `${scenario.name}+ui`,
          scenario,
          seed: args.seed,
          durationMs,
          opts: { ui: true },
        }))
      : []),
    ...chosen.map((scenario) => ({ key: scenario.name, scenario, seed: args.seed, durationMs })),
  ];
  const results = new Map<string, ScenarioResult>();
  if (o.parallel) for (const [k, r] of await runPool(jobs)) results.set(k, r);
  else for (const j of jobs) results.set(j.key, await runScenario(j.scenario, j.seed, j.durationMs, j.opts));
  // plain scenarios first, then their `+ui` twins, in the scenarios' order
  const scenarios: Record<string, ScenarioResult> = {};
  for (const j of [...jobs.filter((x) => !x.opts?.ui), ...jobs.filter((x) => x.opts?.ui)])
    scenarios[j.key] = results.get(j.key)!;
  return { scenarios };
}

/** The tables as printed (without --json). */
export function budgetReport(args: BudgetArgs, out: BudgetOutput, realSeconds: number): string {
  const span = args.minutes === 60 ? 'one simulated hour' : `${args.minutes} simulated minutes`;
  const head = `Rate budget: ${span} per scenario (seed ${args.seed}, ${realSeconds.toFixed(1)} s real time)\n\n`;
  const plain = Object.fromEntries(Object.entries(out.scenarios).filter(([n]) => !n.endsWith('+ui')));
  const withUi = Object.fromEntries(Object.entries(out.scenarios).filter(([n]) => n.endsWith('+ui')));
  const watched = Object.values(out.scenarios).some((r) => r.watch?.length)
    ? `\n\nWatched markets (data age sampled every simulated second until resolved; a resolved market no longer changes):\n\n${watchTable(out.scenarios)}`
    : '';
  if (!args.ui) return `${head}${table(plain)}${watched}`;
  return (
    `${head}Without the UI (activity calls the sync intents):\n\n${table(plain)}\n\n` +
    `With the UI attached (the App in a ${UI_SIZE.columns}×${UI_SIZE.rows} fake terminal, activity typed as keys):\n\n${table(withUi)}\n\n` +
    `What the App drew (frames: Ink's 15 fps throttle on real time, so fewer than React commits):\n\n${uiTable(withUi)}${watched}`
  );
}

export async function budgetMain(argv: string[]): Promise<void> {
  const args = parseBudgetArgs(argv);
  const t0 = performance.now();
  const out = await runBudget(args, { parallel: !args.serial });
  if (args.json) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  else process.stdout.write(`${budgetReport(args, out, (performance.now() - t0) / 1000)}\n`);
}

if (isMain(import.meta.url)) {
  budgetMain(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`bench:budget failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
