/**
 * Reading a person's positions from each venue's documented routes, one request at a time through `send` (the caller
 * decides when a request may go: the one-shot's shared rate budget, the dashboard's sync), every answer through the
 * shared transport (src/sources/http.ts) with the venue's own error reader.
 *
 * - Polymarket (Data API, public by wallet): `GET /positions?user=&limit=500&offset=&sortBy=CURRENT&sortDirection=DESC
 *   &sizeThreshold=0.01` (limit 0..500, offset 0..10000, data-openapi.yaml), pages until a short page;
 *   `GET /value?user=`; then the markets' Gamma ids by conditionId (polymarketJoin.ts).
 * - Manifold (v0, public by username): `GET /user/{username}` → its id; `GET /bets?userId=&limit=1000` (newest first)
 *   → the markets bet on; per market `GET /market/{id}/positions?userId=` (ContractMetric) and the market itself.
 * - Kalshi (trade API v2, the user's own signed key): `GET /portfolio/positions?limit=1000&count_filter=position`
 *   (cursor pages, '' on the last), `GET /portfolio/balance`; the markets through the source's batch `tickers`.
 */
import type { ApiResult, CallOptions, Market } from '../api/types.js';
import { ApiError } from '../api/errors.js';
import { answered, badShape, createJsonHttp, type JsonHttp } from '../sources/http.js';
import type { SourceClient } from '../sources/types.js';
import { readGammaError } from '../sources/polymarket/errors.js';
import { readError as readManifoldError } from '../sources/manifold/errors.js';
import { readKalshiError } from '../sources/kalshi/errors.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import type { KalshiSigner } from '../sources/kalshi/auth.js';
import { kalshiBalance, kalshiPosition, kalshiPositionsPage } from './kalshi.js';
import { manifoldPosition, metricsOf } from './manifold.js';
import { polymarketPositions, polymarketValue } from './polymarket.js';
import { ConditionJoin } from './polymarketJoin.js';
import type { Position, VenuePositions } from './types.js';

/**
 * Runs one request when the caller allows it and resolves with its data; `client` is the venue's market source (the
 * one-shot's and the dashboard's), for the markets the positions are valued against. The one-shot's `Fetch`.
 */
export type Send = <T>(call: (client: SourceClient, opts: CallOptions) => Promise<ApiResult<T>>) => Promise<T>;

export interface PositionsReader {
  readonly venue: 'polymarket' | 'manifold' | 'kalshi';
  readonly identity: string;
  read(send: Send): Promise<VenuePositions>;
  close(): Promise<void>;
}

export const DATA_API_BASE_URL = 'https://data-api.polymarket.com';
export const POLYMARKET_PAGE = 500;
export const POLYMARKET_MAX_PAGES = 4;
export const KALSHI_PAGE = 1000;
export const KALSHI_MAX_PAGES = 5;
/** Manifold: the markets of the newest 1,000 bets, at most this many (two requests each). */
export const MANIFOLD_MAX_MARKETS = 20;

export const WALLET = /^0x[0-9a-fA-F]{40}$/;
export const MANIFOLD_USERNAME = /^[A-Za-z0-9_]{1,40}$/;

interface HttpConfig {
  baseUrl: string;
  userAgent?: string;
}

export function polymarketReader(config: HttpConfig, wallet: string): PositionsReader {
  if (!WALLET.test(wallet))
    throw new ApiError({ kind: 'invalid_request', code: 'BAD_WALLET', message: 'not a wallet address' });
  const http = createJsonHttp({ ...config, apiKey: undefined }, readGammaError);
  const join = new ConditionJoin();
  return {
    venue: 'polymarket',
    identity: wallet,
    async read(send) {
      const positions: Position[] = [];
      let more = false;
      for (let page = 0; page < POLYMARKET_MAX_PAGES; page++) {
        const rows = await send(async (_c, o) => {
          const a = await http.get(
            '/positions',
            [
              ['user', wallet],
              ['limit', String(POLYMARKET_PAGE)],
              ['offset', String(page * POLYMARKET_PAGE)],
              ['sortBy', 'CURRENT'],
              ['sortDirection', 'DESC'],
              ['sizeThreshold', '0.01'],
            ],
            o,
          );
          if (!Array.isArray(a.data))
            throw badShape(a.status, "The Data API's positions answer is not a list.", a.rate);
          return answered(a, { count: a.data.length, list: polymarketPositions(a.data) ?? [] });
        });
        positions.push(...rows.list);
        if (rows.count < POLYMARKET_PAGE) break;
        if (page === POLYMARKET_MAX_PAGES - 1) more = true;
      }
      const value = await send(async (_c, o) => {
        const a = await http.get('/value', [['user', wallet]], o);
        return answered(a, polymarketValue(a.data, wallet));
      });
      return {
        venue: 'polymarket',
        currency: 'USDC',
        identity: wallet,
        // keyed as the board keys Polymarket markets (Gamma ids) wherever that is known or can be learnt
        positions: await join.join(positions, send),
        ...(value !== undefined ? { reportedValue: value } : {}),
        ...(more ? { more } : {}),
      };
    },
    close: () => http.close(),
  };
}

