/**
 * `market`, `event` and `quote` take what people paste (src/links, docs/links.md): a market or event address of the
 * configured source's platform, a ticker, a slug or an id. Each lookup is one request through `Fetch` (the shared
 * budget); "not found" moves to the next. An address of another platform is a usage error naming it and the flag
 * (`--source kalshi`), until the one-shots read several venues at once. A bare id the parser does not read is asked
 * for as it is (today's behaviour: the interface's ids, and any id a platform takes) — unless it can be no source's
 * id (spaces, control characters, a URL scheme): that is the parser's one-line usage error, before anything is sent.
 */
import { ApiError } from '../../api/errors.js';
import { ID_MAX } from '../../api/validate.js';
import type { ApiResult, Market, MarketEvent } from '../../api/types.js';
import { parseTarget } from '../../links/parse.js';
import { lookupsOf } from '../../links/plan.js';
import { notFound, runLookup } from '../../links/resolve.js';
import type { Found, Lookup } from '../../links/types.js';
import { nameInSentence, SOURCE_NAMES } from '../../sources/names.js';
import type { SourceId } from '../../sources/types.js';
import { UsageError } from '../errors.js';
import type { Fetch } from './run.js';

type Want = 'market' | 'event';

/**
 * No source has an id with whitespace or a control character in it, or one that begins with a URL scheme
 * (`javascript:`, `mailto:`; a `venue:` prefix is taken off before this).
 */
const neverAnId = (text: string): boolean => /[\s\x00-\x1f\x7f-\x9f]|^[a-z][a-z0-9+.-]*:/i.test(text.trim());

/**
 * A web address (a scheme, a host and a path, or a platform's bare host: its home page): the parser's to read, never
 * an id asked for as it is.
 */
const isAddress = (text: string): boolean =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim()) ||
  /^(?:www\.)?[a-z0-9-]+\.[a-z]{2,}\//i.test(text.trim()) ||
  /^(?:www\.)?(?:polymarket\.com|kalshi\.com|manifold\.markets)$/i.test(text.trim());

/**
 * A text the parser does not read and no source could take as an id, or an address it does not read (another site, a
 * platform's page that names no market): its one-line message, a usage error — with one source or several alike.
 */
export function refuseNonId(arg: string): void {
  const p = parseTarget(arg);
  if (!p.ok && (isAddress(arg) || neverAnId(arg))) throw new UsageError(p.message);
  // no source has an id (a slug, a ticker) this long: a platform was sent it, the demo refused it once started
  if (!isAddress(arg) && arg.trim().length > ID_MAX)
    throw new UsageError(`the id is too long (max ${ID_MAX} characters)`);
}

const marketFirst = (l: Lookup) => (l.route === 'market' || l.route === 'marketSlug' ? 0 : 1);

/**
 * The lookups for `arg` on `source`, the kind wanted first; undefined: ask for `arg` as an id, as before. `prefixed`:
 * it came as `source:arg` (`manifold:73y2fs1i7b`), read as that venue's word (src/links/parse.ts).
 */
export function targetLookups(
  arg: string,
  source: SourceId,
  want: Want,
  prefixed = false,
): { lookups: Lookup[]; understood: string } | undefined {
  const p = parseTarget(prefixed && source !== 'public' ? `${source}:${arg.trim()}` : arg);
  const address = isAddress(arg);
  if (!p.ok) {
    if (address || neverAnId(arg)) throw new UsageError(p.message);
    return undefined;
  }
  const mine = p.readings.filter((r) => r.venue === source);
  if (mine.length === 0) {
    // a bare word on the interface is its own id
    if (source === 'public' && !address) return undefined;
    const venue = p.readings[0]!.venue;
    throw new UsageError(
      `${p.understood} is on ${SOURCE_NAMES[venue]}; this command reads ${nameInSentence(source)}: ` +
        `add --source ${venue}`,
    );
  }
  const all = lookupsOf(mine);
  const lookups = [...all].sort((a, b) =>
    want === 'market' ? marketFirst(a) - marketFirst(b) : marketFirst(b) - marketFirst(a),
  );
  return { lookups, understood: p.understood };
}

/** The lookups in order through the budget until one finds something. */
async function first(fetch: Fetch, lookups: readonly Lookup[], understood: string, source: SourceId): Promise<Found> {
  for (const l of lookups) {
    const found = await fetch(async (c, o): Promise<ApiResult<Found | undefined>> => {
      try {
        return await runLookup(c, l, o);
      } catch (e) {
        if (notFound(e)) return { status: 404, data: undefined };
        throw e;
      }
    });
    if (found) return found;
  }
  // what was understood may name the venue already (`Polymarket event …`): it is said once
  const name = SOURCE_NAMES[source];
  const what = understood.startsWith(`${name} `) ? understood.slice(name.length + 1) : understood;
  throw new ApiError({ kind: 'not_found', status: 404, message: `${name} has nothing for ${what}.` });
}

/** A market by what was pasted (an event found: its only market, else a usage error listing how many it has). */
export async function resolveMarket(fetch: Fetch, arg: string, source: SourceId, prefixed = false): Promise<Market> {
  const t = targetLookups(arg, source, 'market', prefixed);
  if (!t) return fetch((c, o) => c.getMarket(arg, o));
  const found = await first(fetch, t.lookups, t.understood, source);
  if ('market' in found) return found.market;
  if (found.event.markets.length === 1) return found.event.markets[0]!;
  throw new UsageError(
    `${t.understood} is an event with ${found.event.markets.length} markets: ` +
      'see them with oddsboard event, then name one',
  );
}

/** An event by what was pasted (a market found: its event, one request more). */
export async function resolveEvent(
  fetch: Fetch,
  arg: string,
  source: SourceId,
  prefixed = false,
): Promise<MarketEvent> {
  const t = targetLookups(arg, source, 'event', prefixed);
  if (!t) return fetch((c, o) => c.getEvent(arg, o));
  const found = await first(fetch, t.lookups, t.understood, source);
  if ('event' in found) return found.event;
  const eventId = found.market.eventId;
  if (eventId === undefined)
    throw new UsageError(`${t.understood} is a market of no event: see it with oddsboard market`);
  return fetch((c, o) => c.getEvent(eventId, o));
}

/** Checked before anything is sent: an address of another platform, or one not understood, is a usage error. */
export function checkTarget(arg: string, source: SourceId, want: Want, prefixed = false): void {
  targetLookups(arg, source, want, prefixed);
}

/** How many of a market's outcomes an empty `--outcome` names (a Manifold market may list hundreds). */
const OUTCOMES_SAID = 12;

/**
 * `quote --outcome ''`: what is accepted, with the market's own outcomes (it said only "choose an outcome"). A usage
 * error once the market is read, as a pasted address that turns out to be an event is.
 */
export function emptyOutcome(m: Market): UsageError {
  const names = m.outcomes.map((o) => o.name);
  const more =
    names.length > OUTCOMES_SAID ? ` and ${names.length - OUTCOMES_SAID} more (oddsboard market lists them)` : '';
  const which =
    names.length === 0 ? `; ${m.id} lists none` : `, one of: ${names.slice(0, OUTCOMES_SAID).join(', ')}${more}`;
  return new UsageError(`--outcome: give an outcome of the market by name or id${which}`);
}
