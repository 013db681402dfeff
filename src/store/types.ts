import type { Samples } from './samples.js';
import type { AcrossState } from '../pairs/board.js';
import type { Action, ApiErrorKind } from '../api/index.js';
import type { Market, MarketEvent, MarketStatus, Quote, RateHeaders } from '../api/types.js';
import type { AlertsState, WatchState } from './watchTypes.js';
import type { SourceCaps, SourceId } from '../sources/types.js';
import type { TraderState } from './traderSlice.js';
import type { PaperBook } from '../positions/paper.js';
import type { RealPositions } from './positionsSlice.js';

/** Where the data comes from: the interface (its demo, anonymous or with a key) or a platform's own API. */
export type Mode = 'demo' | 'anon' | 'key' | 'polymarket' | 'kalshi' | 'manifold';
export type TradeState = 'closed' | 'settling' | 'resolved';

/** The market list's query as the user set it (strings, '' = not sent). */
export interface ListQuery {
  q: string;
  /** '' | 'active' | 'closed' | 'settling' | 'resolved' | 'all' */
  status: string;
  category: string;
  /** '' | 'volume' | 'newest' | 'closing' | 'liquidity' */
  sort: string;
  limit: number;
  offset: number;
}

export interface ErrorInfo {
  kind: ApiErrorKind;
  status?: number;
  code: string;
  message: string;
  at: number;
}

export interface MarketEntry {
  market: Market;
  /** When this market's data last arrived (from the list or its detail). */
  receivedAt: number;
  /** When the request that brought this copy left (unknown for a copy loaded without a send time). */
  sentAt?: number;
  /** When its detail endpoint last answered. */
  detailAt?: number;
  firstSeenAt: number;
  /** Outcome name → price when first seen, for "change since first seen". */
  firstPrices: Record<string, number>;
  /** A quote answered 409/410/423: the trading state it revealed, until newer data disagrees. */
  tradeState?: TradeState;
  tradeStateAt?: number;
  /** The last status other than 'unknown' seen for it (from any source, a quote's trading state included). */
  knownStatus?: MarketStatus;
  /** Its detail answered 403: this market is refused (the session is not); cleared by its next detail. */
  forbidden?: ErrorInfo;
}

/** A market's known status changed (never on first sight, never to 'unknown'). */
export interface StatusTransition {
  id: string;
  title: string;
  from: MarketStatus;
  to: MarketStatus;
  /** When `to` is 'resolved' and the market said which outcome won. */
  resolvedOutcome?: string;
  at: number;
}

/** One point of a market's price history: outcome prices in `names` order. */
export interface PriceSample {
  t: number;
  prices: (number | undefined)[];
}

export interface PriceHistory {
  names: string[];
  /** Oldest first, at most HISTORY_CAP samples, packed (`./samples.ts`). */
  samples: Samples;
  /**
   * A coarse copy for moves over hours (Movers' 1 h and 24 h): at most one sample per TRAIL_STEP_MS over the last
   * TRAIL_SPAN_MS, oldest first. `samples` alone covers minutes when a market is refreshed every few seconds.
   */
  trail: Samples;
}

export interface QuoteForm {
  outcome: string;
  amount: string;
  action: Action;
}

export type QuoteStatus = 'idle' | 'invalid' | 'waiting' | 'ok' | 'error';

export interface QuoteEntry {
  form: QuoteForm;
  status: QuoteStatus;
  /** Inline message for an invalid form (no request was sent). */
  validation?: string;
  result?: Quote;
  /** The form the result / error answers. */
  answeredForm?: QuoteForm;
  error?: ErrorInfo;
  /** Still waiting: the last try failed for a passing reason (5xx, no answer) and is repeated. */
  retryError?: ErrorInfo;
  requestedAt?: number;
  receivedAt?: number;
}

/**
 * The connection as the header names it: `online`; `degraded` (the server answers, but with
 * failures: 5xx, an HTML page, bad JSON, success:false, data of the wrong type); `offline` (no
 * answer: refused, reset, timed out); `rate_limited` (429, paused); `auth_failed` (401, probing).
 */
