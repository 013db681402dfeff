/**
 * The Across desk with the real stores: a market's candidates on the other venue (from its search, asked as a job in
 * that venue's budget), confirmed and rejected, kept in pairs.json and never proposed again after a restart.
 * Markets: the recorded Fed decision markets of September 2026 (test/fixtures/real/pairs/, SOURCES.md).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeEventList, normalizeMarket } from '../../api/normalize.js';
import type { Market } from '../../api/types.js';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import { manifoldCaps } from '../../sources/manifold/caps.js';
import type { SourceId } from '../../sources/types.js';
import { createOddsStore } from '../../store/store.js';
import type { ExtraRequest } from '../../sync/extraJobs.js';
import { ManualClock } from '../../util/clock.js';
import { pairMarkets, realRoot, recordedMarkets } from '../../../test/support/pairsFixtures.js';
import { recordingSync } from '../../../test/support/venues.js';
import { loadDecisions, saveDecisions } from '../../pairs/decisions.js';
import { parseRefKey } from '../../venue/ref.js';
import { AcrossDesk, PAIR_REFRESH_MS, SAVE_DEBOUNCE_MS } from './desk.js';
import type { PairRefresh } from './pairRefresh.js';
import { acrossRows } from './rows.js';

const real = pairMarkets();
/** A recorded market as the board holds it: its id written `venue:id`. */
const board = (key: string): Market => ({ ...real.get(key)!, id: key });

function rig(dir: string) {
  const clock = new ManualClock();
  const extras: ExtraRequest[] = [];
  const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, prefixed: true });
    return { id, store, sync: recordingSync(store, [], extras) };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  stacks[0]!.store.getState().listLoaded([board('kalshi:KXFEDDECISION-26SEP-H0')], clock.now());
  const desk = new AcrossDesk(stacks, dir, clock);
  /** Answers every extra request waiting with what `answer` gives for it. */
  const answerAll = (answer: (r: ExtraRequest) => unknown) => {
    for (const r of extras.splice(0)) r.answered(answer(r), clock.now());
  };
  return { clock, extras, stacks, desk, answerAll };
}

const H0 = 'kalshi:KXFEDDECISION-26SEP-H0';
const SAME = 'polymarket:2252244';
const RELATED = 'polymarket:2252243';
const JULY = 'polymarket:1654958';

