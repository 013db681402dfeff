/**
 * The one-shot commands: `markets`, `market ID`, `quote ID`, `events`,
 * `event ID` (ID: an id, or what people paste — an address, a ticker, a
 * slug: target.ts); `watch` is watch.ts. Each checks its flags, says what to fetch, and how its answer
 * looks as JSON and as a table; run.ts does the rest (every venue asked for a
 * list, the venue an id names for one thing: venues.ts).
 */
import type { Market, MarketEvent, MarketQuery, Quote } from '../../api/types.js';
import { fitQuery } from '../../sources/fit.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import type { SourceCaps, SourceId } from '../../sources/types.js';
import { validateLimit, validateOffset, validateQuoteParams, type ValidQuoteParams } from '../../api/validate.js';
import type { CommandIo } from '../commands.js';
import { checkValue, DEFAULTS } from '../config.js';
import { afterName, UsageError } from '../errors.js';
import type { FlagValues } from '../parse.js';
import { sanitize } from '../../util/sanitize.js';
import { allPages, orderMoved } from './allPages.js';
import { jsonEvent, jsonMarket, jsonQuote } from './json.js';
import { listed } from './fetch.js';
import { runOneShot, type OneShot } from './run.js';
import { rowsOf } from './table.js';
import { checkTarget, emptyOutcome, resolveEvent, resolveMarket, targetLookups } from './target.js';

const str = (flags: FlagValues, name: string): string | undefined =>
  typeof flags[name] === 'string' ? (flags[name] as string) : undefined;

function intFlag(
  flags: FlagValues,
  name: string,
  check: (v: unknown) => { ok: true; value: number } | { ok: false; message: string },
): number | undefined {
  const raw = str(flags, name);
  if (raw === undefined) return undefined;
  const r = check(raw);
  if (!r.ok) throw new UsageError(`--${name}: ${afterName(r.message)}`);
  return r.value;
}

/** The list query from the flags; only what was given is sent (the service's defaults otherwise). */
function marketQuery(flags: FlagValues): MarketQuery {
  const q: MarketQuery = {};
  for (const [flag, key] of [
    ['query', 'q'],
    ['status', 'status'],
    ['category', 'category'],
    ['sort', 'sort'],
  ] as const) {
    const v = str(flags, flag);
    if (v === undefined) continue;
    const text = sanitize(checkValue(flag, v, `--${flag}`) as string).trim();
    // an empty --query (a script's empty variable) or one of control characters only, as the client would send it:
    // no query, as an empty search in the dashboard (docs/commands.md); not a search of nothing
    if (text !== '' || (flag !== 'query' && flag !== 'category')) q[key] = text;
  }
  const limit = intFlag(flags, 'limit', validateLimit);
  if (limit !== undefined) q.limit = limit;
  const offset = intFlag(flags, 'offset', validateOffset);
  if (offset !== undefined) q.offset = offset;
  return q;
}

/**
 * The list query fitted to one venue, as the dashboard fits its starting list (sources/fit.ts): a status, sort or
 * size the venue cannot do is a usage error naming it, never sent to be ignored. A category is one venue's grouping:
 * with several venues it is a usage error.
 */
function fitToVenue(q: MarketQuery, venue: SourceId, caps: SourceCaps, several: boolean): MarketQuery {
  if (several && q.category !== undefined && q.category !== '')
    throw new UsageError(
      `--category names one venue's grouping; with several sources ask one (--source ${venue} --category ...)`,
    );
  const fitted = fitQuery(
    caps,
    SOURCE_NAMES[venue],
    {
      status: q.status ?? caps.statuses[0] ?? '',
      sort: q.sort ?? '',
      category: q.category ?? '',
      limit: q.limit ?? 1,
      query: q.q ?? '',
    },
    // nothing is a default here: only what was given is sent, and all of it must fit
    { status: '', sort: '', limit: 0 },
  );
  if (!fitted.ok)
    throw new UsageError(
      `${fitted.message}; leave out --${fitted.key}${several ? `, or ask ${SOURCE_NAMES[venue]} on its own` : ''}`,
    );
  return q;
}

