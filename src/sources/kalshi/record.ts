/**
 * `oddsboard record --source kalshi DIR`: what is fetched from Kalshi's real routes, in order, and the file each
 * answer goes to (written verbatim; the recorder paces the requests and never sends a key). What it writes is
 * what `createKalshiReplay(DIR)` serves.
 *
 *   GET /search/tags_by_categories                                → tags-by-categories.json
 *   GET /markets?limit=200&status=open&mve_filter=exclude[&cursor] → markets-<n>.json        (plan.pages pages)
 *   GET /events?limit=200&with_nested_markets=true&status=open     → events-1.json
 *   GET /events/{event_ticker}?with_nested_markets=true            → event-<ticker>.json     (plan.events)
 *   GET /markets/{ticker}                                          → market-<ticker>.json    (plan.details)
 * and for each of those markets, its book and its last week of hourly candlesticks (the trader's view):
 *   GET /markets/{ticker}/orderbook                                → books/book-<ticker>.json
 *   GET /series/{series}/markets/{ticker}/candlesticks?start_ts=now−7d&end_ts=now&period_interval=60
 *                                                                  → histories/candles-60-<ticker>.json
 */
import type { Query, Recorder, RecordPlan } from '../types.js';
import { candleQuery, HISTORY_PERIOD_MINUTES, seriesOfTicker } from './history.js';
import { EVENTS_MAX_LIMIT } from './limits.js';
import { BOOKS_DIR, bookFile, candlesFile, HISTORIES_DIR } from './replayTrader.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A ticker safe in a file name (tickers are [A-Z0-9.-]; anything else becomes '_'). */
const safe = (ticker: string): string => ticker.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);

/** A file name for a ticker (tickers are [A-Z0-9.-]; anything else becomes '_'). */
export const fileFor = (kind: string, ticker: string): string => `${kind}-${safe(ticker)}.json`;

const tickersIn = (list: unknown, key: string): string[] =>
  Array.isArray(list) ? list.flatMap((o) => (isObj(o) && typeof o[key] === 'string' ? [o[key]] : [])) : [];

export async function recordKalshi(r: Recorder, plan: RecordPlan, now: () => number = Date.now): Promise<void> {
  r.say('Kalshi: categories (GET /search/tags_by_categories)');
  r.write('tags-by-categories.json', await r.get('/search/tags_by_categories'));

  const tickers: string[] = [];
  let cursor = '';
  for (let n = 1; n <= plan.pages; n++) {
    const q: [string, string][] = [
      ['limit', '200'],
      ['status', 'open'],
      ['mve_filter', 'exclude'],
    ];
    if (cursor !== '') q.push(['cursor', cursor]);
    r.say(`Kalshi: markets page ${n} (GET /markets)`);
    const body = await r.get('/markets', q);
    r.write(`markets-${n}.json`, body);
    if (!isObj(body)) break;
    tickers.push(...tickersIn(body.markets, 'ticker'));
    cursor = typeof body.cursor === 'string' ? body.cursor : '';
    if (cursor === '') break;
  }

  r.say('Kalshi: events with their markets (GET /events)');
  const eventsQuery: Query = [
    ['limit', String(EVENTS_MAX_LIMIT)],
    ['with_nested_markets', 'true'],
    ['status', 'open'],
  ];
  const events = await r.get('/events', eventsQuery);
  r.write('events-1.json', events);
  const eventTickers = isObj(events) ? tickersIn(events.events, 'event_ticker') : [];
  for (const t of eventTickers.slice(0, plan.events)) {
    r.say(`Kalshi: event ${t}`);
    r.write(fileFor('event', t), await r.get(`/events/${encodeURIComponent(t)}`, [['with_nested_markets', 'true']]));
  }
  const details = tickers.slice(0, plan.details);
  for (const t of details) {
    r.say(`Kalshi: market ${t}`);
    r.write(fileFor('market', t), await r.get(`/markets/${encodeURIComponent(t)}`));
  }
  for (const t of details) {
    r.say(`Kalshi: book and week of candlesticks of ${t}`);
    r.write(`${BOOKS_DIR}/${bookFile(safe(t))}`, await r.get(`/markets/${encodeURIComponent(t)}/orderbook`));
    const route = `/series/${encodeURIComponent(seriesOfTicker(t))}/markets/${encodeURIComponent(t)}/candlesticks`;
    r.write(
      `${HISTORIES_DIR}/${candlesFile(HISTORY_PERIOD_MINUTES, safe(t))}`,
      await r.get(route, candleQuery('7d', now())),
    );
  }
}
