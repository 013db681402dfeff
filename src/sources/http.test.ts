import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { CF_403, CF_429 } from '../server/chaosBody.js';
import { decodeJson, htmlTitle } from './http.js';

/** Kalshi's documented error shape `{"error":{"code","message"}}`, read as a source's readError would. */
const readError = (b: unknown) => {
  const e = (b as { error?: { code?: string; message?: string } } | undefined)?.error;
  return e ? { ...(e.code ? { code: e.code } : {}), ...(e.message ? { message: e.message } : {}) } : undefined;
};
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

function decode(status: number, text: string, headers: Record<string, string> = {}, key?: string) {
  try {
    return decodeJson({ status, headers, text }, readError, key, NOW);
  } catch (e) {
    return e as ApiError;
  }
}

describe('JSON answers of a platform: data or exactly one ApiError', () => {
  it('2xx JSON is the data as sent (no envelope)', () => {
    expect(decode(200, '{"markets":[],"cursor":""}')).toEqual({ data: { markets: [], cursor: '' }, status: 200 });
    expect(decode(200, '\uFEFF[1,2]')).toMatchObject({ data: [1, 2] });
  });

  it("the platform's error body gives code and message; the status gives the kind", () => {
    const e = decode(404, '{"error":{"code":"not_found","message":"market not found"}}') as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ kind: 'not_found', status: 404, code: 'NOT_FOUND', message: 'market not found' });
    const bad = decode(400, '{"error":{"code":"invalid_parameters","message":"bad \\u001b[31mstatus"}}') as ApiError;
    expect(bad).toMatchObject({ kind: 'invalid_request', code: 'INVALID_PARAMETERS', message: 'bad status' });
  });

  it('429 with Retry-After in seconds or as a date, and without it', () => {
    expect(decode(429, '{}', { 'retry-after': '7' })).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000 });
    const date = new Date(NOW + 20_000).toUTCString();
    expect(decode(429, '{}', { 'retry-after': date })).toMatchObject({ kind: 'rate_limited', retryAfterMs: 20_000 });
    expect(decode(429, '')).toMatchObject({ kind: 'rate_limited', retryAfterMs: undefined, code: 'HTTP_429' });
  });

  it("Cloudflare's HTML pages are named by their title, never shown as markup", () => {
    const limited = decode(429, CF_429, { 'retry-after': '20' }) as ApiError;
    expect(limited).toMatchObject({ kind: 'rate_limited', code: 'HTML_429', retryAfterMs: 20_000 });
    expect(limited.message).toContain('an HTML page');
    expect(limited.message).not.toContain('<');
    const blocked = decode(403, CF_403) as ApiError;
    expect(blocked).toMatchObject({ kind: 'forbidden', code: 'HTML_403' });
    expect(blocked.message).toContain('Attention Required! | Cloudflare');
    expect(htmlTitle('{"not":"html"}')).toBeUndefined();
  });

  it('a 2xx that is not JSON (a maintenance or challenge page) is a protocol error; 5xx is a server error', () => {
    expect(decode(200, '<html><title>Down for maintenance</title></html>')).toMatchObject({
      kind: 'protocol',
      code: 'NOT_JSON',
    });
    expect(decode(503, 'upstream connect error')).toMatchObject({ kind: 'server', code: 'HTTP_503' });
  });

  it('a key echoed in an error message is scrubbed', () => {
    const e = decode(401, '{"error":{"message":"key sk-live-12345678 unknown"}}', {}, 'sk-live-12345678') as ApiError;
    expect(e.message).not.toContain('sk-live-12345678');
  });
});
