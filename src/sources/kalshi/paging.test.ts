import { describe, expect, it } from 'vitest';
import { CursorBook, sliceByOffset, type PageAnswer } from './paging.js';

/** A cursor-paged list of `n` numbers, pages of `size`, cursors opaque ('c<start>'); logs the cursors asked. */
function pagedList(n: number, size: number) {
  const asked: string[] = [];
  const fetch = (cursor: string): Promise<PageAnswer<number>> => {
    asked.push(cursor);
    const from = cursor === '' ? 0 : Number(cursor.slice(1));
    const items = Array.from({ length: Math.max(0, Math.min(size, n - from)) }, (_, i) => from + i);
    return Promise.resolve({ items, next: from + size < n ? `c${from + size}` : '' });
  };
  return { asked, fetch };
}

describe('CursorBook: offsets over cursors', () => {
  it('pages forwards one request each, then back to a known page with its own cursor', async () => {
    const book = new CursorBook();
    const l = pagedList(45, 20);
    expect((await book.page('k', 0, l.fetch)).items[0]).toBe(0);
    expect((await book.page('k', 1, l.fetch)).items[0]).toBe(20);
    const last = await book.page('k', 2, l.fetch);
    expect(last).toEqual({ items: [40, 41, 42, 43, 44], next: '' });
    expect((await book.page('k', 1, l.fetch)).items[0]).toBe(20);
    expect(l.asked).toEqual(['', 'c20', 'c40', 'c20']);
  });

  it('walks forward from the last known page to reach an unknown one, never answering another page', async () => {
    const book = new CursorBook();
    const l = pagedList(100, 10);
    const p5 = await book.page('k', 5, l.fetch);
    expect(p5.items).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    expect(l.asked).toEqual(['', 'c10', 'c20', 'c30', 'c40', 'c50']);
    await book.page('k', 7, l.fetch);
    expect(l.asked.slice(6)).toEqual(['c60', 'c70']);
  });

  it('a page past the end is empty, known from the empty cursor without another request', async () => {
    const book = new CursorBook();
    const l = pagedList(15, 10);
    await book.page('k', 1, l.fetch);
    const asked = l.asked.length;
    expect(await book.page('k', 3, l.fetch)).toEqual({ items: [], next: '' });
    expect(l.asked.length).toBe(asked);
  });

  it('keeps queries apart and drops the least recently used past its bound', async () => {
    const book = new CursorBook(2, 200);
    const l = pagedList(30, 10);
    await book.page('a', 1, l.fetch);
    await book.page('b', 1, l.fetch);
    await book.page('a', 0, l.fetch); // a is used again
    await book.page('c', 0, l.fetch); // b goes
    expect(book.size).toBe(2);
    expect(book.startOf('a', 1)).toBe('c10');
    expect(book.startOf('b', 1)).toBeUndefined();
  });

  it('keeps at most maxPages cursors per query', async () => {
    const book = new CursorBook(4, 3);
    const l = pagedList(100, 10);
    await book.page('k', 2, l.fetch);
    expect(book.startOf('k', 2)).toBe('c20');
    expect(book.startOf('k', 3)).toBeUndefined();
    expect(await book.page('k', 3, l.fetch)).toEqual({ items: [], next: '' });
  });

  it('sliceByOffset: an offset inside a page reads the two pages it straddles', async () => {
    const book = new CursorBook();
    const l = pagedList(25, 10);
    expect(await sliceByOffset(book, 'k', 5, 10, l.fetch)).toEqual({
      items: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
      more: true,
    });
    expect(await sliceByOffset(book, 'k', 20, 10, l.fetch)).toEqual({ items: [20, 21, 22, 23, 24], more: false });
    expect(await sliceByOffset(book, 'k', 15, 10, l.fetch)).toEqual({
      items: [15, 16, 17, 18, 19, 20, 21, 22, 23, 24],
      more: false,
    });
  });
});
