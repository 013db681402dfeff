/**
 * A list route that answers 404 is gone (the service changed its API): `markets` and `events` say so and exit 7
 * (unavailable), never 4 ("no such market"); a market's own 404 still exits 4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { startServer, type RunningServer } from '../../server/listen.js';
import { join } from 'node:path';
import { cliIo } from '../../../test/support/cliIo.js';
import { root } from '../../../test/support/oneShot.js';
import { loadPlatform } from '../../sources/index.js';
import { startSourceReplay } from '../../sources/replay.js';

const KEY = 'sk_test_routes_0123456789';
let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({
    seed: 3,
    keys: [KEY],
    limits: { key: 1000 },
    chaos: { profile: '404', afterMs: 0, path: '/public/v1/markets', hostileTitles: false },
  });
});
afterAll(() => srv.close());

async function run(argv: string[]) {
  const c = cliIo({ env: { ODDSBOARD_BASE_URL: srv.url, ODDSBOARD_API_KEY: KEY } });
  const code = await main(argv, c.io);
  return { code, out: c.out(), err: c.err() };
}

describe('a list route answering 404', { timeout: 60_000 }, () => {
  it('markets: exit 7, "route not found — the service may have changed its API"', async () => {
    const r = await run(['markets']);
    expect(r.code).toBe(7);
    // the base URL was the person's (ODDSBOARD_BASE_URL): it may be the wrong one, and what one looks like is said
    expect(r.err).toBe(
      'oddsboard markets: Route not found — the base URL (ODDSBOARD_BASE_URL) may be wrong: an interface ' +
        "service's is its address, the routes under /public/v1 (HTTP 404 on the market list).\n",
    );
    // every page of --all is read through the same list route: its 404 says the same, hint and all
    const pages = await run(['markets', '--all']);
    expect(pages.code).toBe(7);
    expect(pages.err).toBe(r.err);
    const all = await run(['markets', '--all', '--json']);
    expect(all.code).toBe(7);
    expect(JSON.parse(all.out)).toMatchObject({ error: { code: 'UNAVAILABLE', exit: 7, status: 404 } });
  });

  it('a market by id on its own route: still exit 4, that market not found', async () => {
    const r = await run(['market', 'no-such-market']);
    expect(r.code).toBe(4);
    expect(r.err).not.toContain('Route not found');
  });

  it("a platform's base without its path (Kalshi's /trade-api/v2): the base URL is named, and Kalshi's", async () => {
    const def = await loadPlatform('kalshi');
    const replay = await startSourceReplay({ def, dir: join(root, 'test/fixtures/real/kalshi') });
    try {
      const r = await run(['markets', '--source', 'kalshi', '--base-url', replay.url]);
      expect(r.code).toBe(7);
      expect(r.err).toBe(
        'oddsboard markets: Route not found — the base URL (--base-url) may be wrong: ' +
          "Kalshi's looks like https://api.elections.kalshi.com/trade-api/v2 (HTTP 404 on the market list).\n",
      );
      // pairs opens its venues itself: its list of Kalshi says the same as markets does, not a market not found
      const pairs = await run(['pairs', '--source', 'kalshi', '--base-url', replay.url]);
      expect(pairs.err).toBe(
        'oddsboard pairs: Kalshi: list failed (Route not found — the base URL (--base-url) may be wrong: ' +
          "Kalshi's looks like https://api.elections.kalshi.com/trade-api/v2 (HTTP 404 on the market list).)\n",
      );
      expect(pairs.code).toBe(7);
      // the documented base (nothing given): the service changed its API, as before (no request sent here)
      const { routeNotFound, ApiError } = await import('../../api/errors.js');
      const plain = routeNotFound(new ApiError({ kind: 'not_found', status: 404, message: '' }), 'the market list');
      expect(plain.message).toBe(
        'Route not found — the service may have changed its API (HTTP 404 on the market list).',
      );
    } finally {
      await replay.close();
    }
  });
});
