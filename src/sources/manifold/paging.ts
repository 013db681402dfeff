/**
 * `/markets` pages by cursor: `before` = "The ID of the market before which the list will start" (the id of the
 * last market of the previous page). The interface pages by offset, so for each query (its parameters without the
 * offset) we keep the id found at each position we have seen the end of a page: the cursor of offset `o` is the id
 * at position `o − 1`. Bounded: at most MAX_QUERIES queries (oldest dropped) and MAX_MARKS positions each.
 */

export const MAX_QUERIES = 20;
export const MAX_MARKS = 500;

/** Where to start fetching to reach offset `offset`: the nearest known position before it. */
export interface Start {
  /** The position whose id is the cursor (−1: the first page, no cursor). */
  at: number;
  before?: string;
}

export class CursorBook {
  private readonly queries = new Map<string, Map<number, string>>();

  private marks(key: string, create: boolean): Map<number, string> | undefined {
    let m = this.queries.get(key);
    if (m) {
      // refresh its place: the oldest-used query is the one dropped
      this.queries.delete(key);
      this.queries.set(key, m);
    } else if (create) {
      m = new Map();
      this.queries.set(key, m);
      while (this.queries.size > MAX_QUERIES) {
        const oldest = this.queries.keys().next().value;
        if (oldest === undefined) break;
        this.queries.delete(oldest);
      }
    }
    return m;
  }

  /** The nearest known start at or before position `offset − 1` (offset 0: the first page). */
  start(key: string, offset: number): Start {
    if (offset <= 0) return { at: -1 };
    const m = this.marks(key, false);
    let best: Start = { at: -1 };
    if (m) for (const [at, id] of m) if (at <= offset - 1 && at > best.at) best = { at, before: id };
    return best;
  }

  /** Remembers that the market at position `at` of this query's list has this id. */
  mark(key: string, at: number, id: string): void {
    const m = this.marks(key, true);
    if (!m) return;
    m.delete(at);
    m.set(at, id);
    while (m.size > MAX_MARKS) {
      const oldest = m.keys().next().value;
      if (oldest === undefined) break;
      m.delete(oldest);
    }
  }

  get size(): number {
    return this.queries.size;
  }
}
