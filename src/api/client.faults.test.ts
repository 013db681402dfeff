import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientConfig } from './client.js';
import { json, ok } from '../../test/support/testServer.js';
import { MARKET, withTestServer } from '../../test/support/apiHarness.js';
import { rejection } from '../../test/support/catch.js';

const t = withTestServer();
const client = (extra?: Partial<ClientConfig>) => t.client(extra);

describe('envelope and status faults', () => {
  it('an HTML 502 page becomes a server error with a plain message', async () => {
    t.srv.handle((_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    const e = await rejection(client().listMarkets());
    expect(e).toMatchObject({ kind: 'server', status: 502, code: 'HTTP_502' });
    expect(e.message).toMatch(/Bad gateway \(502\)/);
    expect(e.message).not.toMatch(/<html>/);
  });

  it('an HTML page with status 200 is a protocol error', async () => {
    t.srv.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><p>captive portal</p>');
    });
    const e = await rejection(client().getMarket('m1'));
    expect(e).toMatchObject({ kind: 'protocol', status: 200, code: 'NOT_JSON' });
  });

  it('success:false on a 200 becomes a server error carrying the sanitized code and message', async () => {
    t.srv.handle((_q, res) =>
      json(res, 200, {
        success: false,
        error: { code: 'backend_down', message: '\u001b[31mupstream\u001b[0m is down' },
      }),
    );
    const e = await rejection(client().listMarkets());
    expect(e).toMatchObject({ kind: 'server', status: 200, code: 'BACKEND_DOWN', message: 'upstream is down' });
  });

  it(
    'success:true without data, JSON without envelope, and a list endpoint returning an object are protocol ' +
      'errors',
    async () => {
      t.srv.handle((_q, res) => json(res, 200, { success: true }));
      expect(await rejection(client().listMarkets())).toMatchObject({ kind: 'protocol', code: 'NO_DATA' });
      t.srv.handle((_q, res) => json(res, 200, [MARKET]));
      expect(await rejection(client().listMarkets())).toMatchObject({ kind: 'protocol', code: 'BAD_ENVELOPE' });
      t.srv.handle((_q, res) => ok(res, { markets: [MARKET] }));
      expect(await rejection(client().listMarkets())).toMatchObject({ kind: 'protocol', code: 'BAD_DATA' });
      t.srv.handle((_q, res) => ok(res, { title: 'no id here' }));
      expect(await rejection(client().getMarket('m1'))).toMatchObject({ kind: 'protocol', code: 'BAD_DATA' });
    },
  );

  it('a 404 with a long hostile message is sanitized and capped; a sane code is kept', async () => {
    t.srv.handle((_q, res) =>
      json(res, 404, {
        success: false,
        error: { code: 'NOT_FOUND', message: `\u001b]52;c;ZXZpbA==\u0007gone ${'x'.repeat(1000)}` },
      }),
    );
    const e = await rejection(client().getMarket('m1'));
    expect(e).toMatchObject({ kind: 'not_found', status: 404, code: 'NOT_FOUND' });
    expect(e.message.startsWith('gone x')).toBe(true);
    expect(e.message.length).toBeLessThanOrEqual(300);
  });

  it('a garbage error code is replaced by one derived from the status', async () => {
    t.srv.handle((_q, res) =>
      json(res, 409, { success: false, error: { code: '<script>' + 'x'.repeat(100), message: 7 } }),
    );
    const e = await rejection(client().getQuote('m1', { outcome: 'Yes', amount: 5, action: 'buy' }));
    expect(e).toMatchObject({
      kind: 'closed',
      status: 409,
      code: 'HTTP_409',
      message: 'The market is closed for trading (409).',
    });
  });
});

describe('size cap', () => {
  it('a 10 MB body with a declared length is refused at once with a 1 MB cap', async () => {
    t.srv.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) });
      res.write('{"success":true,"data":"');
      // never finish; the client must not wait for the rest
    });
    const e = await rejection(client({ maxBodyBytes: 1024 * 1024 }).listMarkets());
    expect(e).toMatchObject({ kind: 'protocol', code: 'BODY_TOO_LARGE' });
  });

  it('a chunked 10 MB body stops being read soon after the cap', async () => {
    let written = 0;
    let finished = false;
    t.srv.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (written < 10 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        finished = true;
        res.end();
      };
      res.on('error', () => undefined);
      pump();
    });
    const e = await rejection(client({ maxBodyBytes: 1024 * 1024 }).listMarkets());
    expect(e).toMatchObject({ kind: 'protocol', code: 'BODY_TOO_LARGE' });
    expect(e.message).toContain('1 MiB');
    expect(finished).toBe(false);
  });
});