const markets: OneShot<Market[]> = {
  name: 'markets',
  span: 'list',
  check({ flags, source, caps, several, warn }) {
    // without --status the dashboard's default view, active markets, on every venue: Kalshi's and Manifold's own
    // default was every status, so `oddsboard markets --source kalshi` listed closed and resolved ones
    const given = marketQuery(flags);
    const query = fitToVenue({ ...given, status: given.status ?? DEFAULTS.status }, source, caps, several);
    // what a search looks through where it is not the whole list (Kalshi's first events), as the dashboard says it
    if (query.q && caps.searchScope) warn?.(caps.searchScope);
    return flags.all === true
      ? (fetch, opened) =>
          allPages(
            fetch,
            query,
            (answer) => listed('the market list', answer, opened),
            (repeats) => warn?.(orderMoved(repeats, source, query.sort, several)),
          )
      : (fetch, opened) =>
          listed(
            'the market list',
            fetch((c, o) => c.listMarkets(query, o)),
            opened,
          );
  },
  json: (list, venue) => list.map((m) => jsonMarket(m, venue)),
  lines: (list, venue) => list.map((m) => jsonMarket(m, venue)),
  // past the end: not "No markets match.", which spoke of a filter that was not there (`--offset 10000`)
  table: (t, parts, view, flags) => {
    const offset = Number(str(flags, 'offset') ?? 0);
    if (rowsOf(parts).items.length > 0 || !(offset > 0)) return t.marketsTable(rowsOf(parts), view);
    const why = `--offset ${offset} is at or after the end of the list (leave it out to list from the start)`;
    return `No markets past the first ${offset}: ${why}.\n`;
  },
};

const market: OneShot<Market> = {
  name: 'market',
  check({ args, source, prefixed }) {
    const target = args[0]!;
    checkTarget(target, source, 'market', prefixed);
    return (fetch) => resolveMarket(fetch, target, source, prefixed);
  },
  json: jsonMarket,
  table: (t, [m], view) => t.marketDetail(m!.data, view),
  span: 'one',
};

const quote: OneShot<{ id: string; quote: Quote }> = {
  name: 'quote',
  check({ flags, args, source, prefixed }) {
    const target = args[0]!;
    checkTarget(target, source, 'market', prefixed);
    const outcome = str(flags, 'outcome');
    const amount = str(flags, 'amount');
    if (outcome === undefined)
      throw new UsageError('quote needs --outcome (an outcome name or id; see oddsboard market ID)');
    if (amount === undefined) throw new UsageError('quote needs --amount');
    // the amount and action are judged before anything is sent, an empty outcome too (a stand-in here): only naming
    // the market's outcomes needs it read — a bad --amount was said after that request, an unknown market's 404 instead
    const empty = outcome.trim() === '';
    const v = validateQuoteParams({
      outcome: empty ? 'any' : outcome,
      amount,
      action: (str(flags, 'action') ?? 'buy') as ValidQuoteParams['action'],
    });
    if (!v.ok) throw new UsageError(`--${v.param ?? 'amount'}: ${afterName(v.message)}`);
    if (empty)
      return async (fetch) => {
        throw emptyOutcome(await resolveMarket(fetch, target, source, prefixed));
      };
    return async (fetch) => {
      // a pasted address or slug: its market's id first (an id is used as it is)
      const id = targetLookups(target, source, 'market', prefixed)
        ? (await resolveMarket(fetch, target, source, prefixed)).id
        : target;
      return { id, quote: await fetch((c, o) => c.getQuote(id, v.value, o)) };
    };
  },
  json: (r, venue) => jsonQuote(r.quote, venue),
  table: (t, [r], view) => t.quoteBlock(r!.data.id, r!.data.quote, view, r!.venue),
  span: 'one',
  needs: 'quotes',
};

const events: OneShot<MarketEvent[]> = {
  name: 'events',
  span: 'list',
  needs: 'events',
  check({ flags }) {
    const limit = intFlag(flags, 'limit', validateLimit);
    return (fetch, opened) =>
      listed(
        'the events list',
        fetch((c, o) => c.listEvents(limit === undefined ? {} : { limit }, o)),
        opened,
      );
  },
  json: (list, venue) => list.map((e) => jsonEvent(e, venue)),
  lines: (list, venue) => list.map((e) => jsonEvent(e, venue)),
  table: (t, parts, view) => t.eventsTable(rowsOf(parts), view),
};

const event: OneShot<MarketEvent> = {
  name: 'event',
  check({ args, source, prefixed }) {
    const target = args[0]!;
    checkTarget(target, source, 'event', prefixed);
    return (fetch) => resolveEvent(fetch, target, source, prefixed);
  },
  json: jsonEvent,
  table: (t, [e], view) => t.eventDetail(e!.data, view),
  span: 'one',
  needs: 'events',
};

export const runMarkets = (argv: string[], io: CommandIo) => runOneShot(markets, argv, io);
export const runMarket = (argv: string[], io: CommandIo) => runOneShot(market, argv, io);
export const runQuote = (argv: string[], io: CommandIo) => runOneShot(quote, argv, io);
export const runEvents = (argv: string[], io: CommandIo) => runOneShot(events, argv, io);
export const runEvent = (argv: string[], io: CommandIo) => runOneShot(event, argv, io);
