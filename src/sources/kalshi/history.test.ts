/** Reading candlesticks: the integer-cents fields of older answers, unreadable candles, the range's query. */
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
