import { describe, expect, it } from 'vitest';
import { nearest } from './nearest.js';

describe('nearest: the name a mistyped word was meant as', () => {
  const commands = ['markets', 'market', 'quote', 'events', 'event', 'watch', 'pairs', 'positions', 'serve', 'record'];
  it('the closest name within two edits (a swap of neighbours is one), else none', () => {
    expect(nearest('maket', commands)).toBe('market');
    expect(nearest('sevre', commands)).toBe('serve');
    expect(nearest('QUOTE', commands)).toBe('quote');
    expect(nearest('positons', commands)).toBe('positions');
    expect(nearest('dashboard', commands)).toBeUndefined();
    expect(nearest('sk_live_0123456789abcdef', commands)).toBeUndefined();
    // too short to guess from
    expect(nearest('ev', commands)).toBeUndefined();
  });
});
