import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import { createClient, maskKey, type ClientConfig } from './client.js';
import { json, ok } from '../../test/support/testServer.js';
import { MARKET, withTestServer } from '../../test/support/apiHarness.js';
import { rejection, thrown } from '../../test/support/catch.js';

const KEY = 'sk_live_S3CRETVALUE_9f8e7d6c';
const t = withTestServer();
const client = (extra?: Partial<ClientConfig>) => t.client(extra);

describe('base URL', () => {
  it.each([
    'http://example.com',
    'http://10.0.0.1:8080',
    'http://127.0.0.1.evil.example',
    'http://evil.localhost:8787',
    'http://localhost.evil.example',
    'http://[::2]/',
    'ftp://127.0.0.1',
    'not a url',
    '',
  ])('refuses %j at creation', (baseUrl) => {
    const e = thrown(() => createClient({ baseUrl }));
    expect(e).toMatchObject({ kind: 'invalid_request', param: 'baseUrl' });
  });

  it('names the reason for plain http to a remote host', () => {
    expect(thrown(() => createClient({ baseUrl: 'http://api.example.com' })).message).toMatch(
      /Refusing plain http:\/\/ to api\.example\.com.*Use https:\/\//,
    );
  });

  it.each([
    'https://api.example.com',
    'https://api.example.com/prefix/',
    'http://127.0.0.1:9',
    'http://127.8.9.10',
    'http://localhost:3000',
    'http://[::1]:8080',
  ])('accepts %j', async (baseUrl) => {
    await createClient({ baseUrl }).close();
  });

  it('joins a path prefix without double slashes, and drops a trailing /public/v1', async () => {
    await client({ baseUrl: `${t.srv.url}/api//v2/` }).listMarkets();
    await client({ baseUrl: `${t.srv.url}/public/v1/` }).listEvents();
    await client({ baseUrl: `${t.srv.url}/` }).listEvents({ limit: 5 });
    expect(t.srv.seen.map((s) => s.path)).toEqual([
      '/api/v2/public/v1/markets',
      '/public/v1/events',
      '/public/v1/events?limit=5',
    ]);
  });
});

