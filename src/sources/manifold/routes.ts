/**
 * Manifold's v0 routes this source uses, with the parameters the documentation names
 * (https://docs.manifold.markets/api; docs/sources/manifold.md) and their allowed words. The client builds
 * only these; a test checks every request it sent against `checkRequest`. The word lists are those of the
 * server's schemas (`common/src/api/schema.ts`, `market-search-types.ts`), which the docs point to.
 */

/** `GET /markets` `sort` (docs: "One of 'created-time', 'updated-time', 'last-bet-time', or 'last-comment-time'"). */
export const MARKETS_SORTS = ['created-time', 'updated-time', 'last-bet-time', 'last-comment-time'] as const;
export const ORDERS = ['asc', 'desc'] as const;

/** `GET /bets`: the docs' parameters, and `answerId` of the `bets` schema (common/src/api/schema.ts, public). */
export const BETS_PARAMS = [
  'userId',
  'username',
  'contractId',
  'contractSlug',
  'answerId',
  'limit',
  'before',
  'after',
  'beforeTime',
  'afterTime',
  'kinds',
  'order',
] as const;

/** `GET /search-markets` `filter` ("Closing state"). */
export const SEARCH_FILTERS = [
  'all',
  'open',
  'closed',
  'resolved',
  'news',
  'closing-90-days',
  'closing-week',
  'closing-month',
  'closing-day',
] as const;

/** `GET /search-markets` `sort`. */
export const SEARCH_SORTS = [
  'most-popular',
  'newest',
  'score',
  'daily-score',
  'freshness-score',
  '24-hour-vol',
  'liquidity',
  'subsidy',
  'last-updated',
  'close-date',
  'start-time',
  'resolve-date',
  'random',
  'bounty-amount',
  'prob-descending',
  'prob-ascending',
] as const;

/** `GET /search-markets` `contractType` (the docs' list ends "or ... (see code)": these are the code's words). */
export const CONTRACT_TYPES = [
  'ALL',
  'BINARY',
  'MULTIPLE_CHOICE',
  'DEPENDENT_MULTIPLE_CHOICE',
  'INDEPENDENT_MULTIPLE_CHOICE',
  'FREE_RESPONSE',
  'PSEUDO_NUMERIC',
  'BOUNTIED_QUESTION',
  'STONK',
  'POLL',
  'NUMBER',
  'MULTI_NUMERIC',
  'DATE',
] as const;

/** The largest `limit` of `/markets` and `/search-markets`; the largest `offset` of `/search-markets`. */
export const MAX_LIMIT = 1000;
export const MAX_OFFSET = 1000;
/** `/market-probs` "An array of market IDs, up to length 100." */
export const MAX_PROB_IDS = 100;

export interface RouteDoc {
  /** The path pattern below `/v0`; `{id}` / `{slug}` is one segment. */
  path: string;
  /** The documented parameters. */
  params: readonly string[];
  /** Parameters with a closed set of words. */
  words?: Readonly<Record<string, readonly string[]>>;
  /** Parameters that may repeat. */
  repeat?: readonly string[];
}

export const ROUTES: readonly RouteDoc[] = [
  {
    path: '/markets',
    params: ['limit', 'sort', 'order', 'before', 'userId', 'groupId'],
    words: { sort: MARKETS_SORTS, order: ORDERS },
  },
  {
    path: '/search-markets',
    params: [
      'term',
      'sort',
      'filter',
      'contractType',
      'topicSlug',
      'creatorId',
      'limit',
      'offset',
      'beforeTime',
      'liquidity',
    ],
    words: { sort: SEARCH_SORTS, filter: SEARCH_FILTERS, contractType: CONTRACT_TYPES },
  },
  { path: '/market/{id}', params: [] },
  // a person's positions (issue #28): the user by name, and their holding in one market
  { path: '/user/{username}', params: [] },
  {
    path: '/market/{id}/positions',
    params: ['order', 'top', 'bottom', 'userId', 'answerId'],
    words: { order: ['shares', 'profit'] },
  },
  { path: '/slug/{slug}', params: [] },
  { path: '/market-probs', params: ['ids'], repeat: ['ids'] },
  { path: '/groups', params: ['beforeTime', 'availableToUserId'] },
  {
    path: '/bets',
    params: [...BETS_PARAMS],
    words: { order: ORDERS, kinds: ['open-limit'] },
    repeat: ['contractId'],
  },
];

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const s = path.split('/');
  return p.length === s.length && p.every((seg, i) => (seg.startsWith('{') ? (s[i] ?? '') !== '' : seg === s[i]));
}

/**
 * Why a request (its path below the base, and its query) is not one the docs describe; undefined when it is.
 * `path` is as sent (percent-encoded segments are one segment each).
 */
export function checkRequest(path: string, query: URLSearchParams): string | undefined {
  const route = ROUTES.find((r) => matches(r.path, path));
  if (!route) return `undocumented route ${path}`;
  const seen = new Set<string>();
  for (const [k, v] of query) {
    if (!route.params.includes(k)) return `undocumented parameter ${k} on ${route.path}`;
    if (seen.has(k) && !route.repeat?.includes(k)) return `${k} repeated on ${route.path}`;
    seen.add(k);
    const words = route.words?.[k];
    if (words && !words.includes(v)) return `${k}=${v} is not one of the documented words on ${route.path}`;
  }
  return undefined;
}