describe('timeouts, transport failures and aborts', () => {
  it('headers that never come end in a headers timeout', async () => {
    t.srv.handle(() => undefined);
    const e = await rejection(client({ timeouts: { headersMs: 100 } }).listMarkets());
    expect(e).toMatchObject({ kind: 'timeout', code: 'HEADERS_TIMEOUT' });
    expect(e.message).toMatch(/did not start answering within 100 ms/);
  });

  it('a body that stalls ends in a body timeout', async () => {
    t.srv.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":true,');
    });
    const e = await rejection(client({ timeouts: { bodyMs: 100 } }).listMarkets());
    expect(e).toMatchObject({ kind: 'timeout', code: 'BODY_TIMEOUT' });
  });

  it('a body that trickles forever ends at the total deadline', async () => {
    t.srv.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(t));
    });
    const e = await rejection(client({ timeouts: { totalMs: 120 } }).listMarkets());
    expect(e).toMatchObject({ kind: 'timeout', code: 'TOTAL_TIMEOUT' });
  });

  it('connection refused is a network error', async () => {
    const tmp = createServer();
    await new Promise<void>((r) => tmp.listen(0, '127.0.0.1', r));
    const port = (tmp.address() as AddressInfo).port;
    await new Promise<void>((r) => tmp.close(() => r()));
    const c = client({ baseUrl: `http://127.0.0.1:${port}` });
    const e = await rejection(c.listMarkets());
    expect(e).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
    expect(e.message).toBe(`Could not connect to 127.0.0.1:${port}: connection refused.`);
  });

  it('a connection reset mid-response is a network error', async () => {
    t.srv.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"success":true,"data":[', () => res.socket?.destroy());
    });
    const e = await rejection(client().listMarkets());
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/closed before the answer was complete/);
  });

  it('a reset before any answer is a network error', async () => {
    t.srv.handle((req) => req.socket.destroy());
    const e = await rejection(client().getMarket('m1'));
    expect(e.kind).toBe('network');
  });

  it("the caller's abort is 'aborted', before and during the request", async () => {
    const pre = new AbortController();
    pre.abort();
    expect(await rejection(client().listMarkets({}, { signal: pre.signal }))).toMatchObject({ kind: 'aborted' });
    expect(t.srv.seen).toHaveLength(0);

    const ctl = new AbortController();
    t.srv.handle(() => ctl.abort());
    expect(await rejection(client().listMarkets({}, { signal: ctl.signal }))).toMatchObject({
      kind: 'aborted',
      code: 'ABORTED',
    });
  });

  it('close() aborts pending calls; later calls fail as aborted', async () => {
    const c = client();
    t.srv.handle(() => void c.close());
    expect(await rejection(c.listMarkets())).toMatchObject({ kind: 'aborted', code: 'CLIENT_CLOSED' });
    expect(await rejection(c.getMarket('m1'))).toMatchObject({ kind: 'aborted' });
  });

  it('the connection stays usable after many error answers (bodies are consumed)', async () => {
    let n = 0;
    t.srv.handle((_q, res) =>
      ++n % 2 ? json(res, 404, { success: false, error: { code: 'NOT_FOUND', message: 'x' } }) : ok(res, MARKET),
    );
    const c = client();
    for (let i = 0; i < 6; i++) {
      if (i % 2 === 0) expect((await rejection(c.getMarket('m1'))).kind).toBe('not_found');
      else expect((await c.getMarket('m1')).data.id).toBe('m1');
    }
    // kept-alive connections were reused for the six calls: no body was left unread
    // (undici may open a second socket before the first is marked idle again)
    expect(t.srv.seen).toHaveLength(6);
    expect(new Set(t.srv.seen.map((s) => s.remotePort)).size).toBeLessThanOrEqual(2);
  });
});
