/**
 * `parseTarget(input)`: what a pasted text names, without a request (docs/links.md has the forms and their sources).
 *
 * Addresses (with or without `https://`, `www.`, a locale segment such as `/es/`, a query string or a fragment):
 * - Polymarket: `/event/<event-slug>` (an event), `/event/<event-slug>/<market-slug>` and `/market/<market-slug>` (a
 *   market), `/sports/<league>/<event-slug>` (an event).
 * - Kalshi: `/markets/<series>/<title-slug>/<event-ticker>` (an event), `/markets/<series>` and
 *   `/markets/<series>/<title-slug>` (a series: its next event), `/markets/<ticker>` and `/events/<ticker>` (a ticker).
 * - Manifold: `/<user>/<slug>` and `/embed/<user>/<slug>` (a market).
 * Bare words: digits → a Polymarket id; an upper-case ticker → Kalshi; a mixed-case word of 10–20 letters and digits →
 * a Manifold id; `user/slug` → Manifold; a lower-case slug → tried as Polymarket's (market, then event), then
 * Manifold's (and, when it can be one, as a Manifold id), then, when it has a ticker's shape (KALSHI_LOWER), as a
 * Kalshi ticker (the order multi-venue lookups follow; a one-venue board tries only its own venue's readings).
 * A `venue:` prefix (`manifold:73y2fs1i7b`, the form the board shows an id in) keeps that venue's readings only; on
 * Manifold a word with a digit that can be an id is tried as an id first, then as a slug.
 */
import { SOURCE_NAMES } from '../sources/names.js';
import { G, inQuotes } from '../util/glyphs.js';
import type { ParsedTarget, PlatformId, VenueTarget } from './types.js';

const MAX_INPUT = 500;
/** What the messages say is accepted. */
export const ACCEPTED =
  'accepted: a market or event address on polymarket.com, kalshi.com or manifold.markets, a Kalshi ticker, ' +
  'a Polymarket slug or id, a Manifold slug or id';

