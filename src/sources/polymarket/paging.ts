/**
 * Gamma's list routes page by cursor (`after_cursor` ← `next_cursor`); the dashboard pages by offset. A CursorBook
 * keeps, per query (everything but the page), the cursor that starts each page it has answered: page 0 starts with
 * none, page n+1 with what page n's answer said. Bounded: at most `maxPages` pages per query and `maxQueries`
 * queries (the oldest query is dropped).
 */

/** A page's start: `null` for the first page, a cursor for the others. */
export type PageStart = string | null;

interface Chain {
  /** starts[n]: the cursor page n starts with (null for page 0). */
  starts: PageStart[];
  /** The page that said it is the last (no `next_cursor`), when one did. */
  lastPage?: number;
}

export class CursorBook {
  private readonly chains = new Map<string, Chain>();

  constructor(
    readonly maxPages = 500,
    readonly maxQueries = 8,
  ) {}

  /** A query's chain, as known (a query never answered starts at page 0); reading never adds nor evicts. */
  private peek(key: string): Chain {
    return this.chains.get(key) ?? { starts: [null] };
  }

  private chain(key: string): Chain {
    let c = this.chains.get(key);
    if (c) {
      // most recently used last
      this.chains.delete(key);
      this.chains.set(key, c);
      return c;
    }
    c = { starts: [null] };
    this.chains.set(key, c);
    while (this.chains.size > this.maxQueries) {
      const oldest = this.chains.keys().next().value as string;
      this.chains.delete(oldest);
    }
    return c;
  }

  /** The cursor page `page` starts with: null for page 0, undefined when not known (yet). */
  start(key: string, page: number): PageStart | undefined {
    return this.peek(key).starts[page];
  }

  /** The furthest page whose start is known. */
  furthest(key: string): number {
    return this.peek(key).starts.length - 1;
  }

  /** true when a page at or before `page` said it was the last. */
  beyondEnd(key: string, page: number): boolean {
    const last = this.peek(key).lastPage;
    return last !== undefined && page > last;
  }

  /** What page `page`'s answer said: the next page's cursor, or none (the last page). */
  answered(key: string, page: number, next: string | undefined): void {
    const c = this.chain(key);
    if (next === undefined || next === '') {
      c.lastPage = page;
      c.starts.length = Math.min(c.starts.length, page + 1);
      return;
    }
    if (c.lastPage !== undefined && c.lastPage <= page) delete c.lastPage;
    if (page + 1 < this.maxPages && page < c.starts.length) c.starts[page + 1] = next;
  }
}