export function manifoldReader(config: HttpConfig, username: string): PositionsReader {
  if (!MANIFOLD_USERNAME.test(username))
    throw new ApiError({ kind: 'invalid_request', code: 'BAD_USERNAME', message: 'not a Manifold username' });
  const http = createJsonHttp({ ...config, apiKey: undefined }, readManifoldError);
  const get = (path: string, query: [string, string][]) => (_c: SourceClient, o: CallOptions) =>
    http.get(path, query, o).then((a) => answered(a, a.data));
  return {
    venue: 'manifold',
    identity: username,
    async read(send) {
      const user = await send(get(`/user/${encodeURIComponent(username)}`, []));
      const userId = isObj(user) && typeof user.id === 'string' ? user.id : undefined;
      if (userId === undefined) throw badShape(200, "Manifold's user answer has no id.");
      const bets = await send(
        get('/bets', [
          ['userId', userId],
          ['limit', '1000'],
        ]),
      );
      if (!Array.isArray(bets)) throw badShape(200, "Manifold's bets answer is not a list.");
      const ids: string[] = [];
      for (const b of bets) {
        const id = isObj(b) && typeof b.contractId === 'string' ? b.contractId : undefined;
        if (id !== undefined && !ids.includes(id)) ids.push(id);
      }
      const positions: Position[] = [];
      for (const id of ids.slice(0, MANIFOLD_MAX_MARKETS)) {
        const body = await send(get(`/market/${encodeURIComponent(id)}/positions`, [['userId', userId]]));
        const metrics = metricsOf(body, userId) ?? [];
        if (!metrics.some((m) => manifoldPosition(m) !== undefined)) continue;
        let market: Market | undefined;
        try {
          market = await send((c, o) => c.getMarket(id, o));
        } catch (e) {
          if (!(e instanceof ApiError && e.kind === 'not_found')) throw e;
        }
        for (const m of metrics) {
          const p = manifoldPosition(m, market);
          if (p) positions.push(p);
        }
      }
      return {
        venue: 'manifold',
        currency: 'mana',
        identity: username,
        positions,
        ...(ids.length > MANIFOLD_MAX_MARKETS || bets.length >= 1000 ? { more: true } : {}),
      };
    },
    close: () => http.close(),
  };
}

export function kalshiReader(config: HttpConfig, signer: KalshiSigner, now = Date.now): PositionsReader {
  const http: JsonHttp = createJsonHttp(
    { ...config, apiKey: undefined, sign: (method, path) => signer.headers(method, path, now()) },
    readKalshiError,
  );
  return {
    venue: 'kalshi',
    identity: signer.keyId,
    async read(send) {
      const rows: unknown[] = [];
      let cursor: string | undefined;
      let more = false;
      for (let page = 0; page < KALSHI_MAX_PAGES; page++) {
        const got = await send(async (_c, o) => {
          const a = await http.get(
            '/portfolio/positions',
            [
              ['limit', String(KALSHI_PAGE)],
              ['count_filter', 'position'],
              ...(cursor ? [['cursor', cursor] as [string, string]] : []),
            ],
            o,
          );
          const p = kalshiPositionsPage(a.data);
          if (!p) throw badShape(a.status, "Kalshi's positions answer has no market_positions list.", a.rate);
          return answered(a, p);
        });
        rows.push(...got.rows);
        cursor = got.cursor;
        if (cursor === undefined) break;
        if (page === KALSHI_MAX_PAGES - 1) more = true;
      }
      const tickers = [
        ...new Set(rows.map((r) => (isObj(r) && typeof r.ticker === 'string' ? r.ticker : '')).filter((t) => t !== '')),
      ];
      const byTicker = new Map<string, Market>();
      for (let i = 0; i < tickers.length; i += KALSHI_CAPS.batch) {
        const chunk = tickers.slice(i, i + KALSHI_CAPS.batch);
        const got = await send((c, o) => c.getMarkets(chunk, o));
        for (const m of got) byTicker.set(m.id, m);
      }
      const positions = rows
        .map((r) => kalshiPosition(r, isObj(r) && typeof r.ticker === 'string' ? byTicker.get(r.ticker) : undefined))
        .filter((p): p is Position => p !== undefined);
      const balance = await send(async (_c, o) => {
        const a = await http.get('/portfolio/balance', [], o);
        return answered(a, kalshiBalance(a.data));
      });
      return {
        venue: 'kalshi',
        currency: 'USD',
        identity: signer.keyId,
        positions,
        ...(balance !== undefined ? { balance } : {}),
        ...(more ? { more } : {}),
      };
    },
    close: () => http.close(),
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
