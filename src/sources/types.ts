/**
 * The contract every source answers to (docs/sources.md, src/sources/README.md): the interface (`public`) and the
 * platforms' own public APIs (Polymarket Gamma + CLOB, Kalshi trade API v2, Manifold v0). The sync layer, the
 * one-shot commands and `record` call a `SourceClient`; the screen reads its `caps` to offer only what the source
 * can do; `serve --replay DIR --source S` answers the source's own routes through its `replay`.
 */
import type {
  ApiResult,
  CallOptions,
  HistoryRange,
  Market,
  MarketClient,
  OrderBook,
  PricePoint,
} from '../api/types.js';
import type { Found, Lookup } from '../links/types.js';
import type { LeastTrade } from './leastTrade.js';

export const SOURCE_IDS = ['public', 'polymarket', 'kalshi', 'manifold'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

/** The list's status filter words (the store's), each source mapping them onto its own filter words. */
export type ListStatus = 'active' | 'closed' | 'settling' | 'resolved' | 'all';
/** The list's server-side sorts (the store's words). */
export type ListSort = 'volume' | 'newest' | 'closing' | 'liquidity';

/** What a source can do: the screen offers only that, and names what it cannot do in a word. */
export interface SourceCaps {
  /** The status filters it takes, in the order `f` cycles them (the first is the default). */
  statuses: readonly ListStatus[];
  /** The sorts it does server-side, in the order `s` cycles them; [] when it sorts nothing (never faked on a page). */
  sorts: readonly ListSort[];
  /** What its grouping is called on screen (`tag`, `series`, `topic`, `category`); absent when it has none. */
  categoryWord?: string;
  /**
   * Its list route filters by a grouping's id, which only its groupings route (`listCategories`) gives: the labels
   * seen in answers cannot filter it (Polymarket's `tag_id`; Kalshi and Manifold take the name seen).
   */
  categoryById?: boolean;
  /** Events with nested markets (Manifold has none). */
  events: boolean;
  /** Text search on the market list. */
  search: boolean;
  /**
   * What a typed search does not apply of the list's query (its route ranks by relevance, say): the title then
   * names what is applied instead of a filter or sort the answer ignores. Absent: search applies the whole query.
   */
  searchIgnores?: readonly ('status' | 'sort')[];
  /**
   * What its search looks through, where that is not its whole list (Kalshi, which has no text search: the titles
   * and tickers of its first events): said where a search found nothing (`oddsboard pairs MARKET`) and on stderr with
   * `oddsboard markets --query`. Absent: all of it.
   */
  searchScope?: string;
  /**
   * The same in a few words (`the first 1,000 events`): the Markets title and its empty list say it in a search (with
   * several venues: `each venue (K: the first 1,000 events)`, jointCaps).
   */
  searchScopeShort?: string;
  /** How many ids one `getMarkets` request may carry (1: one request per market). */
  batch: number;
  /**
   * `getMarkets` reads each market it holds no fresh copy of by a request of its own (Manifold: `/market-probs` carries
   * prices only), so a batch of ids it has not read costs one request each: the confirmed pairs' rounds put one leg of
   * such a venue in a round (src/venues/across/pairRefresh.ts).
   */
  batchReadsEach?: true;
  /** A quote preview (the interface: its quote route; a platform: through its book or its pool). */
  quotes: boolean;
  /** The least trade it takes, where it refuses less (leastTrade.ts): the preview says so instead of pricing it. */
  leastTrade?: LeastTrade;
  /** An order book for the selected market (Polymarket's CLOB, Kalshi). */
  book?: boolean;
  /** A price history (24 h and 7 d) for a market shown the first time. */
  history?: boolean;
  /** The largest page it answers. */
  maxLimit: number;
  /** The largest offset it pages to (undefined: as far as its cursors go). */
  maxOffset?: number;
}

/** The limits a source documents, and the cadence oddsboard keeps by default (design.md §6). */
export interface SourceLimits {
  /** The documented limit converted to requests per 60 s for the routes we use (the budget's ceiling). */
  documentedPerMinute: number;
  /** The documentation's own words, for the header's help and docs/sources.md. */
  documented: string;
  /** The polite default: requests per 60 s this process spends (about one a second), configurable up to the ceiling. */
  politePerMinute: number;
}

/** A grouping the category filter can take: `id` as the source's route takes it, `label` as shown. */
export interface Category {
  id: string;
  label: string;
}

/** One market list page: the markets, and whether the source says a next page exists. */
export interface Paged<T> extends ApiResult<T> {
  /** true/false when the source says (a cursor, a `hasMore`); absent when only a full page suggests more. */
  more?: boolean;
}

/** A batch's answer; `deferred`: ids not asked this time (`oneRequest`), neither answered nor unknown. */
export interface Batch extends ApiResult<Market[]> {
  deferred?: string[];
}

/**
 * A source's client. The `MarketClient` methods keep their meaning on every source: `listMarkets` pages by
 * `offset` (a cursor source keeps the cursor of each page it has answered, so offsets forwards and back map onto
 * them); `getQuote` rejects with ApiError kind 'invalid_request' code 'NO_QUOTES' where `caps.quotes` is false.
 */
export interface SourceClient extends MarketClient {
  readonly source: SourceId;
  readonly caps: SourceCaps;
  /** Several markets by id, at most `caps.batch` per call; ids the source does not know are simply absent. */
  getMarkets(ids: readonly string[], opts?: CallOptions): Promise<Batch>;
  /** The groupings `c` cycles (none where `caps.categoryWord` is absent). */
  listCategories(opts?: CallOptions): Promise<ApiResult<Category[]>>;
  /** Closing soon: active markets that close first, as many as one request may carry. */
  listClosing(opts?: CallOptions): Promise<ApiResult<Market[]>>;
  /** What the client is configured with, safe to print (key masked). */
  describe(): { baseUrl: string; apiKey: string; authenticated: boolean };
  /**
   * The order book of a market's outcome (`caps.book`), both sides best first in 0..1 prices (src/sources/book.ts
   * walks it for previews). A market without a book answers an empty one, never an error.
   */
  getBook?(marketId: string, outcome: string, opts?: CallOptions): Promise<ApiResult<OrderBook>>;
  /**
   * A market's outcome price history over the range, oldest first (`caps.history`); none recorded → []. `more`:
   * the answer stopped at its page's end before the range's start (Manifold's newest 1,000 bets), so the first point
   * is not where the platform's history begins.
   */
  getHistory?(marketId: string, outcome: string, range: HistoryRange, opts?: CallOptions): Promise<Paged<PricePoint[]>>;
  /**
   * What a pasted link names, by the routes `getMarket` and `getEvent` do not cover (src/links/plan.ts): a market or an
   * event by slug (Gamma, Manifold), a Kalshi series' next event. One request; not found → ApiError `not_found`.
   */
  lookup?(l: Exclude<Lookup, { route: 'market' | 'event' }>, opts?: CallOptions): Promise<ApiResult<Found>>;
  /**
   * Polymarket: the board's ids of markets named by their conditionId (the Data API's key for a position), from the
   * markets already read, else Gamma's `condition_ids` filter; unknown ones absent (polymarket/conditions.ts).
   */
  marketIdsByCondition?(
    conditionIds: readonly string[],
    opts?: CallOptions,
  ): Promise<ApiResult<ReadonlyMap<string, string>>>;
}

/** What a platform's trader's view adds to its client (issue #18): the book, the preview through it, the history. */
export type TraderMethods = Required<Pick<SourceClient, 'getBook' | 'getHistory'>> & Pick<SourceClient, 'getQuote'>;

export interface SourceClientConfig {
  /** The source's base as its docs write it (Kalshi's includes /trade-api/v2, Manifold's /v0). */
  baseUrl: string;
  /** Polymarket: the CLOB base (defaults to the real CLOB, or to `baseUrl` when only that was given). */
  clobUrl?: string;
  apiKey?: string;
  userAgent?: string;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; totalMs?: number };
  maxBodyBytes?: number;
}

