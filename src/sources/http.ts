/**
 * JSON over the shared transport for the platforms' own APIs (no envelope): one undici Agent with explicit
 * timeouts and a body cap (src/api/transport.ts), every answer decoded into JSON or exactly one ApiError:
 *  - non-2xx → the kind of its status (kindForStatus); code and message from the platform's error body
 *    (`readError`, per source), else from an HTML page's title (Cloudflare, nginx), else our own words;
 *    429 carries Retry-After (seconds or an HTTP date) when sent, and never requires it;
 *  - 2xx that is not JSON → 'protocol' NOT_JSON (a maintenance or challenge page served as 200).
 * Server text is sanitized, capped and scrubbed of the key, as the interface's client does.
 */
import { DEFAULT_USER_AGENT } from '../api/client.js';
import { openConnection } from '../api/connection.js';
import { defaultMessage, MESSAGE_MAX, scrubKey } from '../api/envelope.js';
import { ApiError, kindForStatus } from '../api/errors.js';
import { parseRateHeaders, parseRetryAfter } from '../api/rateHeaders.js';
import { httpGet, parseBaseUrl, type BaseUrl, type RawResponse } from '../api/transport.js';
import type { CallOptions, RateHeaders } from '../api/types.js';
import { sanitize } from '../util/sanitize.js';
import type { ErrorText, Paged, Query, SourceClientConfig } from './types.js';
import { G } from '../util/glyphs.js';

export type { ErrorText, Query };

/** Reads a platform's error body (already parsed JSON) into a code and a message. */
export type ErrorReader = (body: unknown) => ErrorText | undefined;

export interface JsonAnswer {
  data: unknown;
  status: number;
  rate?: RateHeaders;
}

/**
 * Statuses the caller reads as an expected state rather than a failure (the CLOB's 404 for a market with no order
 * book): such an answer is returned as it is, its body parsed when it is JSON (else null) — no ApiError is built, so
 * an answer that comes every few seconds costs no stack trace (issue 30).
 */
export type ExpectedStatus = (status: number) => boolean;

export interface JsonHttp {
  /** GET `path` (below the base, starting with '/', already encoded) with `query`. */
  get(path: string, query?: Query, opts?: CallOptions, expected?: ExpectedStatus): Promise<JsonAnswer>;
  readonly baseUrl: string;
  close(): Promise<void>;
}

function clean(v: unknown, key: string | undefined, max = MESSAGE_MAX): string | undefined {
  if (typeof v !== 'string') return undefined;
  let t = scrubKey(sanitize(v), key).replace(/\s+/g, ' ').trim();
  if (t === '') return undefined;
  if (t.length > max) t = `${t.slice(0, max - G.ell.length)}${G.ell}`;
  return t;
}

function cleanCode(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const t = sanitize(String(v)).trim();
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(t) ? t.toUpperCase() : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch {
    return { ok: false };
  }
}

/** An HTML page's title (`<title>Just a moment...</title>`, `429 Too Many Requests`), when the body is one. */
export function htmlTitle(text: string): string | undefined {
  if (!/^\s*(<!doctype html|<html|<head|<body|<title)/i.test(text)) return undefined;
  const m = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(text);
  return m ? (m[1] ?? '').trim() || 'an HTML page' : 'an HTML page';
}

/** Turns a raw answer into JSON data or throws one ApiError (see the module comment). */
export function decodeJson(
  res: RawResponse,
  readError: ErrorReader,
  key: string | undefined,
  now: number = Date.now(),
  expected?: ExpectedStatus,
): JsonAnswer {
  const { status } = res;
  const rate = parseRateHeaders(res.headers, now);
  const parsed = parseJson(res.text);
  if ((status < 200 || status > 299) && expected?.(status))
    return { data: parsed.ok ? parsed.value : null, status, ...(rate ? { rate } : {}) };
  if (status < 200 || status > 299) {
    const said = parsed.ok ? readError(parsed.value) : undefined;
    const page = parsed.ok ? undefined : htmlTitle(res.text);
    const message =
      clean(said?.message, key) ??
      (page !== undefined
        ? `${defaultMessage(status, key !== undefined)} (an HTML page: ${G.lquo}${clean(page, key, 80)}${G.rquo})`
        : undefined) ??
      defaultMessage(status, key !== undefined);
    throw new ApiError({
      kind: kindForStatus(status),
      status,
      code: cleanCode(said?.code) ?? (page !== undefined ? `HTML_${status}` : `HTTP_${status}`),
      message,
      retryAfterMs: status === 429 ? parseRetryAfter(res.headers, now) : undefined,
      rate,
    });
  }
  if (!parsed.ok) {
    const page = htmlTitle(res.text);
    throw new ApiError({
      kind: 'protocol',
      status,
      code: 'NOT_JSON',
      message:
        page !== undefined
          ? `The server answered ${status} with an HTML page (${G.lquo}${clean(page, key, 80)}${G.rquo}), not JSON: ` +
            'a proxy, a challenge or maintenance.'
          : `The server answered ${status} but not with JSON.`,
      rate,
    });
  }
  return { data: parsed.value, status, ...(rate ? { rate } : {}) };
}

/**
 * One JSON client over one Agent for one base URL. Throws ApiError 'invalid_request' (param 'baseUrl') for an
 * unusable base (plain http:// only to loopback). Platform sources send no key: `apiKey` is only for scrubbing.
 */
export function createJsonHttp(
  config: Pick<SourceClientConfig, 'userAgent' | 'timeouts' | 'maxBodyBytes' | 'apiKey'> & {
    baseUrl: string;
    /** Headers that authenticate one request (Kalshi's signature), from its method and full path with query. */
    sign?: (method: string, path: string) => Record<string, string>;
  },
  readError: ErrorReader,
): JsonHttp {
  const base: BaseUrl = parseBaseUrl(config.baseUrl);
  const conn = openConnection(config);
  const headers = { accept: 'application/json', 'user-agent': config.userAgent ?? DEFAULT_USER_AGENT };
  return {
    baseUrl: base.origin + base.prefix,
    async get(path, query = [], opts, expected) {
      const qs =
        query.length > 0 ? `?${new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString()}` : '';
      await opts?.beforeSend?.();
      const signed = config.sign ? config.sign('GET', base.prefix + path + qs) : {};
      const res = await httpGet({
        ...conn,
        base,
        path: path + qs,
        headers: { ...headers, ...signed },
        signal: opts?.signal,
      });
      return decodeJson(res, readError, config.apiKey, Date.now(), expected);
    },
    close: () => conn.close(),
  };
}

/** A client's result from one answer: its data, status, rate headers when sent, and whether a next page exists. */
export function answered<T>(a: Pick<JsonAnswer, 'status' | 'rate'>, data: T, more?: boolean): Paged<T> {
  return {
    data,
    status: a.status,
    ...(a.rate ? { rate: a.rate } : {}),
    ...(more !== undefined ? { more } : {}),
  };
}

/** A protocol error: the platform answered 2xx with JSON of a shape we cannot use. */
export function badShape(status: number, message: string, rate?: RateHeaders): ApiError {
  return new ApiError({ kind: 'protocol', code: 'BAD_DATA', status, message, ...(rate ? { rate } : {}) });
}

/** The rejection of an operation the source cannot do (caps say so; the screen never asks). */
export function unsupported(what: string, source: string): ApiError {
  return new ApiError({
    kind: 'invalid_request',
    code: 'NOT_SUPPORTED',
    message: `${source} has no ${what}.`,
  });
}
