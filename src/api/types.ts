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
  /** 0..1 when known. */
  price?: number;
}

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
  resolvedOutcome?: string;
  eventId?: string;
  /** epoch ms */
  updatedAt?: number;
  /** The service's own 24 h change of the leading outcome's price, in 0..1 points (−0.03 = down 3¢), when it sends one. */
  change24h?: number;
  raw: unknown;
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
  raw: unknown;
}

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
