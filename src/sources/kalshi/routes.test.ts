import { describe, expect, it } from 'vitest';
import { documented, routeOf, undocumented } from './routes.js';

const q = (s: string) => new URLSearchParams(s);

describe('the documented routes and parameters', () => {
  it('takes the routes with their own parameters', () => {
    expect(documented('/markets', q('limit=20&status=open&mve_filter=exclude&cursor=abc'))).toBe(true);
    expect(documented('/markets', q('tickers=A,B&limit=2'))).toBe(true);
    expect(documented('/markets/KXBTCD-26JUL2502-T74299.99', q(''))).toBe(true);
    expect(documented('/events/KXNEWPOPE-70', q('with_nested_markets=true'))).toBe(true);
    expect(documented('/search/tags_by_categories', q(''))).toBe(true);
    // the trader's view: the book (depth 0–100) and the candlesticks (start_ts, end_ts, period_interval)
    expect(documented('/markets/KXMLBGAME-26JUL231840KCDET-KC/orderbook', q(''))).toBe(true);
    expect(documented('/markets/X/orderbook', q('depth=10'))).toBe(true);
    expect(documented('/series/KXMLBGAME/markets/X/candlesticks', q('start_ts=1&end_ts=2&period_interval=60'))).toBe(
      true,
    );
  });

  it('refuses an undocumented parameter, one of another route, or an undocumented route', () => {
    expect(documented('/markets', q('search=fed'))).toBe(false);
    expect(documented('/markets', q('with_nested_markets=true'))).toBe(false);
    expect(documented('/markets/X', q('limit=1'))).toBe(false);
    expect(documented('/markets/X/orderbook', q('limit=5'))).toBe(false);
    expect(documented('/markets/X/history', q(''))).toBe(false);
    expect(documented('/series/S/markets/X/candlesticks', q('interval=1h'))).toBe(false);
    expect(documented('/public-search', q('q=x'))).toBe(false);
  });

  it('says why a request is undocumented', () => {
    expect(undocumented('/markets', q('search=fed'))).toBe('search is not a documented parameter of /markets');
    expect(undocumented('/public-search', q(''))).toBe('/public-search is not a documented Kalshi route');
    expect(undocumented('/events', q('status=open'))).toBeUndefined();
  });

  it('a literal route is not read as a parameter of another', () => {
    expect(routeOf('/search/tags_by_categories')?.path).toBe('/search/tags_by_categories');
    expect(routeOf('/series/KXHIGHNY')?.path).toBe('/series/{series_ticker}');
  });
});
