/**
 * The dashboard's side of issue #29 on a board of several venues (docs/pairs.md § The dashboard): a market's
 * candidates on the other venues shown, the person's decisions on them, and the light refresh of confirmed pairs.
 *
 * Candidates come from the markets already loaded on the board and from each other venue's search route asked by the
 * market's names (`searchWords(signature(m))`, as `oddsboard pairs MARKET` does), or one page of its list where it
 * has no search — each request a job in that venue's own budget (src/sync/extraJobs.ts). Markets they bring are loaded
 * into their venue's store (the twin's price is then the board's). Decisions go to `pairs.json`
 * (decisionsFile.ts, src/pairs/decisions.ts): written atomically, a second after the last change; a rejected pair is
 * never proposed again. The pairs' details are asked for in the background in rounds — the stalest pairs' legs in one
 * batch request a venue, then the books of those that moved or are looked at (pairRefresh.ts) — the next round once
 * its answers arrived, within their share of each venue's budget (src/sync/extraJobs.ts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Market } from '../../api/types.js';
import { candidatesFor, searchWords } from '../../pairs/candidates.js';
import { compare } from '../../pairs/compare.js';
import { keptAs } from '../../pairs/decisions.js';
import { signature } from '../../pairs/signature.js';
import type { AcrossState, CandidateView } from '../../pairs/board.js';
import type { OddsStore } from '../../store/store.js';
import type { SourceId } from '../../sources/types.js';
import type { RateAwareSync } from '../../sync/types.js';
import type { Clock, TimerHandle } from '../../util/clock.js';
import { parseRefKey } from '../../venue/ref.js';
import { stepWatch } from '../../sync/clockStep.js';
import { DecisionsFile } from './decisionsFile.js';
import { legsShown, LegBooks } from './legBooks.js';
import { isMarket, PairRefresh } from './pairRefresh.js';
import { holdLegs, roundRoom, stalestPairs } from './pairRound.js';
import { boardLists, sweep } from './sweep.js';

export type { AcrossState, CandidateView } from '../../pairs/board.js';
export { SAVE_DEBOUNCE_MS } from './decisionsFile.js';

export interface DeskStack {
  id: SourceId;
  store: OddsStore;
  sync: Pick<RateAwareSync, 'extra'>;
}

/** The board's loaded markets are swept for unconfirmed `same` pairs this often (sweep.ts). */
export const SWEEP_MS = 30_000;
/** A pair's details (and its books, when wanted) are refreshed at most this often. */
export const PAIR_REFRESH_MS = 60_000;
/**
 * The desk looks this often for the next round of pairs to refresh; one round at a time, the next once the last one's
 * answers arrived (pairRefresh.ts `busy`), so the pairs go at the pace their venues' budgets allow (extraJobs.ts).
 */
export const PAIR_TICK_MS = 1_000;
const SEARCH_LIMIT = 20;

/** A board market with its venue's own id (what signatures and pairs.json name). */
export function bare(m: Market): Market {
  const r = parseRefKey(m.id);
  return r ? { ...m, id: r.id } : m;
}

export class AcrossDesk {
  readonly store: StoreApi<AcrossState>;
  private readonly found = new Map<SourceId, Market[]>();
  private refreshTimer: TimerHandle | undefined;
  private sweepTimer: TimerHandle | undefined;
  /** pairs.json: its last write as the dashboard quits is the watcher's (src/venues/watch.ts), with the others'. */
  readonly file: DecisionsFile;
  /** The books of pairs' legs, let go with the last pair shown that holds the leg (legBooks.ts). */
  private readonly books = new LegBooks((books) => this.store.setState({ books }));
  /** The confirmed pairs' refresh: when each pair and leg was last asked, on the wall clock (pairRefresh.ts). */
  private readonly refresh = new PairRefresh(
    (id) => this.stackOf(id),
    (id, book) => this.books.loaded(id, book),
    (id) => this.books.has(id),
  );
  /**
   * The board's clock, read through a step watch: after a step back of the wall clock every pair's last refresh was in
   * its future, and no pair was refreshed for as long as the step (docs/rate-budget.md § Clock steps).
   */
  private readonly clock: Clock;

