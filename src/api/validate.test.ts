import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatAmount,
  validateAmount,
  validateEventQuery,
  validateId,
  validateLimit,
  validateMarketQuery,
  validateOffset,
  validateQuoteParams,
} from './validate.js';

describe('validateAmount', () => {
  it.each([
    ['10', 10],
    [' 12.50 ', 12.5],
    ['.5', 0.5],
    ['0.0000001', 1e-7],
    ['1e3', 1000],
    ['1000000000', 1e9],
    [3.25, 3.25],
  ] as const)('accepts %j', (input, value) => {
    expect(validateAmount(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'Enter an amount'],
    ['   ', 'Enter an amount'],
    ['abc', 'Amount must be a number'],
    ['Infinity', 'Amount must be a number'],
    ['0x10', 'Amount must be a number'],
    ['1,000', 'Amount takes no separators: write 1000'],
    ['1 000 000.5', 'Amount takes no separators: write 1000000.5'],
    ['1_000', 'Amount takes no separators: write 1000'],
    ['1,5', 'Amount must be a number'],
    ['1,000 000', 'Amount must be a number'],
    ['12 usd', 'Amount must be a number'],
    [Number.NaN, 'Amount must be a number'],
    ['0', 'Amount must be greater than 0'],
    ['-1', 'Amount must be greater than 0'],
    [-0, 'Amount must be greater than 0'],
    [-Infinity, 'Amount must be greater than 0'],
    ['1e400', 'Amount is too large (max 1000000000)'],
    ['1000000000.01', 'Amount is too large (max 1000000000)'],
    [Infinity, 'Amount is too large (max 1000000000)'],
    // sent with 12 decimals, these would be amount=0 (a 400)
    ['1e-20', 'Amount is too small (min 0.000000000001)'],
    ['0.0000000000001', 'Amount is too small (min 0.000000000001)'],
    [4e-13, 'Amount is too small (min 0.000000000001)'],
  ] as const)('rejects %j with "%s"', (input, message) => {
    expect(validateAmount(input)).toEqual({ ok: false, message });
  });

  it('the limit a too-large amount names is taken when typed as it is written', () => {
    const r = validateAmount('2e9');
    const limit = !r.ok && /\(max (.+)\)$/.exec(r.message)?.[1];
    expect(limit).toBeTruthy();
    expect(validateAmount(limit as string)).toEqual({ ok: true, value: 1e9 });
  });

  it('never accepts a value outside (0, 1e9] and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer().map(String)), (input) => {
        const r = validateAmount(input);
        if (r.ok) expect(r.value > 0 && r.value <= 1e9 && Number.isFinite(r.value)).toBe(true);
        else expect(r.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('limit, offset, ids', () => {
  it('limit is a whole number 1..100', () => {
    expect(validateLimit(1)).toEqual({ ok: true, value: 1 });
    expect(validateLimit(100)).toEqual({ ok: true, value: 100 });
    expect(validateLimit('20')).toEqual({ ok: true, value: 20 });
    for (const bad of [0, 101, 1.5, Number.NaN, '', 'x', null, -3])
      expect(validateLimit(bad)).toMatchObject({ ok: false, param: 'limit' });
    // written in decimals only: `--limit 0x10` was 16 markets, `--offset 0b11` 3
    for (const bad of ['0x10', '0b11', '0o7', 'Infinity'])
      expect(validateLimit(bad), bad).toMatchObject({ ok: false, param: 'limit' });
    expect(validateOffset('0b11')).toMatchObject({ ok: false, param: 'offset' });
    // one rule for a whole number written as text: digits only (`--limit 1e2` was 100, `+3` 3, `" 5"` 5)
    for (const bad of ['1e2', '+3', ' 5', '5 ', '5.0', '-0', '٣'])
      expect(validateLimit(bad), bad).toMatchObject({ ok: false, param: 'limit' });
    expect(validateOffset('1e1')).toMatchObject({ ok: false, param: 'offset' });
    expect(validateOffset('007')).toEqual({ ok: true, value: 7 });
  });

  it('offset is a whole number 0..10000', () => {
    expect(validateOffset(0)).toEqual({ ok: true, value: 0 });
    expect(validateOffset(10_000)).toEqual({ ok: true, value: 10_000 });
    for (const bad of [-1, 10_001, 0.5, Infinity]) {
      const r = validateOffset(bad);
      expect(r).toMatchObject({ ok: false, param: 'offset', message: 'offset must be a whole number from 0 to 10000' });
    }
  });

  it('ids are non-empty, bounded and never a dot segment', () => {
    expect(validateId('abc')).toEqual({ ok: true, value: 'abc' });
    expect(validateId(42)).toEqual({ ok: true, value: '42' });
    expect(validateId('...')).toEqual({ ok: true, value: '...' });
    expect(validateId('', 'market id')).toEqual({
      ok: false,
      param: 'market id',
      message: 'The market id must not be empty',
    });
    expect(validateId('..')).toMatchObject({ ok: false, message: 'The id cannot be "." or ".."' });
    expect(validateId('.')).toMatchObject({ ok: false });
    expect(validateId('x'.repeat(201))).toMatchObject({ ok: false, message: /too long/ });
    expect(validateId(undefined)).toMatchObject({ ok: false });
  });
});

describe('validateQuoteParams', () => {
  it('trims the outcome, parses the amount and lower-cases the action', () => {
    expect(validateQuoteParams({ outcome: '  Yes ', amount: '5', action: 'SELL' as 'sell' })).toEqual({
      ok: true,
      value: { outcome: 'Yes', amount: 5, action: 'sell' },
    });
  });

  it('names the first bad parameter', () => {
    expect(validateQuoteParams({ outcome: '', amount: 5, action: 'buy' })).toMatchObject({
      ok: false,
      param: 'outcome',
    });
    expect(validateQuoteParams({ outcome: 'Yes', amount: '0', action: 'buy' })).toEqual({
      ok: false,
      param: 'amount',
      message: 'Amount must be greater than 0',
    });
    expect(validateQuoteParams({ outcome: 'Yes', amount: 1, action: 'short' as 'buy' })).toEqual({
      ok: false,
      param: 'action',
      message: 'Action must be "buy" or "sell"',
    });
    expect(validateQuoteParams(undefined)).toMatchObject({ ok: false, param: 'outcome' });
  });
});

describe('validateMarketQuery / validateEventQuery', () => {
  it('keeps set, non-empty members in a stable order', () => {
    expect(
      validateMarketQuery({ sort: 'newest', q: ' btc ', limit: 5, offset: 0, status: '', category: undefined }),
    ).toEqual({
      ok: true,
      value: [
        ['q', 'btc'],
        ['sort', 'newest'],
        ['limit', '5'],
        ['offset', '0'],
      ],
    });
    expect(validateMarketQuery(undefined)).toEqual({ ok: true, value: [] });
    expect(validateEventQuery({ limit: 3 })).toEqual({ ok: true, value: [['limit', '3']] });
  });

  it('sends search and category as the screen shows them: control characters and escape sequences removed', () => {
    expect(
      validateMarketQuery({ q: 'rain\x1b[31m\u0007 fall\u202e', category: '\x1b]52;c;ZXZpbA==\x07Sports\r\n' }),
    ).toEqual({
      ok: true,
      value: [
        ['q', 'rain fall'],
        ['category', 'Sports'],
      ],
    });
    expect(validateMarketQuery({ q: '\x1b[2J\x07' })).toEqual({ ok: true, value: [] });
  });

  it('rejects bad members by name', () => {
    expect(validateMarketQuery({ limit: 500 })).toMatchObject({ ok: false, param: 'limit' });
    expect(validateMarketQuery({ offset: 20_000 })).toMatchObject({ ok: false, param: 'offset' });
    expect(validateMarketQuery({ q: 'x'.repeat(201) })).toMatchObject({ ok: false, param: 'q' });
    expect(validateMarketQuery({ status: 3 as unknown as string })).toMatchObject({
      ok: false,
      param: 'status',
      message: 'status must be text',
    });
    expect(validateEventQuery({ limit: 0 })).toMatchObject({ ok: false, param: 'limit' });
  });
});

describe('formatAmount', () => {
  it('never uses exponent notation', () => {
    expect(formatAmount(12.5)).toBe('12.5');
    expect(formatAmount(1e-7)).toBe('0.0000001');
    expect(formatAmount(1e9)).toBe('1000000000');
    expect(formatAmount(0.1 + 0.2)).toBe('0.3');
    expect(formatAmount(100)).toBe('100');
  });

  it('sends every amount validateAmount accepts as a positive decimal', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (v) => {
        const r = validateAmount(v);
        if (r.ok) expect(Number(formatAmount(r.value))).toBeGreaterThan(0);
      }),
    );
    expect(validateAmount('0.000000000001')).toEqual({ ok: true, value: 1e-12 });
    expect(formatAmount(1e-12)).toBe('0.000000000001');
  });
});
