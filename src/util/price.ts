/**
 * A price in cents, one rule for every pane, command and notice (docs/commands.md § quote); here, outside the UI, so
 * the store's notices (alerts, paper trades) say a price as the screen does. The rest of the rule (differences, moves)
 * is in src/ui/priceFormat.ts.
 */
import { G } from './glyphs.js';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Decimals of a cent a price is shown with — one rule for every pane and command: 1, the venues' finest tick (0.1¢);
 * 2 for a price exactly between two such ticks, a midpoint (1.45¢ between 1.4¢ and 1.5¢), so that it is neither
 * rounded down in one place and up in another (it read "mid 1.4¢" in the book and "1.5¢" on a sale).
 */
export function priceDecimals(p: number): 1 | 2 {
  const halves = p * 2000;
  const tenths = p * 1000;
  return Math.abs(halves - Math.round(halves)) < 1e-6 && Math.abs(tenths - Math.round(tenths)) > 1e-6 ? 2 : 1;
}

/** `p` (0..1) in cents to `d` decimals, rounded half away from zero on the cents as written (no float drift). */
export function centsAt(p: number, d: number): string {
  const units = 10 ** d;
  const n = Math.round(Math.abs(p) * 100 * units + 1e-7) / units;
  return `${p < 0 && n !== 0 ? '-' : ''}${n.toFixed(d)}`;
}

/** A 0..1 price as cents: 0.635 → "63.5¢", a midpoint 0.0145 → "1.45¢" (priceDecimals). */
export function formatPrice(p: unknown): string {
  if (!isNum(p)) return G.dash;
  return `${centsAt(p, priceDecimals(p))}${G.cent}`;
}
