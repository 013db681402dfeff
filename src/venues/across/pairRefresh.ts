/**
 * The light refresh of a confirmed pair on the board (docs/pairs.md § The dashboard): both legs' details and YES books,
 * each a job in its venue's budget. A resolved leg follows the rule of src/sync/final.ts: its detail only every
 * FINAL_DETAIL_MS in the background, its book never. The times kept are on the wall clock, moved back with a step back
 * of it (`shift`, docs/rate-budget.md § Clock steps).
 */
import type { Market, OrderBook } from '../../api/types.js';
import { refKey, type MarketRef } from '../../venue/ref.js';
import { shiftMap } from '../../sync/clockStep.js';
import { bookWanted, detailDue } from '../../sync/final.js';
import type { DeskStack } from './desk.js';

export const isMarket = (v: unknown): v is Market =>
  typeof v === 'object' && v !== null && typeof (v as Market).id === 'string' && Array.isArray((v as Market).outcomes);

type Cls = 'interactive' | 'background';

type Pair = { a: MarketRef; b: MarketRef };
interface Keys {
  a: string;
  b: string;
  /** PairRefresh's key of the pair: `a ~ b`. */
  key: string;
}
/** A confirmed pair's board ids, made once per pair object (decisions.ts replaces the object when it changes). */
const keysOf = new WeakMap<Pair, Keys>();
function keys(c: Pair): Keys {
  let k = keysOf.get(c);
  if (!k) {
    const [a, b] = [refKey(c.a), refKey(c.b)];
    keysOf.set(c, (k = { a, b, key: `${a} ~ ${b}` }));
  }
  return k;
}

/**
 * Of the confirmed pairs whose both venues are on the board, the one refreshed longest ago (never: first; a tie: the
 * first in `pairs`' order), and how many are on the board (the tick's spacing). One pass, nothing built per pair: the
 * desk's tick runs `count` times a PAIR_REFRESH_MS, and it sorted every pair each tick (up to 5,000): n² log n.
 */
export function stalestPair(
  pairs: Iterable<Pair>,
  onBoard: ReadonlySet<string>,
  lastAt: (key: string) => number,
): { a: string; b: string; at: number; count: number } | undefined {
  let best: Keys | undefined;
  let bestAt = Infinity;
  let count = 0;
  for (const c of pairs) {
    if (!onBoard.has(c.a.venue) || !onBoard.has(c.b.venue)) continue;
    count++;
    const k = keys(c);
    const at = lastAt(k.key);
    if (best && at >= bestAt) continue;
    best = k;
    bestAt = at;
  }
  return best && { a: best.a, b: best.b, at: bestAt, count };
}

/** A pair whose answers are still awaited after this long is let go (a request replaced, the venue paused). */
export const PAIR_ABANDON_MS = 5 * 60_000;

/** A pair's refresh under way: its legs' requests still awaited, whether one failed for good. */
interface Refreshing {
  legs: readonly [string, string];
  askedAt: number;
  cls: Cls;
  left: number;
  failed: boolean;
}

export class PairRefresh {
  /** When each pair (`a ~ b`) was last refreshed: the time its last answer arrived. */
  private readonly refreshAt = new Map<string, number>();
  /** When each pair was last tried (asked, whatever came of it): the stalest is chosen by this. */
  private readonly triedAt = new Map<string, number>();
  /** When each leg's detail was last asked by a pair's refresh (a resolved leg's only every FINAL_DETAIL_MS). */
  private readonly detailAt = new Map<string, number>();
  /** The pairs whose answers are awaited. */
  private readonly refreshing = new Map<string, Refreshing>();

  constructor(
    private readonly stackOf: (id: string) => DeskStack | undefined,
    private readonly bookLoaded: (id: string, book: OrderBook) => void,
  ) {}

  shift(by: number): void {
    shiftMap(this.refreshAt, by);
    shiftMap(this.triedAt, by);
    shiftMap(this.detailAt, by);
    for (const r of this.refreshing.values()) r.askedAt += by;
  }

  /** When the pair (`a ~ b`) was last refreshed or tried; never: -Infinity (the stalest). */
  lastAt(key: string): number {
    return Math.max(this.refreshAt.get(key) ?? -Infinity, this.triedAt.get(key) ?? -Infinity);
  }

  /** When the pair's answers last all arrived; never: -Infinity. */
  refreshedAt(key: string): number {
    return this.refreshAt.get(key) ?? -Infinity;
  }

  /**
   * Whether a background refresh still awaits its answers: the next waits for it, so the pairs go at the pace the
   * venues' budgets give them (extraJobs.ts) instead of piling up unsent while counted as refreshed.
   */
  busy(now: number): boolean {
    let busy = false;
    for (const [key, r] of this.refreshing) {
      if (now - r.askedAt >= PAIR_ABANDON_MS || now < r.askedAt) this.refreshing.delete(key);
      else busy ||= r.cls === 'background';
    }
    return busy;
  }

  pair(a: string, b: string, cls: Cls, now: number): void {
    const key = `${a} ~ ${b}`;
    const r: Refreshing = { legs: [a, b], askedAt: now, cls, left: 1, failed: false };
    // a pair under way with a leg in common: its request for that leg, if still waiting, is replaced by this one's
    // (the same key, extraJobs.ts), so its answers may never come; it is let go, not recorded, not awaited 5 min
    for (const [k, x] of this.refreshing) if (x.legs.some((id) => id === a || id === b)) this.refreshing.delete(k);
    this.refreshing.set(key, r);
    this.triedAt.set(key, now);
    const done = (at: number, failed = false) => {
      r.failed ||= failed;
      if (--r.left > 0 || this.refreshing.get(key) !== r) return;
      this.refreshing.delete(key);
      if (!r.failed) this.refreshAt.set(key, at);
    };
    for (const id of [a, b]) {
      const s = this.stackOf(id);
      if (!s) continue;
      if (cls === 'background' && !detailDue(s.store.getState(), id, this.detailAt.get(id), now)) continue;
      this.detailAt.set(id, now);
      r.left++;
      s.sync.extra({
        key: `pairs:detail:${id}`,
        cls,
        run: (c, o) => c.getMarket(id, o),
        answered: (data, at, sentAt) => {
          if (isMarket(data)) s.store.getState().marketLoaded(data, at, sentAt);
          this.bookOf(s, id, cls, (t, failed) => done(t, failed || !isMarket(data)), at);
        },
        failed: (_e, at) => this.bookOf(s, id, cls, (t) => done(t, true), at),
      });
    }
    done(now);
  }

  private bookOf(s: DeskStack, id: string, cls: Cls, done: (at: number, failed?: boolean) => void, now: number): void {
    const outcome = s.store.getState().markets[id]?.market.outcomes[0]?.name;
    // a resolved leg has no book (final.ts): none trades, and the pair shows no edge of it (pairs/gap.ts)
    if (!outcome || !bookWanted(s.store.getState(), id)) return done(now);
    s.sync.extra({
      key: `pairs:book:${id}`,
      cls,
      run: (c, o) =>
        c.getBook ? c.getBook(id, outcome, o) : Promise.reject(new Error(`${s.id} publishes no order book`)),
      answered: (data, at) => {
        const book = data as OrderBook;
        done(at);
        if (typeof data !== 'object' || data === null || !Array.isArray(book.bids) || !Array.isArray(book.asks)) return;
        this.bookLoaded(id, book);
      },
      // a book that fails leaves the pair's prices refreshed: its gap is shown without it (pairs/gap.ts)
      failed: (_e, at) => done(at),
    });
  }
}
