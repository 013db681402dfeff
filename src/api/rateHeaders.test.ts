import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, parseRateHeaders, parseRetryAfter } from './rateHeaders.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter({ 'retry-after': '12' }, NOW)).toBe(12_000);
    expect(parseRetryAfter({ 'retry-after': '0' }, NOW)).toBe(0);
    expect(parseRetryAfter({ 'retry-after': '1.5' }, NOW)).toBe(1500);
  });

  it('reads an HTTP date relative to the Date header, else to now', () => {
    const at = new Date(NOW + 45_000).toUTCString();
    expect(parseRetryAfter({ 'retry-after': at }, NOW)).toBe(45_000);
    // server clock 10 s behind ours: the Date header wins
    expect(parseRetryAfter({ 'retry-after': at, date: new Date(NOW - 10_000).toUTCString() }, NOW)).toBe(55_000);
    // a garbage Date header falls back to now
    expect(parseRetryAfter({ 'retry-after': at, date: 'yesterday' }, NOW)).toBe(45_000);
  });

  it('clamps to [0, 1h]', () => {
    expect(parseRetryAfter({ 'retry-after': '999999' }, NOW)).toBe(MAX_WAIT_MS);
    expect(parseRetryAfter({ 'retry-after': new Date(NOW - 60_000).toUTCString() }, NOW)).toBe(0);
  });

  it('is undefined for garbage or absence', () => {
    for (const v of ['', 'soon', '-5', '1e3', 'NaN', 'Infinity', '12 seconds', 'Mon, 99 Foo 2026']) {
      expect(parseRetryAfter({ 'retry-after': v }, NOW)).toBeUndefined();
    }
    expect(parseRetryAfter({}, NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });

  it('works with a Headers object and with repeated headers', () => {
    expect(parseRetryAfter(new Headers({ 'Retry-After': '3' }), NOW)).toBe(3000);
    expect(parseRetryAfter({ 'retry-after': ['4'] }, NOW)).toBe(4000);
  });
});

describe('parseRateHeaders', () => {
  it('reads the combined draft form with a policy', () => {
    expect(
      parseRateHeaders({ ratelimit: 'limit=10, remaining=0, reset=5', 'ratelimit-policy': '10;w=60' }, NOW),
    ).toEqual({
      limit: 10,
      remaining: 0,
      resetMs: 5000,
      windowMs: 60_000,
    });
  });

  it('reads the structured-field form and picks the most constrained policy', () => {
    expect(
      parseRateHeaders(
        { ratelimit: '"burst";r=3;t=2, "minute";r=1;t=40', 'ratelimit-policy': '"burst";q=5;w=10, "minute";q=30;w=60' },
        NOW,
      ),
    ).toEqual({
      limit: 5,
      remaining: 1,
      resetMs: 40_000,
      windowMs: 10_000,
    });
    expect(parseRateHeaders({ ratelimit: '"default";r=7;t=12' }, NOW)).toEqual({ remaining: 7, resetMs: 12_000 });
    expect(parseRateHeaders({ 'ratelimit-policy': '"default";q=30;w=60' }, NOW)).toEqual({
      limit: 30,
      windowMs: 60_000,
    });
  });

  it('reads separate RateLimit-* and X-RateLimit-* headers', () => {
    expect(
      parseRateHeaders({ 'ratelimit-limit': '30', 'ratelimit-remaining': '29', 'ratelimit-reset': '60' }, NOW),
    ).toEqual({ limit: 30, remaining: 29, resetMs: 60_000 });
    expect(
      parseRateHeaders({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': '15' }, NOW),
    ).toEqual({ limit: 10, remaining: 4, resetMs: 15_000 });
  });

  it('reads an X-RateLimit-Reset epoch in seconds or ms, against the Date header when present', () => {
    expect(parseRateHeaders({ 'x-ratelimit-reset': String(NOW / 1000 + 20) }, NOW)?.resetMs).toBe(20_000);
    expect(parseRateHeaders({ 'x-ratelimit-reset': String(NOW + 8000) }, NOW)?.resetMs).toBe(8000);
    const date = new Date(NOW - 5000).toUTCString();
    expect(parseRateHeaders({ 'x-ratelimit-reset': String(NOW / 1000 + 20), date }, NOW)?.resetMs).toBe(25_000);
    expect(parseRateHeaders({ 'x-ratelimit-reset': String(NOW / 1000 - 100) }, NOW)?.resetMs).toBe(0);
    expect(parseRateHeaders({ 'x-ratelimit-reset': String(NOW / 1000 + 86_400) }, NOW)?.resetMs).toBe(MAX_WAIT_MS);
  });

  it('prefers the standard headers over X-RateLimit-*', () => {
    expect(
      parseRateHeaders(
        { ratelimit: 'limit=30, remaining=2, reset=9', 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '8' },
        NOW,
      ),
    ).toEqual({ limit: 30, remaining: 2, resetMs: 9000 });
  });

  it('ignores garbage and returns undefined when nothing is readable', () => {
    expect(
      parseRateHeaders({ 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '-1', ratelimit: 'nonsense' }, NOW),
    ).toBeUndefined();
    expect(parseRateHeaders({}, NOW)).toBeUndefined();
    expect(parseRateHeaders({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': 'NaN' }, NOW)).toEqual({
      remaining: 3,
    });
  });
});