export type ConnectionStatus = 'connecting' | 'online' | 'degraded' | 'offline' | 'rate_limited' | 'auth_failed';
export type TroubleStatus = Exclude<ConnectionStatus, 'connecting' | 'online'>;

export interface ConnectionState {
  status: ConnectionStatus;
  lastSuccessAt?: number;
  lastError?: ErrorInfo;
  /** Failed answers since the last good one (the trouble's count). */
  consecutiveFailures: number;
  /** When the first of them arrived: the current trouble's start. */
  troubleSince?: number;
  /** The current trouble's failures by short cause (shortCause), in the order first seen: the outage's record. */
  causes?: readonly CauseCount[];
}

export type CauseCount = Readonly<{ cause: string; count: number }>;

/** A stretch of trouble longer than a minute, recorded when it ends so a person coming back sees it. */
export interface Outage {
  status: TroubleStatus;
  from: number;
  to: number;
  failures: number;
  /** The commonest short cause of its failures ("HTTP 503", "timeout"; the latest of those as common). */
  cause: string;
  causes?: readonly CauseCount[]; // more than one cause: each with its count, commonest first (outageCauses)
  /** Several venues: whose outage it was (its letter drawn before the times, as a row's). */
  venue?: SourceId;
}

export interface RateState {
  mode: Mode;
  /** The mode's nominal limit per 60 s (10 anonymous, 30 with a key). */
  limit: number;
  /** A platform's documented limit per 60 s (the ceiling `limit` stays under: its polite cadence). */
  documentedLimit?: number;
  /** The limit the scheduler currently allows itself (lowered after an unexpected 429). */
  effectiveLimit: number;
  /** Requests sent in the last 60 s. */
  usedInWindow: number;
  /** Requests other oddsboard processes on the same service and key sent in the last 60 s (the shared ledger). */
  othersInWindow: number;
  /** When the next request of any kind may go out. */
  nextRequestAt?: number;
  /** When a quote waiting in the queue (not on the wire) may go out: its budget slot, its backoff. */
  nextQuoteAt?: number;
  /** When the next background refresh of what the shown view draws (the list, closing soon, the events) is planned. */
  nextListRefreshAt?: number;
  /** When the next refresh of the selected market's detail is planned. */
  nextDetailRefreshAt?: number;
  /** Everything paused until then (429 or network backoff). */
  backoffUntil?: number;
  /** Why: a 429, no answer, failing answers, or a rejected key (then backoffUntil is the next probe). */
  backoffReason?: 'rate_limited' | 'offline' | 'server' | 'auth';
  /** How often the list is refreshed at the current limit when nothing is wrong (rows age against it). */
  listEveryMs?: number;
  last429At?: number;
  /** Last rate headers the server sent, if any. */
  server?: RateHeaders;
  totalRequests: number;
  total429: number;
}

export interface Notice {
  id: number;
  /** 'alert': one of the person's alerts fired (watchTypes.ts). */
  level: 'info' | 'warn' | 'alert';
  text: string;
  at: number;
  /** About the board's own files, which several venues share (the watchlist, paper.json, pairs.json): no venue's. */
  board?: true;
}

export interface EventsState {
  ids: string[];
  byId: Record<string, MarketEvent>;
  loadedAt?: number;
  /** When each event's own detail (/events/{id}) last answered. */
  detailAt: Record<string, number>;
  /** A board of several venues: when the list that brought each event answered (its venue's; loadedAt: the newest). */
  listedAt?: Record<string, number>;
  /**
   * When the request that brought each event's copy held in byId left (the events list's or its own detail's): the
   * side pane weighs its markets against the cached entries by it (src/ui/components/EventPane.tsx). None: not known.
   */
  sentAt?: Record<string, number>;
  /**
   * When that copy arrived: the side pane's `data … old` (src/ui/views/events.tsx eventDataAt) is its age, whichever
   * answer brought it, not the later one an older copy came in (store/events.ts olderEvents). None: not known.
   */
  receivedAt?: Record<string, number>;
  /** The event open in the Events view (its nested markets listed), if any. */
  openId?: string;
}

/**
 * A `g` lookup: `seq` counts them (the screen reacts once to each), `understood` is what was pasted in words. Found: a
 * market (pinned in Markets and selected) or an event (loaded; the screen opens it in Events). `none`: nothing by
 * that name on the venue; `failed`: the venue did not answer (`message` says why, in one line).
 */