const HOSTS: Readonly<Record<string, PlatformId>> = {
  'polymarket.com': 'polymarket',
  'kalshi.com': 'kalshi',
  'manifold.markets': 'manifold',
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MANIFOLD_SLUG = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
const USER = /^[A-Za-z0-9_]{1,40}$/;
const TICKER = /^[A-Z0-9][A-Z0-9._-]{0,99}$/;
/**
 * A lower-case word that can be a Kalshi ticker as Kalshi's own addresses write it (`kxfeddecision`, `kxsenateild-26`,
 * `kxfeddecision-26jul-h0`): its API's tickers are upper case, its site's paths lower-case them. A series is one word
 * from a letter; an event or market ticker has its event's code second — with a digit: a date, a year, a number — and
 * at most four parts, as every one of the 329 tickers recorded in test/fixtures/real/kalshi (docs/links.md). A title
 * slug (`fed-decision-in-september-762`, `trump-wins-nobel-peace-prize-2026`) is none.
 */
const KALSHI_LOWER = /^[a-z][a-z0-9]*(?:-[a-z0-9]*\d[a-z0-9]*(?:-[a-z0-9]+){0,2})?$/;
/**
 * A word that can be a Manifold market id: letters and digits, 10 to 20 of them. Of the 154 market ids in our
 * recordings (test/fixtures/real/manifold) 150 have 10 characters — 121 all lower case, most with a digit, four
 * without — and 4 (markets of 2022) have 20, mixed case; docs/links.md has the evidence.
 */
const MANIFOLD_ID = /^[A-Za-z0-9]{10,20}$/;
const LOCALE = /^[a-z]{2}(?:-[a-z]{2,4})?$/i;

/** Manifold's own first path segments that are not user names (its site's pages). */
const MANIFOLD_PAGES = new Set(['browse', 'questions', 'topic', 'topics', 'news', 'about', 'home', 'search']);

const fail = (message: string): ParsedTarget => ({ ok: false, message });
const notUnderstood = (what: string): ParsedTarget => fail(`Not understood: ${what} ${G.dash} ${ACCEPTED}.`);
const ok = (input: string, understood: string, readings: VenueTarget[]): ParsedTarget => ({
  ok: true,
  input,
  understood,
  readings,
});

/** Shown back in a message: printable, short. */
function shown(s: string): string {
  const clean = s.replace(/[^\x20-\x7e]/g, '?');
  // quoted nested (inQuotes): a pasted `"` under ASCII would end the quotes early, and notices cut titles at them
  return inQuotes(clean.length > 60 ? `${clean.slice(0, 59)}${G.ell}` : clean);
}

const slugLen = (s: string) => s.length > 0 && s.length <= 250;

function polymarketPath(input: string, seg: string[]): ParsedTarget {
  const [head, a, b, c] = seg;
  const slug = (s: string | undefined): s is string => s !== undefined && SLUG.test(s) && slugLen(s);
  if (head === 'event' && slug(a) && b === undefined)
    return ok(input, `Polymarket event ${a}`, [{ venue: 'polymarket', kind: 'event', by: 'slug', value: a }]);
  if (head === 'event' && slug(a) && slug(b) && c === undefined)
    return ok(input, `Polymarket market ${b}`, [{ venue: 'polymarket', kind: 'market', by: 'slug', value: b }]);
  if (head === 'market' && slug(a) && b === undefined)
    return ok(input, `Polymarket market ${a}`, [{ venue: 'polymarket', kind: 'market', by: 'slug', value: a }]);
  if (head === 'sports' && a !== undefined && slug(b) && c === undefined)
    return ok(input, `Polymarket event ${b}`, [{ venue: 'polymarket', kind: 'event', by: 'slug', value: b }]);
  return notUnderstood(`a polymarket.com page that is not a market or an event (/${seg.join('/')})`);
}

function kalshiPath(input: string, seg: string[]): ParsedTarget {
  const [head, series, title, event, more] = seg;
  const upper = (s: string | undefined) => (s === undefined ? undefined : s.toUpperCase());
  const ticker = (s: string | undefined): s is string => s !== undefined && TICKER.test(s.toUpperCase());
  if (head === 'markets' && ticker(series) && more === undefined) {
    if (event !== undefined && ticker(event))
      return ok(input, `Kalshi event ${upper(event)}`, [
        { venue: 'kalshi', kind: 'event', by: 'ticker', value: event.toUpperCase() },
      ]);
    if (event === undefined && (title !== undefined || !series.includes('-')))
      return ok(input, `Kalshi series ${upper(series)}`, [
        { venue: 'kalshi', kind: 'series', by: 'ticker', value: series.toUpperCase() },
      ]);
    if (event === undefined && title === undefined)
      return ok(input, `Kalshi ticker ${upper(series)}`, [
        { venue: 'kalshi', kind: 'either', by: 'ticker', value: series.toUpperCase() },
      ]);
  }
  if (head === 'events' && ticker(series) && title === undefined)
    return ok(input, `Kalshi ticker ${upper(series)}`, [
      { venue: 'kalshi', kind: 'either', by: 'ticker', value: series.toUpperCase() },
    ]);
  return notUnderstood(`a kalshi.com page that is not a market, event or series (/${seg.join('/')})`);
}

function manifoldPath(input: string, seg: string[]): ParsedTarget {
  const s = seg[0] === 'embed' ? seg.slice(1) : seg;
  const [user, slug, more] = s;
  if (
    user !== undefined &&
    slug !== undefined &&
    more === undefined &&
    !MANIFOLD_PAGES.has(user) &&
    USER.test(user) &&
    MANIFOLD_SLUG.test(slug) &&
    slugLen(slug)
  )
    return ok(input, `Manifold market ${slug} by ${user}`, [
      { venue: 'manifold', kind: 'market', by: 'slug', value: slug },
    ]);
  if (user !== undefined && slug === undefined && USER.test(user) && !MANIFOLD_PAGES.has(user))
    return notUnderstood(`manifold.markets/${user} is a profile, not a market`);
  return notUnderstood(`a manifold.markets page that is not a market (/${seg.join('/')})`);
}

function address(input: string, text: string): ParsedTarget {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return notUnderstood(`${shown(text)} is not a web address`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return notUnderstood(`${shown(text)} is a ${url.protocol.replace(':', '')} address`);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const venue = HOSTS[host];
  if (!venue) return notUnderstood(`${host} is not Polymarket, Kalshi or Manifold`);
  let seg: string[];
  try {
    seg = url.pathname
      .split('/')
      .filter((x) => x !== '')
      .map((x) => decodeURIComponent(x));
  } catch {
    return notUnderstood(`${shown(text)} has a broken path`);
  }
  if (seg.length === 0) return notUnderstood(`the ${host} home page names no market`);
  // a locale segment (`/es/event/…`, `/zh/event/…`): Manifold's only when a user and a slug follow
  if (seg.length > 1 && LOCALE.test(seg[0]!) && (venue !== 'manifold' || seg.length === 3)) seg = seg.slice(1);
  if (venue === 'polymarket') return polymarketPath(input, seg);
  if (venue === 'kalshi') return kalshiPath(input, seg);
  return manifoldPath(input, seg);
}

/** A word with no host: what it can be, the readings in the documented order. */
function bare(input: string, w: string): ParsedTarget {
  if (/^\d{1,19}$/.test(w))
    return ok(input, `Polymarket id ${w}`, [
      { venue: 'polymarket', kind: 'market', by: 'id', value: w },
      { venue: 'polymarket', kind: 'event', by: 'id', value: w },
    ]);
  if (w.includes('/')) {
    const [user, slug, more] = w.split('/');
    if (more === undefined && user && slug && USER.test(user) && MANIFOLD_SLUG.test(slug) && slugLen(slug))
      return ok(input, `Manifold market ${slug} by ${user}`, [
        { venue: 'manifold', kind: 'market', by: 'slug', value: slug },
      ]);
    return notUnderstood(`${shown(w)} (a path without a site)`);
  }
  if (TICKER.test(w) && /[A-Z]/.test(w)) {
    const readings: VenueTarget[] = [
      { venue: 'kalshi', kind: w.includes('-') ? 'either' : 'series', by: 'ticker', value: w },
    ];
    // an upper-case Manifold id (`ZQ68UAANNS`) reads as a Kalshi series too: Kalshi first, then Manifold
    if (MANIFOLD_ID.test(w)) readings.push({ venue: 'manifold', kind: 'market', by: 'id', value: w });
    return ok(input, `Kalshi ticker ${w}`, readings);
  }
  if (SLUG.test(w) && slugLen(w)) {
    const readings: VenueTarget[] = [
      { venue: 'polymarket', kind: 'market', by: 'slug', value: w },
      { venue: 'polymarket', kind: 'event', by: 'slug', value: w },
      { venue: 'manifold', kind: 'market', by: 'slug', value: w },
    ];
    // Manifold's ids are often all lower case (`73y2fs1i7b`): after its slug, the word is tried as an id
    const id = MANIFOLD_ID.test(w);
    if (id) readings.push({ venue: 'manifold', kind: 'market', by: 'id', value: w });
    if (KALSHI_LOWER.test(w) && TICKER.test(w.toUpperCase()))
      readings.push({
        venue: 'kalshi',
        kind: w.includes('-') ? 'either' : 'series',
        by: 'ticker',
        value: w.toUpperCase(),
      });
    return ok(input, id ? `slug or Manifold id ${w}` : `slug ${w}`, readings);
  }
  if (MANIFOLD_ID.test(w))
    return ok(input, `Manifold id ${w}`, [{ venue: 'manifold', kind: 'market', by: 'id', value: w }]);
  return notUnderstood(`${shown(w)} is no address, ticker, slug or id`);
}

/** A scheme, or a host name (a dot and letters before the first `/`: `USDJPYH-24JUL1710-T161.999` is a ticker). */
export function isAddress(text: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return true;
  return /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?$/i.test(text.split(/[/?#]/)[0] ?? '');
}

const PREFIX = /^(polymarket|kalshi|manifold):(?!\/\/)(.*)$/;
const NAMES: Readonly<Record<PlatformId, string>> = {
  polymarket: 'Polymarket address, slug or id',
  kalshi: 'Kalshi address or ticker',
  manifold: 'Manifold address, slug or id',
};

/**
 * `venue:word`: the venue's readings of the word only. On Manifold a word with a digit that can be an id is tried as
 * an id first (the form the board shows ids in; Manifold's slugs are words of the title), then as a slug.
 */
function prefixed(input: string, venue: PlatformId, rest: string): ParsedTarget {
  if (rest === '') return notUnderstood(`${venue}: names a venue but no id`);
  const inner = isAddress(rest) ? address(input, rest) : bare(input, rest);
  if (!inner.ok) return inner;
  const mine = inner.readings.filter((r) => r.venue === venue);
  if (mine.length === 0) return notUnderstood(`${shown(rest)} is no ${NAMES[venue]}`);
  if (isAddress(rest)) return ok(input, inner.understood, mine);
  const idFirst = venue === 'manifold' && /\d/.test(rest);
  const readings = idFirst ? [...mine.filter((r) => r.by === 'id'), ...mine.filter((r) => r.by !== 'id')] : mine;
  const by = [...new Set(readings.map((r) => r.by))].join(' or ');
  return ok(input, `${SOURCE_NAMES[venue]} ${by} ${readings[0]!.value}`, readings);
}

/** What `input` names (see the file's comment), or a one-line message. Pure: no request, no clock. */
export function parseTarget(input: string): ParsedTarget {
  const text = input.trim();
  if (text === '') return fail(`Nothing to go to ${G.dash} ${ACCEPTED}.`);
  if (text.length > MAX_INPUT) return notUnderstood(`a text of ${text.length} characters`);
  if (/\s/.test(text)) return notUnderstood(`${shown(text)} has spaces (paste one address or id)`);
  if (/[\x00-\x1f\x7f-\x9f]/.test(text)) return notUnderstood('the text holds control characters');
  const pre = PREFIX.exec(text);
  if (pre) return prefixed(text, pre[1] as PlatformId, pre[2]!);
  return isAddress(text) ? address(text, text) : bare(text, text);
}

/** The readings of a parsed input that one venue can try (a one-venue board; the multi-venue board routes them). */
export function readingsFor(p: Extract<ParsedTarget, { ok: true }>, venue: string): VenueTarget[] {
  return p.readings.filter((r) => r.venue === venue);
}

/**
 * The venues a pasted text may be on, among `sources` (the one-shots' routing, src/cli/oneshot/venues.ts): an address
 * names its platform; a bare word has the venues of its readings. `address`: the text was an address (a host).
 */
export function linkVenues(text: string): { venues: PlatformId[]; address: boolean; understood: string } | undefined {
  const p = parseTarget(text);
  if (!p.ok) return undefined;
  const address = isAddress(text.trim());
  return { venues: [...new Set(p.readings.map((r) => r.venue))], address, understood: p.understood };
}
