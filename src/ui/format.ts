/**
 * Number, time and text formatting for the dashboard. Every function accepts
 * anything (server data is untrusted) and answers `—` for a value it cannot
 * show, never "NaN" or "undefined".
 */
import stringWidth from 'string-width';
import { RecentCache } from '../util/recentCache.js';
import { G } from './glyphs.js';

/** What a figure not known reads as. */
export const missing = (): string => G.dash;

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export { formatPrice, formatPriceDelta, formatPriceMove, priceDecimals } from './priceFormat.js';

export type Direction = 'up' | 'down' | 'flat' | 'none';

/**
 * A price change (0..1 units) with an arrow, so the direction does not rely on colour.
 * The service's own 24 h figure gets hollow arrows (△▽), the change since first seen filled ones (▲▼):
 * the list title's legend says which is which (changeLegend).
 */
export function formatChange(d: unknown, basis: '24h' | 'seen' = 'seen'): { text: string; dir: Direction } {
  if (!isNum(d)) return { text: missing(), dir: 'none' };
  const cents = d * 100;
  if (Math.abs(cents) < 0.05) return { text: `${G.dot}0.0${G.cent}`, dir: 'flat' };
  const [up, down] = basis === '24h' ? [G.ownUp, G.ownDown] : [G.seenUp, G.seenDown];
  return cents > 0
    ? { text: `${up}${cents.toFixed(1)}${G.cent}`, dir: 'up' }
    : { text: `${down}${(-cents).toFixed(1)}${G.cent}`, dir: 'down' };
}

/** The list title's key to the change column, when any row shows a service's 24 h figure. */
export function changeLegend(has24h: boolean, hasSeen: boolean): string {
  if (!has24h) return '';
  return hasSeen ? ` ${G.dot} ${G.ownUp}24h ${G.seenUp}since seen` : ` ${G.dot} ${G.ownUp} 24h change`;
}

/** 950 → "950", 12_345 → "12.3k", 4_500_000 → "4.5M". */
export function formatVolume(v: unknown): string {
  if (!isNum(v)) return missing();
  const sign = v < 0 ? '-' : '';
  const a = Math.abs(v);
  if (a < 1000) return `${sign}${Math.round(a)}`;
  if (a < 999_950) return `${sign}${(a / 1e3).toFixed(1)}k`;
  if (a < 999_950_000) return `${sign}${(a / 1e6).toFixed(1)}M`;
  if (a < 1e15) return `${sign}${(a / 1e9).toFixed(1)}B`;
  return `${sign}>1e15`;
}

