/**
 * Readers for single untrusted fields. Each returns a clean value or undefined —
 * never NaN, never the string "undefined", never throws.
 */
import { SIGNED_DECIMAL } from '../util/numbers.js';
import { sanitize } from '../util/sanitize.js';
import { G } from '../util/glyphs.js';

export const TITLE_MAX = 300;
export const ID_TEXT_MAX = 200;
export const NAME_MAX = 120;
export const CATEGORY_MAX = 80;
/** A rules text is cut beyond this (the clauses that matter come first on every venue). */
export const RULES_MAX = 6_000;

export type Rec = Record<string, unknown>;

export function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The first of `keys` whose value is neither undefined nor null. */
export function pick(o: Rec, keys: readonly string[]): unknown {
  for (const k of keys) {
    const v = o[k];
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

/** A finite number from a number or a numeric string. */
export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    if (!SIGNED_DECIMAL.test(t)) return undefined;
    const n = Number(t);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function toNonNegative(v: unknown): number | undefined {
  const n = toNumber(v);
  return n !== undefined && n >= 0 ? n : undefined;
}

/** Sanitized, trimmed, capped text; numbers become their decimal form; empty → undefined. */
export function toText(v: unknown, max: number): string | undefined {
  let s: string;
  if (typeof v === 'string') s = sanitize(v);
  else if (typeof v === 'number' && Number.isFinite(v)) s = String(v);
  else return undefined;
  s = s.replace(/ {2,}/g, ' ').trim();
  if (s === '') return undefined;
  if (s.length > max) {
    // do not cut a surrogate pair in half
    let cut = max - 1;
    const c = s.charCodeAt(cut - 1);
    if (c >= 0xd800 && c <= 0xdbff) cut--;
    s = `${s.slice(0, cut)}${G.ell}`;
  }
  return s;
}

const MIN_TIME = Date.UTC(1990, 0, 1);
const MAX_TIME = Date.UTC(2200, 0, 1);

/** Epoch ms from ISO text, epoch ms, or epoch seconds (numbers below 1e11 are seconds). */
export function toTime(v: unknown): number | undefined {
  let ms: number | undefined;
  const n = toNumber(v);
  if (n !== undefined) ms = Math.abs(n) < 1e11 ? n * 1000 : n;
  else if (typeof v === 'string' && /\d/.test(v)) {
    const t = Date.parse(v.trim());
    if (Number.isFinite(t)) ms = t;
  }
  if (ms === undefined || !Number.isFinite(ms) || ms < MIN_TIME || ms > MAX_TIME) return undefined;
  return Math.round(ms);
}

/** A price in 0..1 (a probability or a dollar price of a $1 contract); anything else is undefined. */
export function toPrice(v: unknown): number | undefined {
  const n = toNumber(v);
  return n !== undefined && n >= 0 && n <= 1 ? n : undefined;
}

/**
 * A price from a field whose unit is cents of a $1 contract (Kalshi's `last_price`, `yes_bid`…): 0..100 → 0..1.
 * The unit belongs to the field, never to the value: 1 is one cent, not a dollar.
 */
export function toCents(v: unknown): number | undefined {
  const n = toNumber(v);
  return n !== undefined && n >= 0 && n <= 100 ? Math.round(n * 1e4) / 1e6 : undefined;
}

/** A signed price change in 0..1 units (−1..1). */
export function toChange(v: unknown): number | undefined {
  const n = toNumber(v);
  return n !== undefined && n >= -1 && n <= 1 ? n : undefined;
}

/** Round away float noise like 0.30000000000000004. */
export const r9 = (x: number): number => Math.round(x * 1e9) / 1e9;

/** An array, or a JSON-encoded array in a string (Polymarket's `outcomes`/`outcomePrices`). */
export function toArray(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') {
    const t = v.trim();
    if (!t.startsWith('[')) return undefined;
    try {
      const parsed: unknown = JSON.parse(t);
      return Array.isArray(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * An id as sent: the market, event or series is asked for again by it, so an id that cleaning or cutting would change
 * (a control character, whitespace at either end, over ID_TEXT_MAX) names nothing we could ask for, and its item is
 * left out rather than shown under another id (`12\x1b[31m3` asked for market 123).
 */
export function toId(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v !== 'string' || v === '' || v.length > ID_TEXT_MAX) return undefined;
  return sanitize(v) === v && v.trim() === v ? v : undefined;
}
