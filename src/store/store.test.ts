import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { CATEGORY_CAP, createOddsStore, MARKET_CACHE_CAP, NOTICE_CAP, type OddsStore } from './store.js';
import type { ErrorInfo } from './types.js';
import { binary, market } from '../../test/support/markets.js';

const m = (id: string, yes = 0.6, extra: Partial<Market> = {}): Market =>
  market(id, { title: `T ${id}`, outcomes: binary(yes), ...extra });
const fresh = (): OddsStore => createOddsStore({ mode: 'anon', limit: 10 });
const err = (kind: ErrorInfo['kind'], at: number, status?: number): ErrorInfo => ({
  kind,
  code: kind.toUpperCase(),
  message: kind,
  at,
  ...(status ? { status } : {}),
});

describe('list and markets', () => {
  it('keeps ids in order, records by id, and the query', () => {
    const s = fresh();
    expect(s.getState().list.loading).toBe(true);
    s.getState().setQuery({ q: 'rain', sort: 'newest' });
    s.getState().listLoaded([m('b'), m('a')], 100);
    const st = s.getState();
    expect(st.list).toMatchObject({
      ids: ['b', 'a'],
      loadedAt: 100,
      loading: false,
      query: { q: 'rain', sort: 'newest', status: 'active', limit: 20 },
    });
    expect(st.markets.a?.market.title).toBe('T a');
    expect(st.markets.a?.receivedAt).toBe(100);
    expect(st.markets.a?.detailAt).toBeUndefined();
    s.getState().marketLoaded(m('a', 0.7), 200);
    expect(s.getState().markets.a).toMatchObject({
      receivedAt: 200,
      detailAt: 200,
      firstSeenAt: 100,
      firstPrices: { Yes: 0.6 },
    });
  });

  it('prunes cached markets that are neither listed nor selected, oldest first, with their history and quotes', () => {
    const s = fresh();
    const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => m(`m${from + i}`));
    s.getState().listLoaded(batch(0, 100), 1);
    s.getState().select('m0');
    s.getState().setQuoteForm('m1', { amount: '5' });
    for (let k = 1; k <= 4; k++) s.getState().listLoaded(batch(k * 100, 100), 1 + k);
    expect(Object.keys(s.getState().markets)).toHaveLength(MARKET_CACHE_CAP);
    s.getState().listLoaded(batch(500, 100), 10);
    const st = s.getState();
    expect(Object.keys(st.markets).length).toBeLessThanOrEqual(MARKET_CACHE_CAP);
    expect(st.selectedId).toBe('m500'); // a list without the selection hands it to its first row
    expect(st.markets.m500).toBeDefined();
    expect(st.markets.m1).toBeUndefined(); // oldest, not listed
    expect(st.quotes.m1).toBeUndefined();
    expect(st.history.m1).toBeUndefined();
    expect(st.markets.m599).toBeDefined();
    expect(st.markets.m199).toBeUndefined(); // 200 dropped: m1–m199 and the first of the next batch
    expect(st.markets.m201).toBeDefined();
  });

  it('marketGone drops the market and moves the selection to the neighbour', () => {
    const s = fresh();
    s.getState().listLoaded([m('a'), m('b'), m('c')], 1);
    s.getState().select('b');
    s.getState().marketGone('b', 5);
    expect(s.getState().list.ids).toEqual(['a', 'c']);
    expect(s.getState().selectedId).toBe('c');
    expect(s.getState().markets.b).toBeUndefined();
    expect(s.getState().notices.at(-1)).toMatchObject({ level: 'warn', at: 5 });
    expect(s.getState().notices.at(-1)?.text).toContain('“T b” is no longer available');
    s.getState().marketGone('c', 6); // last row: the one before it
    expect(s.getState().selectedId).toBe('a');
    s.getState().marketGone('a', 7); // nothing left
    expect(s.getState().selectedId).toBeUndefined();
    s.getState().select('zz');
    s.getState().marketGone('yy', 8); // not the selection: selection stays
    expect(s.getState().selectedId).toBe('zz');
    expect(s.getState().notices.at(-1)?.text).toContain('Market yy');
  });
});

describe('markets that go away', () => {
  it('take their history and quote entries with them, so 404s over days cannot grow the store', () => {
    const s = fresh();
    for (let i = 0; i < 1000; i++) {
      const id = `gone${i}`;
      s.getState().listLoaded([m('keep'), m(id, 0.5)], i * 2 + 1);
      s.getState().listLoaded([m('keep'), m(id, 0.55)], i * 2 + 2);
      s.getState().setQuoteForm(id, { amount: '5' });
      s.getState().marketGone(id, i * 2 + 2);
    }
    const st = s.getState();
    expect(Object.keys(st.markets)).toEqual(['keep']);
    expect(Object.keys(st.history)).toEqual(['keep']);
    expect(Object.keys(st.quotes)).toEqual([]);
  });
});

