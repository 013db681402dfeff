import { describe, expect, it } from 'vitest';
import type { ApiResult, Market, MarketEvent } from '../api/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import type { SourceClient } from '../sources/types.js';
import { prefixClient } from './prefixClient.js';

const m = (id: string): Market => ({ id, title: id, status: 'active', outcomes: [], eventId: 'EV', raw: {} });
const ok = <T>(data: T): Promise<ApiResult<T>> => Promise.resolve({ data, status: 200 });

function fake(asked: string[]): SourceClient {
  return {
    source: 'kalshi',
    caps: KALSHI_CAPS,
    listMarkets: () => ok([m('A'), m('B')]),
    getMarket: (id) => (asked.push(`market ${id}`), ok(m(id))),
    getMarkets: (ids) => (asked.push(`markets ${ids.join(',')}`), ok(ids.map(m))),
    getQuote: (id) => (asked.push(`quote ${id}`), ok({ marketId: id, raw: {} })),
    listEvents: () => ok<MarketEvent[]>([{ id: 'EV', title: 'e', markets: [m('A')], raw: {} }]),
    getEvent: (id) => (asked.push(`event ${id}`), ok<MarketEvent>({ id, title: 'e', markets: [], raw: {} })),
    listCategories: () => ok([]),
    listClosing: () => ok([m('C')]),
    describe: () => ({ baseUrl: 'x', apiKey: '', authenticated: false }),
    close: async () => {},
    getBook: (id, outcome) => (asked.push(`book ${id}`), ok({ marketId: id, outcome, bids: [], asks: [], raw: {} })),
    getHistory: (id) => (asked.push(`history ${id}`), ok([])),
  };
}

describe("a venue's client with refKey ids", () => {
  it('writes venue:id on every id that comes in and strips it on every id that goes out', async () => {
    const asked: string[] = [];
    const c = prefixClient('kalshi', fake(asked));
    expect((await c.listMarkets()).data.map((x) => [x.id, x.eventId])).toEqual([
      ['kalshi:A', 'kalshi:EV'],
      ['kalshi:B', 'kalshi:EV'],
    ]);
    expect((await c.getMarket('kalshi:A')).data.id).toBe('kalshi:A');
    expect((await c.getMarkets(['kalshi:A', 'kalshi:B'])).data.map((x) => x.id)).toEqual(['kalshi:A', 'kalshi:B']);
    expect((await c.getQuote('kalshi:A', { outcome: 'Yes', amount: 5, action: 'buy' })).data.marketId).toBe('kalshi:A');
    const events = (await c.listEvents()).data;
    expect([events[0]!.id, events[0]!.markets[0]!.id]).toEqual(['kalshi:EV', 'kalshi:A']);
    expect((await c.getEvent('kalshi:EV')).data.id).toBe('kalshi:EV');
    expect((await c.listClosing()).data[0]!.id).toBe('kalshi:C');
    expect((await c.getBook!('kalshi:A', 'Yes')).data.marketId).toBe('kalshi:A');
    await c.getHistory!('kalshi:A', 'Yes', '24h');
    expect(asked).toEqual(['market A', 'markets A,B', 'quote A', 'event EV', 'book A', 'history A']);
    expect(c.caps).toBe(KALSHI_CAPS);
  });

  it("writes venue:id on a batch's deferred ids too (the sync asks them again by the store's ids)", async () => {
    const inner = fake([]);
    inner.getMarkets = (ids) => Promise.resolve({ data: [m(ids[0]!)], status: 200, deferred: ids.slice(1) });
    const r = await prefixClient('manifold', inner).getMarkets(['manifold:A', 'manifold:B', 'manifold:C']);
    expect([r.data.map((x) => x.id), r.deferred]).toEqual([['manifold:A'], ['manifold:B', 'manifold:C']]);
  });
});
