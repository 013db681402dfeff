/**
 * `oddsboard watch` on a board of several reads its one joined watchlist once for the command, not once for each
 * venue (readWatchedIds wrapped to count: this file runs alone, vitest.config.ts ALONE).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { venueReplays, type VenueDoc } from '../../../test/support/venueReplays.js';
import type * as PersistModule from '../../watch/persist.js';

const reads = vi.hoisted(() => ({ dirs: [] as string[] }));
vi.mock('../../watch/persist.js', async (importOriginal) => {
  const m = await importOriginal<typeof PersistModule>();
  return {
    ...m,
    readWatchedIds: (...args: Parameters<typeof m.readWatchedIds>) => {
      reads.dirs.push(args[0]);
      return m.readWatchedIds(...args);
    },
  };
});

const { baseUrls, run } = venueReplays();

describe('watch over several venues reads the joined watchlist', () => {
  it('once for the three venues, each venue given its own ids', async () => {
    const stateHome = mkdtempSync(join(tmpdir(), 'oddsboard-watch-reads-'));
    const dir = join(stateHome, 'oddsboard', 'venues');
    mkdirSync(dir, { recursive: true });
    const ids = ['manifold:CL56c9sqQp', 'kalshi:KXELONMARS-99', 'polymarket:2063134'];
    const byId = Object.fromEntries(ids.map((id, i) => [id, { id, addedAt: i + 1 }]));
    writeFileSync(join(dir, 'watchlist.json'), JSON.stringify({ version: 1, markets: ids.map((id) => byId[id]) }));
    reads.dirs.length = 0;
    const r = await run(['watch', '--source', 'all', ...baseUrls(), '--json'], { stateHome });
    expect(r.code).toBe(0);
    const got = (JSON.parse(r.out) as VenueDoc).data.map((m) => `${m.venue}:${m.id}`);
    expect(got).toEqual(['polymarket:2063134', 'kalshi:KXELONMARS-99', 'manifold:CL56c9sqQp']);
    expect(reads.dirs).toEqual([dir]);
  });
});
