import { describe, expect, it } from 'vitest';
import { CursorBook } from './paging.js';

describe('CursorBook', () => {
  it('knows page 0, then each next page from the previous answer', () => {
    const b = new CursorBook();
    expect([b.start('q', 0), b.start('q', 1), b.furthest('q')]).toEqual([null, undefined, 0]);
    b.answered('q', 0, 'c1');
    b.answered('q', 1, 'c2');
    expect([b.start('q', 1), b.start('q', 2), b.furthest('q')]).toEqual(['c1', 'c2', 2]);
    // the last page says so; later starts are forgotten
    b.answered('q', 1, undefined);
    expect([b.furthest('q'), b.beyondEnd('q', 2), b.beyondEnd('q', 1)]).toEqual([1, true, false]);
  });

  it('keeps at most maxQueries queries (the least recently used goes) and maxPages pages', () => {
    const b = new CursorBook(3, 2);
    b.answered('a', 0, 'a1');
    b.answered('b', 0, 'b1');
    b.answered('a', 1, 'a2'); // a answered again: b is now the oldest
    b.answered('c', 0, 'c1');
    expect([b.start('a', 1), b.start('b', 1), b.start('c', 1)]).toEqual(['a1', undefined, 'c1']);
    b.answered('a', 2, 'a3'); // page 3 would be past maxPages: not kept
    expect(b.furthest('a')).toBe(2);
  });
});
