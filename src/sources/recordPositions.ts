/**
 * `oddsboard record --source S --polymarket-wallet 0x… | --manifold-user NAME DIR` (issue #28): the person's
 * positions routes recorded beside the markets, verbatim, into `DIR/positions/` (and Manifold's bets into
 * `DIR/bets/`), so `serve --replay DIR --source S` answers them. Public identities only: Kalshi's portfolio needs the
 * user's key, which `record` never uses.
 *
 * - Polymarket (the Data API beside the recorded Gamma base: the real Data API for the real Gamma, else the same
 *   server): `/positions?user=` pages of 500 (at most 4) and `/value?user=`.
 * - Manifold: `/user/{name}`, the user's newest 1,000 bets, and `/market/{id}/positions?userId=` of the markets they
 *   name (at most 20; the markets themselves with `market-<id>.json`).
 */
import type { Recorder } from './types.js';

const DATA_API = 'https://data-api.polymarket.com';
const GAMMA = 'https://gamma-api.polymarket.com';
const safe = (s: string): string => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function dataBaseOf(recorded: string | undefined): string {
  const base = recorded?.replace(/\/+$/, '');
  return base === undefined || base === GAMMA ? DATA_API : base;
}

export async function recordPolymarketPositions(r: Recorder, wallet: string): Promise<void> {
  const base = dataBaseOf(r.baseUrl);
  for (let page = 0; page < 4; page++) {
    const body = await r.get(
      '/positions',
      [
        ['user', wallet],
        ['limit', '500'],
        ['offset', String(page * 500)],
        ['sortBy', 'CURRENT'],
        ['sortDirection', 'DESC'],
        ['sizeThreshold', '0.01'],
      ],
      base,
    );
    r.write(`positions/data-api-positions-${safe(wallet)}-${page + 1}.json`, body);
    const n = Array.isArray(body) ? body.length : 0;
    r.say(`Data API: ${n} positions of ${wallet}`);
    if (n < 500) break;
  }
  r.write(`positions/data-api-value-${safe(wallet)}.json`, await r.get('/value', [['user', wallet]], base));
}

export async function recordManifoldPositions(
  r: Recorder,
  username: string,
  marketFile: (id: string) => string,
): Promise<void> {
  const user = await r.get(`/user/${encodeURIComponent(username)}`);
  r.write(`positions/v0-user-${safe(username)}.json`, user);
  const userId = isObj(user) && typeof user.id === 'string' ? user.id : undefined;
  if (userId === undefined) return r.say(`Manifold: no user ${username}`);
  const bets = await r.get('/bets', [
    ['userId', userId],
    ['limit', '1000'],
  ]);
  r.write(`bets/bets-user-${safe(username)}.json`, bets);
  const ids = [...new Set((Array.isArray(bets) ? bets : []).map((b) => (isObj(b) ? b.contractId : undefined)))]
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .slice(0, 20);
  for (const id of ids) {
    r.say(`Manifold: ${username}'s position in ${id}`);
    r.write(
      `positions/v0-market-${safe(id)}-positions-${safe(username)}.json`,
      await r.get(`/market/${encodeURIComponent(id)}/positions`, [['userId', userId]]),
    );
    r.write(marketFile(id), await r.get(`/market/${encodeURIComponent(id)}`));
  }
}
