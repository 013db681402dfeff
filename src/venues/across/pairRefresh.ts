/**
 * The light refresh of a confirmed pair on the board (docs/pairs.md § The dashboard): both legs' details and YES books,
 * each a job in its venue's budget. A resolved leg follows the rule of src/sync/final.ts: its detail only every
 * FINAL_DETAIL_MS in the background, its book never. The times kept are on the wall clock, moved back with a step back
 * of it (`shift`, docs/rate-budget.md § Clock steps).
 */
import type { Market, OrderBook } from '../../api/types.js';
import { shiftMap } from '../../sync/clockStep.js';
import { bookWanted, detailDue } from '../../sync/final.js';
import type { DeskStack } from './desk.js';

export const isMarket = (v: unknown): v is Market =>
  typeof v === 'object' && v !== null && typeof (v as Market).id === 'string' && Array.isArray((v as Market).outcomes);

type Cls = 'interactive' | 'background';

export class PairRefresh {
  /** When each pair (`a ~ b`) was last refreshed. */
  private readonly refreshAt = new Map<string, number>();
  /** When each leg's detail was last asked by a pair's refresh (a resolved leg's only every FINAL_DETAIL_MS). */
  private readonly detailAt = new Map<string, number>();

  constructor(
    private readonly stackOf: (id: string) => DeskStack | undefined,
    private readonly bookLoaded: (id: string, book: OrderBook) => void,
  ) {}

  shift(by: number): void {
    shiftMap(this.refreshAt, by);
    shiftMap(this.detailAt, by);
  }

  /** When the pair was last refreshed; never: -Infinity (the stalest). */
  lastAt(a: string, b: string): number {
    return this.refreshAt.get(`${a} ~ ${b}`) ?? -Infinity;
  }

  pair(a: string, b: string, cls: Cls, now: number): void {
    for (const id of [a, b]) {
      const s = this.stackOf(id);
      if (!s) continue;
      if (cls === 'background' && !detailDue(s.store.getState(), id, this.detailAt.get(id), now)) continue;
      this.detailAt.set(id, now);
      s.sync.extra({
        key: `pairs:detail:${id}`,
        cls,
        run: (c, o) => c.getMarket(id, o),
        answered: (data, at, sentAt) => {
          if (isMarket(data)) s.store.getState().marketLoaded(data, at, sentAt);
          this.bookOf(s, id, cls);
        },
        failed: () => this.bookOf(s, id, cls),
      });
    }
    this.refreshAt.set(`${a} ~ ${b}`, now);
  }

  private bookOf(s: DeskStack, id: string, cls: Cls): void {
    const outcome = s.store.getState().markets[id]?.market.outcomes[0]?.name;
    // a resolved leg has no book (final.ts): none trades, and the pair shows no edge of it (pairs/gap.ts)
    if (!outcome || !bookWanted(s.store.getState(), id)) return;
    s.sync.extra({
      key: `pairs:book:${id}`,
      cls,
      run: (c, o) =>
        c.getBook ? c.getBook(id, outcome, o) : Promise.reject(new Error(`${s.id} publishes no order book`)),
      answered: (data) => {
        const book = data as OrderBook;
        if (typeof data !== 'object' || data === null || !Array.isArray(book.bids) || !Array.isArray(book.asks)) return;
        this.bookLoaded(id, book);
      },
      failed: () => {},
    });
  }
}
