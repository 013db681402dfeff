/**
 * Kalshi's error bodies (docs/sources/kalshi.md): the spec's `ErrorResponse` wrapped in `error` —
 * `{"error":{"code","message","details","service"}}` — and the rate limiter's `{"error": "too many requests"}`,
 * where `error` is a string (docs.kalshi.com/getting_started/rate_limits).
 */
import type { ErrorText } from '../types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** The documented 429 body, verbatim. */
export const TOO_MANY_REQUESTS_BODY = { error: 'too many requests' } as const;

/** Reads `{error:{code,message,details}}`, `{error:"…"}` or a bare `{code,message}` into a code and a message. */
export function readKalshiError(body: unknown): ErrorText | undefined {
  if (!isObj(body)) return undefined;
  const inner = body.error;
  if (typeof inner === 'string') return text(inner) ? { message: inner } : undefined;
  const o = isObj(inner) ? inner : body;
  const code = text(o.code);
  const message = text(o.message);
  const details = text(o.details);
  if (code === undefined && message === undefined && details === undefined) return undefined;
  const said = message !== undefined && details !== undefined ? `${message}: ${details}` : (message ?? details);
  return { ...(code !== undefined ? { code } : {}), ...(said !== undefined ? { message: said } : {}) };
}

/** The body Kalshi sends for an error of this status (the replay's and the chaos profiles'). */
export function kalshiErrorBody(status: number, code: string, message: string): unknown {
  if (status === 429) return { ...TOO_MANY_REQUESTS_BODY };
  return { error: { code: code.toLowerCase(), message, service: 'replay' } };
}