describe('a market’s candidates on the other venues', () => {
  it('searches the other venue by the market’s names, then lists candidates with relation and reasons', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-'));
    const { desk, extras, answerAll } = rig(dir);
    expect(desk.find(H0)).toEqual({ ok: true, words: 'fed' });
    expect(extras.map((r) => r.key)).toEqual(['pairs:search']);
    expect(desk.store.getState().target?.waiting).toEqual(['polymarket']);
    answerAll(() => [board(SAME), board(RELATED)]);
    const t = desk.store.getState().target!;
    expect(t.waiting).toEqual([]);
    const same = t.candidates.find((c) => c.id === SAME)!;
    expect(same.relation).toBe('same');
    expect(same.reasons).toContain('fed rate change (bps): no change');
    expect(t.candidates.map((c) => c.id)).not.toContain(H0);
  });

  it('confirm and reject are kept in pairs.json; after a restart the rejected pair is not proposed again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-'));
    const one = rig(dir);
    one.desk.find(H0);
    one.answerAll(() => [board(SAME), board('polymarket:1654958')]);
    const ids = one.desk.store.getState().target!.candidates.map((c) => c.id);
    expect(ids).toContain('polymarket:1654958');
    expect(one.desk.decide(H0, SAME, 'confirm')).toEqual({ ok: true });
    expect(one.desk.decide(H0, 'polymarket:1654958', 'reject')).toEqual({ ok: true });
    // the pair's light refresh: both legs' details in their venues' budgets
    expect(one.extras.map((r) => r.key)).toEqual([`pairs:detail:${H0}`, `pairs:detail:${SAME}`]);
    const cands = one.desk.store.getState().target!.candidates;
    expect(cands.find((c) => c.id === SAME)?.confirmed).toBe(true);
    expect(cands.map((c) => c.id)).not.toContain('polymarket:1654958');
    one.clock.advanceTo(one.clock.now() + SAVE_DEBOUNCE_MS);
    const file = JSON.parse(readFileSync(join(dir, 'pairs.json'), 'utf8'));
    expect(file.confirmed).toMatchObject([{ a: H0, b: SAME, relation: 'same' }]);
    expect(file.rejected).toMatchObject([{ a: H0, b: 'polymarket:1654958' }]);

    const two = rig(dir);
    two.desk.find(H0);
    two.answerAll(() => [board(SAME), board('polymarket:1654958')]);
    const again = two.desk.store.getState().target!.candidates;
    expect(again.map((c) => c.id)).not.toContain('polymarket:1654958');
    expect(again.find((c) => c.id === SAME)?.confirmed).toBe(true);
  });

  it('a decision another oddsboard wrote meanwhile (`pairs --reject`) survives the board’s save, and is shown', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-'));
    const one = rig(dir);
    one.desk.find(H0);
    one.answerAll(() => [board(SAME), board(JULY)]);
    // the one-shot command while the board runs: reads the file (none yet), rejects H0 ~ July, writes it
    const cli = loadDecisions(dir, one.clock.now());
    const [h0, july] = [H0, JULY].map((k) => parseRefKey(k)!);
    cli.decisions.reject({ a: h0!, b: july!, at: one.clock.now() });
    saveDecisions(dir, cli.decisions);
    expect(one.desk.decide(H0, SAME, 'confirm')).toEqual({ ok: true });
    one.clock.advanceTo(one.clock.now() + SAVE_DEBOUNCE_MS);
    const file = JSON.parse(readFileSync(join(dir, 'pairs.json'), 'utf8'));
    expect(file.confirmed).toMatchObject([{ a: H0, b: SAME }]);
    expect(file.rejected).toMatchObject([{ a: H0, b: JULY }]);
    expect(one.desk.store.getState().target!.candidates.map((c) => c.id)).toEqual([SAME]);
  });

  it('the sweep: unconfirmed same pairs among the markets loaded on the board, gone once decided', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-'));
    const { desk, stacks, clock } = rig(dir);
    stacks[1]!.store.getState().listLoaded([board(SAME), board(RELATED), board('polymarket:2252242')], clock.now());
    desk.sweepNow();
    expect(desk.store.getState().sweep?.map((p) => [p.a, p.b, p.relation])).toEqual([[H0, SAME, 'same']]);
    desk.decide(H0, SAME, 'reject');
    expect(desk.store.getState().sweep).toEqual([]);
    desk.sweepNow();
    expect(desk.store.getState().sweep).toEqual([]);
  });

  it('a failed search is said with the venue’s name; a market not loaded is refused in words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-'));
    const { desk, extras, clock } = rig(dir);
    expect(desk.find('kalshi:NOPE')).toMatchObject({ ok: false });
    desk.find(H0);
    extras[0]!.failed(Object.assign(new Error('Not found.'), { kind: 'not_found' }) as never, clock.now());
    expect(desk.store.getState().target?.problems).toEqual(['polymarket: the search failed (Not found.)']);
  });
});

