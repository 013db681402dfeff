/**
 * The trader's view on Polymarket (docs/sources/polymarket.md § Trader's view): an outcome's CLOB book, a trade
 * previewed through it with the market's taker fee, and the outcome's price history. The CLOB reads by outcome
 * TOKEN: a Gamma market's `clobTokenIds[i]` for `outcomes[i]` (the normalizer's `Outcome.id`). The client keeps what
 * it needs of every market it has read (tokens, fee curve, status; at most MAX_KNOWN, the oldest dropped), so a book
 * or a history usually costs one CLOB request; an unknown market costs one `/markets/{id}` first. A quote always
 * reads the market afresh (its status and fee), then its book: two requests.
 */
import type { TraderMethods } from '../types.js';
import { ApiError } from '../../api/errors.js';
import type { ApiResult, CallOptions, Market, MarketStatus, OrderBook } from '../../api/types.js';
import { validateAmount } from '../../api/validate.js';
import { previewFromBook } from '../book.js';
import { answered, badShape, type JsonAnswer, type JsonHttp } from '../http.js';
import { clobTakerFee, feeCurveOf, historyQuery, readClobBook, readClobHistory, type FeeCurve } from './clob.js';

/** Markets remembered for their tokens (a few pages of lists and every detail shown). */
export const MAX_KNOWN = 2000;

/** What the trader's view needs of a market. */
export interface KnownMarket {
  status: MarketStatus;
  tokens: { name: string; token: string }[];
  fee: FeeCurve;
  /** When it stopped trading (closed, settling, resolved), epoch ms, when known. */
  endedMs?: number;
  acceptingOrders?: boolean;
}

export function knownOf(m: Market): KnownMarket {
  const raw = typeof m.raw === 'object' && m.raw !== null ? (m.raw as Record<string, unknown>) : {};
  const ended = m.status === 'closed' || m.status === 'settling' || m.status === 'resolved';
  const endedMs = ended ? (m.closedAt ?? m.closesAt) : undefined;
  return {
    status: m.status,
    tokens: m.outcomes.flatMap((o) => (o.id !== undefined ? [{ name: o.name, token: o.id }] : [])),
    fee: feeCurveOf(raw),
    ...(endedMs !== undefined ? { endedMs } : {}),
    ...(typeof raw.acceptingOrders === 'boolean' ? { acceptingOrders: raw.acceptingOrders } : {}),
  };
}

/** A bounded memory of markets by id (insertion order; a market seen again moves to the end). */
export class KnownMarkets {
  private readonly byId = new Map<string, KnownMarket>();
  constructor(private readonly max = MAX_KNOWN) {}
  remember(markets: readonly Market[]): void {
    for (const m of markets) {
      if (m.outcomes.length === 0) continue; // a list entry without its outcomes: keep what the detail said
      this.byId.delete(m.id);
      this.byId.set(m.id, knownOf(m));
      if (this.byId.size > this.max) this.byId.delete(this.byId.keys().next().value!);
    }
  }
  get(id: string): KnownMarket | undefined {
    return this.byId.get(id);
  }
  get size(): number {
    return this.byId.size;
  }
}

/** The outcome (as Gamma spells it) and its token: by name, else ignoring case, else by the token id itself. */
export function tokenOf(k: KnownMarket, marketId: string, outcome: string): { name: string; token: string } {
  const want = outcome.trim();
  const hit =
    k.tokens.find((t) => t.name === want) ??
    k.tokens.find((t) => t.name.toLowerCase() === want.toLowerCase()) ??
    k.tokens.find((t) => t.token === want);
  if (hit) return hit;
  throw new ApiError({
    kind: 'invalid_request',
    code: k.tokens.length === 0 ? 'NO_BOOK' : 'UNKNOWN_OUTCOME',
    param: 'outcome',
    message:
      k.tokens.length === 0
        ? `Polymarket market ${marketId} has no order book (no CLOB tokens).`
        : `Polymarket market ${marketId} has no outcome "${want}" (${k.tokens.map((t) => t.name).join(', ')}).`,
  });
}

