/**
 * The trader's view against the Polymarket replay over loopback: the real recordings (test/fixtures/real/polymarket,
 * SOURCES.md) — Gamma's markets and the CLOB's recorded books (the Fed "25 bps decrease" Yes book, the one-sided
 * 1669969 "Up" book) and history (1669969 "Up"). One server answers Gamma and the CLOB (`--base-url` alone). The
 * figures are the ones clob.test.ts works out by hand. Every request is checked against the documented routes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/catch.js';
import { ApiError } from '../../api/errors.js';
import { normalizeMarket } from '../../api/normalize.js';
import type { JsonHttp } from '../http.js';
import type { RunningSourceReplay } from '../replay.js';
import type { SourceClient } from '../types.js';
import { createPolymarketClient } from './client.js';
import { polymarketSource } from './index.js';
import { loadGammaRecording } from './replayData.js';
import { createPolymarketTrader, KnownMarkets, knownOf, notTrading } from './trader.js';
import { polymarketReplayLogged } from '../../../test/support/polymarketReplay.js';

const DIR = 'test/fixtures/real/polymarket';
const FED_25_YES = '57748138085022719760345772310040703848567377822400132842014290209986511882046';
const FED_25_NO = '28239418772633645184924651434956000849078365566842629564562475378531350731731';
const UP = '94242206871221370391055736153305071391564432448684801902267396130896523340261';

let server: RunningSourceReplay | undefined;
let client: SourceClient | undefined;
let log: string[] = [];

async function start(): Promise<SourceClient> {
  ({ server, log } = await polymarketReplayLogged(DIR));
  // --base-url alone: the CLOB is asked on the same server (src/cli/platform.ts)
  client = createPolymarketClient({ baseUrl: server.url, clobUrl: server.url });
  return client;
}

afterEach(async () => {
  await client?.close();
  await server?.close();
  for (const path of log) {
    const url = new URL(path, 'http://x');
    expect(polymarketSource.undocumented(url.pathname, url.searchParams), path).toBeUndefined();
  }
  client = undefined;
  server = undefined;
});

const paths = () => log.map((p) => new URL(p, 'http://x').pathname);
const query = (i: number) => Object.fromEntries(new URL(log[i]!, 'http://x').searchParams);

describe('the book of an outcome on the CLOB', () => {
  it('asks /book by the outcome’s token, best levels first; the market once, then only the book', async () => {
    const c = await start();
    const b = await c.getBook!('2252243', 'Yes');
    expect(paths()).toEqual(['/markets/2252243', '/book']);
    expect(query(1)).toEqual({ token_id: FED_25_YES });
    expect(b.data.bids[0]).toEqual({ price: 0.014, size: 0.99 });
    expect(b.data.asks[0]).toEqual({ price: 0.015, size: 8451.31 });
    expect([b.data.marketId, b.data.outcome, b.data.at]).toEqual(['2252243', 'Yes', 1787412092668]);
    await c.getBook!('2252243', 'yes'); // Gamma's spelling is found whatever the case
    expect(paths().slice(2)).toEqual(['/book']);
  });

  it('a market read in a list needs no detail first; a multi-outcome event’s market books each outcome', async () => {
    const c = await start();
    await c.getEvent!('481717');
    log.length = 0; // the replay keeps appending to this one list
    const no = await c.getBook!('2252243', 'No');
    expect(paths()).toEqual(['/book']);
    expect(query(0)).toEqual({ token_id: FED_25_NO });
    // nothing was recorded for the No token: an empty book, not an error
    expect([no.data.bids, no.data.asks]).toEqual([[], []]);
  });

  it('a one-sided book is one empty side', async () => {
    const c = await start();
    const b = await c.getBook!('1669969', 'Up');
    expect(query(1)).toEqual({ token_id: UP });
    expect(b.data.bids).toEqual([]);
    expect(b.data.asks.slice(0, 2)).toEqual([
      { price: 0.001, size: 385409.39 },
      { price: 0.009, size: 100 },
    ]);
  });

  it('an outcome the market does not have is refused before the CLOB is asked', async () => {
    const c = await start();
    const e = await rejection(c.getBook!('2252243', 'Maybe'));
    expect([e.kind, e.code, e.param]).toEqual(['invalid_request', 'UNKNOWN_OUTCOME', 'outcome']);
    expect(e.message).toContain('Yes, No');
    expect(paths()).toEqual(['/markets/2252243']);
  });
});

describe('a preview walked through the book, with the market’s taker fee', () => {
  it('buy 100 USDC of Fed "25 bps decrease" Yes: 6,666.67 shares at 0.015, fee 4.925, total 104.925', async () => {
    const c = await start();
    const q = (await c.getQuote('2252243', { outcome: 'Yes', amount: '100', action: 'buy' })).data;
    expect(paths()).toEqual(['/markets/2252243', '/book']); // the market afresh (status, fee), then its book
    expect(q.shares).toBeCloseTo(100 / 0.015, 9);
    expect([q.averagePrice, q.worstPrice, q.fee, q.basis]).toEqual([0.015, 0.015, 4.925, 'book']);
    expect(q.priceBefore).toBeCloseTo(0.0145, 12);
    expect(q.total).toBeCloseTo(104.925, 9);
    expect(q.filled).toBeUndefined();
    expect([q.marketId, q.outcome, q.action, q.amount]).toEqual(['2252243', 'Yes', 'buy', 100]);
  });

  it('sell 500 shares: proceeds 6.10198 less the fee 0.30137', async () => {
    const c = await start();
    const q = (await c.getQuote('2252243', { outcome: 'Yes', amount: 500, action: 'sell' })).data;
    expect(q.fee).toBe(0.30137);
    expect(q.total).toBeCloseTo(5.80061, 9);
    expect(q.worstPrice).toBe(0.012);
  });

  it('a book too thin says what it fills: 13,116,647.16 of 13,200,000 shares', async () => {
    const c = await start();
    const q = (await c.getQuote('2252243', { outcome: 'Yes', amount: 13_200_000, action: 'sell' })).data;
    expect(q.filled).toBeCloseTo(13_116_647.16, 4);
    expect(q.fee).toBe(1654.35257);
  });

  it('an empty book fills nothing (no price, no fee)', async () => {
    const c = await start();
    const q = (await c.getQuote('2252243', { outcome: 'No', amount: 10, action: 'buy' })).data;
    expect([q.shares, q.filled, q.fee, q.total]).toEqual([0, 0, 0, 0]);
    expect(q.priceBefore).toBeUndefined();
  });

  it('the crypto fee curve (rate 0.25, exponent 2) on 1669969 "Up": buy 10 → 10,000 shares, fee 0.0025', async () => {
    const c = await start();
    const q = (await c.getQuote('1669969', { outcome: 'Up', amount: 10, action: 'buy' })).data;
    expect(q.shares).toBeCloseTo(10_000, 9);
    expect(q.fee).toBe(0.0025);
  });

  it('a resolved market is refused as the interface’s 410, before its book is asked', async () => {
    const c = await start();
    const e = await rejection(c.getQuote('3776139', { outcome: 'BoomBoys', amount: 5, action: 'buy' }));
    expect([e.kind, e.status, e.code]).toEqual(['resolved', 410, 'MARKET_RESOLVED']);
    expect(paths()).toEqual(['/markets/3776139']);
  });

  it('a bad amount or action is refused before any request', async () => {
    const c = await start();
    expect((await rejection(c.getQuote('2252243', { outcome: 'Yes', amount: '-3', action: 'buy' }))).param).toBe(
      'amount',
    );
    const bad = { outcome: 'Yes', amount: 1, action: 'hold' as 'buy' };
    expect((await rejection(c.getQuote('2252243', bad))).param).toBe('action');
    expect(log).toEqual([]);
  });
});

describe('the price history of an outcome', () => {
  it('24 h: interval 1d at 5-minute fidelity, oldest first', async () => {
    const c = await start();
    const h = await c.getHistory!('1669969', 'Up', '24h');
    expect(paths()).toEqual(['/markets/1669969', '/prices-history']);
    expect(query(1)).toEqual({ market: UP, interval: '1d', fidelity: '5' });
    expect(h.data).toEqual([
      { t: 1774165200_000, p: 0.42 },
      { t: 1774165500_000, p: 0.5 },
      { t: 1774168800_000, p: 0.65 },
      { t: 1774169100_000, p: 0.6 },
    ]);
  });

  it('7 d: interval 1w at hourly fidelity (the replay keeps the first point of each hour)', async () => {
    const c = await start();
    const h = await c.getHistory!('1669969', 'Up', '7d');
    expect(query(1)).toEqual({ market: UP, interval: '1w', fidelity: '60' });
    expect(h.data).toEqual([
      { t: 1774165200_000, p: 0.42 },
      { t: 1774168800_000, p: 0.65 },
    ]);
  });

  it('a resolved market: the window ending when it closed (interval answers nothing for closed markets)', async () => {
    const c = await start();
    const m = normalizeMarket(loadGammaRecording(DIR).marketById.get('3776139'))!;
    const h = await c.getHistory!('3776139', 'BoomBoys', '7d');
    const end = Math.floor(m.closedAt! / 1000);
    expect(query(1)).toMatchObject({ startTs: String(end - 604_800), endTs: String(end), fidelity: '60' });
    expect(h.data).toEqual([]); // a known market with nothing recorded
  });
});

describe('rules without the network', () => {
  it('a closed or settling market, or one not accepting orders, is the interface’s 409', () => {
    const raw = loadGammaRecording(DIR).marketById.get('2252243')!;
    // the recorded open market with its UMA status or order flag changed (no such recorded market was found)
    for (const changed of [{ umaResolutionStatus: 'proposed' }, { acceptingOrders: false }]) {
      const e = notTrading(knownOf(normalizeMarket({ ...raw, ...changed })!), '2252243');
      expect([e?.kind, e?.status, e?.code]).toEqual(['closed', 409, 'MARKET_CLOSED']);
    }
    expect(notTrading(knownOf(normalizeMarket(raw)!), '2252243')).toBeUndefined();
  });

  it('the CLOB’s 404 ("No orderbook exists for the requested token id") is an empty book', async () => {
    const known = new KnownMarkets();
    known.remember([normalizeMarket(loadGammaRecording(DIR).marketById.get('2252243'))!]);
    const clob: JsonHttp = {
      baseUrl: 'http://clob.invalid',
      // the 404 is asked for as expected (no ApiError built: noBook.test.ts), else it would be one
      get: (_path, _query, _opts, expected) =>
        expected?.(404)
          ? Promise.resolve({ status: 404, data: { error: 'No orderbook exists for the requested token id' } })
          : Promise.reject(new ApiError({ kind: 'not_found', status: 404, message: 'No orderbook exists' })),
      close: () => Promise.resolve(),
    };
    const trader = createPolymarketTrader(clob, () => Promise.reject(new Error('not asked')), known);
    const b = await trader.getBook('2252243', 'Yes');
    expect([b.data.bids, b.data.asks]).toEqual([[], []]);
  });

  it('any other 404 on /book (a retired route, `--chaos 404 --chaos-path /book`) is not found: unknown', async () => {
    const known = new KnownMarkets();
    known.remember([normalizeMarket(loadGammaRecording(DIR).marketById.get('2252243'))!]);
    const clob: JsonHttp = {
      baseUrl: 'http://clob.invalid',
      get: () => Promise.resolve({ status: 404, data: { type: 'not found error', error: 'Not found.' } }),
      close: () => Promise.resolve(),
    };
    const trader = createPolymarketTrader(clob, () => Promise.reject(new Error('not asked')), known);
    await expect(trader.getBook('2252243', 'Yes')).rejects.toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('remembers at most its bound of markets, the oldest dropped', () => {
    const known = new KnownMarkets(2);
    const m = normalizeMarket(loadGammaRecording(DIR).marketById.get('2252243'))!;
    known.remember([
      { ...m, id: 'a' },
      { ...m, id: 'b' },
      { ...m, id: 'c' },
    ]);
    expect([known.size, known.get('a'), known.get('c')?.tokens[0]?.token]).toEqual([2, undefined, FED_25_YES]);
  });
});
