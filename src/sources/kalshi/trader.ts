/**
 * The trader's view on Kalshi (docs/sources/kalshi.md § Trader's view): the book of an outcome, a trade previewed
 * through it with Kalshi's taker fee, and the price history from candlesticks. Each is one documented request
 * (the quote two: the market for its status, then its book). No key is sent.
 */
import type { TraderMethods } from '../types.js';
import { ApiError } from '../../api/errors.js';
import { normalizeMarket } from '../../api/normalize.js';
import type { ApiResult, CallOptions, OrderBook } from '../../api/types.js';
import { validateAmount } from '../../api/validate.js';
import { previewFromBook } from '../book.js';
import { answered, badShape, type JsonAnswer, type JsonHttp } from '../http.js';
import { candleQuery, readCandles, seriesOfTicker } from './history.js';
import { kalshiBook, kalshiSide, kalshiTakerFee, readKalshiBids } from './orderbook.js';

const path = (...segments: string[]) => `/${segments.map((s) => encodeURIComponent(s)).join('/')}`;

const result = <T>(data: T, a: JsonAnswer): ApiResult<T> => answered(a, data);

export type KalshiTrader = TraderMethods;

/** A market that no longer trades, as the interface's 409/410 (the quote form shows its badge). */
function notTrading(status: string, marketId: string): ApiError | undefined {
  if (status === 'resolved')
    return new ApiError({
      kind: 'resolved',
      status: 410,
      code: 'MARKET_RESOLVED',
      message: `${marketId} has settled on Kalshi: nothing to trade.`,
    });
  if (status === 'closed' || status === 'settling')
    return new ApiError({
      kind: 'closed',
      status: 409,
      code: 'MARKET_CLOSED',
      message: `${marketId} is closed for trading on Kalshi.`,
    });
  return undefined;
}

export function createKalshiTrader(http: JsonHttp, clock: () => number): KalshiTrader {
  async function getBook(marketId: string, outcome: string, opts?: CallOptions): Promise<ApiResult<OrderBook>> {
    kalshiSide(outcome);
    // no `depth`: "0 or negative means all levels" — a preview may walk past the levels the pane shows
    const a = await http.get(path('markets', marketId, 'orderbook'), [], opts);
    const bids = readKalshiBids(a.data);
    if (!bids) throw badShape(a.status, 'Kalshi /markets/{ticker}/orderbook: no orderbook.', a.rate);
    return result(kalshiBook(bids, marketId, outcome, a.data), a);
  }

  return {
    getBook,

    async getQuote(marketId, params, opts) {
      const amount = validateAmount(params.amount);
      if (!amount.ok) throw new ApiError({ kind: 'invalid_request', message: amount.message, param: 'amount' });
      if (params.action !== 'buy' && params.action !== 'sell')
        throw new ApiError({ kind: 'invalid_request', message: 'Action must be buy or sell.', param: 'action' });
      kalshiSide(params.outcome);
      const m = await http.get(path('markets', marketId), [], opts);
      const market = normalizeMarket(
        typeof m.data === 'object' && m.data ? (m.data as { market?: unknown }).market : undefined,
        {
          now: clock(),
        },
      );
      if (!market) throw badShape(m.status, 'Kalshi /markets/{ticker}: no market object.', m.rate);
      const stop = notTrading(market.status, marketId);
      if (stop) throw stop;
      const book = await getBook(marketId, params.outcome, opts);
      const quote = previewFromBook(book.data, params.action, amount.value, kalshiTakerFee);
      return { ...book, data: quote };
    },

    async getHistory(marketId, outcome, range, opts) {
      const side = kalshiSide(outcome);
      const route = path('series', seriesOfTicker(marketId), 'markets', marketId, 'candlesticks');
      const a = await http.get(route, candleQuery(range, clock()), opts);
      const points = readCandles(a.data, side);
      if (!points) throw badShape(a.status, 'Kalshi candlesticks: no candlesticks list.', a.rate);
      return result(points, a);
    },
  };
}
