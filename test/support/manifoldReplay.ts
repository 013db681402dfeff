/**
 * The Manifold client against its replay over loopback, for the client's tests: the staged real recordings
 * (test/fixtures/real/manifold/, SOURCES.md) served on a clock, every request path kept in `log`, and the check that
 * each one is a documented route with documented parameters (routes.ts `checkRequest`).
 */
import { afterEach, expect } from 'vitest';
import type { ChaosOptions } from '../../src/server/chaos.js';
import { createManifoldClient } from '../../src/sources/manifold/client.js';
import { manifoldSource } from '../../src/sources/manifold/index.js';
import { createManifoldReplay } from '../../src/sources/manifold/replay.js';
import { checkRequest } from '../../src/sources/manifold/routes.js';
import { startSourceReplay, type RunningSourceReplay } from '../../src/sources/replay.js';
import type { SourceClient } from '../../src/sources/types.js';
import { ManualClock } from '../../src/util/clock.js';

export const MANIFOLD_DIR = 'test/fixtures/real/manifold';

export interface ReplayStart {
  /** The replay's and the client's clock. */
  now: number;
  /** Folders of recorded bets besides DIR/bets. */
  bets?: readonly string[];
  chaos?: Omit<ChaosOptions, 'clock'>;
}

/** One replay and client at a time for the file's tests, closed after each test (and by the next `start`). */
export function manifoldReplayClient() {
  let server: RunningSourceReplay | undefined;
  let client: SourceClient | undefined;
  const h = {
    /** The paths asked since the last `start`, oldest first (one array: clear it with `log.length = 0`). */
    log: [] as string[],
    async start({ now, bets, chaos }: ReplayStart): Promise<SourceClient> {
      await h.stop();
      h.log.length = 0;
      server = await startSourceReplay({
        def: manifoldSource,
        dir: createManifoldReplay(MANIFOLD_DIR, { now: () => now, ...(bets ? { bets } : {}) }),
        clock: new ManualClock(now),
        ...(chaos ? { chaos } : {}),
        onRequest: (e) => h.log.push(e.path),
      });
      client = createManifoldClient({ baseUrl: `${server.url}/v0` }, { now: () => now });
      return client;
    },
    async stop(): Promise<void> {
      await client?.close();
      await server?.close();
      client = undefined;
      server = undefined;
    },
    /** Every request asked is a documented route with documented parameters and words. */
    documented(): void {
      for (const p of h.log) {
        const url = new URL(p, 'http://x');
        expect(checkRequest(url.pathname.replace(/^\/v0/, ''), url.searchParams), p).toBeUndefined();
      }
    },
  };
  afterEach(() => h.stop());
  return h;
}

/**
 * OURS, not recorded: the one bet of LucasGoldfein56b1 that names the market of their recorded position
 * (kupKInoLsjMuiDiNfogm; no bet of this user was recorded), written beside the recordings by the tests that read
 * their positions (readers.manifold.test.ts says why).
 */
export const OURS_BET = {
  id: 'oursBet000000000001',
  userId: 'IpTiwOTs96VIzeoxu66tfitUcBZ2',
  contractId: 'kupKInoLsjMuiDiNfogm',
  createdTime: 1678924706057,
  amount: 15,
  shares: 89.17418492518308,
  outcome: 'NO',
} as const;
