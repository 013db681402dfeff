/**
 * A resolved market selected: its price and book do not change any more, so it is not polled at the selection's rate
 * — its detail now and then (a venue may reopen or amend it), no book — and the list keeps the period it has beside a
 * selected market, the selection's other slots unsent.
 */
import { describe, expect, it } from 'vitest';
import type { Market, OrderBook } from '../api/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { market, maxInWindow, rig, type Method, type Rig } from '../../test/support/syncHarness.js';
import { FINAL_DETAIL_MS } from './final.js';

const RESOLVED: Partial<Market> = { status: 'resolved', resolvedOutcome: 'Yes' };

/** A venue with books (Kalshi's caps): its list `listed()`, each market's detail `detail(id)`, a book of one level. */
function venue(listed: () => Market[], detail: (id: string) => Market = (id) => listed().find((m) => m.id === id)!) {
  const r = rig({ platform: true, caps: KALSHI_CAPS, mode: 'kalshi', limit: 60 });
  r.client.handler = (c) => {
    const id = String(c.args[0]);
    if (c.method === 'listMarkets') return { data: listed(), status: 200 };
    if (c.method === 'getMarket') return { data: detail(id), status: 200 };
    if (c.method === 'getBook') {
      const book: OrderBook = { marketId: id, outcome: 'Yes', bids: [{ price: 0.5, size: 10 }], asks: [], raw: {} };
      return { data: book, status: 200 };
    }
    return undefined;
  };
  return r;
}

/** Each route's requests from `from` (virtual ms), a market's detail and book counted for that market only. */
function count(r: Rig, id: string, from: number) {
  const at = (m: Method, pick?: string) =>
    r.client.of(m).filter((c) => c.at >= from && (pick === undefined || c.args[0] === pick)).length;
  return {
    all: at('listMarkets') + at('getMarket') + at('getBook'),
    list: at('listMarkets'),
    detail: at('getMarket', id),
    book: at('getBook', id),
  };
}

const LIST = [market('m1'), market('m2'), market('r1', RESOLVED)];

describe('a resolved market selected', () => {
  it('gets its detail every FINAL_DETAIL_MS and no book; the list keeps its period', async () => {
    const runs = [];
    for (const id of ['m1', 'r1']) {
      const r = venue(() => LIST);
      r.sync.start();
      await r.run(5_000);
      r.sync.select(id);
      await r.run(60_000);
      const t0 = r.clock.now();
      await r.run(10 * 60_000);
      await r.sync.stop();
      runs.push({
        id,
        ...count(r, id, t0),
        bookEver: count(r, id, 0).book,
        max: maxInWindow(r.client.calls.map((c) => c.at)),
      });
    }
    const [active, resolved] = runs as [(typeof runs)[0], (typeof runs)[0]];
    // the active one: two slots in three (its detail and its book in turn), the list the third
    expect(active.detail).toBeGreaterThan(150);
    expect(active.book).toBeGreaterThan(150);
    // the resolved one: its detail every 5 min, no book at all (not even on selection: its list entry said resolved)
    expect(resolved.bookEver).toBe(0);
    expect(resolved.detail).toBeGreaterThanOrEqual(Math.floor((10 * 60_000) / FINAL_DETAIL_MS));
    expect(resolved.detail).toBeLessThanOrEqual(Math.ceil((10 * 60_000) / FINAL_DETAIL_MS));
    expect(Math.abs(resolved.list - active.list)).toBeLessThanOrEqual(Math.ceil(active.list * 0.05));
    expect(resolved.all).toBeLessThan(active.all / 2);
  });

  it('one selected off the list: resolving stops its book, reopening is learned within FINAL_DETAIL_MS', async () => {
    let status: Partial<Market> = {};
    const r = venue(
      () => LIST.slice(0, 2),
      (id) => market(id, status),
    );
    r.sync.start();
    await r.run(5_000);
    // found by `g` (goTo.ts): loaded, pinned in Markets and selected, not in the list
    r.store.getState().marketLoaded(market('x1'), r.clock.now());
    r.store.getState().pinMarket('x1');
    r.sync.select('x1');
    await r.run(60_000);
    let t = r.clock.now();
    expect(count(r, 'x1', t - 30_000).detail).toBeGreaterThan(5);
    expect(count(r, 'x1', t - 30_000).book).toBeGreaterThan(5);
    // it resolves: the next detail says so, and its book is asked no more
    status = RESOLVED;
    await r.run(5_000);
    expect(r.store.getState().markets.x1?.knownStatus).toBe('resolved');
    t = r.clock.now();
    await r.run(FINAL_DETAIL_MS - 10_000);
    expect(count(r, 'x1', t)).toMatchObject({ detail: 0, book: 0 });
    // the venue reopens it: learned at the next slow refresh, then polled at the selection's rate again
    status = {};
    await r.run(20_000);
    const slow = r.client.of('getMarket').filter((c) => c.at >= t);
    expect(slow[0]!.at - t).toBeGreaterThan(FINAL_DETAIL_MS - 10_000);
    expect(slow[0]!.at - t).toBeLessThanOrEqual(FINAL_DETAIL_MS);
    expect(r.store.getState().markets.x1?.knownStatus).toBe('active');
    t = r.clock.now();
    await r.run(30_000);
    expect(count(r, 'x1', t).detail).toBeGreaterThan(5);
    expect(count(r, 'x1', t).book).toBeGreaterThan(5);
    expect(r.store.getState().selectedId).toBe('x1');
    await r.sync.stop();
  });
});
