import { describe, expect, it } from 'vitest';
import { DIGITS, fromDecimal, fromDigits, PLAIN_DECIMAL, plainFigure, SIGNED_DECIMAL, wholeIn } from './numbers.js';

/** Each text against the three rules: [text, digits, plain decimal, signed decimal]. */
const TABLE: Array<[string, boolean, boolean, boolean]> = [
  ['5', true, true, true],
  ['0010', true, true, true],
  ['2.5', false, true, true],
  ['5.', false, false, true],
  ['.5', false, false, true],
  ['+3', false, false, true],
  ['-3', false, false, true],
  ['1e2', false, false, true],
  ['1E-3', false, false, true],
  [' 5', false, false, false],
  ['0x10', false, false, false],
  ['0b1', false, false, false],
  ['Infinity', false, false, false],
  ['NaN', false, false, false],
  ['1,000', false, false, false],
  ['', false, false, false],
  ['.', false, false, false],
  ['e3', false, false, false],
];

describe('numbers written as text: one set of rules', () => {
  it('digits, a plain decimal and a signed decimal each take what they say, and nothing Number() reads besides', () => {
    for (const [text, digits, plain, signed] of TABLE) {
      expect([DIGITS.test(text), PLAIN_DECIMAL.test(text), SIGNED_DECIMAL.test(text)], text).toEqual([
        digits,
        plain,
        signed,
      ]);
      // whatever a rule takes, Number() reads as a finite number
      if (signed) expect(Number.isFinite(Number(text)), text).toBe(true);
    }
  });

  it('a whole number is digits only (wholeIn within its range), a decimal may be trimmed and signed', () => {
    expect([fromDigits('5'), fromDigits('0010'), fromDigits(' 5'), fromDigits('1e2'), fromDigits(7)]).toEqual([
      5,
      10,
      ' 5',
      '1e2',
      7,
    ]);
    expect([wholeIn('0010', 1, 100), wholeIn('0', 1, 100), wholeIn('101', 1, 100), wholeIn('+3', 0, 9)]).toEqual([
      10,
      undefined,
      undefined,
      undefined,
    ]);
    expect([fromDecimal(' 2.5 '), fromDecimal('1E3'), fromDecimal('-.5'), fromDecimal('0x10')]).toEqual([
      2.5,
      1000,
      -0.5,
      '0x10',
    ]);
  });

  it('a figure a service sends: a finite number, or a plain decimal text around its spaces, else none', () => {
    expect([plainFigure(0.42), plainFigure('0.42'), plainFigure(' 12 '), plainFigure('7')]).toEqual([
      0.42, 0.42, 12, 7,
    ]);
    for (const odd of [Number.NaN, Infinity, '-1', '1e2', '0x10', 'NaN', '', null, undefined, {}])
      expect(plainFigure(odd), String(odd)).toBeUndefined();
  });
});
