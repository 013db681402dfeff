/**
 * Turns a raw HTTP answer into the envelope's `data` or exactly one ApiError.
 * Decided by HTTP status first, then by `success`:
 *  - non-2xx → kindForStatus(status); code/message from the failure envelope when it has sane ones
 *  - 2xx with success:false → kind 'server' (the server reported a failure but gave no status for it;
 *    we do not guess a kind from `error.code`), code/message from its error object
 *  - 2xx that is not JSON, not an object, has no boolean `success`, or success:true without `data` → 'protocol'
 * Server text is sanitized, length-capped and scrubbed of the API key.
 */
import { ApiError, kindForStatus } from './errors.js';
import { parseRateHeaders, parseRetryAfter } from './rateHeaders.js';
import type { RateHeaders } from './types.js';
import type { RawResponse } from './transport.js';
import { sanitize } from '../util/sanitize.js';
import { G } from '../util/glyphs.js';

export const MESSAGE_MAX = 300;

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The server rejected the request as invalid (400).',
  401: 'The API key was rejected (401). oddsboard will not fall back to anonymous access.',
  403: 'Access was refused (403).',
  404: 'Not found (404). It may not exist, or it is private or pending review.',
  409: 'The market is closed for trading (409).',
  410: 'The market is already resolved (410).',
  422: 'The server could not process the request (422).',
  423: 'The market is settling; quotes are locked until it resolves (423).',
  429: 'Rate limit exceeded (429). Back off and retry later.',
  500: 'The server had an internal error (500).',
  502: 'Bad gateway (502): the server is unreachable behind its proxy.',
  503: 'The service is unavailable right now (503).',
  504: 'Gateway timeout (504): the server took too long behind its proxy.',
};

/** Our words for a failure the server did not explain; without a key, a 401 is not about one. */
export function defaultMessage(status: number, keyed = true): string {
  if (status === 401 && !keyed) return 'The service refused anonymous access (401).';
  return (
    DEFAULT_MESSAGES[status] ??
    (status >= 500
      ? `The server failed with status ${status}.`
      : `Unexpected answer from the server (status ${status}).`)
  );
}

/** Removes the key (and its percent-encoded form) from server-supplied text. */
export function scrubKey(text: string, key: string | undefined): string {
  if (!key) return text;
  let out = text.split(key).join('[redacted]');
  const enc = encodeURIComponent(key);
  if (enc !== key) out = out.split(enc).join('[redacted]');
  return out;
}

function cleanMessage(v: unknown, key: string | undefined): string | undefined {
  if (typeof v !== 'string') return undefined;
  let t = scrubKey(sanitize(v), key).trim();
  if (t === '') return undefined;
  if (t.length > MESSAGE_MAX) t = `${t.slice(0, MESSAGE_MAX - G.ell.length)}${G.ell}`;
  return t;
}

function cleanCode(v: unknown, key: string | undefined): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = sanitize(v).trim();
  if (!/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(t)) return undefined;
  if (key && t.includes(key)) return undefined;
  return t.toUpperCase();
}

/** The parameter a 400 names (`error.param`), when it looks like a parameter name. */
function cleanParam(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = sanitize(v).trim();
  return /^[A-Za-z_][A-Za-z0-9_.-]{0,39}$/.test(t) ? t : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const t = text.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(t) };
  } catch {
    return { ok: false };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface Decoded {
  data: unknown;
  status: number;
  rate?: RateHeaders;
}

/** The envelope's data, or throws one ApiError. `now` is used for Retry-After / reset arithmetic. */
export function decodeEnvelope(res: RawResponse, key: string | undefined, now: number = Date.now()): Decoded {
  const { status } = res;
  const rate = parseRateHeaders(res.headers, now);
  const parsed = parseJson(res.text);
  const body = parsed.ok ? parsed.value : undefined;
  const failure = isRecord(body) && isRecord(body.error) ? body.error : undefined;

  if (status < 200 || status > 299) {
    const kind = kindForStatus(status);
    const retryAfterMs = status === 429 ? parseRetryAfter(res.headers, now) : undefined;
    throw new ApiError({
      kind,
      status,
      code: cleanCode(failure?.code, key) ?? `HTTP_${status}`,
      message: cleanMessage(failure?.message, key) ?? defaultMessage(status, key !== undefined),
      retryAfterMs,
      rate,
      param: kind === 'invalid_request' ? cleanParam(failure?.param) : undefined,
    });
  }

  if (!parsed.ok) {
    throw new ApiError({
      kind: 'protocol',
      status,
      code: 'NOT_JSON',
      message: `The server answered ${status} but not with JSON (maybe an error page or a proxy).`,
      rate,
    });
  }
  if (!isRecord(body) || typeof body.success !== 'boolean') {
    throw new ApiError({
      kind: 'protocol',
      status,
      code: 'BAD_ENVELOPE',
      message: 'The server answered with JSON that is not the expected {success, data} envelope.',
      rate,
    });
  }
  if (body.success === false) {
    throw new ApiError({
      kind: 'server',
      status,
      code: cleanCode(failure?.code, key) ?? 'SERVER_FAILURE',
      message:
        cleanMessage(failure?.message, key) ?? `The server reported a failure (status ${status}) without details.`,
      rate,
    });
  }
  if (!('data' in body) || body.data === undefined || body.data === null) {
    throw new ApiError({
      kind: 'protocol',
      status,
      code: 'NO_DATA',
      message: 'The server reported success but sent no data.',
      rate,
    });
  }
  return { data: body.data, status, ...(rate ? { rate } : {}) };
}
