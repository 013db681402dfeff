/**
 * The trader's view against the Kalshi replay over loopback: the recorded book of KXMLBGAME-26JUL231840KCDET-KC
 * and its market (test/fixtures/real/kalshi/trader/…, SOURCES.md), the DET side with no recorded book (an empty
 * book), the small set's closed and settled markets, and candlesticks. No recorded candlesticks answer could be
 * attributed (SOURCES.md): the candles below are written here in the documented `MarketCandlestick` shape
 * (spec 3.7.0) and served by the replay as if recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/catch.js';
import { loadRecording } from '../../server/replay/load.js';
import { ManualClock } from '../../util/clock.js';
import { startSourceReplay, type RunningSourceReplay } from '../replay.js';
import { createKalshiClient } from './client.js';
import { kalshiSource } from './index.js';
import { createKalshiReplay, kalshiReplayOf } from './replay.js';
import { loadTraderRecording } from './replayTrader.js';
import { documented } from './routes.js';

const DIR = 'test/fixtures/real/kalshi/trader/sportsbet-pro-2026-07';
const KC = 'KXMLBGAME-26JUL231840KCDET-KC';
const DET = 'KXMLBGAME-26JUL231840KCDET-DET';
// the market's updated_time is 2026-07-20T22:55:00Z; the game closes on the 26th
const clock = new ManualClock(Date.UTC(2026, 6, 20, 23, 0, 0));
const now = Math.floor(clock.now() / 1000);
const H = 3600;

/** A candle in the documented shape: OHLC in `*_dollars` strings, `price` null where nothing traded. */
const candle = (end: number, trade: { close: string | null; previous: string | null }, bid: string, ask: string) => ({
  end_period_ts: end,
  price: { close_dollars: trade.close, previous_dollars: trade.previous, open_dollars: trade.close },
  yes_bid: { open_dollars: bid, low_dollars: bid, high_dollars: bid, close_dollars: bid },
  yes_ask: { open_dollars: ask, low_dollars: ask, high_dollars: ask, close_dollars: ask },
  volume_fp: '0.00',
  open_interest_fp: '287.40',
});
const candles = [
  candle(now - 30 * H, { close: null, previous: null }, '0.3500', '0.4100'), // 7 d only: no trade yet, mid 0.38
  candle(now - 3 * H, { close: '0.4000', previous: '0.3900' }, '0.3800', '0.4000'), // traded at 0.40
  candle(now - 2 * H, { close: null, previous: '0.4000' }, '0.3800', '0.4000'), // no trade: the last, 0.40
  candle(now - H, { close: null, previous: null }, '0.0100', '0.9900'), // no trade ever, 98¢ wide: no point
  candle(now, { close: '0.4100', previous: '0.4000' }, '0.3800', '0.4000'), // end_ts is inclusive
];

const log: string[] = [];
let srv: RunningSourceReplay;
let base: string;
const client = () => createKalshiClient({ baseUrl: base }, () => clock.now());
const requested = (from: number) => log.slice(from).map((p) => new URL(p, 'http://x'));

beforeAll(async () => {
  const trader = loadTraderRecording(DIR);
  trader.candles.set(KC, new Map([[60, { ticker: KC, candlesticks: candles }]]));
  srv = await startSourceReplay({
    def: kalshiSource,
    dir: kalshiReplayOf([...loadRecording(DIR), ...loadRecording('test/fixtures/real/kalshi')], trader),
    clock,
    onRequest: (e) => log.push(e.path),
  });
  base = `${srv.url}/trade-api/v2`;
});
afterAll(() => srv.close());

describe('the book over loopback', () => {
  it('reads the recorded book in one documented request, both sides best first, asks from the No bids', async () => {
    const c = client();
    const from = log.length;
    const b = await c.getBook!(KC, 'Yes');
    expect(b.data.bids[0]).toEqual({ price: 0.38, size: 45 });
    expect(b.data.asks[0]).toEqual({ price: 0.4, size: 45 });
    expect(b.data).toMatchObject({ marketId: KC, outcome: 'Yes', asksDerived: true });
    const urls = requested(from);
    expect(urls.map((u) => u.pathname)).toEqual([`/trade-api/v2/markets/${KC}/orderbook`]);
    expect(urls.every((u) => documented(u.pathname.replace('/trade-api/v2', ''), u.searchParams))).toBe(true);
    await c.close();
  });

  it('a known market without a recorded book is an empty book; an unknown one is a 404', async () => {
    const c = client();
    expect((await c.getBook!(DET, 'No')).data).toMatchObject({ bids: [], asks: [], outcome: 'No' });
    expect(await rejection(c.getBook!('KXNOPE-1', 'Yes'))).toMatchObject({ kind: 'not_found' });
    await c.close();
  });

  it('createKalshiReplay reads the folder: its markets and the book (the book file is no market)', async () => {
    const r = createKalshiReplay(DIR);
    const list = r.answer({ segments: ['markets'], query: new URLSearchParams('limit=10') });
    expect((list?.body as { markets: { ticker: string }[] }).markets.map((m) => m.ticker)).toEqual([KC, DET]);
    const depth = r.answer({ segments: ['markets', KC, 'orderbook'], query: new URLSearchParams('depth=2') });
    const fp = (depth?.body as { orderbook_fp: Record<string, string[][]> }).orderbook_fp;
    // the two best levels of each side, in the recorded (ascending) order
    expect(fp.yes_dollars).toEqual([
      ['0.3700', '4.57'],
      ['0.3800', '45.00'],
    ]);
    expect(fp.no_dollars?.map((l) => l[0])).toEqual(['0.5900', '0.6000']);
    const tooDeep = r.answer({ segments: ['markets', KC, 'orderbook'], query: new URLSearchParams('depth=101') });
    expect(tooDeep?.status).toBe(400);
  });
});

