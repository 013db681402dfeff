/**
 * A confirmed pair whose leg is resolved: that leg's price and book do not change any more (src/sync/final.ts), so the
 * desk's light refresh asks its detail only now and then — a venue may reopen it — and its book never; the other leg
 * keeps its detail every PAIR_REFRESH_MS and its book whenever its detail moved. Markets: the recorded Fed decision
 * markets (test/fixtures/real/pairs).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Market, OrderBook } from '../../api/types.js';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import type { SourceId } from '../../sources/types.js';
import { createOddsStore } from '../../store/store.js';
import type { ExtraRequest } from '../../sync/extraJobs.js';
import { FINAL_DETAIL_MS } from '../../sync/final.js';
import { ManualClock } from '../../util/clock.js';
import { pairMarkets } from '../../../test/support/pairsFixtures.js';
import { recordingSync } from '../../../test/support/venues.js';
import { AcrossDesk, PAIR_REFRESH_MS } from './desk.js';

const real = pairMarkets();
const H0 = 'kalshi:KXFEDDECISION-26SEP-H0';
const SAME = 'polymarket:2252244';
const RESOLVED: Partial<Market> = { status: 'resolved', resolvedOutcome: 'Yes' };
/** A leg that trades: each answer with a new volume (a trade), so its book is asked again (pairRefresh.ts). */
let trades = 0;
const TRADING = (): Partial<Market> => ({ volume: ++trades });

/** The pair H0 ~ SAME confirmed on a board of Kalshi and Polymarket; `status(id)` is what a leg's detail says. */
function rig(status: (id: string) => Partial<Market>) {
  const clock = new ManualClock();
  const extras: ExtraRequest[] = [];
  const board = (key: string): Market => ({ ...real.get(key)!, id: key, ...status(key) });
  const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, prefixed: true });
    return { id, store, sync: recordingSync(store, [], extras) };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  stacks[0]!.store.getState().listLoaded([board(H0)], clock.now());
  stacks[1]!.store.getState().listLoaded([board(SAME)], clock.now());
  const desk = new AcrossDesk(stacks, mkdtempSync(join(tmpdir(), 'oddsboard-across-')), clock);
  expect(desk.decide(H0, SAME, 'confirm')).toEqual({ ok: true });
  /** Every request waiting answered at once, as its venue would: a detail with the leg's status, a book. */
  const answerAll = (keys: string[] = []) => {
    for (let r = extras.shift(); r; r = extras.shift()) {
      keys.push(r.key);
      const id = r.key.replace(/^pairs:(detail|book):/, '');
      const book: OrderBook = { marketId: id, outcome: 'Yes', bids: [{ price: 0.5, size: 10 }], asks: [], raw: {} };
      r.answered(r.key.startsWith('pairs:book:') ? book : board(id), clock.now());
    }
  };
  /** Each request key asked from now over `ms`, the desk's timers run as they fall due. */
  const run = (ms: number) => {
    const keys: string[] = [];
    const end = clock.now() + ms;
    answerAll();
    desk.start();
    while ((clock.nextDueAt() ?? Infinity) <= end) {
      clock.runNext();
      answerAll(keys);
    }
    desk.stop();
    const n = (k: string) => keys.filter((x) => x === k).length;
    return { detail: (id: string) => n(`pairs:detail:${id}`), book: (id: string) => n(`pairs:book:${id}`) };
  };
  return { run, clock };
}

describe('the Across desk with a resolved leg', () => {
  it('asks the resolved leg’s detail every FINAL_DETAIL_MS and its book never; the other leg as before', () => {
    const minutes = 10;
    const active = rig(TRADING).run(minutes * 60_000);
    const resolved = rig((id) => (id === H0 ? RESOLVED : TRADING())).run(minutes * 60_000);
    const refreshes = (minutes * 60_000) / PAIR_REFRESH_MS;
    // both legs active and trading: each leg's detail and YES book every PAIR_REFRESH_MS
    expect(active.detail(H0)).toBeGreaterThanOrEqual(refreshes);
    expect(active.book(H0)).toBeGreaterThanOrEqual(refreshes);
    // H0 resolved: no book at all, its detail every 5 min
    expect(resolved.book(H0)).toBe(0);
    expect(resolved.detail(H0)).toBeLessThanOrEqual(Math.ceil((minutes * 60_000) / FINAL_DETAIL_MS) + 1);
    expect(resolved.detail(H0)).toBeGreaterThanOrEqual(Math.floor((minutes * 60_000) / FINAL_DETAIL_MS));
    // the other leg is still traded: refreshed as often as before, book included
    expect(resolved.detail(SAME)).toBe(active.detail(SAME));
    expect(resolved.book(SAME)).toBe(active.book(SAME));
  });

  it('a resolved leg the venue reopens: learned at its next slow detail, then its book is asked again', () => {
    let leg: () => Partial<Market> = () => RESOLVED;
    const r = rig((id) => (id === H0 ? leg() : TRADING()));
    const still = r.run(2 * 60_000);
    expect([still.detail(H0), still.book(H0)]).toEqual([0, 0]);
    leg = TRADING;
    const back = r.run(FINAL_DETAIL_MS + 2 * 60_000);
    // the detail due FINAL_DETAIL_MS after the last says it trades again: from then on, every PAIR_REFRESH_MS
    expect(back.detail(H0)).toBeGreaterThanOrEqual(2);
    expect(back.book(H0)).toBeGreaterThanOrEqual(2);
  });

  it('a step back of the wall clock does not hold a resolved leg’s slow detail back by the step', () => {
    const r = rig((id) => (id === H0 ? RESOLVED : {}));
    expect(r.run(FINAL_DETAIL_MS + 60_000).detail(H0)).toBe(1);
    r.clock.step(-3_600_000);
    // the last detail, moved back with the step, is due FINAL_DETAIL_MS after it, not an hour more
    expect(r.run(FINAL_DETAIL_MS + 60_000).detail(H0)).toBe(1);
  });
});
