/**
 * Kalshi's routes answered from a recording (`serve --replay DIR --source kalshi`), with Kalshi's paging
 * (opaque cursors, '' on the last page; `limit` ≤ 1000 on /markets, ≤ 200 on /events), its status filter words
 * (mapped onto the answers' words as documented), `tickers` batches, the documented timestamp-filter rules, and
 * 400 and 404 in its error shape. Objects are served verbatim. docs/sources/kalshi.md.
 */
import { manifestShiftMs, shiftRecorded } from '../../server/replay/asRecorded.js';
import { loadRecording, RecordingError, type RecordedItem } from '../../server/replay/load.js';
import type { ReplayAnswer, ReplayRequest, SourceReplay } from '../types.js';
import { kalshiErrorBody } from './errors.js';
import { EVENT_TICKERS_MAX, EVENTS_MAX_LIMIT, MARKETS_MAX_LIMIT } from './limits.js';
import {
  eventStatus,
  FILTER_MATCHES,
  indexRecording,
  isObj,
  marketsOf,
  seconds,
  seriesOf,
  tagsByCategories,
  type KalshiData,
  type Obj,
} from './replayData.js';
import { EVENT_STATUS_FILTERS, MARKET_STATUS_FILTERS } from './routes.js';
import { answerPortfolio, loadPortfolio } from './portfolioReplay.js';
import {
  BOOKS_DIR,
  bookAnswer,
  candlesAnswer,
  emptyTraderRecording,
  HISTORIES_DIR,
  loadTraderRecording,
  TraderBadRequest,
  type TraderRecording,
} from './replayTrader.js';

/** The trader's files (books, candlesticks) are not market answers. */
const TRADER_FILE = new RegExp(`[\\\\/](${BOOKS_DIR}|${HISTORIES_DIR})[\\\\/][^\\\\/]+$`);

class BadRequest extends Error {}

const bad = (message: string): never => {
  throw new BadRequest(message);
};
const ok = (body: unknown): ReplayAnswer => ({ status: 200, body });
const notFound = (what: string): ReplayAnswer => ({
  status: 404,
  body: kalshiErrorBody(404, 'not_found', `${what} not found`),
});

export const encodeCursor = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');

function decodeCursor(c: string | null): number {
  if (c === null || c === '') return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : bad('invalid cursor');
}

function intParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  return /^-?\d{1,12}$/.test(v) ? Number(v) : bad(`${name} must be an integer`);
}

function limitParam(q: URLSearchParams, max: number, dflt: number): number {
  const n = intParam(q, 'limit') ?? dflt;
  return n >= 1 && n <= max ? n : bad(`limit must be between 1 and ${max}`);
}

function boolParam(q: URLSearchParams, name: string): boolean {
  const v = q.get(name);
  if (v === null) return false;
  return v === 'true' ? true : v === 'false' ? false : bad(`${name} must be true or false`);
}

function statusParam(q: URLSearchParams, words: readonly string[]): string | undefined {
  const v = q.get('status');
  if (v === null || v === '') return undefined;
  if (v.includes(',')) bad('only one status filter may be supplied at a time');
  return words.includes(v) ? v : bad(`status must be one of ${words.join(', ')}`);
}

function listParam(q: URLSearchParams, name: string): Set<string> | undefined {
  const v = q.get(name);
  return v === null || v === '' ? undefined : new Set(v.split(',').filter((s) => s !== ''));
}

/** One page of `all` from the cursor's offset, and the next cursor ('' when none). */
function page<T>(all: readonly T[], q: URLSearchParams, limit: number): { items: T[]; cursor: string } {
  const from = decodeCursor(q.get('cursor'));
  const items = all.slice(from, from + limit);
  return { items, cursor: from + limit < all.length ? encodeCursor(from + limit) : '' };
}

/** The documented timestamp filters: each goes with some status words only (GET /markets description). */
const TS_FILTERS: ReadonlyArray<[string[], string, readonly (string | undefined)[]]> = [
  [['min_created_ts', 'max_created_ts'], 'created_time', ['unopened', 'open', undefined]],
  [['min_close_ts', 'max_close_ts'], 'close_time', ['closed', undefined]],
  [['min_settled_ts', 'max_settled_ts'], 'settlement_ts', ['settled', undefined]],
  [['min_updated_ts'], 'updated_time', [undefined]],
];

