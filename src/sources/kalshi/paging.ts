/**
 * Offsets over Kalshi's cursors. The store pages by offset; Kalshi pages by an opaque cursor that only the
 * previous page's answer gives. `CursorBook` keeps, per query (its filters and page size), the cursor that
 * starts each page it has been answered — page n's answer gives page n+1's cursor — so forwards and back are one
 * request each. A page whose cursor is unknown is reached by walking forward from the last known one (never by
 * answering another page). Bounded: `maxPages` per query, `maxQueries` queries (the oldest dropped).
 */

/** What page `n` starts with: a cursor ('' for the first page), `null` when page n does not exist. */
type Start = string | null;

export interface PageAnswer<T> {
  items: T[];
  /** The cursor of the next page; '' when the platform says there is none. */
  next: string;
}

export class CursorBook {
  private readonly queries = new Map<string, Start[]>();

  constructor(
    readonly maxQueries = 32,
    readonly maxPages = 200,
  ) {}

  private starts(key: string): Start[] {
    let s = this.queries.get(key);
    if (s) {
      // most recently used last: the first key is the one dropped
      this.queries.delete(key);
    } else {
      s = [''];
      while (this.queries.size >= this.maxQueries) {
        const oldest = this.queries.keys().next().value;
        if (oldest === undefined) break;
        this.queries.delete(oldest);
      }
    }
    this.queries.set(key, s);
    return s;
  }

  /** The start of page `n` of `key`: a cursor, null (no such page), undefined (not known yet). */
  startOf(key: string, n: number): Start | undefined {
    return this.queries.get(key)?.[n];
  }

  /** Page `n` of `key` was answered with `next`. */
  record(key: string, n: number, next: string): void {
    const s = this.starts(key);
    if (n + 1 >= this.maxPages) return;
    s[n + 1] = next === '' ? null : next;
  }

  /** Page `n` of `key`: from its known cursor, or walking forward from the nearest known page before it. */
  async page<T>(key: string, n: number, fetch: (cursor: string) => Promise<PageAnswer<T>>): Promise<PageAnswer<T>> {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`page ${n}`);
    if (n >= this.maxPages) return { items: [], next: '' };
    const s = this.starts(key);
    let from = Math.min(n, s.length - 1);
    while (from > 0 && s[from] === undefined) from--;
    for (let i = from; ; i++) {
      const start = s[i];
      if (start === null) return { items: [], next: '' };
      const answer = await fetch(start ?? '');
      this.record(key, i, answer.next);
      if (i === n) return answer;
      if (answer.next === '') return { items: [], next: '' };
    }
  }

  /** How many queries are kept (tests). */
  get size(): number {
    return this.queries.size;
  }
}

/**
 * `limit` items from `offset`, over pages of `limit`: one page when the offset is a page boundary, else the
 * two pages it straddles. `more` is whether Kalshi says there is anything after them.
 */
export async function sliceByOffset<T>(
  book: CursorBook,
  key: string,
  offset: number,
  limit: number,
  fetch: (cursor: string) => Promise<PageAnswer<T>>,
): Promise<{ items: T[]; more: boolean }> {
  const n = Math.floor(offset / limit);
  const skip = offset - n * limit;
  const first = await book.page(key, n, fetch);
  if (skip === 0) return { items: first.items, more: first.next !== '' };
  const second = first.next === '' ? { items: [], next: '' } : await book.page(key, n + 1, fetch);
  const all = [...first.items, ...second.items];
  return { items: all.slice(skip, skip + limit), more: all.length > skip + limit || second.next !== '' };
}