describe('request shape', () => {
  it('sends Accept and User-Agent, and X-API-Key only when a key is configured', async () => {
    await client().listMarkets();
    await client({ apiKey: '   ' }).listMarkets();
    await client({ apiKey: KEY, userAgent: 'probe/1' }).listMarkets();
    const [anon, blank, keyed] = t.srv.seen;
    expect(anon?.headers.accept).toBe('application/json');
    expect(anon?.headers['user-agent']).toMatch(/^oddsboard\//);
    expect(anon?.headers['x-api-key']).toBeUndefined();
    expect(blank?.headers['x-api-key']).toBeUndefined();
    expect(keyed?.headers['x-api-key']).toBe(KEY);
    expect(keyed?.headers['user-agent']).toBe('probe/1');
  });

  it('keeps hostile ids inside one path segment', async () => {
    t.srv.handle((_q, res) => ok(res, MARKET));
    const c = client();
    for (const id of ['a/b', 'x?y=1', '#frag', '../../admin', '%2e%2e', 'ünï cødé']) await c.getMarket(id);
    t.srv.handle((_q, res) => ok(res, { id: 'e', title: 'E', markets: [] }));
    await c.getEvent('e/../x');
    expect(t.srv.seen.map((s) => s.path)).toEqual([
      '/public/v1/markets/a%2Fb',
      '/public/v1/markets/x%3Fy%3D1',
      '/public/v1/markets/%23frag',
      '/public/v1/markets/..%2F..%2Fadmin',
      '/public/v1/markets/%252e%252e',
      '/public/v1/markets/%C3%BCn%C3%AF%20c%C3%B8d%C3%A9',
      '/public/v1/events/e%2F..%2Fx',
    ]);
  });

  it('rejects dot-segment and empty ids without sending', async () => {
    const c = client();
    for (const id of ['..', '.', '', '   ']) {
      expect(await rejection(c.getMarket(id))).toMatchObject({ kind: 'invalid_request', param: 'market id' });
    }
    expect(await rejection(c.getEvent('..'))).toMatchObject({
      kind: 'invalid_request',
      param: 'event id',
      message: 'The event id cannot be "." or ".."',
    });
    expect(await rejection(c.getQuote('', { outcome: 'Yes', amount: 1, action: 'buy' }))).toMatchObject({
      param: 'market id',
    });
    expect(t.srv.seen).toHaveLength(0);
  });

  it('sends the list filters and the quote parameters, encoded', async () => {
    const c = client();
    await c.listMarkets({
      q: ' rain & snow ',
      status: 'all',
      category: 'weather',
      sort: 'volume',
      limit: 100,
      offset: 10000,
    });
    await c.listMarkets({ q: '', status: undefined });
    t.srv.handle((_q, res) =>
      ok(res, {
        marketId: 'm1',
        outcome: 'Yes',
        action: 'buy',
        amount: 12.5,
        shares: 20,
        averagePrice: 0.62,
        priceBefore: 0.6,
        priceAfter: 0.64,
        priceImpact: 0.04,
        fee: 0.1,
        total: 12.6,
      }),
    );
    const q = await c.getQuote('m1', { outcome: '  Yes ', amount: ' 12.50 ', action: 'buy' });
    expect(q.data).toMatchObject({ marketId: 'm1', shares: 20, averagePrice: 0.62, total: 12.6 });
    expect(t.srv.seen.map((s) => s.path)).toEqual([
      '/public/v1/markets?q=rain+%26+snow&status=all&category=weather&sort=volume&limit=100&offset=10000',
      '/public/v1/markets',
      '/public/v1/markets/m1/quote?outcome=Yes&amount=12.5&action=buy',
    ]);
  });

  it('validation failures name the parameter and send nothing', async () => {
    const c = client();
    const cases: Array<[Promise<unknown>, string, RegExp]> = [
      [c.listMarkets({ limit: 0 }), 'limit', /limit must be a whole number from 1 to 100/],
      [c.listMarkets({ limit: 101 }), 'limit', /1 to 100/],
      [c.listMarkets({ limit: 2.5 }), 'limit', /whole number/],
      [c.listMarkets({ offset: -1 }), 'offset', /offset must be a whole number from 0 to 10000/],
      [c.listMarkets({ offset: 10001 }), 'offset', /0 to 10000/],
      [c.listEvents({ limit: 1000 }), 'limit', /1 to 100/],
      [c.getQuote('m1', { outcome: ' ', amount: 1, action: 'buy' }), 'outcome', /Choose an outcome/],
      [c.getQuote('m1', { outcome: 'Yes', amount: '', action: 'buy' }), 'amount', /^Enter an amount$/],
      [c.getQuote('m1', { outcome: 'Yes', amount: 'abc', action: 'buy' }), 'amount', /^Amount must be a number$/],
      [c.getQuote('m1', { outcome: 'Yes', amount: '-1', action: 'buy' }), 'amount', /^Amount must be greater than 0$/],
      [c.getQuote('m1', { outcome: 'Yes', amount: '1e400', action: 'buy' }), 'amount', /too large/],
      [c.getQuote('m1', { outcome: 'Yes', amount: 5, action: 'hold' as 'buy' }), 'action', /buy.*sell/],
    ];
    for (const [p, param, msg] of cases) {
      const e = await rejection(p);
      expect(e.kind).toBe('invalid_request');
      expect(e.param).toBe(param);
      expect(e.message).toMatch(msg);
    }
    expect(t.srv.seen).toHaveLength(0);
  });
});

describe('rate information', () => {
  it('429 with Retry-After in seconds', async () => {
    t.srv.handle((_q, res) =>
      json(
        res,
        429,
        { success: false, error: { code: 'RATE_LIMITED', message: 'Slow down' } },
        { 'retry-after': '7', 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '7' },
      ),
    );
    const e = await rejection(client().listMarkets());
    expect(e).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Slow down',
      retryAfterMs: 7000,
      rate: { limit: 10, remaining: 0, resetMs: 7000 },
    });
  });

  it('429 with Retry-After as an HTTP date, relative to the Date header', async () => {
    const date = new Date(Date.UTC(2020, 0, 1, 0, 0, 0));
    const later = new Date(date.getTime() + 30_000);
    t.srv.handle((_q, res) =>
      json(
        res,
        429,
        { success: false, error: { code: 'RATE_LIMITED', message: '' } },
        { date: date.toUTCString(), 'retry-after': later.toUTCString() },
      ),
    );
    const e = await rejection(client().listMarkets());
    expect(e.retryAfterMs).toBe(30_000);
    expect(e.message).toMatch(/Rate limit exceeded \(429\)/);
  });

  it('429 with a garbage Retry-After has no retryAfterMs', async () => {
    t.srv.handle((_q, res) =>
      json(res, 429, { success: false, error: { code: 'RATE_LIMITED', message: 'x' } }, { 'retry-after': 'soon-ish' }),
    );
    const e = await rejection(client().listMarkets());
    expect(e.kind).toBe('rate_limited');
    expect(e.retryAfterMs).toBeUndefined();
  });

  it('rate headers on a success land in result.rate', async () => {
    t.srv.handle((_q, res) =>
      ok(res, [MARKET], { ratelimit: 'limit=30, remaining=12, reset=41', 'ratelimit-policy': '30;w=60' }),
    );
    const r = await client().listMarkets();
    expect(r.status).toBe(200);
    expect(r.rate).toEqual({ limit: 30, remaining: 12, resetMs: 41_000, windowMs: 60_000 });
    expect(r.data[0]?.id).toBe('m1');
    t.srv.handle((_q, res) => ok(res, [MARKET]));
    expect((await client().listMarkets()).rate).toBeUndefined();
  });
});

