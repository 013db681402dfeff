/**
 * Reads rate-limit hints from response headers. None of them is required; each
 * unreadable value is simply absent. Understood:
 *  - Retry-After: delay-seconds or an HTTP-date (relative to the response Date header when present)
 *  - IETF draft combined form:     RateLimit: limit=10, remaining=0, reset=5
 *  - IETF draft structured fields: RateLimit: "default";r=0;t=5   RateLimit-Policy: "default";q=10;w=60
 *  - older draft policy form:      RateLimit-Policy: 10;w=60
 *  - separate draft headers:       RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset
 *  - de-facto:                     X-RateLimit-Limit / X-RateLimit-Remaining / X-RateLimit-Reset
 * A reset value is read as seconds from now when small, as an epoch timestamp
 * (seconds, or ms when ≥ 1e12) when it looks like one.
 */
import { PLAIN_DECIMAL } from '../util/numbers.js';
import type { RateHeaders } from './types.js';

/** Retry hints and resets are clamped to this; a server asking for more is treated as asking for this. */
export const MAX_WAIT_MS = 60 * 60 * 1000;

/** Header lookup that copes with undici's record (lower-case keys, string | string[]) and with Headers. */
export type HeaderSource = Record<string, string | string[] | undefined> | Headers;

export function headerValue(headers: HeaderSource | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const lower = name.toLowerCase();
  let v: string | string[] | null | undefined;
  if (typeof (headers as Headers).get === 'function') v = (headers as Headers).get(lower);
  else v = (headers as Record<string, string | string[] | undefined>)[lower];
  if (Array.isArray(v)) v = v.join(', ');
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

function clampWait(ms: number): number {
  return Math.min(MAX_WAIT_MS, Math.max(0, Math.round(ms)));
}

/** The server's idea of "now" (Date header) when it sent one we can read, else ours. */
function referenceNow(headers: HeaderSource | undefined, now: number): number {
  const date = headerValue(headers, 'date');
  if (date !== undefined) {
    const t = Date.parse(date);
    if (Number.isFinite(t)) return t;
  }
  return now;
}

/** Retry-After as ms to wait, clamped to [0, 1h]; undefined when absent or unreadable. */
export function parseRetryAfter(headers: HeaderSource | undefined, now: number = Date.now()): number | undefined {
  const v = headerValue(headers, 'retry-after');
  if (v === undefined) return undefined;
  if (PLAIN_DECIMAL.test(v)) {
    const s = Number(v);
    return Number.isFinite(s) ? clampWait(s * 1000) : undefined;
  }
  // HTTP-date has letters and a comma/space; refuse bare numbers with signs etc. (handled above)
  if (!/[a-z]/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (!Number.isFinite(at)) return undefined;
  return clampWait(at - referenceNow(headers, now));
}

function nonNegInt(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const t = v.trim();
  if (!PLAIN_DECIMAL.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? Math.floor(n) : undefined;
}

/** A reset value in ms from now: small numbers are delta seconds, big ones epoch seconds / ms. */
function resetToMs(v: string | undefined, refNow: number): number | undefined {
  if (v === undefined) return undefined;
  const t = v.trim();
  if (!PLAIN_DECIMAL.test(t)) {
    // some servers send an HTTP-date
    if (!/[a-z]/i.test(t)) return undefined;
    const at = Date.parse(t);
    return Number.isFinite(at) ? clampWait(at - refNow) : undefined;
  }
  const n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  if (n >= 1e12) return clampWait(n - refNow); // epoch ms
  if (n >= 1e9) return clampWait(n * 1000 - refNow); // epoch seconds
  return clampWait(n * 1000); // delta seconds
}

/** Splits on commas that are not inside a quoted string. */
function splitList(v: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    if (c === '"' && v[i - 1] !== '\\') quoted = !quoted;
    if (c === ',' && !quoted) {
      parts.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim() !== '') parts.push(cur.trim());
  return parts.filter((p) => p !== '');
}

interface Item {
  /** dictionary key when the member is `key=value`, else undefined */
  key?: string;
  /** the bare value (unquoted) */
  value: string;
  params: Map<string, string>;
}

function parseItem(part: string): Item {
  const segs = part.split(';').map((s) => s.trim());
  const head = segs.shift() ?? '';
  const params = new Map<string, string>();
  for (const s of segs) {
    const eq = s.indexOf('=');
    if (eq > 0) params.set(s.slice(0, eq).trim().toLowerCase(), unquote(s.slice(eq + 1)));
    else if (s) params.set(s.toLowerCase(), '');
  }
  const eq = head.indexOf('=');
  if (eq > 0 && !head.startsWith('"'))
    return { key: head.slice(0, eq).trim().toLowerCase(), value: unquote(head.slice(eq + 1)), params };
  return { value: unquote(head), params };
}

function unquote(s: string): string {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

function parseRateLimitField(v: string, refNow: number, out: RateHeaders): void {
  const items = splitList(v).map(parseItem);
  const dict = items.filter((i) => i.key !== undefined);
  if (dict.length > 0) {
    // combined form: limit=10, remaining=0, reset=5  (also l= / r= / t= abbreviations)
    for (const i of dict) {
      if (i.key === 'limit' || i.key === 'l') out.limit ??= nonNegInt(i.value);
      else if (i.key === 'remaining' || i.key === 'r') out.remaining ??= nonNegInt(i.value);
      else if (i.key === 'reset' || i.key === 't') out.resetMs ??= resetToMs(i.value, refNow);
      const w = nonNegInt(i.params.get('w'));
      if (w !== undefined) out.windowMs ??= w * 1000;
    }
    return;
  }
  // structured form: one item per policy; pick the most constrained (lowest remaining)
  let best: { remaining?: number; resetMs?: number; limit?: number } | undefined;
  for (const i of items) {
    const remaining = nonNegInt(i.params.get('r'));
    const resetMs = resetToMs(i.params.get('t'), refNow);
    const limit = nonNegInt(i.params.get('q') ?? i.params.get('l'));
    if (remaining === undefined && resetMs === undefined) continue;
    if (!best || (remaining !== undefined && (best.remaining === undefined || remaining < best.remaining)))
      best = { remaining, resetMs, limit };
  }
  if (best) {
    if (best.remaining !== undefined) out.remaining ??= best.remaining;
    if (best.resetMs !== undefined) out.resetMs ??= best.resetMs;
    if (best.limit !== undefined) out.limit ??= best.limit;
  }
}

function parsePolicyField(v: string, out: RateHeaders): void {
  for (const i of splitList(v).map(parseItem)) {
    const limit =
      nonNegInt(i.params.get('q')) ??
      (i.key === undefined ? nonNegInt(i.value) : i.key === 'limit' || i.key === 'q' ? nonNegInt(i.value) : undefined);
    const w = nonNegInt(i.params.get('w'));
    if (limit !== undefined) out.limit ??= limit;
    if (w !== undefined) out.windowMs ??= w * 1000;
    if (limit !== undefined || w !== undefined) return;
  }
}

/** Everything the rate headers say, or undefined when they say nothing readable. */
export function parseRateHeaders(headers: HeaderSource | undefined, now: number = Date.now()): RateHeaders | undefined {
  if (!headers) return undefined;
  const refNow = referenceNow(headers, now);
  const out: RateHeaders = {};
  const combined = headerValue(headers, 'ratelimit');
  if (combined !== undefined) parseRateLimitField(combined, refNow, out);
  out.limit ??= nonNegInt(headerValue(headers, 'ratelimit-limit'));
  out.remaining ??= nonNegInt(headerValue(headers, 'ratelimit-remaining'));
  out.resetMs ??= resetToMs(headerValue(headers, 'ratelimit-reset'), refNow);
  out.limit ??= nonNegInt(headerValue(headers, 'x-ratelimit-limit'));
  out.remaining ??= nonNegInt(headerValue(headers, 'x-ratelimit-remaining'));
  out.resetMs ??= resetToMs(headerValue(headers, 'x-ratelimit-reset'), refNow);
  const policy = headerValue(headers, 'ratelimit-policy');
  if (policy !== undefined) parsePolicyField(policy, out);
  const result: RateHeaders = {};
  if (out.limit !== undefined) result.limit = out.limit;
  if (out.remaining !== undefined) result.remaining = out.remaining;
  if (out.resetMs !== undefined) result.resetMs = out.resetMs;
  if (out.windowMs !== undefined) result.windowMs = out.windowMs;
  return Object.keys(result).length > 0 ? result : undefined;
}
