/**
 * "Kraken IPO by June 30, 2026?" (PM-EVT market 1642124, test/fixtures/real/NOTES.md) is `active: false,
 * closed: false`, with no `conditionId`, prices or tokens: listed on Polymarket but not open for trading yet.
 * Gamma's `closed=false` (the only open filter its keyset route documents) returns it, and the list titled
 * "status active" showed it as INACTIVE. The lists that mean "open" keep only markets that are open.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../util/clock.js';
import { startSourceReplay, type RunningSourceReplay } from '../replay.js';
import type { SourceClient } from '../types.js';
import { createPolymarketClient } from './client.js';
import { polymarketSource } from './index.js';
import { loadGammaRecording } from './replayData.js';

const DIR = 'test/fixtures/real/polymarket';
const NOT_OPEN = '1642124';
let server: RunningSourceReplay | undefined;
let client: SourceClient | undefined;

async function start(now = Date.UTC(2026, 5, 1)): Promise<SourceClient> {
  server = await startSourceReplay({ def: polymarketSource, dir: DIR, clock: new ManualClock() });
  client = createPolymarketClient({ baseUrl: server.url }, { now: () => now });
  return client;
}

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

describe('a Polymarket market listed but not open yet (active: false, closed: false)', () => {
  it('is recorded as Gamma answers it to closed=false', () => {
    const m = loadGammaRecording(DIR).markets.find((x) => String(x.id) === NOT_OPEN);
    expect(m).toMatchObject({ active: false, closed: false, question: 'Kraken IPO by June 30, 2026?' });
  });

  it('is not a row of the active list, whose rows are all active', async () => {
    const c = await start();
    const r = await c.listMarkets({ status: 'active', limit: 100 });
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.map((m) => m.id)).not.toContain(NOT_OPEN);
    expect(r.data.filter((m) => m.status !== 'active' && m.status !== 'settling')).toEqual([]);
  });

  it('is not in Closing soon, which lists open markets', async () => {
    const c = await start();
    const r = await c.listClosing();
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.map((m) => m.id)).not.toContain(NOT_OPEN);
  });

  it('is still read as it is where it is asked for by id (inactive, never guessed active)', async () => {
    const c = await start();
    const m = await c.getMarket(NOT_OPEN);
    expect(m.data).toMatchObject({ status: 'unknown', rawStatus: 'inactive' });
  });
});
