/** Reading candlesticks: the integer-cents fields of older answers, unreadable candles, the range's query. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { candleQuery, readCandles, seriesOfTicker } from './history.js';

describe('candlesticks read into a price history', () => {
  it('reads the integer-cents fields when there are no *_dollars twins (spec 3.7.0 lists both)', () => {
    const body = {
      ticker: 'T',
      candlesticks: [
        // given newest first: read oldest first; a trade at 41¢, then no trade with the last one at 41¢
        { end_period_ts: 7200, price: { close: null, previous: 41 }, yes_bid: { close: 40 }, yes_ask: { close: 42 } },
        { end_period_ts: 3600, price: { close: 41, previous: 39 }, yes_bid: { close: 40 }, yes_ask: { close: 42 } },
      ],
    };
    expect(readCandles(body, 'yes')).toEqual([
      { t: 3_600_000, p: 0.41 },
      { t: 7_200_000, p: 0.41 },
    ]);
    expect(readCandles(body, 'no')?.map((x) => x.p)).toEqual([0.59, 0.59]);
  });

  it('skips candles without a time or a price; a body without candlesticks is no history at all', () => {
    const body = { candlesticks: [{ price: { close: 50 } }, { end_period_ts: 60, price: {} }, null] };
    expect(readCandles(body, 'yes')).toEqual([]);
    expect(readCandles({ candlesticks: [] }, 'yes')).toEqual([]);
    expect(readCandles({ error: { code: 'not_found' } }, 'yes')).toBeUndefined();
  });

  it('asks one range ending now, in whole seconds, hourly; the series is the ticker before its first dash', () => {
    expect(candleQuery('24h', 1_000_000_999)).toEqual([
      ['start_ts', String(1_000_000 - 86_400)],
      ['end_ts', '1000000'],
      ['period_interval', '60'],
    ]);
    expect(candleQuery('7d', 1_000_000_000)[0]).toEqual(['start_ts', String(1_000_000 - 604_800)]);
    expect(seriesOfTicker('KXMLBGAME-26JUL231840KCDET-KC')).toBe('KXMLBGAME');
    expect(seriesOfTicker('INXD')).toBe('INXD');
  });
});

describe('a recorded candlesticks answer (manta-digital/trading-data, test/fixtures/real/SOURCES.md)', () => {
  const body: unknown = JSON.parse(
    readFileSync(
      'test/fixtures/real/kalshi/trader/atp-set-2026-08/histories/candles-60-KXATPSETWINNER-26AUG24DRORIN-1-DRO.json',
      'utf8',
    ),
  );
  const H = 3_600_000;
  const at = (ts: number) => ts * 1000;

  it('each rule on what Kalshi sent: close, else previous, else a quoted mid ≤ 10¢ wide, else nothing', () => {
    const yes = readCandles(body, 'yes')!;
    // 19 hourly candles, 21:00 (end_period_ts 1787518800) … 15:00 next day
    // 21:00 price {} , bid 0.02 / ask 0.69: 67¢ apart, no point
    expect(yes.find((x) => x.t === at(1787518800))).toBeUndefined();
    expect(yes).toHaveLength(18);
    expect(yes[0]).toEqual({ t: at(1787522400), p: 0.685 }); // 22:00 price {}: mid of 0.68 / 0.69
    expect(yes[1]).toEqual({ t: at(1787526000), p: 0.69 }); // 23:00 a trade: close 0.69
    expect(yes[2]).toEqual({ t: at(1787529600), p: 0.69 }); // 00:00 no trade: previous 0.69
    expect(yes[3]).toEqual({ t: at(1787533200), p: 0.74 }); // 01:00 close 0.74
    expect(yes.at(-1)).toEqual({ t: at(1787583600), p: 0.77 }); // 15:00 close 0.77 (377.42 traded)
    // hour by hour, oldest first
    for (let i = 1; i < yes.length; i++) expect(yes[i]!.t - yes[i - 1]!.t).toBe(H);
    expect(readCandles(body, 'no')!.at(-1)!.p).toBeCloseTo(0.23, 9);
  });
});
