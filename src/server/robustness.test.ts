import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { boot, P } from '../../test/support/serverHarness.js';

function raw(port: number, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    let buf = '';
    s.on('data', (d) => (buf += String(d)));
    s.on('end', () => resolve(buf));
    s.on('error', reject);
    s.write(payload);
  });
}

describe('robustness', () => {
  it('turns a throwing handler into 500 INTERNAL and keeps serving', async () => {
    const { get, server } = await boot();
    const spy = vi.spyOn(server.sim, 'toWire').mockImplementation(() => {
      throw new Error('boom');
    });
    const r = await get(`${P}/markets`);
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ success: false, error: { code: 'INTERNAL', message: 'Internal error.' } });
    expect(r.headers.get('ratelimit')).toMatch(/^limit=/);
    spy.mockRestore();
    expect((await get(`${P}/markets?limit=1`)).status).toBe(200);
  });

  it('answers a malformed request with a JSON 400 and survives', async () => {
    const { get, server } = await boot();
    const text = await raw(server.port, 'GET /public/v1/markets HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400/);
    expect(text).toContain('"success":false');
    expect((await get(`${P}/markets?limit=1`)).status).toBe(200);
  });

  it('accepts absolute-form request targets', async () => {
    const { server } = await boot();
    const text = await raw(
      server.port,
      `GET http://example.test${P}/events?limit=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 200/);
  });

  it('close() resolves even with an idle keep-alive connection open', async () => {
    const { server } = await boot();
    const s = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => {
      s.on('data', () => resolve());
      s.write(`GET ${P}/events?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n`);
    });
    const closed = new Promise<void>((resolve) => s.on('close', () => resolve()));
    await server.close();
    await closed;
    await server.close();
  });
});