/** One request a replay answers: the path below the base split into decoded segments, and the query. */
export interface ReplayRequest {
  segments: string[];
  query: URLSearchParams;
  /** The whole path as sent, without the query (what Kalshi's signature covers). */
  path?: string;
  /** The request's headers, names lower-case (a signed route checks its signature). */
  headers?: Readonly<Record<string, string | string[] | undefined>>;
}

/** What a replay route answers: a status and a JSON body (or text, for pages that are not JSON). */
export interface ReplayAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The source's routes answered from a recording (`serve --replay DIR --source S`). */
export interface SourceReplay {
  /** The answer for a request below the base; undefined → the source's 404 for an unknown route. */
  answer(req: ReplayRequest): ReplayAnswer | undefined;
  /** The market id a path names (for the chaos profiles `vanish` and `forbid`), when it names one. */
  marketIdOf?(segments: readonly string[]): string | undefined;
  /** The ids of the first markets of a list answer's body (chaos: the rows that get hostile titles). */
  listedIds?(body: unknown): string[];
}

/** Query parameters in order; a name may repeat (Gamma's `id=1&id=2`). */
export type Query = ReadonlyArray<readonly [string, string]>;

/** What a platform's error body says, when it says anything. */
export interface ErrorText {
  code?: string;
  message?: string;
}