  constructor(
    private readonly stacks: readonly DeskStack[],
    dir: string,
    clock: Clock,
  ) {
    this.clock = stepWatch(clock, { shift: (by) => this.refresh.shift(by) });
    this.file = new DecisionsFile(dir, clock, {
      decisions: () => this.store.getState().decisions,
      // another oddsboard's decisions taken in: its pairs decided there are out of the sweep here too
      merged: () => {
        this.store.setState((s) => ({ rev: s.rev + 1, sweep: s.sweep?.filter((p) => !this.decided(p.a, p.b)) }));
        this.forgetUnconfirmed();
        this.recompute();
      },
      // on the notice line, where the watchlist's, alerts' and paper.json's are said (the first venue's store holds
      // the board's own notices), and in the Across view's problems
      say: (line) => {
        this.store.setState((s) => ({ problems: [...s.problems.slice(-4), line] }));
        this.stacks[0]?.store.getState().notice(line, 'warn', this.clock.now(), 'board');
      },
    });
    const { decisions, problems } = this.file.loaded;
    this.store = createStore<AcrossState>()(() => ({ rev: 0, decisions, books: this.books.held, problems }));
    holdLegs(stacks, () => this.store.getState().decisions.confirmed.values());
  }

  /** The desk's clock (the gap alerts stamp their verdicts with it, gapAlerts.ts). */
  now(): number {
    return this.clock.now();
  }

  private decided(a: string, b: string): boolean {
    const [ra, rb] = [parseRefKey(a), parseRefKey(b)];
    return ra !== undefined && rb !== undefined && this.store.getState().decisions.decided(ra, rb) !== undefined;
  }

  private stackOf(id: string): DeskStack | undefined {
    const v = parseRefKey(id)?.venue;
    return this.stacks.find((s) => s.id === v);
  }

  private market(id: string): Market | undefined {
    return this.stackOf(id)?.store.getState().markets[id]?.market;
  }

  /** The key: candidates for this market on every other venue shown. */
  find(id: string): { ok: true; words: string } | { ok: false; message: string } {
    const own = this.stackOf(id);
    const m = this.market(id);
    if (!own || !m) return { ok: false, message: 'this market is not loaded on any venue shown' };
    const others = this.stacks.filter((s) => s !== own);
    if (others.length === 0) return { ok: false, message: 'candidates need another venue on the board (--source a,b)' };
    const words = searchWords(signature(bare(m)));
    this.found.clear();
    this.store.setState({
      target: { id, words, candidates: [], waiting: others.map((s) => s.id), problems: [] },
    });
    this.recompute();
    for (const s of others) {
      const search = s.store.getState().caps.search && words !== '';
      s.sync.extra({
        key: 'pairs:search',
        cls: 'interactive',
        run: (c, o) => c.listMarkets(search ? { q: words, limit: SEARCH_LIMIT } : { limit: SEARCH_LIMIT }, o),
        answered: (data, now, sentAt) => {
          const list = Array.isArray(data) ? data.filter(isMarket) : [];
          for (const x of list) {
            // a market held without what its event states (a list of markets) takes the search's copy that has it
            const held = s.store.getState().markets[x.id]?.market;
            if (!held || (x.eventContext && !held.eventContext)) s.store.getState().marketLoaded(x, now, sentAt);
          }
          this.found.set(s.id, list);
          this.settled(id, s.id);
        },
        failed: (e) => this.settled(id, s.id, `${s.id}: the search failed (${e.message})`),
      });
    }
    return { ok: true, words };
  }

  private settled(id: string, venue: SourceId, problem?: string): void {
    const t = this.store.getState().target;
    if (!t || t.id !== id) return;
    this.store.setState({
      target: {
        ...t,
        waiting: t.waiting.filter((v) => v !== venue),
        problems: problem ? [...t.problems, problem] : t.problems,
      },
    });
    this.recompute();
  }

  /** The target's candidates again: after an answer or a decision. */
  private recompute(): void {
    const st = this.store.getState();
    const t = st.target;
    const m = t && this.market(t.id);
    if (!t || !m) return;
    const own = this.stackOf(t.id);
    const pool: Market[] = [];
    for (const s of this.stacks) {
      if (s === own) continue;
      // the held entry first (the first of an id counts): it keeps what a list read with it (its event's rules)
      for (const e of Object.values(s.store.getState().markets)) pool.push(e.market);
      pool.push(...(this.found.get(s.id) ?? []));
    }
    const cands = candidatesFor(bare(m), pool.map(bare), st.decisions).map((c): CandidateView => ({
      id: `${c.sig.ref.venue}:${c.sig.ref.id}`,
      relation: c.comparison.relation,
      confidence: c.comparison.confidence,
      reasons: c.comparison.reasons,
      ...(c.comparison.edge ? { edge: c.comparison.edge } : {}),
      confirmed: c.confirmed,
    }));
    this.store.setState({ target: { ...t, candidates: cands } });
  }

