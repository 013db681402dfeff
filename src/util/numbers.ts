/**
 * How oddsboard reads a number written as text — a flag, a setting, a header, a figure a service sends — by one set
 * of rules, here with one test (they were ten copies of three regexes across src/api, src/cli and src/sources, each
 * spelled its own way). Each rule is a regex on the whole text; what a caller trims, it trims itself.
 */

/** Digits only: a whole number (a limit, an offset, a rate, a seed, a port, milliseconds). */
export const DIGITS = /^[0-9]+$/;

/** Digits with an optional fraction, no sign, no exponent: a size, a price on the wire, seconds in a header. */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * An optional sign, digits with an optional fraction (or a bare fraction), an optional exponent: an amount, a speed,
 * a threshold, a service's numeric text. Never hex (`0x10`), binary, `Infinity` or `NaN`, which Number() reads.
 */
export const SIGNED_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A number written in decimals (`2.5`, ` 5 `, `1e3`: a speed, a threshold), else the input as it was: `0x10`, `0b1`,
 * `Infinity` stay strings, refused as no number (Number() read `--speed 0x10` as 16). A whole number: fromDigits.
 */
export function fromDecimal(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const t = input.trim();
  return SIGNED_DECIMAL.test(t) ? Number(t) : input;
}

/**
 * A whole number (a limit, an offset, a rate, a seed) written as text: digits only, else the input as it was —
 * `1e2`, `+3`, ` 5`, `5.0` and `0x10` stay strings, refused as no whole number (one rule: `--limit 1e2` was 100,
 * `--limit " 5"` 5). A number (a config file's JSON) is itself.
 */
export function fromDigits(input: unknown): unknown {
  return typeof input === 'string' && DIGITS.test(input) ? Number(input) : input;
}

/**
 * A whole number from `min` to `max` by fromDigits' rule (a flag of serve or record, a query parameter of the
 * reference server), else undefined: the caller says what is accepted, in its own words and shape.
 */
export function wholeIn(input: unknown, min: number, max: number): number | undefined {
  const value = fromDigits(input);
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/**
 * A figure a service sends as a number or as a plain decimal text (`"0.42"`, ` 12 `: a book's price and size, a
 * candle's dollars), else undefined: a sign, an exponent, hex or `NaN` is no figure of ours.
 */
export function plainFigure(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  return typeof v === 'string' && PLAIN_DECIMAL.test(v.trim()) ? Number(v) : undefined;
}