/**
 * What `oddsboard record --source S DIR` hands a source: one raw GET (paced by the recorder, never with a key,
 * decoded by the source's `readError`: it throws the ApiError) and a writer of one JSON file below DIR.
 */
export interface Recorder {
  /**
   * `base`: another base URL of the same platform to ask instead of the recording's (Polymarket's CLOB beside Gamma);
   * paced and keyless the same.
   */
  get(path: string, query?: Query, base?: string): Promise<unknown>;
  /** The base URL being recorded (the platform's default, or `--base-url`): a source with two bases derives one. */
  readonly baseUrl?: string;
  /** Writes `body` verbatim as JSON to DIR/`file` (a relative path; one folder level at most). */
  write(file: string, body: unknown): void;
  /** A line of progress for the person recording (never a key). */
  say(line: string): void;
}

/** How much `record` fetches: list pages, and at most this many details and events. */
export interface RecordPlan {
  pages: number;
  details: number;
  events: number;
  /** Whose positions to record too (issue #28; public names only, src/sources/recordPositions.ts). */
  polymarketWallet?: string;
  manifoldUser?: string;
}

/** How a source writes an error body (for its replay, the chaos profiles and the rate limiter). */
export interface ErrorDialect {
  /** The body the platform sends for an error of this status; code and message are ours. */
  errorBody(status: number, code: string, message: string): unknown;
}

export interface SourceDef extends ErrorDialect {
  id: SourceId;
  /** The header's word: POLYMARKET, KALSHI, MANIFOLD (the interface shows DEMO, ANON or KEY …abcd). */
  label: string;
  /** The documented public base URL (undefined for `public`: no base URL means the embedded demo). */
  defaultBaseUrl?: string;
  /** The base path its replay answers below (Kalshi `/trade-api/v2`, Manifold `/v0`, Gamma ``). */
  replayPrefix: string;
  limits: SourceLimits;
  caps: SourceCaps;
  /** Reads its error body (already parsed JSON) into a code and a message. */
  readError(body: unknown): ErrorText | undefined;
  createClient(config: SourceClientConfig): SourceClient;
}

/** A platform source: its routes replayed from a recording, and recorded from the real service. */
export interface PlatformDef extends SourceDef {
  id: Exclude<SourceId, 'public'>;
  defaultBaseUrl: string;
  /**
   * Serves a recording directory's objects on the source's routes; throws RecordingError for an unusable one.
   * `asRecorded`: as of the recording (times moved forward by now − its time), where the platform's answers judge
   * a market's status by the clock (Manifold: open until `closeTime`).
   */
  createReplay(dir: string, opts?: { asRecorded?: boolean }): SourceReplay;
  /**
   * Records from its real routes into a directory its `createReplay` serves: the requests it makes, in order, and the
   * file each answer goes to. The recorder paces them.
   */
  record(r: Recorder, plan: RecordPlan): Promise<void>;
  /**
   * Whether a request (its path below the base, and its query) keeps to the platform's documented routes and
   * parameters: undefined when it does, else why not (the request log of a bench run is checked with it).
   */
  undocumented(path: string, query: URLSearchParams): string | undefined;
}
