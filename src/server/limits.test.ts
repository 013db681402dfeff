import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { counted } from './listen.js';
import { SlidingWindowLimiter } from './rateLimit.js';
import { boot, P } from '../../test/support/serverHarness.js';

const DEFAULTS = { limits: {} };

describe('API keys', () => {
  it('serves a valid key and rejects a wrong or empty key with 401, never with data', async () => {
    const { get } = await boot({ ...DEFAULTS, keys: ['good-key-1234'] });
    const ok = await get(`${P}/markets?limit=1`, { headers: { 'X-API-Key': 'good-key-1234' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toBe('30;w=60');
    for (const bad of ['wrong', 'good-key-123', 'good-key-12345', '']) {
      const r = await get(`${P}/markets?limit=1`, { headers: { 'X-API-Key': bad } });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      expect(JSON.stringify(r.body)).not.toContain('good-key');
      expect(r.body.data).toBeUndefined();
    }
  });

  it('401 also when no keys are configured at all, and an empty configured key matches nothing', async () => {
    const { get } = await boot();
    expect((await get(`${P}/events?limit=1`, { headers: { 'X-API-Key': 'anything' } })).status).toBe(401);
    const other = await boot({ keys: ['', undefined as unknown as string] });
    expect((await other.get(`${P}/events?limit=1`, { headers: { 'X-API-Key': '' } })).status).toBe(401);
    expect((await other.get(`${P}/events?limit=1`)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('allows 10 anonymous requests per 60 s, the 11th gets 429 with Retry-After and RateLimit headers', async () => {
    const { get, clock } = await boot(DEFAULTS);
    for (let i = 1; i <= 10; i++) {
      const r = await get(`${P}/markets?limit=1`);
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit-policy')).toBe('10;w=60');
      expect(r.headers.get('ratelimit')).toBe(`limit=10, remaining=${10 - i}, reset=${61 - i}`);
      clock.advance(1_000);
    }
    const r = await get(`${P}/markets?limit=1`);
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    // the oldest request leaves the window 60 s after it was made: 10 s from now
    expect(r.headers.get('retry-after')).toBe('50');
    expect(r.headers.get('ratelimit')).toBe('limit=10, remaining=0, reset=50');
    // errors of any kind count: 404 and 405 also carry the headers
    clock.advance(50_000);
    const nf = await get(`${P}/nope`);
    expect(nf.status).toBe(404);
    expect(nf.headers.get('ratelimit')).toMatch(/^limit=10, remaining=0, reset=\d+$/);
  });

  it('the window slides: slots free up one by one as old requests expire; rejected requests do not count', async () => {
    const { get, clock } = await boot(DEFAULTS);
    for (let i = 0; i < 5; i++) expect((await get(`${P}/events?limit=1`)).status).toBe(200);
    clock.advance(30_000);
    for (let i = 0; i < 5; i++) expect((await get(`${P}/events?limit=1`)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get(`${P}/events?limit=1`)).status).toBe(429);
    clock.advance(29_999);
    const still = await get(`${P}/events?limit=1`);
    expect(still.status).toBe(429);
    expect(still.headers.get('retry-after')).toBe('1');
    clock.advance(1);
    // the first five have expired, the 429s never counted: five slots are free again
    for (let i = 0; i < 5; i++) expect((await get(`${P}/events?limit=1`)).status).toBe(200);
    expect((await get(`${P}/events?limit=1`)).status).toBe(429);
  });

  it('a key has its own bucket of 30; an invalid key never touches it', async () => {
    const { get } = await boot({ ...DEFAULTS, keys: ['k-one', 'k-two'] });
    for (let i = 0; i < 10; i++) expect((await get(`${P}/events?limit=1`)).status).toBe(200);
    expect((await get(`${P}/events?limit=1`)).status).toBe(429);
    const h = { headers: { 'X-API-Key': 'k-one' } };
    for (let i = 1; i <= 30; i++) {
      const r = await get(`${P}/events?limit=1`, h);
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit')).toMatch(new RegExp(`^limit=30, remaining=${30 - i}, reset=\\d+$`));
    }
    const over = await get(`${P}/events?limit=1`, h);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await get(`${P}/events?limit=1`, { headers: { 'X-API-Key': 'k-two' } })).status).toBe(200);
  });

  it("a refused key's requests count in that key's bucket, as the client files them, not the address's", async () => {
    const { get } = await boot({ ...DEFAULTS, keys: ['real'] });
    // a revoked key probing: 401s at the key limit, then 429 (the client's ledger holds them under the key)
    for (let i = 0; i < 30; i++) {
      const r = await get(`${P}/events?limit=1`, { headers: { 'X-API-Key': 'revoked' } });
      expect(r.status).toBe(401);
      expect(r.headers.get('ratelimit')).toMatch(new RegExp(`^limit=30, remaining=${29 - i}, `));
    }
    expect((await get(`${P}/events?limit=1`, { headers: { 'X-API-Key': 'revoked' } })).status).toBe(429);
    // the anonymous bucket of the same address is untouched (spec §5.3: never downgraded to anonymous mode)
    const anon = await get(`${P}/events?limit=1`);
    expect(anon.status).toBe(200);
    expect(anon.headers.get('ratelimit')).toBe('limit=10, remaining=9, reset=60');
    expect((await get(`${P}/events?limit=1`, { headers: { 'X-API-Key': 'other-guess' } })).status).toBe(401);
    const r = await get(`${P}/events?limit=1`, { headers: { 'X-API-Key': 'real' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit')).toBe('limit=30, remaining=29, reset=60');
  });

  it('ignores X-Forwarded-For and honours configured limits', async () => {
    const { get } = await boot({ limits: { anonymous: 2, windowMs: 10_000 } });
    expect((await get(`${P}/events?limit=1`, { headers: { 'X-Forwarded-For': '10.0.0.1' } })).status).toBe(200);
    expect((await get(`${P}/events?limit=1`, { headers: { 'X-Forwarded-For': '10.0.0.2' } })).status).toBe(200);
    const r = await get(`${P}/events?limit=1`, { headers: { 'X-Forwarded-For': '10.0.0.3' } });
    expect(r.status).toBe(429);
    expect(r.headers.get('ratelimit-policy')).toBe('2;w=10');
    expect(r.headers.get('retry-after')).toBe('10');
  });
});

describe('SlidingWindowLimiter', () => {
  it('prunes identities whose window is empty', () => {
    const clock = new ManualClock();
    const l = new SlidingWindowLimiter(clock, 60_000);
    for (let i = 0; i < 1000; i++) l.take(`ip:10.0.${i >> 8}.${i & 255}`, 10);
    expect(l.size()).toBe(1000);
    clock.advance(60_001);
    l.take('ip:1.1.1.1', 10);
    expect(l.size()).toBe(1);
  });

  it('reports reset as the ceiling of seconds until the oldest request leaves', () => {
    const clock = new ManualClock();
    const l = new SlidingWindowLimiter(clock, 60_000);
    l.take('a', 2);
    clock.advance(500);
    expect(l.take('a', 2)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 60 });
    clock.advance(100);
    expect(l.take('a', 2)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 60, retryAfterSeconds: 60 });
    clock.advance(59_399);
    expect(l.take('a', 2)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(1);
    expect(l.take('a', 2)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe('the service’s own count (onAnswer)', () => {
  it('reports each answer with the time its request arrived, the time the limit counts, not when it left', async () => {
    const clock = new ManualClock(1_000);
    let report: (r: [number, number]) => void = () => undefined;
    const reported = new Promise<[number, number]>((r) => (report = r));
    // an answer that leaves 1.5 s after its request came (a loaded machine)
    const slow = counted(
      (_req, res) => {
        clock.advance(1_500);
        res.writeHead(204).end();
      },
      (status, at) => report([status, at]),
      clock,
    );
    const server = createServer(slow);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(204);
      expect(await reported).toEqual([204, 1_000]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
