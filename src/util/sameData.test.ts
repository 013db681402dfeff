import { describe, expect, it } from 'vitest';
import { keepSame, sameData } from './sameData.js';

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
});