describe('quotes', () => {
  const form = { outcome: 'Yes', amount: '10', action: 'buy' as const };

  it('goes invalid → waiting → ok', () => {
    const s = fresh();
    s.getState().setQuoteForm('a', { amount: 'x' });
    s.getState().quoteInvalid('a', 'Amount must be a number');
    expect(s.getState().quotes.a).toMatchObject({
      status: 'invalid',
      validation: 'Amount must be a number',
      form: { amount: 'x', action: 'buy' },
    });
    s.getState().quoteRequested('a', form, 10);
    expect(s.getState().quotes.a).toMatchObject({ status: 'waiting', requestedAt: 10, form });
    expect(s.getState().quotes.a?.validation).toBeUndefined();
    s.getState().quoteLoaded('a', form, { shares: 16, raw: {} }, 20);
    expect(s.getState().quotes.a).toMatchObject({
      status: 'ok',
      result: { shares: 16 },
      answeredForm: form,
      receivedAt: 20,
    });
  });

  it('quoteFailed with 409/410/423 sets the market tradeState; other errors do not', () => {
    const s = fresh();
    s.getState().listLoaded([m('a'), m('b')], 1);
    s.getState().quoteLoaded('a', form, { shares: 1, raw: {} }, 5);
    s.getState().quoteFailed('a', form, err('settling', 10, 423));
    expect(s.getState().markets.a).toMatchObject({ tradeState: 'settling', tradeStateAt: 10 });
    expect(s.getState().quotes.a).toMatchObject({ status: 'error', error: { status: 423 }, receivedAt: 10 });
    expect(s.getState().quotes.a?.result).toBeUndefined();
    s.getState().quoteFailed('b', form, err('invalid_request', 11, 400));
    expect(s.getState().markets.b?.tradeState).toBeUndefined();
    // the learned state holds over older active data, and yields to data newer on both counts (request and updatedAt)
    s.getState().listLoaded([m('a', 0.6, { updatedAt: 9 })], 12, { sentAt: 11 });
    expect(s.getState().markets.a?.tradeState).toBe('settling');
    s.getState().listLoaded([m('a', 0.6, { updatedAt: 20 })], 21, { sentAt: 15 });
    expect(s.getState().markets.a?.tradeState).toBeUndefined();
  });
});

describe('connection, rate, notices, categories', () => {
  it('names the state the latest failure calls for, counts the trouble, and is online again on a good answer', () => {
    const s = fresh();
    s.getState().requestFailed(err('network', 1));
    expect(s.getState().connection).toMatchObject({ status: 'offline', consecutiveFailures: 1, troubleSince: 1 });
    s.getState().requestFailed(err('server', 2, 500));
    expect(s.getState().connection).toMatchObject({
      status: 'degraded',
      consecutiveFailures: 2,
      troubleSince: 1,
      lastError: { kind: 'server' },
    });
    expect(s.getState().list.loading).toBe(false);
    s.getState().requestSucceeded(3);
    expect(s.getState().connection).toMatchObject({ status: 'online', consecutiveFailures: 0, lastSuccessAt: 3 });
    expect(s.getState().connection.troubleSince).toBeUndefined();
    s.getState().requestFailed(err('unauthorized', 4, 401));
    expect(s.getState().connection.status).toBe('auth_failed');
    s.getState().requestFailed(err('rate_limited', 5, 429));
    expect(s.getState().connection.status).toBe('rate_limited');
    s.getState().requestFailed(err('invalid_request', 6, 400));
    expect(s.getState().connection.status).toBe('rate_limited'); // our query refused: says nothing about the connection
    expect(s.getState().outages).toEqual([]); // short trouble is not recorded
  });

  it('starts the trouble when the failed request left, never before the last good answer', () => {
    const s = fresh();
    s.getState().requestSucceeded(100_000);
    // a request that left at 110 s and timed out at 125 s
    s.getState().requestFailed(err('timeout', 125_000), 110_000);
    expect(s.getState().connection.troubleSince).toBe(110_000);
    s.getState().requestSucceeded(200_000);
    // one that left at 190 s, hung while another answered at 200 s: the trouble starts at that answer
    s.getState().requestFailed(err('timeout', 205_000), 190_000);
    expect(s.getState().connection.troubleSince).toBe(200_000);
  });

  it('patches rate state and keeps notices and categories bounded', () => {
    const s = fresh();
    expect(s.getState().rate).toMatchObject({ mode: 'anon', limit: 10, effectiveLimit: 10, usedInWindow: 0 });
    s.getState().setRate({ usedInWindow: 7, backoffUntil: 99, backoffReason: 'rate_limited' });
    expect(s.getState().rate).toMatchObject({
      usedInWindow: 7,
      backoffUntil: 99,
      backoffReason: 'rate_limited',
      limit: 10,
    });
    for (let i = 0; i < NOTICE_CAP + 3; i++) s.getState().notice(`n${i}`, 'info', i);
    expect(s.getState().notices.map((n) => n.text)).toEqual(Array.from({ length: NOTICE_CAP }, (_, i) => `n${i + 3}`));
    s.getState().listLoaded(
      Array.from({ length: CATEGORY_CAP + 10 }, (_, i) =>
        m(`c${i}`, 0.5, { category: `cat${String(i).padStart(3, '0')}` }),
      ),
      1,
    );
    const cats = s.getState().categories;
    expect(cats).toHaveLength(CATEGORY_CAP);
    expect(cats).toEqual([...cats].sort((a, b) => a.localeCompare(b)));
  });
});

