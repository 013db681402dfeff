import { describe, expect, it } from 'vitest';
import type { OrderBook, PricePoint } from '../api/types.js';
import { PUBLIC_CAPS } from '../sources/caps.js';
import type { SourceCaps } from '../sources/types.js';
import { seriesKey } from '../store/traderSlice.js';
import { apiError, market, maxInWindow, rig, type Call } from '../../test/support/syncHarness.js';

const CAPS: SourceCaps = { ...PUBLIC_CAPS, book: true, history: true, batch: 100, categoryWord: 'category' };
const book = (id: string, outcome: string): OrderBook => ({
  marketId: id,
  outcome,
  bids: [{ price: 0.4, size: 10 }],
  asks: [{ price: 0.42, size: 5 }],
  raw: {},
});
const points: PricePoint[] = [
  { t: -3_600_000, p: 0.3 },
  { t: -60_000, p: 0.4 },
];

function platformRig(caps: SourceCaps = CAPS) {
  const r = rig({ limit: 60, platform: true, caps, mode: 'kalshi', categories: true });
  r.client.handler = (c: Call) => {
    if (c.method === 'getBook') return { data: book(String(c.args[0]), String(c.args[1])), status: 200 };
    if (c.method === 'getHistory') return { data: points, status: 200 };
    if (c.method === 'listCategories') return { data: [{ id: '21', label: 'Crypto' }], status: 200 };
    return undefined;
  };
  return r;
}

describe('the trader’s view and the groupings in the scheduler', () => {
  it('a selected market: its detail, book and 24 h history; the book refreshed with it, the history once', async () => {
    const r = platformRig();
    r.sync.start();
    await r.run(5_000);
    const sel = r.store.getState().selectedId!;
    expect(sel).toBeDefined();
    expect(r.client.of('getBook').map((c) => c.args)).toContainEqual([sel, 'Yes']);
    expect(r.client.of('getHistory').map((c) => c.args)).toEqual([[sel, 'Yes', '24h']]);
    expect(r.store.getState().books[sel]?.book.bids[0]?.price).toBe(0.4);
    expect(r.store.getState().series[seriesKey(sel, '24h')]?.points).toEqual(points);
    // the groupings, once, with their labels
    expect(r.client.of('listCategories')).toHaveLength(1);
    expect(r.store.getState().sourceCategories).toEqual(['21']);
    expect(r.store.getState().categoryLabels).toEqual({ '21': 'Crypto' });

    await r.run(5 * 60_000);
    // the book is polled with the selected market's detail, the history never again
    expect(r.client.of('getBook').length).toBeGreaterThan(10);
    expect(r.client.of('getHistory')).toHaveLength(1);
    const booksOfOthers = r.client.of('getBook').filter((c) => c.args[0] !== sel);
    expect(booksOfOthers).toHaveLength(0);
    expect(
      maxInWindow(
        r.client.calls.map((c) => c.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(60);
  });

  it('h: the 7 d history of the selected market, once; back to 24 h costs nothing', async () => {
    const r = platformRig();
    r.sync.start();
    await r.run(5_000);
    r.sync.setHistoryRange('7d');
    await r.run(2_000);
    r.sync.setHistoryRange('24h');
    r.sync.setHistoryRange('7d');
    await r.run(2_000);
    expect(r.client.of('getHistory').map((c) => c.args[2])).toEqual(['24h', '7d']);
    expect(r.store.getState().historyRange).toBe('7d');
  });

  it('another outcome in the quote form: the book of that outcome', async () => {
    const r = platformRig();
    r.sync.start();
    await r.run(5_000);
    const sel = r.store.getState().selectedId!;
    r.sync.editQuote(sel, { outcome: 'No' });
    await r.run(2_000);
    expect(r.client.of('getBook').map((c) => c.args[1])).toContain('No');
    expect(r.store.getState().books[sel]?.book.outcome).toBe('No');
  });

  it('no books or histories where the source has none; a market without a book leaves the rest alone', async () => {
    const bare = platformRig({ ...CAPS, book: false, history: false });
    bare.sync.start();
    await bare.run(60_000);
    expect(bare.client.of('getBook')).toHaveLength(0);
    expect(bare.client.of('getHistory')).toHaveLength(0);

    const r = platformRig();
    r.client.handler = (c: Call) =>
      c.method === 'getBook' || c.method === 'getHistory' ? apiError({ kind: 'not_found', status: 404 }) : undefined;
    r.sync.start();
    await r.run(10_000);
    expect(r.client.of('getBook').length).toBeGreaterThan(0);
    expect(r.store.getState().connection.status).toBe('online');
    expect(r.store.getState().books).toEqual({});
  });

  it('watched markets outside the list, where the source takes many ids: one request for all', async () => {
    const r = platformRig({ ...CAPS, book: false, history: false });
    r.client.handler = (c: Call) =>
      c.method === 'getMarkets'
        ? { data: (c.args[0] as string[]).filter((id) => id !== 'w9').map((id) => market(id)), status: 200 }
        : undefined;
    r.sync.start();
    await r.run(100);
    const watched = Array.from({ length: 10 }, (_, i) => `w${i}`);
    for (const id of watched) r.sync.toggleWatch(id);
    await r.run(10 * 60_000);
    const batches = r.client.of('getMarkets');
    expect(batches.length).toBeGreaterThan(0);
    // every batch carries all the watched markets outside the list (up to the source's 100)
    expect(batches.every((c) => (c.args[0] as string[]).length >= 9)).toBe(true);
    expect(r.client.of('getMarket').filter((c) => watched.includes(String(c.args[0])))).toEqual([]);
    expect(r.store.getState().markets.w0?.market.id).toBe('w0');
    // the one the source left out of its answer is gone for now, as its own 404 would say
    expect(r.store.getState().markets.w9).toBeUndefined();
  });
});
