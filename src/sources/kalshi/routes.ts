/**
 * The routes and query parameters Kalshi documents for the market data oddsboard reads (OpenAPI spec 3.7.0,
 * docs/sources/kalshi.md). `documented(path, query)` says whether a request keeps to them: the client's tests
 * check every request of the replay's log against it.
 */

export interface RouteDoc {
  /** Path below the base; `{x}` is one segment. */
  path: string;
  params: readonly string[];
}

export const KALSHI_ROUTES: readonly RouteDoc[] = [
  {
    path: '/markets',
    params: [
      'limit',
      'cursor',
      'event_ticker',
      'series_ticker',
      'min_created_ts',
      'max_created_ts',
      'min_updated_ts',
      'max_close_ts',
      'min_close_ts',
      'min_settled_ts',
      'max_settled_ts',
      'status',
      'tickers',
      'mve_filter',
    ],
  },
  { path: '/markets/{ticker}', params: [] },
  // "depth": 0 (all levels, the default) or 1–100
  { path: '/markets/{ticker}/orderbook', params: ['depth'] },
  // start_ts, end_ts, period_interval required; period_interval ∈ {1, 60, 1440}
  {
    path: '/series/{series_ticker}/markets/{ticker}/candlesticks',
    params: ['start_ts', 'end_ts', 'period_interval', 'include_latest_before_start'],
  },
  {
    path: '/events',
    params: ['limit', 'cursor', 'with_nested_markets', 'with_milestones', 'status', 'series_ticker', 'min_close_ts'],
  },
  { path: '/events/{event_ticker}', params: ['with_nested_markets'] },
  { path: '/series', params: ['category', 'tags', 'include_product_metadata', 'include_volume'] },
  { path: '/series/{series_ticker}', params: ['include_volume'] },
  { path: '/search/tags_by_categories', params: [] },
  // the signed portfolio routes (docs.kalshi.com "Get Positions", "Get Balance"): oddsboard positions only
  {
    path: '/portfolio/positions',
    params: ['cursor', 'limit', 'count_filter', 'ticker', 'event_ticker', 'subaccount'],
  },
  { path: '/portfolio/balance', params: ['subaccount'] },
];

/** The filter words `status` takes on `/markets` and on `/events`. */
export const MARKET_STATUS_FILTERS = ['unopened', 'open', 'paused', 'closed', 'settled'] as const;
export const EVENT_STATUS_FILTERS = ['open', 'closed', 'settled'] as const;

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/').filter((s) => s !== '');
  return parts.length === segments.length && parts.every((p, i) => p.startsWith('{') || p === segments[i]);
}

/** The documented route a path (below the base) takes, if any. */
export function routeOf(pathname: string): RouteDoc | undefined {
  const segments = pathname.split('/').filter((s) => s !== '');
  // a literal route wins over a `{x}` one (`/series/fee_changes` is not `/series/{series_ticker}`)
  const found = KALSHI_ROUTES.filter((r) => matches(r.path, segments));
  return found.find((r) => !r.path.includes('{')) ?? found[0];
}

/** Why a request (path below the base, its query) leaves the documented routes; undefined: it keeps to them. */
export function undocumented(pathname: string, query: URLSearchParams): string | undefined {
  const route = routeOf(pathname);
  if (!route) return `${pathname} is not a documented Kalshi route`;
  for (const name of query.keys())
    if (!route.params.includes(name)) return `${name} is not a documented parameter of ${route.path}`;
  return undefined;
}

/** Whether a request uses only a documented route and its parameters. */
export const documented = (pathname: string, query: URLSearchParams): boolean =>
  undocumented(pathname, query) === undefined;
