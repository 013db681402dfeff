/**
 * The number a market compares, read into an interval on a named measure: a Fed decision in basis points ("Cut
 * 25bps", "decrease by 50+ bps", "no change", "cut by at least 25 bps"), a count of Fed cuts ("exactly 2 cuts"), a
 * daily high temperature ("greater than 91°", "between 78-79°F", "92° or above"), a price ("above $85,000"), a
 * plain count ("at least 6", "5 or fewer"). Two intervals on one measure are then equal, nested (a bucket inside a
 * cumulative threshold), overlapping, disjoint, or complements (disjoint and together everything).
 */
import type { Interval } from './types.js';
import { G } from '../util/glyphs.js';

const FED = /\b(fed|federal reserve|fomc|federal funds)\b/i;

function num(s: string): number {
  const m = /^([\d,]*\.?\d+)\s*([kmb])?$/i.exec(s.replace(/\$/g, '').trim());
  if (!m) return NaN;
  const n = Number(m[1]!.replace(/,/g, ''));
  const mult = { k: 1e3, m: 1e6, b: 1e9 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'b'] ?? 1;
  return n * mult;
}

/** A Fed decision: the change of the target range's upper bound, in bps (a cut is negative). */
function fedChange(s: string): Interval | undefined {
  const measure = 'fed rate change (bps)';
  if (/\bno change\b|\bmaintains? (the )?rates?\b|\bhike of 0\s*bps\b|\bhold(s)? (rates )?steady\b/i.test(s))
    return { measure, lo: 0, hi: 0, shape: 'bucket' };
  const dir = /\b(cut|cuts|decrease|decreases|lower|lowers|reduce)\b/i.exec(s)
    ? -1
    : /\b(hike|hikes|increase|increases|raise|raises)\b/i.exec(s)
      ? 1
      : 0;
  if (dir === 0) return undefined;
  const m = /(>|at least\s+|more than\s+)?\s*(\d+(?:\.\d+)?)\s*(\+|\s+or more)?\s*(?:bps|bp|basis points)\b/i.exec(s);
  if (!m) return undefined;
  const n = Number(m[2]);
  const strict = m[1]?.trim() === '>' || /more than/i.test(m[1] ?? '');
  const atLeast = !strict && (m[1] !== undefined || m[3] !== undefined);
  if (!strict && !atLeast) return { measure, lo: dir * n, hi: dir * n, shape: 'exact' };
  if (dir < 0) return { measure, hi: -n, hiOpen: strict, shape: 'cumulative' };
  return { measure, lo: n, loOpen: strict, shape: 'cumulative' };
}

/** "exactly 2 cuts", "cut rates 4 times", "0 times", "no rate cuts" in a year. */
function fedCuts(s: string): Interval | undefined {
  const measure = 'fed cuts (count)';
  if (/\bno (rate )?cuts\b/i.test(s)) return { measure, lo: 0, hi: 0, integer: true, shape: 'exact' };
  const m = /\b(?:exactly\s+)?(\d+)\s+(?:rate\s+)?cuts\b|\bcut (?:interest )?rates\s+(\d+)\s+times\b/i.exec(s);
  if (!m) return undefined;
  const n = Number(m[1] ?? m[2]);
  return { measure, lo: n, hi: n, integer: true, shape: 'exact' };
}

function temperature(s: string): Interval | undefined {
  if (!/°|\btemp(erature)?\b/i.test(s)) return undefined;
  const measure = /\b(low|lowest|minimum)\b/i.test(s) ? `low temperature (${G.deg}F)` : `high temperature (${G.deg}F)`;
  return threshold(s, measure, true, '\\u00b0\\s*F?');
}

/** A generic threshold: between A and B / A-B, above / greater than / at least / or more, below / or fewer. */
function threshold(s: string, measure: string, integer: boolean, unit = ''): Interval | undefined {
  const N = `\\$?([\\d,]*\\.?\\d+\\s*[kKmMbB]?)\\s*(?:${unit})?`;
  const base = { measure, integer, shape: 'cumulative' as const };
  let m =
    new RegExp(`\\bbetween\\s+${N}\\s*(?:and|-|\\u2013|to)\\s*${N}`, 'i').exec(s) ??
    new RegExp(`\\b${N}\\s*(?:-|\\u2013|to)\\s*${N}`, 'i').exec(s);
  if (m) return { ...base, lo: num(m[1]!), hi: num(m[2]!), shape: 'bucket' };
  m = new RegExp(`(?:greater than|more than|above|over|higher than|>)\\s*${N}`, 'i').exec(s);
  if (m) return { ...base, lo: num(m[1]!), loOpen: true };
  m =
    new RegExp(`(?:at least|no less than|\\u2265|>=)\\s*${N}`, 'i').exec(s) ??
    new RegExp(`${N}\\s*(?:or (?:above|more|higher)|\\+)`, 'i').exec(s);
  if (m) return { ...base, lo: num(m[1]!) };
  m = new RegExp(`(?:less than|fewer than|below|under|lower than|<)\\s*${N}`, 'i').exec(s);
  if (m) return { ...base, hi: num(m[1]!), hiOpen: true };
  m =
    new RegExp(`(?:at most|no more than|\\u2264|<=)\\s*${N}`, 'i').exec(s) ??
    new RegExp(`${N}\\s*or (?:below|fewer|less|lower)`, 'i').exec(s);
  if (m) return { ...base, hi: num(m[1]!) };
  return undefined;
}

