/**
 * The typed client of the five endpoints over one undici Agent.
 *
 * - createClient throws ApiError (kind 'invalid_request', param 'baseUrl' | 'apiKey' | 'userAgent' | 'timeouts')
 *   for an unusable configuration, including plain http:// to a host that is not loopback.
 * - Every call validates its parameters first (ApiError 'invalid_request' naming the parameter), then
 *   sends one GET with the per-phase timeouts of the Agent and an overall deadline, and resolves with
 *   normalized data or rejects with exactly one ApiError.
 * - The key lives only in a closure: it is never a property, never in inspect/JSON output, and is
 *   scrubbed from anything the server echoes into an error.
 */
import { inspect } from 'node:util';
import { configError, openConnection } from './connection.js';
import { ApiError } from './errors.js';
import { decodeEnvelope } from './envelope.js';
import { httpGet, parseBaseUrl } from './transport.js';
import {
  normalizeEvent,
  normalizeEventList,
  normalizeMarket,
  normalizeMarketList,
  normalizeQuote,
} from './normalize.js';
import type {
  ApiResult,
  CallOptions,
  EventQuery,
  Market,
  MarketClient,
  MarketEvent,
  MarketQuery,
  Quote,
  QuoteParams,
} from './types.js';
import {
  formatAmount,
  validateEventQuery,
  validateId,
  validateMarketQuery,
  validateQuoteParams,
  type QueryParams,
  type Validated,
} from './validate.js';
import { API_PREFIX } from './wire.js';
import { G } from '../util/glyphs.js';

export interface ClientConfig {
  baseUrl: string;
  apiKey?: string;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; totalMs?: number };
  /** default 4 MiB */
  maxBodyBytes?: number;
  userAgent?: string;
}

export { DEFAULT_TIMEOUTS, DEFAULT_MAX_BODY_BYTES } from './connection.js';
export const DEFAULT_USER_AGENT = 'oddsboard/0.1.0';

/** `…abcd` (last 4 characters), `…` for keys shorter than 8, '' for none. */
export function maskKey(key?: string): string {
  if (typeof key !== 'string' || key.trim() === '') return '';
  const k = key.trim();
  return k.length < 8 ? G.ell : `${G.ell}${k.slice(-4)}`;
}

function unwrap<T>(r: Validated<T>): T {
  if (!r.ok)
    throw new ApiError({ kind: 'invalid_request', code: 'INVALID_PARAMETER', param: r.param, message: r.message });
  return r.value;
}

function protocol(status: number, message: string, rate: ApiResult<unknown>['rate']): ApiError {
  return new ApiError({ kind: 'protocol', code: 'BAD_DATA', status, message, rate });
}

/** The four read endpoints answering the envelope's `data` exactly as the service sent it (for `oddsboard record`). */
export interface RawReads {
  rawMarkets(query?: MarketQuery, opts?: CallOptions): Promise<ApiResult<unknown>>;
  rawMarket(id: string, opts?: CallOptions): Promise<ApiResult<unknown>>;
  rawEvents(query?: EventQuery, opts?: CallOptions): Promise<ApiResult<unknown>>;
  rawEvent(id: string, opts?: CallOptions): Promise<ApiResult<unknown>>;
}

export interface MarketClientWithInfo extends MarketClient, RawReads {
  /** What the client is configured with, safe to print (key masked). */
  describe(): { baseUrl: string; apiKey: string; authenticated: boolean };
}

