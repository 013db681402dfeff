/** The `before` cursors kept per query: the nearest known start, and the bounds. */
import { describe, expect, it } from 'vitest';
import { CursorBook, MAX_MARKS, MAX_QUERIES } from './paging.js';

describe('CursorBook', () => {
  it('starts offset 0 without a cursor and offset o from the id at position o − 1, else the nearest before it', () => {
    const b = new CursorBook();
    expect(b.start('q', 0)).toEqual({ at: -1 });
    expect(b.start('q', 40)).toEqual({ at: -1 });
    b.mark('q', 39, 'id39');
    b.mark('q', 79, 'id79');
    expect(b.start('q', 40)).toEqual({ at: 39, before: 'id39' });
    expect(b.start('q', 80)).toEqual({ at: 79, before: 'id79' });
    expect(b.start('q', 60)).toEqual({ at: 39, before: 'id39' });
    expect(b.start('other', 40)).toEqual({ at: -1 });
  });

  it('keeps at most MAX_MARKS positions per query and MAX_QUERIES queries, the oldest dropped', () => {
    const b = new CursorBook();
    for (let i = 0; i <= MAX_MARKS; i++) b.mark('q', i, `id${i}`);
    // position 0 was the oldest: offset 1 now starts from the first page
    expect(b.start('q', 1)).toEqual({ at: -1 });
    expect(b.start('q', 2)).toEqual({ at: 1, before: 'id1' });
    for (let i = 0; i <= MAX_QUERIES; i++) b.mark(`k${i}`, 0, 'x');
    expect(b.size).toBe(MAX_QUERIES);
    expect(b.start('k0', 1)).toEqual({ at: -1 });
    expect(b.start(`k${MAX_QUERIES}`, 1)).toEqual({ at: 0, before: 'x' });
  });
});
