/**
 * The light refresh of confirmed pairs on the board (docs/pairs.md § The dashboard), in rounds: the stalest pairs'
 * legs' details in one request a venue (its batch route, `getMarkets`, up to `caps.batch` ids, as the watchlist's),
 * then the YES books only of legs whose detail moved, that have none yet, or whose pair the person is looking at (a leg
 * selected), at most ROUND_BOOKS a venue a round; each request a job in its venue's budget (src/sync/extraJobs.ts). A
 * resolved leg follows the rule of src/sync/final.ts: its detail only every FINAL_DETAIL_MS in the background, its book
 * never. The times kept are on the wall clock, moved back with a step back of it (`shift`, docs/rate-budget.md § Clock
 * steps).
 */
import type { Market, OrderBook } from '../../api/types.js';
import { shiftMap } from '../../sync/clockStep.js';
import { bookWanted, detailDue } from '../../sync/final.js';
import type { DeskStack } from './desk.js';
import { keys, roundRoom, type Pair, type PairIds } from './pairRound.js';

export const isMarket = (v: unknown): v is Market =>
  typeof v === 'object' && v !== null && typeof (v as Market).id === 'string' && Array.isArray((v as Market).outcomes);

type Cls = 'interactive' | 'background';

/** A pair whose answers are still awaited after this long is let go (its venue paused, a request never answered). */
export const PAIR_ABANDON_MS = 5 * 60_000;
/**
 * Books a venue asks at most in a background round (docs/pairs.md): a round is then at most 1 + this many requests a
 * venue, so the details of `caps.batch` pairs come round at least every (1 + ROUND_BOOKS) paced background extras.
 */
export const ROUND_BOOKS = 4;

/** A pair's refresh under way: its legs' requests still awaited, whether one failed for good. */
interface Refreshing {
  key: string;
  askedAt: number;
  cls: Cls;
  left: number;
  failed: boolean;
}
/** A leg asked in a round: the pairs waiting on it, whether the person is looking at one of them. */
interface Leg {
  id: string;
  waiting: Refreshing[];
  looked: boolean;
}

