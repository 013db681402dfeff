/**
 * A venue's client with its ids written `venue:id` (src/venue/ref.ts `refKey`) on the way in and stripped on the way
 * out: the venue's store, sync and watchlist then hold refKeys, so N venue stores merge into one screen without two
 * venues' ids ever meeting (design.md §7), and nothing below the client changes. Used only with several venues: one
 * venue alone keeps its bare ids, exactly as before.
 */
import type { ApiResult, Market, MarketEvent, OrderBook, Quote } from '../api/types.js';
import type { SourceClient, SourceId } from '../sources/types.js';
import type { Found } from '../links/types.js';

export function prefixClient(venue: SourceId, inner: SourceClient): SourceClient {
  const pre = `${venue}:`;
  const to = (id: string): string => pre + id;
  /** An id from the store back to the venue's own (an id without this venue's prefix is passed as it is). */
  const from = (id: string): string => (id.startsWith(pre) ? id.slice(pre.length) : id);
  const market = (m: Market): Market => ({
    ...m,
    id: to(m.id),
    ...(m.eventId !== undefined ? { eventId: to(m.eventId) } : {}),
  });
  const event = (e: MarketEvent): MarketEvent => ({ ...e, id: to(e.id), markets: e.markets.map(market) });
  const map =
    <T, U>(f: (t: T) => U) =>
    <R extends ApiResult<T>>(r: R): Omit<R, 'data'> & { data: U } => ({ ...r, data: f(r.data) });
  const markets = map((ms: Market[]) => ms.map(market));
  const client: SourceClient = {
    source: inner.source,
    caps: inner.caps,
    listMarkets: (q, o) => inner.listMarkets(q, o).then(markets),
    getMarket: (id, o) => inner.getMarket(from(id), o).then(map(market)),
    getMarkets: (ids, o) =>
      inner
        .getMarkets(ids.map(from), o)
        .then((r) => ({ ...markets(r), ...(r.deferred ? { deferred: r.deferred.map(to) } : {}) })),
    getQuote: (id, p, o) =>
      inner
        .getQuote(from(id), p, o)
        .then(map((q: Quote) => (q.marketId !== undefined ? { ...q, marketId: to(q.marketId) } : q))),
    listEvents: (q, o) => inner.listEvents(q, o).then(map((es: MarketEvent[]) => es.map(event))),
    getEvent: (id, o) => inner.getEvent(from(id), o).then(map(event)),
    listCategories: (o) => inner.listCategories(o),
    listClosing: (o) => inner.listClosing(o).then(markets),
    describe: () => inner.describe(),
    close: () => inner.close(),
  };
  if (inner.getBook) {
    const getBook = inner.getBook.bind(inner);
    client.getBook = (id, outcome, o) =>
      getBook(from(id), outcome, o).then(map((b: OrderBook) => ({ ...b, marketId: to(b.marketId) })));
  }
  if (inner.lookup) {
    const lookup = inner.lookup.bind(inner);
    // `g`'s slug and series lookups answer a market or an event: written venue:id like every other answer
    client.lookup = (l, o) =>
      lookup(l, o).then(
        map((f: Found): Found => ('market' in f ? { market: market(f.market) } : { event: event(f.event) })),
      );
  }
  if (inner.getHistory) {
    const getHistory = inner.getHistory.bind(inner);
    client.getHistory = (id, outcome, range, o) => getHistory(from(id), outcome, range, o);
  }
  return client;
}
