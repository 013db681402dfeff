/**
 * Gamma's error bodies (docs/sources/polymarket.md): `{"type":"validation error","error":"offset too large, …"}`
 * (422), `{"type":"internal error","error":"cannot get the information"}` (500), plain `{"error":"…"}`; Cloudflare's
 * HTML pages are read by the shared decoder (src/sources/http.ts). `type` becomes the code (`VALIDATION_ERROR`).
 */
import type { ErrorText } from '../types.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `type` → an error code: "validation error" → VALIDATION_ERROR (letters, digits and underscores only). */
function codeOf(type: unknown): string | undefined {
  if (typeof type !== 'string') return undefined;
  const t = type
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return t === '' ? undefined : t.slice(0, 64).toUpperCase();
}

/** Reads a Gamma error body into a code and a message (undefined when it is not one). */
export function readGammaError(body: unknown): ErrorText | undefined {
  if (!isObj(body)) return undefined;
  const message = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : '';
  const code = codeOf(body.type);
  if (message === '' && code === undefined) return undefined;
  return { ...(code !== undefined ? { code } : {}), ...(message !== '' ? { message } : {}) };
}

/** Gamma's word for an error of this status, in its `type` member. */
function typeFor(status: number): string {
  if (status === 404) return 'not found error';
  if (status === 429) return 'rate limit error';
  if (status >= 500) return 'internal error';
  return 'validation error';
}

/** The body Gamma sends for an error of this status (the replay's and the chaos profiles'); code is ours, unused. */
export function gammaErrorBody(status: number, _code: string, message: string): unknown {
  return { type: typeFor(status), error: message };
}
