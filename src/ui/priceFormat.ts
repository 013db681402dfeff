/**
 * Prices in cents, one rule for every pane and command (docs/commands.md § quote): the price, a difference of prices,
 * and a move with its impact. Anything that is not a finite number is `—`.
 */
import { missing } from './format.js';
import { centsAt, formatPrice, priceDecimals } from '../util/price.js';
import { G } from './glyphs.js';

/**
 * A 0..1 price as cents, its ¢ and its `—` in the glyph set drawn: src/util/price.ts's own, so the store's notices
 * and the panes say a price the same.
 */
export { formatPrice, priceDecimals };

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A signed price difference (0..1 units, e.g. the server's absolute
 * priceImpact = priceAfter − priceBefore) in cents like the prices:
 * 0.0092 → "+0.9¢", -0.004 → "−0.4¢" (the minus sign, as every signed figure on screen); below 0.1¢ with two decimals
 * so a small impact does not read as none.
 */
export function formatPriceDelta(d: unknown): string {
  if (!isNum(d)) return missing();
  const cents = d * 100;
  const a = Math.abs(cents);
  const sign = cents > 0 ? '+' : G.minus;
  if (a < 1e-9) return `${G.plusMinus}0.0${G.cent}`;
  // above zero, under what two decimals show: not none
  if (a < 0.005) return `${sign}<0.01${G.cent}`;
  const digits = a < 0.1 ? 2 : 1;
  return `${sign}${a.toFixed(digits)}${G.cent}`;
}

/**
 * A move from one price to another with its impact (priceAfter − priceBefore), the three at one precision: the finer
 * of the two prices' (priceDecimals: a midpoint's 1.45¢ makes it two decimals, "1.45¢ → 1.80¢", +0.35¢), finer still
 * for a move under a tenth of a cent (0.0145 → 0.015 is "1.45¢ → 1.50¢", +0.05¢), three decimals for any smaller move
 * but none, and one under their step as such (+<0.001¢: it read ±0.0¢, as if none). The impact is the difference of
 * the prices as shown, so the line adds up (a Manifold move of +1.845¢ reads "38.0¢ → 39.9¢", +1.9¢, within the tenth
 * of a cent both prices are given to); with a midpoint shown whole, a sale from 1.45¢ to 1.30¢ is −0.15¢, the true
 * figure (it read "1.5¢ → 1.3¢", −0.2¢). An impact that is not the difference of the prices is shown as it came.
 */
export function formatPriceMove(before: unknown, after: unknown, impact: unknown): [string, string, string] {
  const loose: [string, string, string] = [formatPrice(before), formatPrice(after), formatPriceDelta(impact)];
  if (!isNum(before) || !isNum(after) || !isNum(impact) || Math.abs(after - before - impact) > 1e-6) return loose;
  // float noise of equal prices (0.1 + 0.2 against 0.3) is no move
  const cents = Math.abs(impact * 100) < 1e-9 ? 0 : Math.abs(impact * 100);
  const d = Math.max(
    priceDecimals(before),
    priceDecimals(after),
    cents >= 0.095 || cents === 0 ? 1 : cents >= 0.0095 ? 2 : 3,
  );
  const [b, a] = [centsAt(before, d), centsAt(after, d)];
  const units = 10 ** d;
  const i = Math.round(Number(a) * units) - Math.round(Number(b) * units);
  // a move under the step the prices are shown to (a thousandth of a cent, at most): under that step, not none
  if (i === 0 && cents !== 0)
    return [`${b}${G.cent}`, `${a}${G.cent}`, `${impact > 0 ? '+' : G.minus}<${(1 / units).toFixed(d)}${G.cent}`];
  return [
    `${b}${G.cent}`,
    `${a}${G.cent}`,
    `${i > 0 ? '+' : i < 0 ? G.minus : G.plusMinus}${(Math.abs(i) / units).toFixed(d)}${G.cent}`,
  ];
}