  /** Confirms (or rejects) the pair of two board markets; kept in pairs.json. False with a reason when it cannot. */
  decide(a: string, b: string, decision: 'confirm' | 'reject'): { ok: true } | { ok: false; message: string } {
    const ra = parseRefKey(a);
    const rb = parseRefKey(b);
    if (!ra || !rb || ra.venue === rb.venue) return { ok: false, message: 'a pair is two markets on two venues' };
    if (this.file.keepOut) return { ok: false, message: 'pairs.json cannot be written this session (see the notice)' };
    const st = this.store.getState();
    const at = st.decisions.stampFor(ra, rb, this.clock.now());
    if (decision === 'confirm') {
      const ma = this.market(a);
      const mb = this.market(b);
      const c = ma && mb ? compare(signature(bare(ma)), signature(bare(mb))) : undefined;
      st.decisions.confirm({
        a: ra,
        b: rb,
        relation: keptAs(c),
        at,
        reasons: c?.reasons ?? [],
      });
      this.refreshPair(a, b, 'interactive');
    } else {
      st.decisions.reject({ a: ra, b: rb, at });
      this.forgetUnconfirmed();
    }
    const k = (x: string, y: string) => [x, y].sort().join(' ~ ');
    const decided = k(a, b);
    this.store.setState({ rev: st.rev + 1, sweep: (st.sweep ?? []).filter((p) => k(p.a, p.b) !== decided) });
    this.recompute();
    this.file.changed();
    return { ok: true };
  }

  /**
   * The refresh's times of pairs no longer confirmed (rejected here or in another oddsboard) and of their legs go, and
   * the books of legs no pair shown holds.
   */
  private forgetUnconfirmed(): void {
    const st = this.store.getState();
    this.refresh.keepOnly(st.decisions.confirmed.values(), this.venues());
    this.books.keepOnly(legsShown(st, this.venues()));
  }

  private venues(): Set<string> {
    return new Set<string>(this.stacks.map((s) => s.id));
  }

  /** A pair's light refresh (pairRefresh.ts), now. */
  refreshPair(a: string, b: string, cls: 'interactive' | 'background'): void {
    this.refresh.pair(a, b, cls, this.clock.now());
  }

  /** When a pair (`a ~ b`) was last refreshed: both legs' answers arrived; never: -Infinity. */
  pairRefreshedAt(key: string): number {
    return this.refresh.refreshedAt(key);
  }

  /** ⏎ in the Across view: both rules texts of a pair (its key, `pairKeyOf`) side by side; undefined closes them. */
  showRules(key: string | undefined): void {
    this.store.setState(key === undefined ? { rules: undefined } : { rules: key });
  }

  /** Starts the background refresh of confirmed pairs on the board's venues (the stalest first, a round at a time). */
  start(): void {
    const tick = () => {
      const now = this.clock.now();
      if (!this.refresh.busy(now)) {
        const confirmed = this.store.getState().decisions.confirmed.values();
        const room = (v: string) => {
          const s = this.stacks.find((x) => x.id === v);
          return s ? roundRoom(s.store.getState().caps) : 1;
        };
        const due = stalestPairs(
          confirmed,
          this.venues(),
          (key) => this.refresh.lastAt(key),
          now - PAIR_REFRESH_MS,
          room,
        );
        if (due.length > 0) this.refresh.round(due, 'background', now);
      }
      this.refreshTimer = this.clock.setTimeout(tick, PAIR_TICK_MS);
    };
    this.refreshTimer ??= this.clock.setTimeout(tick, 0);
    const swept = () => {
      this.sweepNow();
      this.sweepTimer = this.clock.setTimeout(swept, SWEEP_MS);
    };
    this.sweepTimer ??= this.clock.setTimeout(swept, SWEEP_MS / 3);
  }

  /** The strongest unconfirmed `same` pairs among the markets loaded on the board, now. */
  sweepNow(): void {
    this.store.setState({ sweep: sweep(boardLists(this.stacks), this.store.getState().decisions) });
  }

  stop(): void {
    this.clock.clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    this.clock.clearTimeout(this.sweepTimer);
    this.sweepTimer = undefined;
  }
}