describe('the API key stays secret', () => {
  it('maskKey shows at most the last 4 characters', () => {
    expect(maskKey(KEY)).toBe('…7d6c');
    expect(maskKey('short')).toBe('…');
    expect(maskKey('')).toBe('');
    expect(maskKey(undefined)).toBe('');
  });

  it('is absent from inspect/JSON of the client and from errors, even when the server echoes it', async () => {
    const c = client({ apiKey: KEY });
    const shown = inspect(c, { showHidden: true, depth: 10 });
    expect(shown).toContain(`…${KEY.slice(-4)}`);
    for (const text of [shown, JSON.stringify(c), String(c)]) expect(text).not.toContain(KEY);

    t.srv.handle((req, res) =>
      json(res, 401, {
        success: false,
        error: {
          code: 'UNAUTHORIZED',
          message: `Invalid API key ${String(req.headers['x-api-key'])} (${encodeURIComponent(KEY)})`,
        },
      }),
    );
    const e = await rejection(c.listMarkets());
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(e.message).toContain('[redacted]');
    for (const text of [
      e.message,
      e.stack ?? '',
      JSON.stringify(e),
      JSON.stringify({ ...e }),
      inspect(e, { showHidden: true, depth: 10 }),
    ]) {
      expect(text).not.toContain(KEY);
    }

    t.srv.handle((_q, res) => json(res, 401, { success: false, error: { code: KEY, message: '' } }));
    const e2 = await rejection(c.listMarkets());
    expect(e2.message).toBe('The API key was rejected (401). oddsboard will not fall back to anonymous access.');
    expect(JSON.stringify({ ...e2, message: e2.message })).not.toContain(KEY);
  });

  it('a key that cannot go into a header is refused at creation without echoing it', () => {
    const bad = 'abc\r\nX-Evil: 1secretsecret';
    const e = thrown(() => createClient({ baseUrl: 'https://api.example.com', apiKey: bad }));
    expect(e).toMatchObject({ kind: 'invalid_request', param: 'apiKey' });
    expect(e.message).not.toContain('secretsecret');
  });
});
