import { BARS, pictures } from '../glyphs.js';

/** Smallest price range the bars stretch over, so a 0.1¢ wobble does not look like a crash. */
const MIN_SPAN = 0.02;

/** The low and high a line is drawn between: the values' own range, widened about its middle to MIN_SPAN. */
export function priceSpan(known: readonly number[]): { lo: number; hi: number } {
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  if (hi - lo >= MIN_SPAN) return { lo, hi };
  const mid = (hi + lo) / 2;
  return { lo: mid - MIN_SPAN / 2, hi: mid + MIN_SPAN / 2 };
}

/**
 * The last `width` values as unicode bars (▁…█), scaled to their own range
 * (at least MIN_SPAN). Unknown values are blanks; no values → ''; none in ASCII (glyphs.ts).
 */
export function sparkline(values: readonly (number | undefined)[], width: number): string {
  const w = Math.max(0, Math.floor(width));
  const xs = values.slice(Math.max(0, values.length - w));
  const known = xs.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (w === 0 || known.length === 0 || !pictures()) return '';
  const { lo, hi } = priceSpan(known);
  return xs
    .map((v) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) return ' ';
      const i = Math.round(((v - lo) / (hi - lo)) * (BARS.length - 1));
      return BARS[Math.min(BARS.length - 1, Math.max(0, i))];
    })
    .join('');
}