describe('a market whose subject cannot be read on the other venue', () => {
  it('is no candidate: recorded Manifold markets with no names are not related to the Fed July market', () => {
    // the dashboard pools every market loaded on the other venues, not only the search's answers (as the one-shot
    // `oddsboard pairs polymarket:1654958` does): a Manifold market with no names read must not come in as related
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-'));
    const clock = new ManualClock();
    const extras: ExtraRequest[] = [];
    const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
      const store = createOddsStore({ mode: id as 'kalshi', limit: 200, caps, prefixed: true });
      return { id, store, sync: recordingSync(store, [], extras) };
    };
    const stacks = [mk('polymarket', POLYMARKET_CAPS), mk('manifold', manifoldCaps)];
    const recorded = recordedMarkets();
    const manifold = [...recorded].filter(([k]) => k.startsWith('manifold:')).map(([k, m]) => ({ ...m, id: k }));
    stacks[0]!.store.getState().listLoaded([{ ...recorded.get('polymarket:1654958')!, id: 'polymarket:1654958' }], 0);
    stacks[1]!.store.getState().listLoaded(manifold, 0);
    const desk = new AcrossDesk(stacks, dir, clock);
    desk.find('polymarket:1654958');
    for (const r of extras.splice(0)) r.answered([], clock.now());
    const t = desk.store.getState().target!;
    expect(manifold.length).toBeGreaterThan(100);
    expect(t.candidates.filter((c) => c.reasons.some((r) => r.startsWith('no names read')))).toEqual([]);
    expect(t.candidates.map((c) => c.id)).not.toContain('manifold:16613j0awm');
    expect(t.candidates.map((c) => c.id)).not.toContain('manifold:1bb71ar2o7');
  });

  it('an edge-case candidate (a game Kalshi settles at a fair price if postponed): priced once confirmed', () => {
    const nfl = (p: string): unknown =>
      JSON.parse(readFileSync(join(realRoot(), 'pairs/nfl-det-buf-2026-09', p), 'utf8').replace(/^\uFEFF/, ''));
    const now = { now: Date.parse('2026-09-16T05:19:37Z') };
    const k = nfl('kalshi/trade-api-v2-markets-KXNFLGAME-26SEP17DETBUF-DET-and-BUF-active.json') as {
      markets: unknown[];
    };
    const det = normalizeMarket(k.markets[0], now)!;
    const lions = normalizeEventList(
      nfl('polymarket/gamma-events-810546-lions-vs-bills-moneyline-spread-total.json'),
      now,
    )[0]!.markets[0]!;
    const { desk, stacks, answerAll, clock } = rig(mkdtempSync(join(tmpdir(), 'oddsboard-across-')));
    stacks[0]!.store.getState().marketLoaded({ ...det, id: `kalshi:${det.id}` }, clock.now());
    desk.find(`kalshi:${det.id}`);
    answerAll(() => [{ ...lions, id: `polymarket:${lions.id}` }]);
    const st = { [`kalshi:${det.id}`]: stacks[0]!, [`polymarket:${lions.id}`]: stacks[1]! };
    const markets = Object.fromEntries(Object.entries(st).map(([id, s]) => [id, s.store.getState().markets[id]!]));
    const row = acrossRows(desk.store.getState(), markets, ['kalshi', 'polymarket'])[0]!;
    expect(row.comparison.relation).toBe('related');
    expect(row.comparison.edge?.would).toBe('same');
    expect(row.gap?.noEdge[0]).toMatch(/postponed game .*priced once you confirm the pair\)$/);
  });
});

describe('a confirmed pair’s light refresh across a wall clock step', () => {
  const HOUR = 3_600_000;
  /** One confirmed pair, its refresh running: the refreshes (the first leg’s detail, answered) a span brings. */
  function refreshing() {
    const r = rig(mkdtempSync(join(tmpdir(), 'oddsboard-across-')));
    r.stacks[1]!.store.getState().listLoaded([board(SAME)], r.clock.now());
    expect(r.desk.decide(H0, SAME, 'confirm')).toEqual({ ok: true });
    r.desk.start();
    const refreshes = (ms: number) => {
      let n = 0;
      for (let t = 0; t < ms; t += 1_000) {
        r.clock.advance(1_000);
        const asked = r.extras.splice(0);
        n += asked.filter((x) => x.key === `pairs:detail:${H0}`).length;
        // answered: the next refresh waits for the last one's answers (pairRefresh.ts `busy`)
        for (const x of asked)
          x.answered(x.key.startsWith('pairs:book:') ? {} : board(x.key.replace(/^pairs:detail:/, '')), r.clock.now());
      }
      return n;
    };
    expect(refreshes(3 * PAIR_REFRESH_MS)).toBeGreaterThanOrEqual(3);
    return { ...r, refreshes };
  }

  it('back an hour: the pair is still refreshed every minute, not an hour later (its last refresh moves back)', () => {
    const r = refreshing();
    r.clock.step(-HOUR);
    expect(r.refreshes(3 * PAIR_REFRESH_MS)).toBeGreaterThanOrEqual(2);
    r.desk.stop();
  });

  it('ahead an hour: refreshed at its next turn, then every minute as before (no burst)', () => {
    const r = refreshing();
    r.clock.step(HOUR);
    const n = r.refreshes(3 * PAIR_REFRESH_MS);
    expect(n).toBeGreaterThanOrEqual(2);
    expect(n).toBeLessThanOrEqual(4);
    r.desk.stop();
  });
});