function listMarkets(data: KalshiData, q: URLSearchParams): ReplayAnswer {
  const limit = limitParam(q, MARKETS_MAX_LIMIT, 100);
  const status = statusParam(q, MARKET_STATUS_FILTERS);
  const tickers = listParam(q, 'tickers');
  const events = listParam(q, 'event_ticker');
  if (events && events.size > EVENT_TICKERS_MAX) bad(`at most ${EVENT_TICKERS_MAX} event tickers`);
  const series = q.get('series_ticker') || undefined;
  const mve = q.get('mve_filter');
  if (mve !== null && mve !== 'only' && mve !== 'exclude') bad('mve_filter must be only or exclude');
  const times: Array<[string, (s: number) => boolean]> = [];
  let families = 0;
  for (const [names, field, statuses] of TS_FILTERS) {
    const given = names.filter((n) => q.has(n));
    if (given.length === 0) continue;
    families++;
    if (!statuses.includes(status)) bad(`${given.join(', ')} cannot be combined with status=${status}`);
    const min = intParam(q, names[0] ?? '');
    const max = names[1] !== undefined ? intParam(q, names[1]) : undefined;
    times.push([field, (s) => (min === undefined || s > min) && (max === undefined || s < max)]);
  }
  if (families > 1) bad('timestamp filters are mutually exclusive');
  const words = status === undefined ? undefined : FILTER_MATCHES[status];
  const all = [...data.markets.values()].filter(
    (m) =>
      (tickers === undefined || tickers.has(String(m.ticker))) &&
      (events === undefined || events.has(String(m.event_ticker))) &&
      (series === undefined || seriesOf(data, m) === series) &&
      (words === undefined || words.includes(String(m.status))) &&
      (mve === null || (mve === 'only') === (typeof m.mve_collection_ticker === 'string')) &&
      times.every(([field, test]) => {
        const s = seconds(m[field]);
        return s !== undefined && test(s);
      }),
  );
  const { items, cursor } = page(all, q, limit);
  return ok({ markets: items, cursor });
}

function eventBody(data: KalshiData, e: Obj, nested: boolean): Obj {
  const { markets: _recorded, ...rest } = e;
  return nested ? { ...rest, markets: marketsOf(data, e) } : rest;
}

function listEvents(data: KalshiData, q: URLSearchParams): ReplayAnswer {
  const limit = limitParam(q, EVENTS_MAX_LIMIT, EVENTS_MAX_LIMIT);
  const status = statusParam(q, EVENT_STATUS_FILTERS);
  const nested = boolParam(q, 'with_nested_markets');
  const milestones = boolParam(q, 'with_milestones');
  const series = q.get('series_ticker') || undefined;
  const minClose = intParam(q, 'min_close_ts');
  const all = [...data.events.values()].filter((e) => {
    const ms = marketsOf(data, e);
    return (
      (series === undefined || e.series_ticker === series) &&
      (status === undefined || eventStatus(ms) === status) &&
      (minClose === undefined || ms.some((m) => (seconds(m.close_time) ?? 0) > minClose))
    );
  });
  const { items, cursor } = page(all, q, limit);
  const events = items.map((e) => eventBody(data, e, nested));
  return ok(milestones ? { events, milestones: [], cursor } : { events, cursor });
}