/** Whether a leg's detail moved: what its book would show may have changed (a price, a trade's volume, its status). */
function moved(was: Market | undefined, now: Market | undefined): boolean {
  if (!was || !now || was === now) return was !== now;
  if (was.status !== now.status || was.volume !== now.volume || was.outcomes.length !== now.outcomes.length)
    return true;
  return was.outcomes.some((o, i) => o.price !== now.outcomes[i]?.price);
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
    private readonly bookHeld: (id: string) => boolean,
  ) {}

  shift(by: number): void {
    shiftMap(this.refreshAt, by);
    shiftMap(this.triedAt, by);
    shiftMap(this.detailAt, by);
    for (const r of this.refreshing.values()) r.askedAt += by;
  }

  /** Forgets every pair but these (the confirmed ones on the board) and every leg but theirs (a rejected pair's). */
  keepOnly(pairs: Iterable<Pair>, onBoard: ReadonlySet<string>): void {
    const live = new Set<string>();
    const legs = new Set<string>();
    for (const c of pairs) {
      if (!onBoard.has(c.a.venue) || !onBoard.has(c.b.venue)) continue;
      const k = keys(c);
      live.add(k.key);
      legs.add(k.a).add(k.b);
    }
    for (const m of [this.refreshAt, this.triedAt, this.refreshing])
      for (const key of m.keys()) if (!live.has(key)) m.delete(key);
    for (const id of this.detailAt.keys()) if (!legs.has(id)) this.detailAt.delete(id);
  }

  /** How many pairs and legs it keeps times of (keepOnly's test). */
  held(): { pairs: number; legs: number } {
    const pairs = new Set([...this.refreshAt.keys(), ...this.triedAt.keys(), ...this.refreshing.keys()]);
    return { pairs: pairs.size, legs: this.detailAt.size };
  }

  /**
   * When the pair (`a ~ b`) was last asked; never: -Infinity (the stalest). A round's pairs share it, so they come due
   * together: by when their answers arrived (spread by the books each asked) the next rounds broke up into small ones.
   */
  lastAt(key: string): number {
    return this.triedAt.get(key) ?? -Infinity;
  }

  /** When the pair's answers last all arrived; never: -Infinity. */
  refreshedAt(key: string): number {
    return this.refreshAt.get(key) ?? -Infinity;
  }

  /**
   * Whether a background round still awaits its answers: the next waits for it, so the pairs go at the pace the
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

  /** One pair now (`y`): both legs' details and books, whatever moved. */
  pair(a: string, b: string, cls: Cls, now: number): void {
    this.round([{ a, b }], cls, now);
  }

  /** A round: the legs' details a venue in batches of its `caps.batch`, then the books wanted (the file's comment). */
  round(pairs: readonly PairIds[], cls: Cls, now: number): void {
    const legs = new Map<string, Leg>();
    const started: Refreshing[] = [];
    for (const { a, b } of pairs) {
      const r: Refreshing = { key: `${a} ~ ${b}`, askedAt: now, cls, left: 1, failed: false };
      this.refreshing.set(r.key, r);
      this.triedAt.set(r.key, now);
      started.push(r);
      const looked = cls === 'interactive' || [a, b].some((id) => this.stackOf(id)?.store.getState().selectedId === id);
      for (const id of [a, b]) {
        const s = this.stackOf(id);
        if (!s) continue;
        let leg = legs.get(id);
        if (!leg) {
          if (cls === 'background' && !detailDue(s.store.getState(), id, this.detailAt.get(id), now)) continue;
          this.detailAt.set(id, now);
          legs.set(id, (leg = { id, waiting: [], looked: false }));
        }
        leg.looked ||= looked;
        leg.waiting.push(r);
        r.left++;
      }
    }
    const byStack = new Map<DeskStack, Leg[]>();
    for (const leg of legs.values()) {
      const s = this.stackOf(leg.id)!;
      byStack
        .set(s, byStack.get(s) ?? [])
        .get(s)!
        .push(leg);
    }
    for (const [s, all] of byStack) {
      const size = roundRoom(s.store.getState().caps);
      for (let i = 0; i < all.length; i += size) this.details(s, all.slice(i, i + size), cls);
    }
    for (const r of started) this.done(r, now);
  }

  private done(r: Refreshing, at: number, failed = false): void {
    r.failed ||= failed;
    if (--r.left > 0 || this.refreshing.get(r.key) !== r) return;
    this.refreshing.delete(r.key);
    if (!r.failed) this.refreshAt.set(r.key, at);
  }

  /** Its request was dropped unsent (extraJobs.ts): the pairs waiting on it are let go at once, unrecorded. */
  private letGo(legs: readonly Leg[]): void {
    for (const l of legs)
      for (const r of l.waiting) if (this.refreshing.get(r.key) === r) this.refreshing.delete(r.key);
  }

  private details(s: DeskStack, legs: Leg[], cls: Cls): void {
    const ids = legs.map((l) => l.id);
    s.sync.extra({
      key: `pairs:detail:${ids.join(',')}`,
      cls,
      run: (c, o) =>
        ids.length === 1
          ? c.getMarket(ids[0]!, o)
          : c.getMarkets
            ? c.getMarkets(ids, o)
            : Promise.reject(new Error(`${s.id} looks up no markets by ids`)),
      answered: (data, at, sentAt) => {
        const answered = new Set<string>();
        const changed = new Set<string>();
        for (const m of (Array.isArray(data) ? data : [data]).filter(isMarket)) {
          if (!ids.includes(m.id)) continue;
          const was = s.store.getState().markets[m.id]?.market;
          // an answer older than the copy held changes nothing (olderThanHeld, src/store/entries.ts)
          s.store.getState().marketLoaded(m, at, sentAt);
          answered.add(m.id);
          if (moved(was, s.store.getState().markets[m.id]?.market)) changed.add(m.id);
        }
        // a leg the venue left out failed for good this round: its pair stays unrefreshed, asked again later
        for (const l of legs) if (!answered.has(l.id)) for (const r of l.waiting) this.done(r, at, true);
        const rank = (l: Leg) => (l.looked ? 0 : !this.bookHeld(l.id) ? 1 : changed.has(l.id) ? 2 : 3);
        let books = cls === 'interactive' ? Infinity : ROUND_BOOKS;
        for (const l of legs.filter((x) => answered.has(x.id)).sort((x, y) => rank(x) - rank(y))) {
          const outcome = s.store.getState().markets[l.id]?.market.outcomes[0]?.name;
          // a resolved leg has no book (final.ts): none trades, and the pair shows no edge of it (pairs/gap.ts)
          const st = s.store.getState();
          const wanted = rank(l) < 3 && outcome !== undefined && st.caps.book && bookWanted(st, l.id);
          if (wanted && books-- > 0) this.book(s, l, outcome, cls);
          else for (const r of l.waiting) this.done(r, at);
        }
      },
      failed: (_e, at) => {
        for (const l of legs) for (const r of l.waiting) this.done(r, at, true);
      },
      dropped: () => this.letGo(legs),
    });
  }

  private book(s: DeskStack, leg: Leg, outcome: string, cls: Cls): void {
    const { id } = leg;
    const done = (at: number) => {
      for (const r of leg.waiting) this.done(r, at);
    };
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
      dropped: () => this.letGo([leg]),
    });
  }
}