describe('a decision after a wall clock step back', () => {
  it('rejecting a pair confirmed before a step back of an hour stays rejected through the save', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-'));
    const { desk, stacks, clock } = rig(dir);
    stacks[1]!.store.getState().listLoaded([board(SAME)], clock.now());
    expect(desk.decide(H0, SAME, 'confirm')).toEqual({ ok: true });
    clock.advance(SAVE_DEBOUNCE_MS);
    clock.step(-3_600_000);
    clock.advance(60_000);
    expect(desk.decide(H0, SAME, 'reject')).toEqual({ ok: true });
    clock.advance(SAVE_DEBOUNCE_MS);
    const file = JSON.parse(readFileSync(join(dir, 'pairs.json'), 'utf8'));
    expect([file.confirmed, file.rejected]).toMatchObject([[], [{ a: H0, b: SAME }]]);
    const [h0, same] = [H0, SAME].map((k) => parseRefKey(k)!);
    expect(desk.store.getState().decisions.decided(h0!, same!)).toBe('rejected');
  });
});

describe('a confirmed pair rejected', () => {
  // PairRefresh's times (each pair's refresh and try, each leg's detail) were kept for good: every pair ever confirmed
  // and rejected in a session, and every leg of them, stayed in its maps.
  it('leaves no refresh time behind, of the pair or of the legs no other pair has', () => {
    const { desk, stacks, clock, answerAll } = rig(mkdtempSync(join(tmpdir(), 'oddsboard-across-')));
    stacks[1]!.store.getState().listLoaded([board(SAME), board(JULY)], clock.now());
    const held = () => (desk as unknown as { refresh: PairRefresh }).refresh.held();
    const answer = (x: ExtraRequest) => (x.key.startsWith('pairs:book:') ? {} : board(x.key.slice(13)));
    expect(desk.decide(H0, SAME, 'confirm')).toEqual({ ok: true });
    expect(desk.decide(H0, JULY, 'confirm')).toEqual({ ok: true });
    answerAll(answer);
    answerAll(answer);
    expect(held()).toEqual({ pairs: 2, legs: 3 });
    expect(desk.decide(H0, JULY, 'reject')).toEqual({ ok: true });
    expect(held()).toEqual({ pairs: 1, legs: 2 });
    expect(desk.decide(H0, SAME, 'reject')).toEqual({ ok: true });
    expect(held()).toEqual({ pairs: 0, legs: 0 });
  });
});

describe('the books of pairs’ legs', () => {
  // the books of a rejected pair's legs stayed in the desk's state for the whole session
  it('a leg no pair holds any more leaves no book behind; each book loaded is a change the board sees', () => {
    const { desk, stacks, clock, answerAll } = rig(mkdtempSync(join(tmpdir(), 'oddsboard-across-')));
    stacks[1]!.store.getState().listLoaded([board(SAME), board(JULY)], clock.now());
    const book = (id: string) => ({ marketId: id, outcome: 'Yes', bids: [], asks: [], raw: null });
    const answer = (x: ExtraRequest) =>
      x.key.startsWith('pairs:book:') ? book(x.key.slice(11)) : board(x.key.slice(13));
    const seen: string[][] = [];
    desk.store.subscribe((st, was) => st !== was && seen.push(Object.keys(st.books).sort()));
    expect(desk.decide(H0, SAME, 'confirm')).toEqual({ ok: true });
    expect(desk.decide(H0, JULY, 'confirm')).toEqual({ ok: true });
    answerAll(answer);
    seen.length = 0;
    answerAll(answer);
    // each book loaded (H0's once for each pair): a new state, holding it
    expect(seen).toEqual([[H0], [H0, SAME], [H0, SAME], [H0, JULY, SAME]]);
    const books = () => Object.keys(desk.store.getState().books).sort();
    expect(desk.decide(H0, JULY, 'reject')).toEqual({ ok: true });
    expect(books()).toEqual([H0, SAME].sort());
    expect(desk.decide(H0, SAME, 'reject')).toEqual({ ok: true });
    expect(books()).toEqual([]);
  });
});
