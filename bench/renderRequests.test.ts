import { describe, expect, it } from 'vitest';
import { requestsIn, requestsLine } from './renderRequests.js';

const line = (at: number, path: string) => `req ${JSON.stringify({ at, path, status: 200 })}`;

describe("bench:render's requests from a replay's log", () => {
  it('counts the idle window only, per route without the query, a minute’s worth', () => {
    const out = [
      'http://127.0.0.1:4000/trade-api/v2',
      line(999, '/trade-api/v2/markets?limit=100'),
      line(1_000, '/trade-api/v2/markets?limit=100'),
      line(2_000, '/trade-api/v2/markets/K-1'),
      line(3_000, '/trade-api/v2/markets/K-1/orderbook'),
      line(4_000, '/trade-api/v2/markets?limit=100'),
      'req {cut by the kill',
      line(31_000, '/trade-api/v2/markets?limit=100'),
    ].join('\n');
    const r = requestsIn(out, 1_000, 31_000);
    expect(r.perMin).toBe(8);
    expect(r.routes).toEqual({
      '/trade-api/v2/markets': 4,
      '/trade-api/v2/markets/K-1': 2,
      '/trade-api/v2/markets/K-1/orderbook': 2,
    });
    expect(requestsIn(out, 5_000, 5_000)).toEqual({ perMin: 0, routes: {} });
  });

  it('names each venue with its busiest routes and sums the routes asked once', () => {
    const text = requestsLine('160×48 all', {
      kalshi: { perMin: 19, routes: { '/trade-api/v2/markets': 19 } },
      manifold: { perMin: 23, routes: { '/v0/search-markets': 19, '/v0/market/a': 1, '/v0/market/b': 1 } },
    });
    expect(text).toBe(
      '- 160×48 all: kalshi 19 (/trade-api/v2/markets 19); manifold 23 (/v0/search-markets 19, 2 other routes 2)',
    );
  });
});
