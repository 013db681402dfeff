/**
 * Runs budget scenarios on worker threads, one per core: each has its own
 * server, client, sync, store (and App) on its own virtual clock, so the
 * figures are the same as in one thread; only the wall time shrinks. Used by
 * the CLI on the built files (a worker loads dist/bench/worker.js).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScenarioResult } from './metrics.js';
import type { RunOptions, Scenario } from './scenario.js';

export interface Job {
  key: string;
  scenario: Scenario;
  seed: number;
  durationMs?: number;
  opts?: RunOptions;
}

export interface WorkerAnswer {
  ok: boolean;
  result?: ScenarioResult;
  error?: string;
}

function runInWorker(job: Job): Promise<ScenarioResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./worker.js', import.meta.url), {
      workerData: { scenario: job.scenario, seed: job.seed, durationMs: job.durationMs, opts: job.opts },
    });
    let answered = false;
    w.once('message', (m: WorkerAnswer) => {
      answered = true;
      if (m.ok && m.result) resolve(m.result);
      else reject(new Error(m.error ?? `scenario ${job.key} failed`));
    });
    w.once('error', reject);
    w.once('exit', (code) => {
      if (!answered) reject(new Error(`scenario ${job.key}: worker exited with ${code}`));
    });
  });
}

/** Run the jobs (in the order given, so put the long ones first) on up to `threads` workers. */
export async function runPool(jobs: Job[], threads = availableParallelism()): Promise<Map<string, ScenarioResult>> {
  const out = new Map<string, ScenarioResult>();
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      out.set(job.key, await runInWorker(job));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, lane));
  return out;
}
