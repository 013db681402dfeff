/**
 * A price history drawn in braille cells (2 × 4 dots each): `rows` lines of `width` cells over the points' own
 * range (at least 2¢, as the sparklines), the newest at the right; a label line with the range, high and low.
 */
import { formatPrice } from '../format.js';
import { priceSpan } from './sparkline.js';
import { BRAILLE_BASE, G, pictures } from '../glyphs.js';

/** The dot bits of a braille cell: [column][row from the top]. */
const DOTS = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
] as const;

/** Values resampled to `n` columns (the last value of each bucket; a gap stays a gap). */
export function resample(values: readonly number[], n: number): (number | undefined)[] {
  if (n <= 0 || values.length === 0) return [];
  if (values.length <= n) return [...values];
  const out: (number | undefined)[] = [];
  for (let i = 0; i < n; i++)
    out.push(values[Math.min(values.length - 1, Math.floor(((i + 1) * values.length) / n) - 1)]);
  return out;
}

/** `rows` lines of braille, `width` cells each, for `values` (0..1 prices, oldest first); none in ASCII. */
export function brailleChart(values: readonly number[], width: number, rows: number): string[] {
  const w = Math.max(0, Math.floor(width));
  const r = Math.max(0, Math.floor(rows));
  if (w === 0 || r === 0 || !pictures()) return [];
  const xs = resample(
    values.filter((v) => Number.isFinite(v)),
    w * 2,
  );
  const known = xs.filter((v): v is number => v !== undefined);
  const cells = Array.from({ length: r }, () => new Array<number>(w).fill(0));
  if (known.length > 0) {
    const { lo, hi } = priceSpan(known);
    const dotsHigh = r * 4;
    const offset = w * 2 - xs.length; // fewer points than columns: drawn at the right
    xs.forEach((v, i) => {
      if (v === undefined) return;
      const x = offset + i;
      const y = Math.min(dotsHigh - 1, Math.max(0, Math.round(((hi - v) / (hi - lo)) * (dotsHigh - 1))));
      const row = cells[Math.floor(y / 4)]!;
      row[Math.floor(x / 2)]! |= DOTS[x % 2]![y % 4]!;
    });
  }
  return cells.map((row) => row.map((bits) => String.fromCharCode(BRAILLE_BASE + bits)).join(''));
}

/**
 * The label over a chart: its range, high and low. `young`: the line spans less than the range (priceSeries.ts
 * `spanOf`) because the platform published nothing earlier in it ('all') or its answer stopped at a page's end
 * ('page'), said so.
 */
export function chartLabel(values: readonly number[], range: string, young?: 'all' | 'page'): string {
  const known = values.filter((v) => Number.isFinite(v));
  if (known.length === 0) return `History ${range}: none published`;
  const span = young === 'all' ? `${range}, all published` : young === 'page' ? `${range}, one page` : range;
  const [high, low] = [formatPrice(Math.max(...known)), formatPrice(Math.min(...known))];
  return `History ${span} ${G.dot} high ${high} ${G.dot} low ${low}`;
}
