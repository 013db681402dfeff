import { describe, expect, it } from 'vitest';
import { parseBaseUrl, transportError } from './transport.js';
import { decodeEnvelope, scrubKey } from './envelope.js';
import { ApiError } from './errors.js';

const ctx = { base: parseBaseUrl('https://api.example.com:8443/x/'), headersMs: 100, bodyMs: 100, maxBodyBytes: 1024 };
const err = (code: string, cause?: unknown) =>
  Object.assign(new Error(`raw ${code} text with /secret/path`), { code, cause });

describe('parseBaseUrl', () => {
  it('splits origin and prefix', () => {
    expect(parseBaseUrl('https://api.example.com')).toEqual({
      origin: 'https://api.example.com',
      prefix: '',
      host: 'api.example.com',
    });
    expect(parseBaseUrl(' https://api.example.com:8443//v/x// ')).toEqual({
      origin: 'https://api.example.com:8443',
      prefix: '/v/x',
      host: 'api.example.com:8443',
    });
    expect(parseBaseUrl('https://api.example.com/proxy/public/v1/').prefix).toBe('/proxy');
  });

  it('refuses credentials, queries and fragments in the base URL', () => {
    for (const u of ['https://user:pw@api.example.com', 'https://api.example.com/?a=1', 'https://api.example.com/#x']) {
      expect(() => parseBaseUrl(u)).toThrow(ApiError);
    }
  });
});

describe('transportError', () => {
  it.each([
    ['ENOTFOUND', 'network', /Could not find api\.example\.com:8443 \(DNS lookup failed\)/],
    ['EAI_AGAIN', 'network', /DNS/],
    ['ECONNREFUSED', 'network', /connection refused/],
    ['ECONNRESET', 'network', /closed before the answer was complete/],
    ['UND_ERR_SOCKET', 'network', /closed before/],
    ['EHOSTUNREACH', 'network', /cannot be reached/],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', /Connecting to .* timed out/],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', /did not start answering within 100 ms/],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', /stopped sending/],
    ['CERT_HAS_EXPIRED', 'network', /secure connection .* failed \(CERT_HAS_EXPIRED\)/],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'network', /secure connection/],
    ['HPE_INVALID_CONSTANT', 'protocol', /malformed HTTP/],
    ['UND_ERR_DESTROYED', 'aborted', /client was closed/],
    ['UND_ERR_RES_EXCEEDED_MAX_SIZE', 'protocol', /larger than 1 KiB/],
    ['WHATEVER_ELSE', 'network', /request to api\.example\.com:8443 failed \(WHATEVER_ELSE\)/],
  ])('%s → %s', (code, kind, message) => {
    const e = transportError(err(code), ctx);
    expect(e.kind).toBe(kind);
    expect(e.message).toMatch(message);
    expect(e.message).not.toMatch(/raw|secret/);
  });

  it('looks through causes and aggregated errors', () => {
    expect(transportError(new TypeError('fetch failed', { cause: err('ECONNREFUSED') }), ctx).code).toBe(
      'ECONNREFUSED',
    );
    expect(
      transportError(Object.assign(new AggregateError([err('ENETUNREACH'), err('ECONNREFUSED')]), {}), ctx).kind,
    ).toBe('network');
    expect(transportError('a string', ctx)).toMatchObject({ kind: 'network', code: 'NETWORK' });
  });
});

describe('decodeEnvelope', () => {
  const res = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers,
    text: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('returns data and rate of a success', () => {
    expect(decodeEnvelope(res(200, { success: true, data: [1] }, { 'x-ratelimit-remaining': '3' }), undefined)).toEqual(
      { data: [1], status: 200, rate: { remaining: 3 } },
    );
    expect(decodeEnvelope(res(200, '\uFEFF{"success":true,"data":{}}'), undefined).data).toEqual({});
  });

  it('decides by status before success', () => {
    expect(() => decodeEnvelope(res(500, { success: true, data: [] }), undefined)).toThrow(
      expect.objectContaining({ kind: 'server', status: 500 }),
    );
    expect(() => decodeEnvelope(res(503, ''), undefined)).toThrow(
      expect.objectContaining({ kind: 'server', message: 'The service is unavailable right now (503).' }),
    );
    expect(() => decodeEnvelope(res(301, ''), undefined)).toThrow(
      expect.objectContaining({ kind: 'server', status: 301 }),
    );
    expect(() => decodeEnvelope(res(200, 'null'), undefined)).toThrow(
      expect.objectContaining({ kind: 'protocol', code: 'BAD_ENVELOPE' }),
    );
    expect(() => decodeEnvelope(res(200, { success: true, data: null }), undefined)).toThrow(
      expect.objectContaining({ kind: 'protocol', code: 'NO_DATA' }),
    );
    expect(() => decodeEnvelope(res(200, { success: 'yes', data: 1 }), undefined)).toThrow(
      expect.objectContaining({ kind: 'protocol' }),
    );
  });

  it('scrubs the key, raw and percent-encoded', () => {
    expect(scrubKey('k=a+b/c and a%2Bb%2Fc', 'a+b/c')).toBe('k=[redacted] and [redacted]');
    expect(scrubKey('nothing', undefined)).toBe('nothing');
  });
});
