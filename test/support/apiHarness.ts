/**
 * One loopback test server per file, the clients made against it closed after
 * each test, and its record of requests cleared: the setup every client test needs.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createClient, type ClientConfig } from '../../src/api/client.js';
import type { MarketClient } from '../../src/api/types.js';
import { ok, startTestServer, type TestServer } from './testServer.js';

/** A market in the reference wire shape. */
export const MARKET = {
  id: 'm1',
  title: 'Will it rain?',
  category: 'weather',
  status: 'active',
  outcomes: [
    { id: 'yes', name: 'Yes', price: 0.6 },
    { id: 'no', name: 'No', price: 0.4 },
  ],
  volume: 10,
  liquidity: 5,
  closesAt: '2030-01-01T00:00:00Z',
  eventId: 'e1',
  updatedAt: '2026-01-01T00:00:00Z',
};

export interface Harness {
  readonly srv: TestServer;
  client(extra?: Partial<ClientConfig>): MarketClient;
}

export function withTestServer(): Harness {
  let server: TestServer | undefined;
  const clients: MarketClient[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    server!.seen.length = 0;
    server!.handle((_q, res) => ok(res, []));
  });
  afterAll(() => server?.close());
  return {
    get srv() {
      if (!server) throw new Error('the test server starts in beforeAll');
      return server;
    },
    client(extra = {}) {
      const c = createClient({ baseUrl: this.srv.url, ...extra });
      clients.push(c);
      return c;
    },
  };
}
