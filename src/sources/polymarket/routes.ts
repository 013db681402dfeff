/**
 * The Gamma routes and query parameters oddsboard may send, as documented (docs.polymarket.com's Gamma reference
 * and Polymarket's own SDK, `Polymarket/py-sdk` `_internal/actions/gamma.py`): a test checks every request the client
 * makes against this list (src/sources/polymarket/client.test.ts). Paths are below the Gamma base (the CLOB's two
 * routes below the CLOB base).
 */

export interface GammaRoute {
  name: string;
  /** Path segments; `{id}` matches one segment. */
  segments: readonly string[];
  /** Documented query parameters (a name may repeat where the docs take an array: `id`, `tag_id`). */
  params: readonly string[];
}

const KEYSET_MARKETS = [
  'limit',
  'after_cursor',
  'ascending',
  'closed',
  'clob_token_ids',
  'condition_ids',
  'end_date_max',
  'end_date_min',
  'id',
  'include_tag',
  'liquidity_num_max',
  'liquidity_num_min',
  'order',
  'question_ids',
  'related_tags',
  'slug',
  'start_date_max',
  'start_date_min',
  'tag_id',
  'tag_match',
  'uma_resolution_status',
  'volume_num_max',
  'volume_num_min',
] as const;

const KEYSET_EVENTS = [
  'limit',
  'after_cursor',
  'ascending',
  'closed',
  'end_date_max',
  'end_date_min',
  'id',
  'order',
  'related_tags',
  'slug',
  'tag_id',
  'tag_slug',
  'title_search',
] as const;

export const GAMMA_ROUTES: readonly GammaRoute[] = [
  { name: 'markets (keyset)', segments: ['markets', 'keyset'], params: KEYSET_MARKETS },
  { name: 'market', segments: ['markets', '{id}'], params: ['include_tag', 'locale'] },
  // a pasted link's slug (docs.polymarket.com "Market Details": `GET /markets/slug/{slug}`; the events' own
  // `/events/slug/{slug}` beside it in the Gamma reference)
  { name: 'market by slug', segments: ['markets', 'slug', '{id}'], params: ['include_tag'] },
  { name: 'event by slug', segments: ['events', 'slug', '{id}'], params: ['include_chat', 'include_template'] },
  { name: 'events (keyset)', segments: ['events', 'keyset'], params: KEYSET_EVENTS },
  { name: 'event', segments: ['events', '{id}'], params: ['include_chat', 'include_template', 'locale'] },
  { name: 'tags', segments: ['tags'], params: ['limit', 'offset', 'ascending', 'order', 'is_carousel', 'locale'] },
  {
    name: 'public search',
    segments: ['public-search'],
    params: [
      'q',
      'page',
      'limit_per_type',
      'search_tags',
      'search_profiles',
      'events_status',
      'events_tag',
      'keep_closed_markets',
    ],
  },
  // the CLOB (docs.polymarket.com "Get order book summary", "Get prices history"; clob-openapi.yaml)
  { name: 'book (CLOB)', segments: ['book'], params: ['token_id'] },
  {
    name: 'prices history (CLOB)',
    segments: ['prices-history'],
    params: ['market', 'startTs', 'endTs', 'interval', 'fidelity'],
  },
  // the Data API (docs.polymarket.com "Get current positions for a user", "Get total value of a user's positions";
  // data-openapi.yaml): a wallet's positions, read only for `oddsboard positions` and the Positions view
  {
    name: 'positions (Data API)',
    segments: ['positions'],
    params: [
      'user',
      'market',
      'eventId',
      'sizeThreshold',
      'redeemable',
      'mergeable',
      'limit',
      'offset',
      'sortBy',
      'sortDirection',
      'title',
    ],
  },
  { name: 'value (Data API)', segments: ['value'], params: ['user', 'market'] },
];

function matches(route: GammaRoute, segments: readonly string[]): boolean {
  return (
    route.segments.length === segments.length &&
    route.segments.every((s, i) => (s === '{id}' ? segments[i] !== '' && segments[i] !== 'keyset' : s === segments[i]))
  );
}

/** The documented route a path (below the base) names, if any. */
export function routeOf(pathname: string): GammaRoute | undefined {
  const segments = pathname.split('/').filter((s) => s !== '');
  return GAMMA_ROUTES.find((r) => matches(r, segments));
}

/** What is undocumented in a request (`/markets/keyset?limit=5&offset=5` → ['offset']), [] when all is. */
export function undocumented(pathAndQuery: string): string[] {
  const url = new URL(pathAndQuery, 'http://gamma.invalid');
  const route = routeOf(url.pathname);
  if (!route) return [`route ${url.pathname}`];
  return [...new Set(url.searchParams.keys())].filter((k) => !route.params.includes(k)).map((k) => `param ${k}`);
}
