/** Worker-thread entry of the scenario pool (see pool.ts): runs one scenario and posts its result. */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerAnswer } from './pool.js';
import { runScenario, type RunOptions, type Scenario } from './scenario.js';

const data = workerData as { scenario: Scenario; seed: number; durationMs?: number; opts?: RunOptions };
runScenario(data.scenario, data.seed, data.durationMs, data.opts).then(
  (result) => parentPort?.postMessage({ ok: true, result } satisfies WorkerAnswer),
  (e: unknown) =>
    parentPort?.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) } satisfies WorkerAnswer),
);