/** The interval of a market's condition, from its most specific words first (Kalshi's option, then title, rules). */
export function readInterval(parts: string[], subject: string[]): Interval | undefined {
  const all = parts.join(' ');
  for (const p of parts) {
    if (FED.test(all) && /bps|basis points|no change|maintains|hike|cut|increase|decrease/i.test(p)) {
      const cuts = /\btimes\b|\bcuts of\b|\brate cuts\b/i.test(p) ? fedCuts(p) : undefined;
      const r = cuts ?? fedChange(p);
      if (r) return clean(r);
    }
    const t = temperature(p);
    if (t) return clean(t);
    const asset = subject.find((w) => ['bitcoin', 'ethereum', 'solana', 's&p', 'nasdaq', 'gold', 'oil'].includes(w));
    if (asset && /\$/.test(p)) {
      const r = threshold(p, `${asset} price ($)`, false);
      if (r) return clean(r);
    }
    const c = /\b(at least|or more|or fewer|at most|or less)\b/i.test(p) ? threshold(p, 'count', true) : undefined;
    if (c) return clean(c);
  }
  return undefined;
}

function clean(i: Interval): Interval | undefined {
  for (const v of [i.lo, i.hi]) if (v !== undefined && !Number.isFinite(v)) return undefined;
  if (!i.integer) return i;
  // whole numbers: (91, ∞) is [92, ∞)
  const out: Interval = { ...i };
  if (out.lo !== undefined && out.loOpen) {
    out.lo = Math.floor(out.lo) + 1;
    delete out.loOpen;
  }
  if (out.hi !== undefined && out.hiOpen) {
    out.hi = Math.ceil(out.hi) - 1;
    delete out.hiOpen;
  }
  return out;
}

export type IntervalRelation = 'equal' | 'inside' | 'contains' | 'overlap' | 'disjoint' | 'complement';

const lo = (i: Interval) => i.lo ?? -Infinity;
const hi = (i: Interval) => i.hi ?? Infinity;

/** How a relates to b (same measure assumed): `inside` means a ⊂ b. */
export function relateIntervals(a: Interval, b: Interval): IntervalRelation {
  const eqEnd = (x?: number, xo?: boolean, y?: number, yo?: boolean) => x === y && !!xo === !!yo;
  if (eqEnd(a.lo, a.loOpen, b.lo, b.loOpen) && eqEnd(a.hi, a.hiOpen, b.hi, b.hiOpen)) return 'equal';
  const step = a.integer && b.integer ? 1 : 0;
  // does a end before b starts?
  const before = (x: Interval, y: Interval) => hi(x) < lo(y) || (hi(x) === lo(y) && (!!x.hiOpen || !!y.loOpen));
  if (before(a, b) || before(b, a)) {
    const [first, second] = before(a, b) ? [a, b] : [b, a];
    const touching =
      step === 1 ? hi(first) + 1 === lo(second) : hi(first) === lo(second) && !!first.hiOpen !== !!second.loOpen;
    return first.lo === undefined && second.hi === undefined && touching ? 'complement' : 'disjoint';
  }
  const within = (x: Interval, y: Interval) =>
    (lo(x) > lo(y) || (lo(x) === lo(y) && (!y.loOpen || !!x.loOpen))) &&
    (hi(x) < hi(y) || (hi(x) === hi(y) && (!y.hiOpen || !!x.hiOpen)));
  if (within(a, b)) return 'inside';
  if (within(b, a)) return 'contains';
  return 'overlap';
}

const n = (v: number) => (Math.abs(v) >= 1000 && v % 1000 === 0 ? `${v / 1000}k` : `${v}`);

/** An interval in words: "exactly 25", "bucket 78–79", "above 91", "25 or more", "at most 5". */
export function intervalWords(i: Interval): string {
  if (i.measure.startsWith('fed rate change')) return fedWords(i);
  if (i.lo !== undefined && i.hi !== undefined)
    return i.lo === i.hi ? `exactly ${n(i.lo)}` : `bucket ${n(i.lo)}${G.endash}${n(i.hi)}`;
  if (i.lo !== undefined) return i.loOpen ? `above ${n(i.lo)}` : `${n(i.lo)} or more`;
  if (i.hi !== undefined) return i.hiOpen ? `below ${n(i.hi)}` : `${n(i.hi)} or less`;
  return 'any value';
}

/** A Fed decision in words: "no change", "cut of exactly 25 bps", "cut of more than 25 bps", "hike of 50+ bps". */
function fedWords(i: Interval): string {
  if (i.lo === 0 && i.hi === 0) return 'no change';
  if (i.lo !== undefined && i.hi !== undefined && i.lo === i.hi)
    return `${i.lo < 0 ? 'cut' : 'hike'} of exactly ${Math.abs(i.lo)} bps`;
  if (i.hi !== undefined && i.lo === undefined)
    return `cut of ${i.hiOpen ? 'more than ' : ''}${-i.hi} bps${i.hiOpen ? '' : ' or more'}`;
  if (i.lo !== undefined && i.hi === undefined)
    return `hike of ${i.loOpen ? 'more than ' : ''}${i.lo} bps${i.loOpen ? '' : ' or more'}`;
  return `change between ${i.lo} and ${i.hi} bps`;
}
