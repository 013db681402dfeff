/**
 * `oddsboard positions` through `main` against platform replays over loopback, for a file of tests: each replay
 * started by `replay` is closed after the file's tests, with the file's scratch directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { main } from '../../src/cli/main.js';
import { loadPlatform } from '../../src/sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../src/sources/replay.js';
import type { SourceId } from '../../src/sources/types.js';
import { cliIo } from './cliIo.js';

/** The recorded wallet whose position has the widest figures (data-api-positions-0xee613b3f-…). */
export const EE61 = '0xee613b3fc183ee44f9da9c05f53e2da107e3debf';

export function positionsOneShot() {
  const running: RunningSourceReplay[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'oddsboard-positions-'));
  afterAll(async () => {
    await Promise.all(running.map((r) => r.close()));
    rmSync(tmp, { recursive: true, force: true });
  });
  return {
    /** A scratch directory of the file's (removed after its tests). */
    tmp,
    /** A platform's replay of `dir`: its base URL. */
    async replay(id: Exclude<SourceId, 'public'>, dir: string): Promise<string> {
      const def = await loadPlatform(id);
      const r = await startSourceReplay({ def, dir });
      running.push(r);
      return r.url + def.replayPrefix;
    },
    /** `oddsboard positions ARGV` without colour, piped unless `columns` (a terminal that wide). */
    async run(argv: string[], env: Record<string, string> = {}, stateHome?: string, columns?: number) {
      const screen = columns === undefined ? {} : { tty: true, columns };
      const c = cliIo({ env: { NO_COLOR: '1', ...env }, ...(stateHome ? { stateHome } : {}), ...screen });
      const code = await main(['positions', ...argv], c.io);
      return { code, out: c.out(), err: c.err(), stateHome: c.stateHome };
    },
  };
}
