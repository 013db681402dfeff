/**
 * Query-parameter parsing with the reference rules of design.md §4. Anything
 * malformed is a 400 INVALID_PARAMETER naming the parameter; unknown
 * parameters are ignored.
 */
import {
  LIMIT_DEFAULT,
  LIMIT_MAX,
  OFFSET_MAX,
  SORTS,
  STATUS_FILTERS,
  type SortKey,
  type WireAction,
} from '../api/wire.js';
import { wholeIn } from '../util/numbers.js';
import { invalidParam } from './reply.js';

export const AMOUNT_MAX = 1e9;
const Q_MAX = 200;

/** The single value of `name`, or undefined when absent; repeated → 400. */
function one(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  if (all.length > 1) throw invalidParam(name, 'must be given at most once');
  return all[0];
}

function int(query: URLSearchParams, name: string, min: number, max: number, dflt: number): number {
  const raw = one(query, name);
  if (raw === undefined) return dflt;
  const n = wholeIn(raw, min, max);
  if (n === undefined) throw invalidParam(name, `must be an integer from ${min} to ${max}`);
  return n;
}

function choice<T extends string>(
  query: URLSearchParams,
  name: string,
  allowed: readonly T[],
  dflt: T | undefined,
): T | undefined {
  const raw = one(query, name);
  if (raw === undefined) return dflt;
  const v = raw.toLowerCase();
  const hit = allowed.find((a) => a === v);
  if (!hit) throw invalidParam(name, `must be one of ${allowed.join(', ')}`);
  return hit;
}

export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface MarketListParams {
  q?: string;
  status: StatusFilter;
  category?: string;
  sort: SortKey;
  limit: number;
  offset: number;
}

export function parseMarketList(query: URLSearchParams): MarketListParams {
  const q = one(query, 'q');
  if (q !== undefined && q.length > Q_MAX) throw invalidParam('q', `must be at most ${Q_MAX} characters`);
  const category = one(query, 'category');
  const out: MarketListParams = {
    status: choice(query, 'status', STATUS_FILTERS, 'active') ?? 'active',
    sort: choice(query, 'sort', SORTS, 'volume') ?? 'volume',
    limit: int(query, 'limit', 1, LIMIT_MAX, LIMIT_DEFAULT),
    offset: int(query, 'offset', 0, OFFSET_MAX, 0),
  };
  if (q !== undefined && q !== '') out.q = q.toLowerCase();
  if (category !== undefined && category !== '') out.category = category.toLowerCase();
  return out;
}

export function parseEventList(query: URLSearchParams): { limit: number } {
  return { limit: int(query, 'limit', 1, LIMIT_MAX, LIMIT_DEFAULT) };
}

export interface QuoteParamsIn {
  outcome: string;
  amount: number;
  action: WireAction;
}

/** `outcome` is only checked for presence here; the market decides whether it exists. */
export function parseQuote(query: URLSearchParams): QuoteParamsIn {
  const outcome = one(query, 'outcome');
  if (outcome === undefined || outcome === '')
    throw invalidParam('outcome', 'is required (an outcome name or id of the market)');
  const rawAmount = one(query, 'amount');
  const amountRule = `must be a positive decimal number of currency units, at most ${AMOUNT_MAX}`;
  if (rawAmount === undefined || !/^(\d{1,12}(\.\d{0,12})?|\.\d{1,12})$/.test(rawAmount))
    throw invalidParam('amount', amountRule);
  const amount = Number(rawAmount);
  if (!(amount > 0) || amount > AMOUNT_MAX || !Number.isFinite(amount)) throw invalidParam('amount', amountRule);
  const rawAction = one(query, 'action');
  if (rawAction === undefined) throw invalidParam('action', 'is required (buy or sell)');
  const action = choice<WireAction>(query, 'action', ['buy', 'sell'], undefined);
  if (!action) throw invalidParam('action', 'must be one of buy, sell');
  return { outcome, amount, action };
}
