/**
 * Polymarket's recorded answers (test/fixtures/real/polymarket, SOURCES.md) served by its replay on 127.0.0.1 port 0
 * on a ManualClock, every path asked kept in `log` for the file's check against the documented routes.
 */
import { polymarketSource } from '../../src/sources/polymarket/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../src/sources/replay.js';
import { ManualClock } from '../../src/util/clock.js';

export const POLYMARKET_DIR = 'test/fixtures/real/polymarket';

export async function polymarketReplayLogged(
  dir = POLYMARKET_DIR,
): Promise<{ server: RunningSourceReplay; log: string[] }> {
  const log: string[] = [];
  const server = await startSourceReplay({
    def: polymarketSource,
    dir,
    clock: new ManualClock(),
    onRequest: (e) => log.push(e.path),
  });
  return { server, log };
}