describe('a changed list query', () => {
  const mk = (id: string, status: Market['status'], category: string, volume: number) =>
    market(id, { status, category, volume });
  const seeded = () => {
    const s = createOddsStore({ mode: 'key', limit: 30, query: { status: 'all', sort: 'newest' } });
    s.getState().listLoaded(
      [mk('a', 'active', 'Sports', 5), mk('b', 'closed', 'Politics', 9), mk('c', 'active', 'Politics', 7)],
      1,
    );
    return s;
  };

  it('shows at once the cached rows that match, marked pending until its answer', () => {
    const s = seeded();
    s.getState().setQuery({ status: 'active' });
    expect(s.getState().list.ids).toEqual(['a', 'c']);
    expect(s.getState().list.pending).toBe(true);
    s.getState().setQuery({ category: 'politics' });
    expect(s.getState().list.ids).toEqual(['c']);
    s.getState().listLoaded([mk('c', 'active', 'Politics', 7), mk('d', 'active', 'Politics', 1)], 2, {
      query: s.getState().list.query,
    });
    expect(s.getState().list).toMatchObject({ ids: ['c', 'd'], pending: false });
    s.getState().setQuery({ sort: 'liquidity' }); // unknown liquidity: the order stays
    expect(s.getState().list.ids).toEqual(['c', 'd']);
  });

  it('orders the cached rows by the new sort where the cache can tell', () => {
    const s = seeded();
    s.getState().setQuery({ sort: 'volume' });
    expect(s.getState().list.ids).toEqual(['b', 'c', 'a']);
    s.getState().setQuery({ sort: 'newest' }); // the cache cannot tell: the order stays
    expect(s.getState().list.ids).toEqual(['b', 'c', 'a']);
  });

  it('an answer to the old query refreshes the cache but not the rows listed under the new one', () => {
    const s = seeded();
    const old = s.getState().list.query;
    s.getState().setQuery({ status: 'closed' });
    s.getState().listLoaded([mk('a', 'active', 'Sports', 6), mk('c', 'active', 'Politics', 7)], 2, { query: old });
    expect(s.getState().list).toMatchObject({ ids: ['b'], pending: true });
    expect(s.getState().markets.a?.market.volume).toBe(6);
  });

  it('the same parameters again change nothing (no pending marker)', () => {
    const s = seeded();
    s.getState().setQuery({ q: '  ' });
    expect(s.getState().list.pending).toBeFalsy();
  });
});

describe('quote states and detail agree', () => {
  const form = { outcome: 'Yes', amount: '10', action: 'buy' } as const;

  it('a 409 is not undone by a detail whose request left before it, even one stamped later', () => {
    const s = fresh();
    s.getState().listLoaded([m('a', 0.6, { updatedAt: 1 })], 1, { sentAt: 0 });
    s.getState().quoteFailed('a', form, err('closed', 10, 409));
    // sent at 8, answered at 12: older than the refusal, although the server stamped the market at 11
    s.getState().marketLoaded(m('a', 0.6, { updatedAt: 11 }), 12, 8);
    s.getState().listLoaded([m('a', 0.6, { updatedAt: 11 })], 13, { sentAt: 9 });
    // sent after the refusal, but the market carries no newer timestamp
    s.getState().marketLoaded(m('a', 0.6, { updatedAt: 5 }), 20, 15);
    s.getState().marketLoaded(m('a', 0.6), 21, 16);
    const st = s.getState();
    expect(st.markets.a).toMatchObject({ tradeState: 'closed', knownStatus: 'closed' });
    expect(st.transitions.map((t) => `${t.from}→${t.to}`)).toEqual(['active→closed']); // no flip-flop
    expect(st.notices.some((n) => /active again/.test(n.text))).toBe(false);
  });

  it('yields to the market’s own later status, to a newer stamped answer, and to a quote that goes through', () => {
    const s = fresh();
    s.getState().listLoaded([m('a'), m('b'), m('c')], 1, { sentAt: 0 });
    s.getState().quoteFailed('a', form, err('settling', 10, 423));
    s.getState().marketLoaded(m('a', 1, { status: 'resolved', resolvedOutcome: 'Yes' }), 12, 8);
    expect(s.getState().markets.a).toMatchObject({ knownStatus: 'resolved' });
    expect(s.getState().markets.a?.tradeState).toBeUndefined();
    s.getState().quoteFailed('b', form, err('closed', 10, 409));
    s.getState().marketLoaded(m('b', 0.6, { updatedAt: 30 }), 31, 25);
    expect(s.getState().markets.b?.tradeState).toBeUndefined();
    s.getState().quoteFailed('c', form, err('closed', 10, 409));
    s.getState().quoteLoaded('c', form, { shares: 1, raw: {} }, 40);
    expect(s.getState().markets.c?.tradeState).toBeUndefined();
    expect(s.getState().transitions[0]).toMatchObject({ id: 'c', from: 'closed', to: 'active' });
  });
});