function answer(data: KalshiData, trader: TraderRecording, req: ReplayRequest): ReplayAnswer | undefined {
  const [first, second, third, fourth, fifth, ...more] = req.segments;
  const q = req.query;
  if (more.length > 0) return undefined;
  if (first === 'markets' && second !== undefined && third === 'orderbook' && fourth === undefined)
    return data.markets.has(second) ? ok(bookAnswer(trader, second, q)) : notFound('market');
  if (
    first === 'series' &&
    second !== undefined &&
    third === 'markets' &&
    fourth !== undefined &&
    fifth === 'candlesticks'
  ) {
    const m = data.markets.get(fourth);
    return m && seriesOf(data, m) === second ? ok(candlesAnswer(trader, fourth, q)) : notFound('market');
  }
  if (third !== undefined) return undefined;
  if (first === 'markets' && second === undefined) return listMarkets(data, q);
  if (first === 'markets' && second !== undefined) {
    const m = data.markets.get(second);
    return m ? ok({ market: m }) : notFound('market');
  }
  if (first === 'events' && second === undefined) return listEvents(data, q);
  if (first === 'events' && second !== undefined) {
    const nested = boolParam(q, 'with_nested_markets');
    const e = data.events.get(second);
    return e ? ok({ event: eventBody(data, e, nested), markets: marketsOf(data, e) }) : notFound('event');
  }
  if (first === 'search' && second === 'tags_by_categories') return ok({ tags_by_categories: tagsByCategories(data) });
  return undefined;
}

/** The replay over items already loaded (tests build it from fixtures). */
export function kalshiReplayOf(
  items: readonly RecordedItem[],
  trader: TraderRecording = emptyTraderRecording(),
): SourceReplay {
  return replayOver(indexRecording(items), trader);
}

/** The replay over a recording already indexed (createKalshiReplay indexes it once, to check it holds anything). */
function replayOver(data: KalshiData, trader: TraderRecording): SourceReplay {
  return {
    answer(req) {
      try {
        return answer(data, trader, req);
      } catch (err) {
        if (err instanceof BadRequest || err instanceof TraderBadRequest)
          return { status: 400, body: kalshiErrorBody(400, 'bad_request', err.message) };
        throw err;
      }
    },
    // a market's detail and its book; its candlesticks (/series/{s}/markets/{ticker}/candlesticks)
    marketIdOf: (segments) =>
      segments[0] === 'markets' && (segments.length === 2 || (segments.length === 3 && segments[2] === 'orderbook'))
        ? segments[1]
        : segments[0] === 'series' && segments.length === 5 && segments[4] === 'candlesticks'
          ? segments[3]
          : undefined,
    listedIds(body) {
      if (!isObj(body)) return [];
      const ms = Array.isArray(body.markets)
        ? body.markets
        : Array.isArray(body.events)
          ? body.events.flatMap((e) => (isObj(e) && Array.isArray(e.markets) ? e.markets : []))
          : [];
      return ms.flatMap((m) => (isObj(m) && typeof m.ticker === 'string' ? [m.ticker] : []));
    },
  };
}

/**
 * A recording folder: its market and event answers, and (beside them) its books and candlesticks. `asRecorded`:
 * every time field moved forward by now − DIR/manifest.json's `recordedAt`, so what was open then is open now and
 * its candles end now (RecordingError without a manifest).
 */
export function createKalshiReplay(dir: string, opts: { asRecorded?: boolean; now?: number } = {}): SourceReplay {
  const answers = loadRecording(dir).filter((it) => !TRADER_FILE.test(it.file));
  const trader = loadTraderRecording(dir);
  const portfolio = loadPortfolio(dir);
  const recorded = indexRecording(answers);
  // an empty or unrelated folder answered every route with nothing, without a word
  const answered = recorded.markets.size + recorded.events.size + trader.books.size + trader.candles.size;
  if (answered + portfolio.rows.length === 0 && portfolio.balance === undefined)
    throw new RecordingError(
      `${dir} holds no Kalshi market or event (an object with ticker and event_ticker, ` +
        'as oddsboard record DIR --source kalshi saves)',
    );
  const withPortfolio = (r: SourceReplay): SourceReplay => ({
    ...r,
    answer: (req) => answerPortfolio(portfolio, req) ?? r.answer(req),
  });
  if (!opts.asRecorded) return withPortfolio(replayOver(recorded, trader));
  const shift = manifestShiftMs(dir, opts.now ?? Date.now());
  for (const byPeriod of trader.candles.values())
    for (const [period, body] of byPeriod) byPeriod.set(period, shiftRecorded(body, shift));
  return withPortfolio(
    kalshiReplayOf(
      answers.map((it) => ({ ...it, object: shiftRecorded(it.object, shift) })),
      trader,
    ),
  );
}
