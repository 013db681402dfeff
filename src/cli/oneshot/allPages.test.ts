import { describe, expect, it } from 'vitest';
import { oneShotService, valid } from '../../../test/support/oneShot.js';
import type { Market, MarketQuery } from '../../api/types.js';
import type { SourceClient } from '../../sources/types.js';
import { allPages, orderMoved } from './allPages.js';
import type { Fetch } from './run.js';

// The demo's world moves an hour after every answer: volumes, and with them the default order (volume), move
// between one page and the next, as they do on a live service while --all pages through it.
const service = oneShotService({ start: Date.UTC(2026, 10, 22, 12), afterAnswer: (clock) => clock.advance(3_600_000) });

describe('markets --all while the order moves', () => {
  it('reads the page before a repeat once more: every visible market once, nothing said', async () => {
    const c = await service.run(['markets', '--all', '--status', 'all', '--json']);
    expect(c.code).toBe(0);
    valid(JSON.parse(c.out));
    // it got 233 of the 241 (8 missed) and said "the order moved while paging (8 repeats)"
    expect(c.err).toBe('');
    const ids = JSON.parse(c.out).data.map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(service.srv.sim.markets().filter((m) => service.srv.sim.isVisible(m)).length);
  });

  it('--sort newest: every visible market once, nothing said', async () => {
    const c = await service.run(['markets', '--all', '--status', 'all', '--sort', 'newest', '--json']);
    expect(c.code).toBe(0);
    expect(c.err).toBe('');
    const ids = JSON.parse(c.out).data.map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(service.srv.sim.markets().filter((m) => service.srv.sim.isVisible(m)).length);
  });
});

/** A list whose order is `orders[n]` at the n-th request (the last one from then on), two markets a page. */
function scripted(orders: string[]) {
  const asked: number[] = [];
  const said: number[] = [];
  const client = {
    listMarkets: async (q: MarketQuery) => {
      const order = orders[Math.min(asked.length, orders.length - 1)]!;
      asked.push(q.offset!);
      const ids = [...order].slice(q.offset!, q.offset! + q.limit!);
      return { status: 200, data: ids.map((id) => ({ id }) as Market) };
    },
  } as unknown as SourceClient;
  const fetch: Fetch = async (call) => (await call(client, {})).data;
  const all = () =>
    allPages(
      fetch,
      { limit: 2 },
      (answer) => answer,
      (repeats) => said.push(repeats),
    ).then((l) => l.map((m) => m.id));
  return { all, asked, said };
}

describe('allPages', () => {
  it('a market skipped as the order moved is found by one more read of the page before, in its place', async () => {
    // b and c swap after the first page: b comes twice, c was skipped
    const s = scripted(['abcdef', 'acbdef']);
    expect(await s.all()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(s.asked).toEqual([0, 2, 0, 4, 6]);
    expect(s.said).toEqual([]);
  });

  it('one retry only: when it does not find as many as came twice, the warning, once', async () => {
    // the order moves back before the retry: c is not seen again
    const s = scripted(['abcdef', 'acbdef', 'abcdef']);
    expect(await s.all()).toEqual(['a', 'b', 'd', 'e', 'f']);
    expect(s.asked).toEqual([0, 2, 0, 4, 6]);
    expect(s.said).toEqual([1]);
  });
});

describe('orderMoved', () => {
  it('names the venue among several, counts one repeat as one, and offers newest only where it is fixed', () => {
    expect(orderMoved(1, 'public', 'newest', true)).toBe(
      'The interface: the order moved while paging (1 repeat): some markets may be missing',
    );
    expect(orderMoved(3, 'kalshi', undefined, false)).toBe(
      'the order moved while paging (3 repeats): some markets may be missing',
    );
  });
});
