/**
 * The Manifold positions reader against the replay: the positions answer is Manifold's documented example
 * (test/fixtures/real/manifold/positions, SOURCES.md); the user object is the replay's, built from the fields that
 * answer carries; the one bet that names the market is OURS (no recorded bet of that user exists), written from the
 * metric's own lastBetTime and holding. The market itself is not recorded: the holding is valued from its row.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manifoldReplayClient, OURS_BET } from '../../test/support/manifoldReplay.js';
import { rejection } from '../../test/support/catch.js';
import type { SourceClient } from '../sources/types.js';
import { manifoldReader, type Send } from './readers.js';

const NOW = Date.parse('2026-11-26T00:00:00Z');
const bets = mkdtempSync(join(tmpdir(), 'oddsboard-manifold-bets-'));
mkdirSync(bets, { recursive: true });
writeFileSync(
  join(bets, 'ours-bet-LucasGoldfein56b1-kupKInoLsjMuiDiNfogm.json'),
  JSON.stringify([
    {
      ...OURS_BET,
      probBefore: 0.75,
      probAfter: 0.74,
      isFilled: true,
      isCancelled: false,
      fees: { creatorFee: 0, liquidityFee: 0, platformFee: 0 },
    },
  ]),
);
afterAll(() => rmSync(bets, { recursive: true, force: true }));
const h = manifoldReplayClient();
let client: SourceClient | undefined;
const send: Send = async (call) => (await call(client!, {})).data;

describe('Manifold positions by username', () => {
  it("the user's markets from their bets, each market's holding from /market/{id}/positions", async () => {
    const markets = (client = await h.start({ now: NOW, bets: [bets] }));
    const r = manifoldReader({ baseUrl: markets.describe().baseUrl }, 'LucasGoldfein56b1');
    try {
      const got = await r.read(send);
      expect(got).toMatchObject({ venue: 'manifold', currency: 'mana', identity: 'LucasGoldfein56b1' });
      expect(got.positions).toHaveLength(1);
      expect(got.positions[0]).toMatchObject({ outcome: 'No', cost: 15, value: 23.479030029570673, state: 'open' });
      // the market answers 404 (never recorded): its title says so
      expect(got.positions[0]!.title).toBe('Unknown market kupKInoLsjMuiDiNfogm (not found on Manifold)');
      expect(h.log.map((p) => p.split('?')[0])).toEqual([
        '/v0/user/LucasGoldfein56b1',
        '/v0/bets',
        '/v0/market/kupKInoLsjMuiDiNfogm/positions',
        '/v0/market/kupKInoLsjMuiDiNfogm',
      ]);
      h.documented();
    } finally {
      await r.close();
    }
  });

  it('an unknown user: the 404 names it as not found', async () => {
    const markets = (client = await h.start({ now: NOW }));
    const r = manifoldReader({ baseUrl: markets.describe().baseUrl }, 'nobody_here');
    try {
      expect(await rejection(r.read(send))).toMatchObject({ kind: 'not_found', status: 404 });
    } finally {
      await r.close();
    }
  });

  it('not a username: refused before anything is sent', () => {
    expect(() => manifoldReader({ baseUrl: 'http://127.0.0.1:1' }, 'a b/c')).toThrow(/username/);
  });
});