/** A duration as one unit: "5s", "3m", "2h", "4d". */
export function formatAge(ms: unknown): string {
  if (!isNum(ms)) return missing();
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

/**
 * An age in steps that change seldom: whole 10 s below a minute ("30s",
 * "40s"), then as formatAge ("3m", "2h"). For ages drawn on many rows at once,
 * which would otherwise change every second.
 */
export function formatCoarseAge(ms: unknown): string {
  if (!isNum(ms)) return missing();
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s - (s % 10)}s` : formatAge(ms);
}

/** Whole seconds until `at`, at least 0 (for countdowns). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** "in 3d 4h", "in 5h 12m", "in 12m", "in 45s", "2h ago". */
export function formatClosesIn(closesAt: unknown, now: number): string {
  if (!isNum(closesAt) || !isNum(now)) return missing();
  const diff = closesAt - now;
  if (diff <= 0) return `${formatAge(-diff)} ago`;
  const s = Math.floor(diff / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `in ${d}d ${h}h`;
  if (h > 0) return `in ${h}h ${m}m`;
  if (m > 0) return `in ${m}m`;
  return `in ${s}s`;
}

/** Money / currency amount with two decimals and thousands separators. */
export function formatMoney(v: unknown): string {
  if (!isNum(v)) return missing();
  return v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function formatShares(v: unknown): string {
  if (!isNum(v)) return missing();
  return v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Wall clock "HH:MM:SS" (local time). */
export function formatClock(now: number): string {
  if (!isNum(now)) return missing();
  const d = new Date(now);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Characters one cell wide wherever they stand: printable ASCII and the Latin-1, punctuation, arrow, mathematical,
 * box-drawing, block, geometric-shape and braille characters a screen of markets is drawn with (¢ · … ▲ │ ● ⠋ ’),
 * without the few of those blocks an emoji presentation makes two cells wide (◽ ◾), the soft hyphen (no cell) or
 * anything that joins its neighbour into one grapheme. string-width says 1 for each (width.test.ts checks every one),
 * so a string of them is as wide as it is long, with no grapheme segmenting and nothing to remember.
 */
export const NARROW_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0xff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2190, 0x22ff],
  [0x232b, 0x232b],
  [0x23ce, 0x23ce],
  [0x2500, 0x25fc],
  [0x25ff, 0x25ff],
  [0x2605, 0x2605],
  [0x2713, 0x2713],
  [0x2717, 0x2717],
  [0x2800, 0x28ff],
];
const u = (n: number) => `\\u${n.toString(16).padStart(4, '0')}`;
const NARROW = new RegExp(`^[${NARROW_RANGES.map(([a, b]) => (a === b ? u(a) : `${u(a)}-${u(b)}`)).join('')}]*$`);
/** 1 for each narrow character below the table's end (NARROW_RANGES), read by narrowWidth. */
const NARROW_TABLE = (() => {
  const t = new Uint8Array(Math.max(...NARROW_RANGES.map(([, b]) => b)) + 1);
  for (const [a, b] of NARROW_RANGES) t.fill(1, a, b + 1);
  return t;
})();
const ESC = 0x1b;

/**
 * The width of a string of narrow characters, coloured or not, by counting; undefined for anything else. Ink measures
 * whole coloured lines: the header's, with the clock and the request counts in it, is a new string every second, and
 * it was measured by string-width and kept in the width cache, which then took the best part of an hour of such
 * lines to fill (docs/benchmarks.md, the board's soak). The colour and style codes chalk writes (`ESC [ digits and ;
 * m`) count nothing and are stepped over in place (a copy without them was made of every coloured text of every
 * frame); any other escape sequence goes to string-width.
 */
function narrowWidth(text: string): number | undefined {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === ESC) {
      if (text.charCodeAt(++i) !== 0x5b) return undefined; // [
      let d = text.charCodeAt(++i);
      while ((d >= 0x30 && d <= 0x39) || d === 0x3b) d = text.charCodeAt(++i); // digits and ;
      if (d !== 0x6d) return undefined; // m
    } else if (NARROW_TABLE[c] === 1) n++;
    else return undefined;
  }
  return n;
}

/**
 * Widths of the other strings seen lately (titles and names in other scripts,
 * emoji, and the lines that carry them): the dashboard redraws the same ones
 * every second, and string-width's grapheme and emoji checks are most of a
 * render's cost. Bounded: two generations of WIDTH_CACHE_MAX / 2
 * (RecentCache), what was not used in the last generation goes.
 */
const WIDTH_CACHE_MAX = 4096;
/**
 * Longer strings are measured every time rather than kept. Ink's lines with
 * their colour codes (measured here through cli/inkWidth.ts) are a few hundred
 * characters at 250 columns.
 */
const WIDTH_CACHE_KEY_MAX = 1024;
const widthCache = new RecentCache<number>(WIDTH_CACHE_MAX / 2);

/** Display width in terminal cells (CJK and emoji count 2); the same as string-width, only faster. */
export function displayWidth(text: string): number {
  const narrow = narrowWidth(text);
  if (narrow !== undefined) return narrow;
  const hit = widthCache.get(text);
  if (hit !== undefined) return hit;
  const w = stringWidth(text);
  if (text.length <= WIDTH_CACHE_KEY_MAX) widthCache.set(text, w);
  return w;
}

/** Entries in the width cache (for tests: it must stay bounded). */
export function widthCacheSize(): number {
  return widthCache.size;
}

/**
 * Cut `text` to at most `width` cells (by grapheme, so no emoji or CJK
 * character is split), ending with '…' when cut. With `pad`, fill with spaces
 * to exactly `width` cells.
 */
export function fitWidth(text: string, width: number, pad = false): string {
  const w = Math.max(0, Math.floor(isNum(width) ? width : 0));
  if (w === 0) return '';
  if (NARROW.test(text)) {
    // one character per cell: cut by length
    if (text.length <= w) return pad ? text + ' '.repeat(w - text.length) : text;
    return `${text.slice(0, w - 1)}${G.ell}`;
  }
  const full = displayWidth(text);
  if (full <= w) return pad ? text + ' '.repeat(w - full) : text;
  // Cutting goes grapheme by grapheme: keep the answers for the titles redrawn every second.
  const key = text.length <= WIDTH_CACHE_KEY_MAX ? `${w}${pad ? 'p' : 'c'}${text}` : undefined;
  const hit = key === undefined ? undefined : fitCache.get(key);
  if (hit !== undefined) return hit;
  const out = cutToWidth(text, w, pad);
  if (key !== undefined) fitCache.set(key, out);
  return out;
}

/** Non-ASCII cuts seen lately, by width, padding and text; bounded like the width cache. */
const fitCache = new RecentCache<string>(WIDTH_CACHE_MAX / 2);

/** Entries in the cut cache (for tests: it must stay bounded). */
export function fitCacheSize(): number {
  return fitCache.size;
}

function cutToWidth(text: string, w: number, pad: boolean): string {
  let out = '';
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const sw = displayWidth(segment);
    if (used + sw > w - 1) break;
    out += segment;
    used += sw;
  }
  out += G.ell;
  used += 1;
  return pad && used < w ? out + ' '.repeat(w - used) : out;
}

/** Right-align within `width` cells (cutting when longer). */
export function padStartWidth(text: string, width: number): string {
  const cut = fitWidth(text, width);
  const w = displayWidth(cut);
  return w < width ? ' '.repeat(width - w) + cut : cut;
}

/** Whitespace a line may break at: any but the no-break space (U+00A0), which keeps its neighbours on one line. */
export const BREAKS = /[^\S\u00a0]+/;

/**
 * Words wrapped to `width` cells, measured as drawn (a word longer than the line is cut). A no-break space joins two
 * words into one (a number and its unit); the caller turns it back into a space to draw.
 */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(BREAKS).filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (displayWidth(next) <= width) line = next;
    else {
      if (line !== '') out.push(line);
      line = displayWidth(word) > width ? fitWidth(word, width) : word;
    }
  }
  if (line !== '') out.push(line);
  return out;
}