export interface GoToState {
  seq: number;
  understood: string;
  status: 'looking' | 'found' | 'none' | 'failed';
  market?: string;
  event?: string;
  message?: string;
}

export interface AppState extends TraderState {
  list: {
    ids: string[];
    query: ListQuery;
    loadedAt?: number;
    /** True until the first list answer (success or failure). */
    loading: boolean;
    /** The query changed and its answer has not arrived yet: the rows shown are the cache filtered locally. */
    pending?: boolean;
    /** Rows in the last answer to this query: a full page (= query.limit) means a next page may follow. */
    lastCount?: number;
    /** The source said whether a next page exists (a cursor, `hasMore`); absent when only a full page suggests one. */
    more?: boolean;
    /** A market gone to with `g` (src/links): drawn first in Markets until the query changes. */
    pinned?: string;
  };
  markets: Record<string, MarketEntry>;
  history: Record<string, PriceHistory>;
  selectedId?: string;
  quotes: Record<string, QuoteEntry>;
  /** The events list (`ids`, in its order), every event known by id (from the list or its own detail). */
  events: EventsState;
  /** The closing-soon list (active markets, sort=closing): ids in the service's order, the markets in `markets`. */
  closing: { ids: string[]; loadedAt?: number };
  /** Categories seen so far, sorted, for the `c` filter cycle. */
  categories: string[];
  /** What the source can do (src/sources/types.ts): the screen offers only that. Set once, at start. */
  caps: SourceCaps;
  /**
   * The source's own groupings (`listCategories`: Polymarket tags, Kalshi categories, Manifold topics), once fetched:
   * `c` cycles these instead of the categories seen.
   */
  sourceCategories?: string[];
  /** Their labels by id (a Polymarket tag id "21" reads "Crypto"). */
  categoryLabels?: Record<string, string>;
  /** Why the source's groupings are not there (their last request failed; asked again on a slow schedule). */
  categoriesError?: ErrorInfo;
  connection: ConnectionState;
  rate: RateState;
  /** Newest last, at most NOTICE_CAP. */
  notices: Notice[];
  /** Status changes seen, newest first, at most TRANSITION_CAP. */
  transitions: StatusTransition[];
  /** Outages longer than a minute, newest first, at most OUTAGE_CAP. */
  outages: Outage[];
  /** The last `g` (go to a pasted link, src/sync/goTo.ts): looking it up, or what it found. */
  goTo?: GoToState;
  /** Watched markets (watchlist.ts) and alerts (alerts.ts), persisted by src/watch/. */
  watch: WatchState;
  alerts: AlertsState;
  /**
   * Several venues on one screen (src/venues/): each venue's connection and budget, in the order configured. Absent
   * with one source (the header then draws `connection` and `rate` as always).
   */
  venues?: readonly VenueStatus[];
  /** The venue `v` narrowed the lists to; absent: every venue. */
  venueFilter?: SourceId;
  /** Paper positions kept from previews, every venue's (src/positions/paper.ts), persisted in paper.json. */
  paper: PaperBook;
  /** This venue's real positions as last read (src/store/positionsSlice.ts); absent without an identity. */
  realPositions?: RealPositions;
  /** Several venues: each venue's real positions (the joined store's), in the configured order. */
  realByVenue?: readonly RealPositions[];
  /** Market ids are written `venue:id`: a board of several venues (each venue's store, and the joined one). */
  prefixed?: true;
  /** A board of several venues: pairs across them, their candidates and the person's decisions (src/venues/across/). */
  across?: AcrossState;
  /** Markets the board holds beyond this store (the Across desk's pair legs on this venue): never pruned (held.ts). */
  heldElsewhere?: () => Iterable<string>;
}

/** One venue's state as the header draws it (its store's own objects). */
export interface VenueStatus {
  id: SourceId;
  connection: ConnectionState;
  rate: RateState;
  /** When this venue's data on screen arrived: its list's last answer, before the first its newest of any kind (the
   * banner's `last data … ago` about it; the board's newest would make a venue down for minutes read `1s ago`). */
  dataAt?: number;
}