describe('the quote over loopback (USD, the taker fee)', () => {
  it('buy $10 of Yes: 25 contracts at 0.40, fee 0.42, total 10.42 — the market, then its book', async () => {
    const c = client();
    const from = log.length;
    const q = (await c.getQuote(KC, { outcome: 'Yes', amount: '10', action: 'buy' })).data;
    expect(q).toMatchObject({ marketId: KC, outcome: 'Yes', action: 'buy', amount: 10, fee: 0.42, basis: 'book' });
    expect(q.shares).toBeCloseTo(25, 9);
    expect(q.total).toBeCloseTo(10.42, 9);
    expect(q.priceBefore).toBeCloseTo(0.39, 9);
    expect(requested(from).map((u) => u.pathname.split('/').slice(3).join('/'))).toEqual([
      `markets/${KC}`,
      `markets/${KC}/orderbook`,
    ]);
    await c.close();
  });

  it('sell 100 Yes: 35.9371 less the fee 1.61', async () => {
    const c = client();
    const q = (await c.getQuote(KC, { outcome: 'yes', amount: 100, action: 'sell' })).data;
    expect(q.fee).toBe(1.61);
    expect(q.total).toBeCloseTo(35.9371 - 1.61, 9);
    expect(q.worstPrice).toBe(0.34);
    await c.close();
  });

  it('too thin: $2,000,000 of No fills $1,085,059.0991; an empty book fills nothing', async () => {
    const c = client();
    const thin = (await c.getQuote(KC, { outcome: 'No', amount: 2_000_000, action: 'buy' })).data;
    expect(thin.filled).toBeCloseTo(1_085_059.0991, 6);
    const empty = (await c.getQuote(DET, { outcome: 'Yes', amount: 5, action: 'buy' })).data;
    expect(empty).toMatchObject({ shares: 0, filled: 0, fee: 0, total: 0 });
    await c.close();
  });

  it('a closed market rejects as the 409, a settled one as the 410, before asking for a book', async () => {
    const c = client();
    const from = log.length;
    const closed = await rejection(c.getQuote('KXRAMBO-35-RYA', { outcome: 'Yes', amount: 5, action: 'buy' }));
    expect(closed).toMatchObject({ kind: 'closed', status: 409, code: 'MARKET_CLOSED' });
    const settled = await rejection(c.getQuote('KXHIGHNY-26JUL05-T91', { outcome: 'No', amount: 5, action: 'sell' }));
    expect(settled).toMatchObject({ kind: 'resolved', status: 410, code: 'MARKET_RESOLVED' });
    expect(requested(from).some((u) => u.pathname.endsWith('/orderbook'))).toBe(false);
    await c.close();
  });
});

describe('the history over loopback (hourly candlesticks)', () => {
  it('24 h: one request, period 60, [now − 24 h, now]; oldest first, priced as the list prices', async () => {
    const c = client();
    const from = log.length;
    const h = (await c.getHistory!(KC, 'Yes', '24h')).data;
    // traded 0.40; no trade: the last trade 0.40; 98¢ wide and never traded: no point; traded 0.41
    expect(h).toEqual([
      { t: (now - 3 * H) * 1000, p: 0.4 },
      { t: (now - 2 * H) * 1000, p: 0.4 },
      { t: now * 1000, p: 0.41 },
    ]);
    const [u] = requested(from);
    expect(u?.pathname).toBe(`/trade-api/v2/series/KXMLBGAME/markets/${KC}/candlesticks`);
    expect(Object.fromEntries(u?.searchParams ?? [])).toEqual({
      start_ts: String(now - 24 * H),
      end_ts: String(now),
      period_interval: '60',
    });
    expect(documented(u?.pathname.replace('/trade-api/v2', '') ?? '', u?.searchParams ?? new URLSearchParams())).toBe(
      true,
    );
    await c.close();
  });

  it('7 d adds the older candle (no trade yet: the middle of 0.35 / 0.41); No is 1 − Yes', async () => {
    const c = client();
    const from = log.length;
    const h = (await c.getHistory!(KC, 'No', '7d')).data;
    expect(h.map((x) => x.t)).toEqual([now - 30 * H, now - 3 * H, now - 2 * H, now].map((s) => s * 1000));
    expect(h[0]?.p).toBeCloseTo(1 - 0.38, 9);
    expect(h[3]?.p).toBeCloseTo(0.59, 9);
    expect(requested(from)[0]?.searchParams.get('start_ts')).toBe(String(now - 7 * 24 * H));
    await c.close();
  });

  it('none recorded: an empty history, never an error', async () => {
    const c = client();
    expect((await c.getHistory!(DET, 'Yes', '7d')).data).toEqual([]);
    await c.close();
  });
});
