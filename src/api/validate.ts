/**
 * Checks done before a request is sent. Each failure names the parameter and
 * says in plain words what is wrong, so the quote form, the CLI and sync can
 * show it as is. Nothing here throws.
 */
import type { Action, EventQuery, MarketQuery, QuoteParams } from './types.js';
import { sanitize } from '../util/sanitize.js';
import { LIMIT_MAX, OFFSET_MAX } from './wire.js';
import { SIGNED_DECIMAL, wholeIn } from '../util/numbers.js';

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string; param?: string };

/** Largest amount we send; anything bigger is almost certainly a typo (or an attack on the pricing rule). */
export const AMOUNT_MAX = 1_000_000_000;
/** Longest free-text filter (q, status, category, sort) we pass on. */
export const QUERY_TEXT_MAX = 200;
/** Longest id we put in a path. */
export const ID_MAX = 200;

export function validateAmount(input: string | number): { ok: true; value: number } | { ok: false; message: string } {
  let value: number;
  if (typeof input === 'number') {
    if (Number.isNaN(input)) return { ok: false, message: 'Amount must be a number' };
    value = input;
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (text === '') return { ok: false, message: 'Enter an amount' };
    // 1,000 or 1 000: thousands written with separators, which are not taken (a comma could be a decimal point)
    if (/^\d{1,3}(?:([,_ '])\d{3})(?:\1\d{3})*(?:\.\d*)?$/.test(text))
      return { ok: false, message: `Amount takes no separators: write ${text.replace(/[,_ ']/g, '')}` };
    if (!SIGNED_DECIMAL.test(text)) return { ok: false, message: 'Amount must be a number' };
    value = Number(text);
    if (Number.isNaN(value)) return { ok: false, message: 'Amount must be a number' };
  } else {
    return { ok: false, message: 'Enter an amount' };
  }
  if (!(value > 0)) return { ok: false, message: 'Amount must be greater than 0' };
  if (!Number.isFinite(value) || value > AMOUNT_MAX)
    // written as it may be typed: a limit with separators would be refused ("takes no separators")
    return { ok: false, message: `Amount is too large (max ${AMOUNT_MAX})` };
  // what is sent has AMOUNT_DECIMALS decimals: 1e-20 would go out as amount=0
  if (Number(formatAmount(value)) === 0) return { ok: false, message: 'Amount is too small (min 0.000000000001)' };
  return { ok: true, value };
}

/** Decimals an amount is sent with. */
export const AMOUNT_DECIMALS = 12;

/**
 * An amount as plain decimal text for the query string: no exponent notation (1e-7), at most AMOUNT_DECIMALS decimals.
 */
export function formatAmount(value: number): string {
  const plain = String(value);
  if (/^\d+(\.\d{1,12})?$/.test(plain)) return plain;
  return value.toFixed(AMOUNT_DECIMALS).replace(/\.?0+$/, '');
}

function validateInt(param: string, input: unknown, min: number, max: number): Validated<number> {
  const value = wholeIn(input, min, max);
  return value === undefined
    ? { ok: false, param, message: `${param} must be a whole number from ${min} to ${max}` }
    : { ok: true, value };
}

export function validateLimit(input: unknown): Validated<number> {
  return validateInt('limit', input, 1, LIMIT_MAX);
}

export function validateOffset(input: unknown): Validated<number> {
  return validateInt('offset', input, 0, OFFSET_MAX);
}

/** Ids go into one path segment: non-empty, bounded, and never a dot segment (encodeURIComponent keeps dots). */
export function validateId(input: unknown, param = 'id'): Validated<string> {
  const label = param === 'id' ? 'The id' : `The ${param}`;
  if (typeof input === 'number' && Number.isFinite(input)) input = String(input);
  if (typeof input !== 'string' || input.trim() === '')
    return { ok: false, param, message: `${label} must not be empty` };
  if (input === '.' || input === '..') return { ok: false, param, message: `${label} cannot be "." or ".."` };
  if (input.length > ID_MAX) return { ok: false, param, message: `${label} is too long (max ${ID_MAX} characters)` };
  return { ok: true, value: input };
}

export interface ValidQuoteParams {
  outcome: string;
  amount: number;
  action: Action;
}

export function validateQuoteParams(p: QuoteParams | undefined): Validated<ValidQuoteParams> {
  if (!p || typeof p !== 'object') return { ok: false, param: 'outcome', message: 'Choose an outcome' };
  const outcome = typeof p.outcome === 'string' ? p.outcome.trim() : '';
  if (outcome === '') return { ok: false, param: 'outcome', message: 'Choose an outcome' };
  if (outcome.length > QUERY_TEXT_MAX)
    return { ok: false, param: 'outcome', message: `Outcome is too long (max ${QUERY_TEXT_MAX} characters)` };
  const amount = validateAmount(p.amount);
  if (!amount.ok) return { ok: false, param: 'amount', message: amount.message };
  const action = typeof p.action === 'string' ? p.action.trim().toLowerCase() : '';
  if (action !== 'buy' && action !== 'sell')
    return { ok: false, param: 'action', message: 'Action must be "buy" or "sell"' };
  return { ok: true, value: { outcome, amount: amount.value, action } };
}

/** Query parameters ready for URLSearchParams (unset and empty members left out). */
export type QueryParams = Array<[string, string]>;

export function validateMarketQuery(q: MarketQuery | undefined): Validated<QueryParams> {
  const out: QueryParams = [];
  if (q === undefined || q === null) return { ok: true, value: out };
  if (typeof q !== 'object') return { ok: false, param: 'query', message: 'The market query must be an object' };
  for (const key of ['q', 'status', 'category', 'sort'] as const) {
    const v = q[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return { ok: false, param: key, message: `${key} must be text` };
    // what is sent is what the screen shows: no control characters or escape sequences reach the service
    const text = sanitize(v).trim();
    if (text === '') continue;
    if (text.length > QUERY_TEXT_MAX)
      return { ok: false, param: key, message: `${key} is too long (max ${QUERY_TEXT_MAX} characters)` };
    out.push([key, text]);
  }
  if (q.limit !== undefined && q.limit !== null) {
    const r = validateLimit(q.limit);
    if (!r.ok) return r;
    out.push(['limit', String(r.value)]);
  }
  if (q.offset !== undefined && q.offset !== null) {
    const r = validateOffset(q.offset);
    if (!r.ok) return r;
    out.push(['offset', String(r.value)]);
  }
  return { ok: true, value: out };
}

export function validateEventQuery(q: EventQuery | undefined): Validated<QueryParams> {
  const out: QueryParams = [];
  if (q === undefined || q === null) return { ok: true, value: out };
  if (typeof q !== 'object') return { ok: false, param: 'query', message: 'The event query must be an object' };
  if (q.limit !== undefined && q.limit !== null) {
    const r = validateLimit(q.limit);
    if (!r.ok) return r;
    out.push(['limit', String(r.value)]);
  }
  return { ok: true, value: out };
}