export function createClient(config: ClientConfig): MarketClientWithInfo {
  if (!config || typeof config !== 'object')
    throw configError('baseUrl', 'The client needs a configuration with a baseUrl.');
  const base = parseBaseUrl(config.baseUrl);
  const key = typeof config.apiKey === 'string' && config.apiKey.trim() !== '' ? config.apiKey.trim() : undefined;
  if (key !== undefined && !/^[\x21-\x7e]+$/.test(key)) {
    throw configError('apiKey', 'The API key contains spaces or characters that cannot be sent in an HTTP header.');
  }
  const userAgent = config.userAgent ?? DEFAULT_USER_AGENT;
  if (typeof userAgent !== 'string' || !/^[\x20-\x7e]{1,200}$/.test(userAgent))
    throw configError('userAgent', 'The user agent must be 1 to 200 printable ASCII characters.');
  const conn = openConnection(config);
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': userAgent };
  if (key !== undefined) headers['x-api-key'] = key;
  const baseUrl = base.origin + base.prefix;

  async function get(
    path: string,
    query: QueryParams,
    opts: CallOptions | undefined,
  ): Promise<{ data: unknown; status: number; rate?: ApiResult<unknown>['rate'] }> {
    const qs = query.length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
    await opts?.beforeSend?.();
    const res = await httpGet({
      ...conn,
      base,
      path: API_PREFIX + path + qs,
      headers: { ...headers },
      signal: opts?.signal,
    });
    return decodeEnvelope(res, key);
  }

  function result<T>(r: { status: number; rate?: ApiResult<unknown>['rate'] }, data: T): ApiResult<T> {
    return r.rate ? { data, status: r.status, rate: r.rate } : { data, status: r.status };
  }

  const segment = (id: unknown, param: string) => encodeURIComponent(unwrap(validateId(id, param)));

  const raw: RawReads = {
    async rawMarkets(query, opts) {
      const r = await get('/markets', unwrap(validateMarketQuery(query)), opts);
      if (!Array.isArray(r.data))
        throw protocol(r.status, 'The server sent something other than a list of markets.', r.rate);
      return result(r, r.data);
    },
    async rawMarket(id, opts) {
      const r = await get(`/markets/${segment(id, 'market id')}`, [], opts);
      return result(r, r.data);
    },
    async rawEvents(query, opts) {
      const r = await get('/events', unwrap(validateEventQuery(query)), opts);
      if (!Array.isArray(r.data))
        throw protocol(r.status, 'The server sent something other than a list of events.', r.rate);
      return result(r, r.data);
    },
    async rawEvent(id, opts) {
      const r = await get(`/events/${segment(id, 'event id')}`, [], opts);
      return result(r, r.data);
    },
  };

  const client: MarketClientWithInfo = {
    ...raw,
    async listMarkets(query?: MarketQuery, opts?: CallOptions): Promise<ApiResult<Market[]>> {
      const r = await raw.rawMarkets(query, opts);
      return { ...r, data: normalizeMarketList(r.data) };
    },
    async getMarket(id: string, opts?: CallOptions): Promise<ApiResult<Market>> {
      const r = await raw.rawMarket(id, opts);
      const m = normalizeMarket(r.data);
      if (!m) throw protocol(r.status, 'The server sent a market without a usable id.', r.rate);
      return { ...r, data: m };
    },
    async getQuote(id: string, params: QuoteParams, opts?: CallOptions): Promise<ApiResult<Quote>> {
      const path = `/markets/${segment(id, 'market id')}/quote`;
      const p = unwrap(validateQuoteParams(params));
      const r = await get(
        path,
        [
          ['outcome', p.outcome],
          ['amount', formatAmount(p.amount)],
          ['action', p.action],
        ],
        opts,
      );
      const q = normalizeQuote(r.data);
      if (!q) throw protocol(r.status, 'The server sent a quote that is not an object.', r.rate);
      return result(r, q);
    },
    async listEvents(query?: EventQuery, opts?: CallOptions): Promise<ApiResult<MarketEvent[]>> {
      const r = await raw.rawEvents(query, opts);
      return { ...r, data: normalizeEventList(r.data) };
    },
    async getEvent(id: string, opts?: CallOptions): Promise<ApiResult<MarketEvent>> {
      const r = await raw.rawEvent(id, opts);
      const e = normalizeEvent(r.data);
      if (!e) throw protocol(r.status, 'The server sent an event without a usable id.', r.rate);
      return { ...r, data: e };
    },
    close: () => conn.close(),
    describe() {
      return { baseUrl, apiKey: maskKey(key), authenticated: key !== undefined };
    },
  };
  const shown = () => ({ baseUrl, apiKey: maskKey(key) });
  Object.defineProperty(client, inspect.custom, { value: () => `MarketClient ${inspect(shown())}`, enumerable: false });
  Object.defineProperty(client, 'toJSON', { value: shown, enumerable: false });
  return client;
}
