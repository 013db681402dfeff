/**
 * View models: what the rest of the app sees, whatever the wire looked like.
 * Produced only by `normalize`. A field that could not be read is absent
 * (never NaN, never the string "undefined"). Every string is already stripped
 * of terminal control sequences. `raw` keeps the object as received.
 */
export type MarketStatus = 'active' | 'closed' | 'settling' | 'resolved' | 'unknown';
export type Action = 'buy' | 'sell';

export interface Outcome {
  id?: string;
  name: string;
  /** 0..1 when known; absent when the source has no price for it (e.g. an empty order book). */
  price?: number;
  /** The source's own 24 h change of this price, signed, in 0..1 units (0.8035 = 80.35 points). */
  change24h?: number;
}

/** Which service's field names a market object uses; decided once per object (see normalizeShape.ts). */
export type MarketSource = 'kalshi' | 'polymarket' | 'manifold' | 'reference';

export interface Market {
  id: string;
  title: string;
  category?: string;
  status: MarketStatus;
  outcomes: Outcome[];
  volume?: number;
  liquidity?: number;
  /** epoch ms */
  closesAt?: number;
  /** epoch ms: when a closed, settling or resolved market stopped trading (or was resolved), when the source says. */
  closedAt?: number;
  /** The last trade's price of the first outcome (Yes), 0..1, when the source says: shown beside a settlement. */
  lastTradePrice?: number;
  /** The winner in words: an outcome name, or "cancelled", "at market price 62%", "N/A"… */
  resolvedOutcome?: string;
  eventId?: string;
  /** The event's title when the market object names its event inline (Polymarket `events[0]`). */
  eventTitle?: string;
  /** epoch ms */
  updatedAt?: number;
  /** The source's own status word (`finalized`, `proposed`, `closed`…), as sent; shown when `status` is unknown. */
  rawStatus?: string;
  /** Set by the normalizer: whose field rules read this object. */
  source?: MarketSource;
  /** The object lists no outcomes although the market has some (a list entry): its detail has them. */
  outcomesPending?: true;
  /** What the market's event states that the market object does not (a Polymarket game's rules and teams). */
  eventContext?: EventContext;
  raw: unknown;
}

/**
 * Read from the event a market came in (Gamma nests a game's moneyline without a description of its own; the
 * event's description is its rules and the event names the two teams): for matching across venues (src/pairs).
 */
export interface EventContext {
  /**
   * The event's description as received (untrusted: sanitized where it is read); this market's rules only where
   * `rulesFromEvent` (src/api/polymarketEvent.ts) says so.
   */
  description?: string;
  /** How many markets the event nests, when it nests them. */
  markets?: number;
  teams?: readonly Team[];
}

export interface Team {
  /** "Detroit Lions" */
  name?: string;
  /** "Lions" */
  alias?: string;
  /** "det" */
  abbreviation?: string;
}

export interface MarketEvent {
  id: string;
  title: string;
  category?: string;
  markets: Market[];
  raw: unknown;
}

export interface Quote {
  marketId?: string;
  outcome?: string;
  action?: Action;
  amount?: number;
  shares?: number;
  averagePrice?: number;
  priceBefore?: number;
  priceAfter?: number;
  priceImpact?: number;
  fee?: number;
  total?: number;
  /** A preview walked through a book: the last (worst) price it pays or gets. */
  worstPrice?: number;
  /**
   * What the book or pool can fill when it cannot fill it all: money (buy) or shares (sell). Absent when the whole
   * amount fills.
   */
  filled?: number;
  /** How it was computed: the service's quote route, a walk through the order book, or the market maker's pool. */
  basis?: 'service' | 'book' | 'pool';
  raw: unknown;
}

/** One price level of a book: a price in 0..1 of the platform's money per share, and the shares (contracts) there. */
export interface BookLevel {
  price: number;
  size: number;
}

/**
 * An outcome's order book as the platform publishes it, read into one shape: both sides best first (bids highest
 * price first, asks lowest first). Kalshi publishes bids only: its asks are the other side's bids at 1 − price
 * (`asksDerived`).
 */
export interface OrderBook {
  marketId: string;
  /** The outcome the book trades (Polymarket: the outcome's token; Kalshi: Yes, its No side read as asks). */
  outcome: string;
  bids: BookLevel[];
  asks: BookLevel[];
  asksDerived?: boolean;
  /** The platform's time of the book (epoch ms), when it says. */
  at?: number;
  /** The platform's fee, when the market states one: a rate of the notional (0.02 = 2 %). */
  feeRate?: number;
  raw: unknown;
}

/** One point of a price history: epoch ms and a price in 0..1. */
export interface PricePoint {
  t: number;
  p: number;
}

export type HistoryRange = '24h' | '7d';

/** Filters and paging of the market list. Unset members are not sent. */
export interface MarketQuery {
  q?: string;
  status?: string;
  category?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

export interface EventQuery {
  limit?: number;
}

export interface QuoteParams {
  outcome: string;
  /** Positive decimal in currency units; a string is validated as typed. */
  amount: number | string;
  action: Action;
}

/** What rate headers said, when the server sent any. */
export interface RateHeaders {
  limit?: number;
  remaining?: number;
  /** ms until the window resets / a slot frees up */
  resetMs?: number;
  /** window length from RateLimit-Policy (`10;w=60`) when present */
  windowMs?: number;
}

export interface ApiResult<T> {
  data: T;
  status: number;
  rate?: RateHeaders;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * At most one HTTP request for this call (the dashboard's sync: its budget counts one a job). Only a batch that may
   * cost several (Manifold's `getMarkets`) reads it: what it could not take is handed back as `deferred`.
   */
  oneRequest?: boolean;
  /**
   * Awaited before each HTTP request the call sends (the dashboard's sync: the first is the job's own slot, each
   * further one waits for and claims a slot of its own: docs/rate-budget.md § One request a job).
   */
  beforeSend?: () => Promise<void>;
}

/** The five endpoints. Implemented over undici by `createClient`; faked in sync tests. */
export interface MarketClient {
  listMarkets(query?: MarketQuery, opts?: CallOptions): Promise<ApiResult<Market[]>>;
  getMarket(id: string, opts?: CallOptions): Promise<ApiResult<Market>>;
  getQuote(id: string, params: QuoteParams, opts?: CallOptions): Promise<ApiResult<Quote>>;
  listEvents(query?: EventQuery, opts?: CallOptions): Promise<ApiResult<MarketEvent[]>>;
  getEvent(id: string, opts?: CallOptions): Promise<ApiResult<MarketEvent>>;
  /** Closes the connection pool; pending calls are aborted. */
  close(): Promise<void>;
}