/** A market that no longer trades, as the interface's 409/410 (the quote form shows its badge). */
export function notTrading(k: KnownMarket, marketId: string): ApiError | undefined {
  if (k.status === 'resolved')
    return new ApiError({
      kind: 'resolved',
      status: 410,
      code: 'MARKET_RESOLVED',
      message: `Polymarket market ${marketId} is resolved: nothing to trade.`,
    });
  if (k.status === 'closed' || k.status === 'settling' || k.acceptingOrders === false)
    return new ApiError({
      kind: 'closed',
      status: 409,
      code: 'MARKET_CLOSED',
      message: `Polymarket market ${marketId} is closed for trading.`,
    });
  return undefined;
}

const result = <T>(data: T, a: Pick<JsonAnswer, 'status' | 'rate'>): ApiResult<T> => answered(a, data);

export type PolymarketTrader = TraderMethods;

/** The CLOB's own words for a token without an order book (`{"error":"No orderbook exists for the requested …"}`). */
function noOrderbook(body: unknown): boolean {
  const e = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof e === 'string' && /no orderbook exists/i.test(e);
}

/**
 * `clob`: JSON over the CLOB base; `detail`: the market's Gamma detail (`/markets/{id}`, which also remembers it);
 * `known`: the markets the client has read.
 */
export function createPolymarketTrader(
  clob: JsonHttp,
  detail: (id: string, opts?: CallOptions) => Promise<ApiResult<Market>>,
  known: KnownMarkets,
): PolymarketTrader {
  async function market(id: string, opts?: CallOptions): Promise<KnownMarket> {
    return known.get(id) ?? knownOf((await detail(id, opts)).data);
  }

  /**
   * The book of a token; the CLOB's 404 that says "No orderbook exists for the requested token id" is an empty book.
   * Any other 404 (a route gone, a proxy's page) says nothing about the orders: not found, the book unknown.
   */
  async function book(marketId: string, { name: outcome, token }: { name: string; token: string }, opts?: CallOptions) {
    // an expected answer, read as one: no ApiError (and no stack trace) for every look at a book that has no orders
    const a = await clob.get('/book', [['token_id', token]], opts, (status) => status === 404);
    if (a.status === 404) {
      if (noOrderbook(a.data))
        return { data: { marketId, outcome, bids: [], asks: [], raw: null } as OrderBook, status: 200 };
      throw new ApiError({ kind: 'not_found', status: 404, message: 'The CLOB answered 404 for the book.' });
    }
    const b = readClobBook(a.data, marketId, outcome);
    if (!b) throw badShape(a.status, 'The CLOB /book answer has no bids or asks.', a.rate);
    return result(b, a);
  }

  return {
    async getBook(marketId, outcome, opts) {
      const k = await market(marketId, opts);
      return book(marketId, tokenOf(k, marketId, outcome), opts);
    },

    async getQuote(marketId, params, opts) {
      const amount = validateAmount(params.amount);
      if (!amount.ok) throw new ApiError({ kind: 'invalid_request', message: amount.message, param: 'amount' });
      if (params.action !== 'buy' && params.action !== 'sell')
        throw new ApiError({ kind: 'invalid_request', message: 'Action must be buy or sell.', param: 'action' });
      const k = knownOf((await detail(marketId, opts)).data);
      const stop = notTrading(k, marketId);
      if (stop) throw stop;
      const b = await book(marketId, tokenOf(k, marketId, params.outcome), opts);
      return { ...b, data: previewFromBook(b.data, params.action, amount.value, clobTakerFee(k.fee)) };
    },

    async getHistory(marketId, outcome, range, opts) {
      const k = await market(marketId, opts);
      const a = await clob.get(
        '/prices-history',
        historyQuery(tokenOf(k, marketId, outcome).token, range, k.endedMs),
        opts,
      );
      const points = readClobHistory(a.data);
      if (!points) throw badShape(a.status, 'The CLOB /prices-history answer has no history list.', a.rate);
      return result(points, a);
    },
  };
}
