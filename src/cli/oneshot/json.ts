/**
 * The one JSON schema of every one-shot command (docs/commands.md,
 * docs/schema.json): the normalized market / event / quote with every field
 * present (null when the source did not say), prices in 0..1, times as ISO
 * 8601 strings, the status as one of five words plus the source's own word.
 * Everything in it has been through the normalizer and the sanitizer; the key
 * never is. Every market, event and quote names its venue (the source that
 * answered), with one source as with several, so a script reads one shape.
 */
import type { SourceId } from '../../sources/types.js';
import type { Mode } from '../../store/types.js';
import { statusWord } from '../../api/normalizeOutcomes.js';
import type { Market, MarketEvent, MarketStatus, Quote } from '../../api/types.js';
import type { JsonPositionsData } from './positionsOut.js';

export const SCHEMA_VERSION = 1;

export interface JsonOutcome {
  id: string | null;
  name: string;
  price: number | null;
}

export interface JsonMarket {
  /** The venue (source) the market lives on; `id` is that venue's own. */
  venue: SourceId;
  id: string;
  title: string;
  category: string | null;
  status: MarketStatus;
  /** The source's own status word ("active", "open", "finalized" …), null when it sent none. */
  rawStatus: string | null;
  outcomes: JsonOutcome[];
  volume: number | null;
  liquidity: number | null;
  closesAt: string | null;
  updatedAt: string | null;
  resolvedOutcome: string | null;
  eventId: string | null;
}

export interface JsonEvent {
  venue: SourceId;
  id: string;
  title: string;
  category: string | null;
  markets: JsonMarket[];
}

export interface JsonQuote {
  venue: SourceId;
  marketId: string | null;
  outcome: string | null;
  action: 'buy' | 'sell' | null;
  amount: number | null;
  shares: number | null;
  averagePrice: number | null;
  priceBefore: number | null;
  priceAfter: number | null;
  priceImpact: number | null;
  fee: number | null;
  total: number | null;
  /** Through a book: the worst price paid or got. */
  worstPrice: number | null;
  /** What a thin book or pool fills (money for a buy, shares for a sell); null when it fills it all. */
  filled: number | null;
  /** How it was computed: the service's quote route, a walk through the order book, or the market maker's pool. */
  basis: 'service' | 'book' | 'pool';
}

export type CommandName = 'markets' | 'market' | 'quote' | 'events' | 'event' | 'watch' | 'positions';

export interface JsonSource {
  service: SourceId;
  mode: Mode;
  baseUrl: string;
}

export interface JsonErrorBody {
  /** RATE_LIMITED, NOT_FOUND, MARKET_CLOSED, UNAUTHORIZED, UNAVAILABLE, USAGE … */
  code: string;
  /** The process's exit code (with several venues: what this venue's failure alone would exit with). */
  exit: number;
  message: string;
  status?: number;
  /** How long to wait before trying again (rate limited). */
  retryAfterMs?: number;
  /** The parameter a usage error is about. */
  param?: string;
}

/**
 * One venue asked by a list command (`markets`, `events`, `watch`): how many items of `data` it gave, or its error,
 * or why it was not asked (`events` on a venue that has none).
 */
export type JsonVenue =
  | { venue: SourceId; mode: Mode; baseUrl: string; count: number }
  | { venue: SourceId; mode: Mode; baseUrl: string; error: JsonErrorBody }
  | { venue: SourceId; skipped: string };

export interface JsonDocument {
  oddsboard: typeof SCHEMA_VERSION;
  command: CommandName;
  /** Which service answered: the interface (`public`, with its mode) or a platform's own API. Absent with several. */
  source?: JsonSource;
  /** The list commands: every venue asked, in the order of --source. */
  venues?: JsonVenue[];
  fetchedAt: string;
  data: JsonMarket[] | JsonMarket | JsonQuote | JsonEvent[] | JsonEvent | JsonPositionsData;
}

export interface JsonError {
  oddsboard: typeof SCHEMA_VERSION;
  /** The venue whose answer (or budget) failed, when the failure is one venue's. */
  venue?: SourceId;
  error: JsonErrorBody;
}

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

export function jsonMarket(m: Market, venue: SourceId): JsonMarket {
  return {
    venue,
    id: m.id,
    title: m.title,
    category: orNull(m.category),
    status: m.status,
    rawStatus: orNull(statusWord(m.raw)),
    outcomes: m.outcomes.map((o) => ({ id: orNull(o.id), name: o.name, price: orNull(o.price) })),
    volume: orNull(m.volume),
    liquidity: orNull(m.liquidity),
    closesAt: iso(m.closesAt),
    updatedAt: iso(m.updatedAt),
    resolvedOutcome: orNull(m.resolvedOutcome),
    eventId: orNull(m.eventId),
  };
}

export function jsonEvent(e: MarketEvent, venue: SourceId): JsonEvent {
  return {
    venue,
    id: e.id,
    title: e.title,
    category: orNull(e.category),
    markets: e.markets.map((m) => jsonMarket(m, venue)),
  };
}

export function jsonQuote(q: Quote, venue: SourceId): JsonQuote {
  return {
    venue,
    marketId: orNull(q.marketId),
    outcome: orNull(q.outcome),
    action: orNull(q.action),
    amount: orNull(q.amount),
    shares: orNull(q.shares),
    averagePrice: orNull(q.averagePrice),
    priceBefore: orNull(q.priceBefore),
    priceAfter: orNull(q.priceAfter),
    priceImpact: orNull(q.priceImpact),
    fee: orNull(q.fee),
    total: orNull(q.total),
    worstPrice: orNull(q.worstPrice),
    filled: orNull(q.filled),
    basis: q.basis ?? 'service',
  };
}
