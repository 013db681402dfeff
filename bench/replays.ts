/**
 * The platforms' replays for the benchmarks: `oddsboard serve --replay test/fixtures/real/<S> --source <S>` from
 * dist/ on a free port, logging its requests (bench:sources counts them, bench:soak --real-minutes too; bench:render
 * only needs the address). One start for every benchmark that runs a platform offline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { SourceId } from '../src/sources/types.js';

export type Platform = Exclude<SourceId, 'public'>;
export const PLATFORMS: readonly Platform[] = ['polymarket', 'kalshi', 'manifold'];

const HERE = resolve(import.meta.dirname, '..');
/** The project's root, from bench/ or from dist-bench/bench/. */
export const PROJECT = HERE.endsWith('dist-bench') ? resolve(HERE, '..') : HERE;
/** The built program. */
export const CLI = join(PROJECT, 'dist/cli.js');

export interface Replay {
  proc: ChildProcess;
  url: string;
  /** Everything it printed so far: its address, then a `req {json}` line per request. */
  out: () => string;
}

/** `oddsboard serve --replay` on the source's recordings (dist/), on a free port, logging its requests to `out`. */
export async function startReplay(source: Platform): Promise<Replay> {
  const dir = join(PROJECT, 'test/fixtures/real', source);
  const proc = spawn(
    process.execPath,
    // Manifold judges open by the clock: as of the recording, what was open then is open again
    [
      CLI,
      'serve',
      '--replay',
      dir,
      '--source',
      source,
      ...(source === 'manifold' ? ['--as-recorded'] : []),
      '--port',
      '0',
      '--log-requests',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  let out = '';
  let err = '';
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const deadline = Date.now() + 15_000;
  while (!out.includes('\n')) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`the ${source} replay did not start: ${err}`);
    await delay(20);
  }
  return { proc, url: out.split('\n')[0]!.trim(), out: () => out };
}
