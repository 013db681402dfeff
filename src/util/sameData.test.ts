import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepSame, sameData, sameFields } from './sameData.js';

describe('sameData', () => {
  it('compares plain data deeply', () => {
    const a = { id: 'm1', outcomes: [{ name: 'Yes', price: 0.42 }, { name: 'No' }], closesAt: 5, tags: ['x'] };
    expect(sameData(a, structuredClone(a))).toBe(true);
    expect(sameData(a, { ...a, outcomes: [{ name: 'Yes', price: 0.43 }, { name: 'No' }] })).toBe(false);
    expect(sameData(a, { ...a, tags: ['x', 'y'] })).toBe(false);
    expect(sameData(a, { ...a, extra: undefined })).toBe(false);
    expect(sameData({ p: Number.NaN }, { p: Number.NaN })).toBe(true);
    expect(sameData([1, 2], { 0: 1, 1: 2, length: 2 })).toBe(false);
    expect(sameData(null, {})).toBe(false);
  });

  it('compares what is not plain data by identity', () => {
    expect(sameData(new Date(1), new Date(1))).toBe(false);
    expect(sameData(new Map(), new Map())).toBe(false);
  });

  it('keeps the object already held when the new one is the same', () => {
    const held = { id: 'm1', outcomes: [{ name: 'Yes', price: 0.5 }] };
    expect(keepSame(held, structuredClone(held))).toBe(held);
    const moved = { id: 'm1', outcomes: [{ name: 'Yes', price: 0.6 }] };
    expect(keepSame(held, moved)).toBe(moved);
    expect(keepSame(undefined, moved)).toBe(moved);
  });

  it('answers as comparing the lists of keys did, on random data and copies of it changed in one place', () => {
    // the comparison as it was written with Object.keys: the loops that replaced it must agree with it everywhere
    const byKeys = (a: unknown, b: unknown): boolean => {
      if (Object.is(a, b)) return true;
      if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
      if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => byKeys(x, b[i]));
      if (Array.isArray(b)) return false;
      const [ka, kb] = [Object.keys(a), Object.keys(b)];
      if (ka.length !== kb.length) return false;
      const [ra, rb] = [a as Record<string, unknown>, b as Record<string, unknown>];
      return ka.every((k) => Object.hasOwn(b, k) && byKeys(ra[k], rb[k]));
    };
    expect(sameData({ x: 1, y: 2 }, { x: 1, z: 2 })).toBe(false);
    expect(sameData({ x: 1, y: undefined }, { x: 1 })).toBe(false);
    expect(sameData(Object.assign(Object.create(null), { x: 1 }), { x: 1 })).toBe(true);
    const data = fc.jsonValue({ maxDepth: 3 });
    const changed = fc.tuple(data, fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })).map(([v, k, w]) => {
      if (typeof v !== 'object' || v === null) return [v, w] as const;
      const copy = structuredClone(v) as Record<string, unknown>;
      if (k === '') delete copy[Object.keys(copy)[0] ?? ''];
      else copy[k] = w;
      return [v, copy] as const;
    });
    fc.assert(
      fc.property(fc.oneof(fc.tuple(data, data), changed), ([a, b]) => {
        expect(sameData(a, b)).toBe(byKeys(a, b));
        expect(sameData(a, structuredClone(a))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('sameFields', () => {
  it('compares each field by identity, with the keys of either', () => {
    const list = [1];
    expect(sameFields({ a: list, b: 1 }, { a: list, b: 1 })).toBe(true);
    expect(sameFields({ a: list }, { a: [1] })).toBe(false);
    expect(sameFields<{ a?: number; b?: number }>({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameFields<{ a?: number; b?: number }>({ a: 1, b: 2 }, { a: 1 })).toBe(false);
  });
});
