import { describe, expect, it } from 'vitest';
import { UsageError } from './errors.js';
import { checkValue } from './settingValues.js';

const message = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error('no usage error');
};

describe('checkValue: sources', () => {
  it('names a word that is not a source, then says what a list holds, in one sentence', () => {
    expect(message(() => checkValue('sources', 'polymarkt', '--source'))).toBe(
      '--source: "polymarkt" is not a source; sources must be a list of public, polymarket, kalshi, manifold ' +
        '(or all: the three platforms)',
    );
    // a word that may be a pasted key is not repeated
    expect(message(() => checkValue('sources', 'kalshi,sk_live_0123456789abcdef0123', '--source'))).toBe(
      '--source: sources must be a list of public, polymarket, kalshi, manifold (or all: the three platforms)',
    );
    expect(checkValue('sources', 'kalshi,all', '--source')).toEqual(['kalshi', 'polymarket', 'manifold']);
  });

  it('says a list with an empty name is that (it said only what a list holds)', () => {
    for (const list of [',kalshi', 'kalshi,,polymarket', 'kalshi,'])
      expect(message(() => checkValue('sources', list, '--source'))).toBe(
        '--source: a name in the list is empty; sources must be a list of public, polymarket, kalshi, manifold ' +
          '(or all: the three platforms)',
      );
    expect(message(() => checkValue('sources', [], 'sources'))).toMatch(/^sources: sources must be a list of/);
  });
});

describe('checkValue: speed', () => {
  it('refuses a speed so slow the demo cannot answer, naming the range', () => {
    // `--speed 1e-10` was taken, and every answer of the demo was "Internal error." (exit 7): a market closing in
    // days, slowed so much, closes after the last date a JavaScript Date can hold
    for (const slow of ['1e-10', '0.000001', '0.009', 0.001])
      expect(message(() => checkValue('speed', slow, '--speed'))).toBe(
        '--speed: speed must be a number from 0.01 to 10000',
      );
    expect(checkValue('speed', '0.01', '--speed')).toBe(0.01);
    expect(checkValue('speed', 10_000, 'speed')).toBe(10_000);
  });
});

describe('checkValue: numbers', () => {
  it('are written in decimals: a hex, octal or binary one is refused as not a number', () => {
    // `--seed 0x1`, `--rate 0x10` and a config file's "limit": "0x10" were taken as 1, 16 and 16
    for (const [key, ok] of [
      ['rate', '10'],
      ['limit', '20'],
      ['seed', '7'],
      ['speed', '2.5'],
      ['moversThreshold', '2'],
    ] as const) {
      expect(checkValue(key, ok, `--${key}`)).toBe(Number(ok));
      // a whole number (rate, limit, seed) is digits only: `--limit 1e2`, `+3` and `" 5"` were taken as 100, 3, 5
      const whole = key === 'rate' || key === 'limit' || key === 'seed';
      for (const bad of ['0x10', '0b1', '0o7', ...(whole ? ['1e1', '+3', ' 5', '5 ', '5.0'] : [])])
        expect(
          message(() => checkValue(key, bad, `--${key}`)),
          `${key} ${bad}`,
        ).toMatch(new RegExp(`^--${key}: `));
    }
  });
});
