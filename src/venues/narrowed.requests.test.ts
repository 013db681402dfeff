/**
 * A board narrowed with `v` to one venue asks only what that venue shows: a view shown (closing soon, events) is
 * fetched from the venue on screen, not from the hidden ones, and they catch up when `v` shows them again. `h` (the
 * history range) is every venue's setting, but only the venue of the selection asks for a history.
 */
import { describe, expect, it } from 'vitest';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import type { SourceId } from '../sources/types.js';
import type { Market } from '../api/types.js';
import { market, rig, type Method, type Rig } from '../../test/support/syncHarness.js';
import { joinVenues } from './joined.js';
import { drawnFor } from '../../test/support/drawn.js';
import { closingView } from '../ui/views/closing.js';
import { watchlistView } from '../ui/views/watchlist.js';

function board() {
  const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
    const r = rig({ platform: true, caps, onBoard: true, mode: 'kalshi', limit: 30 });
    r.client.handler = (c) =>
      c.method === 'listMarkets' ? { data: [1, 2, 3].map((n) => market(`${id}:${n}`)), status: 200 } : undefined;
    return { id, store: r.store, sync: r.sync, r };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  const joined = joinVenues(stacks);
  const run = async (ms: number) => {
    for (const s of stacks) await s.r.run(ms);
  };
  return { stacks, joined, run };
}

/** A venue's requests of one kind since `from` (virtual ms). */
const asked = (r: Rig, method: Method, from: number, test: (args: unknown[]) => boolean = () => true) =>
  r.client.of(method).filter((c) => c.at >= from && test(c.args)).length;
/** The closing-soon list's request (a list sorted by close time). */
const closing = (args: unknown[]) => JSON.stringify(args).includes('clos');

/** Each venue's list answers `rows(venue, whether it is the closing-soon list)`; nothing else is answered. */
function listsAnswer(
  stacks: ReturnType<typeof board>['stacks'],
  rows: (id: SourceId, isClosing: boolean) => ReturnType<typeof market>[],
) {
  for (const { id, r } of stacks)
    r.client.handler = (c) =>
      c.method !== 'listMarkets' ? undefined : { data: rows(id, closing(c.args)), status: 200 };
}

/** No venue fetched a detail, a book or a history since `from`: no market is selected. */
function expectNoSelectionAsked(rigs: Rig[], from: number) {
  for (const r of rigs)
    for (const m of ['getMarket', 'getBook', 'getHistory'] as const) expect(asked(r, m, from)).toBe(0);
}

/** Nothing is selected on the board now, and for the next 40 s no venue polls a market. */
async function expectNothingPolled(b: ReturnType<typeof board>) {
  expect(b.joined.store.getState().selectedId).toBeUndefined();
  const rigs = b.stacks.map((s) => s.r);
  const t0 = rigs[0]!.clock.now();
  await b.run(40_000);
  expectNoSelectionAsked(rigs, t0);
}

describe('a board narrowed to one venue', () => {
  it('fetches a view shown from the venue on screen only; the others catch up when shown again', async () => {
    const { stacks, joined, run } = board();
    const [kalshi, poly] = stacks.map((s) => s.r) as [Rig, Rig];
    joined.sync.start();
    await run(5_000);
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    const t0 = poly.clock.now();
    joined.sync.show('closing');
    await run(3_000);
    expect(asked(kalshi, 'listMarkets', t0, closing) + asked(kalshi, 'listClosing' as Method, t0)).toBe(1);
    expect(asked(poly, 'listMarkets', t0, closing)).toBe(0);
    // every venue shown again: Polymarket's closing soon is fetched now, as the view shows it
    joined.sync.cycleVenue!();
    expect(joined.sync.cycleVenue!()).toBeUndefined();
    const t1 = poly.clock.now();
    await run(3_000);
    expect(asked(poly, 'listMarkets', t1, closing)).toBe(1);
    await joined.sync.stop();
  });

  it('h asks for a history on the venue of the selection alone', async () => {
    const { stacks, joined, run } = board();
    const [kalshi, poly] = stacks.map((s) => s.r) as [Rig, Rig];
    joined.sync.start();
    await run(5_000);
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    joined.sync.select('kalshi:2');
    await run(3_000);
    const t0 = kalshi.clock.now();
    joined.sync.setHistoryRange('7d');
    await run(3_000);
    expect(asked(kalshi, 'getHistory', t0)).toBe(1);
    expect(poly.client.of('getHistory')).toEqual([]);
    // the range is the board's: the hidden venue's store has it too, for a selection that moves there
    expect(poly.store.getState().historyRange).toBe('7d');
    await joined.sync.stop();
  });

  it('selects the first row of the view shown, and nothing while that view has no rows', async () => {
    const { stacks, joined, run } = board();
    const [kalshi, poly] = stacks.map((s) => s.r) as [Rig, Rig];
    // nothing closes within the day: the closing-soon list is empty on every venue
    listsAnswer(stacks, (id, isClosing) => (isClosing ? [] : [1, 2, 3].map((n) => market(`${id}:${n}`))));
    joined.sync.start();
    await run(5_000);
    // Closing soon shown, then the board narrowed to Kalshi
    joined.sync.show('closing');
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    await run(3_000);
    expect(joined.store.getState().selectedId).toBeUndefined();
    const t0 = kalshi.clock.now();
    await run(60_000);
    // no detail, book or history is fetched for a market no row shows
    expectNoSelectionAsked([kalshi, poly], t0);
    // back on Markets, its first row is the market selected again
    joined.sync.show('markets');
    expect(joined.store.getState().selectedId).toBe('kalshi:1');
    await joined.sync.stop();
  });

  it('selects nothing, and polls no market, on a view of its own rows shown before anything is chosen', async () => {
    const { stacks, joined, run } = board();
    const [kalshi, poly] = stacks.map((s) => s.r) as [Rig, Rig];
    joined.sync.start();
    // an empty Watchlist, Movers or Positions: the Markets list's first row is not on screen
    joined.sync.show('own');
    await run(5_000);
    expect(joined.store.getState().selectedId).toBeUndefined();
    expect(stacks.map((s) => s.store.getState().selectedId)).toEqual([undefined, undefined]);
    const t0 = kalshi.clock.now();
    await run(60_000);
    expectNoSelectionAsked([kalshi, poly], t0);
    // the lists are still refreshed (they feed those views)
    expect(asked(kalshi, 'listMarkets', t0) + asked(poly, 'listMarkets', t0)).toBeGreaterThan(2);
    // back on Markets, its first row is selected and polled again
    joined.sync.show('markets');
    expect(joined.store.getState().selectedId).toBe('kalshi:1');
    const t1 = kalshi.clock.now();
    await run(30_000);
    expect(asked(kalshi, 'getMarket', t1)).toBeGreaterThan(0);
    await joined.sync.stop();
  });

  it('moves a selection on the venue v hides to the first row shown; every venue shown again keeps it', async () => {
    const { stacks, joined, run } = board();
    const [kalshi, poly] = stacks.map((s) => s.r) as [Rig, Rig];
    joined.sync.start();
    await run(5_000);
    // the last row (G), a Polymarket market, then the board narrowed to Kalshi
    joined.sync.select('polymarket:3');
    await run(3_000);
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    expect(joined.store.getState().selectedId).toBe('kalshi:1');
    const t0 = poly.clock.now();
    await run(40_000);
    // the hidden venue's market is not polled any more; the one the detail pane draws is
    expect(asked(poly, 'getMarket', t0) + asked(poly, 'getBook', t0)).toBe(0);
    expect(asked(kalshi, 'getMarket', t0)).toBeGreaterThan(0);
    expect(kalshi.store.getState().selectedId).toBe('kalshi:1');
    expect(poly.store.getState().selectedId).toBeUndefined();
    // Polymarket alone, then every venue: the selection made on Polymarket is kept, not Kalshi's first row
    expect(joined.sync.cycleVenue!()).toBe('polymarket');
    expect(joined.store.getState().selectedId).toBe('polymarket:1');
    expect(joined.sync.cycleVenue!()).toBeUndefined();
    expect(joined.store.getState().selectedId).toBe('polymarket:1');
    await joined.sync.stop();
  });

  it('drops a selection on the venue v hides when the view shown has no row there', async () => {
    const b = board();
    const { stacks, joined, run } = b;
    // only Polymarket has markets closing within the day
    listsAnswer(stacks, (id, isClosing) =>
      isClosing && id === 'kalshi' ? [] : [1, 2].map((n) => market(`${id}:${n}`)),
    );
    joined.sync.start();
    await run(5_000);
    joined.sync.show('closing');
    await run(3_000);
    joined.sync.select('polymarket:2');
    await run(3_000);
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    await run(3_000);
    await expectNothingPolled(b);
    await joined.sync.stop();
  });

  it('on Closing soon selects the row the view draws first, and none when it draws none within its 24 h', async () => {
    const b = board();
    const { stacks, joined, run } = b;
    const kalshi = stacks[0]!.r;
    const h = 3_600_000;
    // the services' closing answers in their own order: Kalshi's first row closes in two days, its second in 2 h;
    // Polymarket's one row in two days (neither in the view's 24 h); a market's detail says the same
    const closes: Partial<Record<SourceId, Market[]>> = {
      kalshi: [market('kalshi:late', { closesAt: 48 * h }), market('kalshi:soon', { closesAt: 2 * h })],
      polymarket: [market('polymarket:late', { closesAt: 48 * h })],
    };
    for (const { id, r } of stacks)
      r.client.handler = (c) => {
        if (c.method === 'listMarkets')
          return { data: closing(c.args) ? closes[id]! : [1, 2, 3].map((n) => market(`${id}:${n}`)), status: 200 };
        const m = c.method === 'getMarket' ? closes[id]!.find((x) => x.id === c.args[0]) : undefined;
        return m && { data: m, status: 200 };
      };
    joined.sync.start();
    await run(5_000);
    joined.sync.show('closing', drawnFor(closingView, kalshi.clock));
    await run(3_000);
    expect(joined.store.getState().selectedId).toBe('kalshi:soon');
    // Kalshi alone: the view sorts on the close time, not the service's order
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    expect(joined.store.getState().selectedId).toBe('kalshi:soon');
    // Polymarket alone: "Nothing on Polymarket closes in the next 24 hours", and nothing is polled
    expect(joined.sync.cycleVenue!()).toBe('polymarket');
    await run(3_000);
    await expectNothingPolled(b);
    await joined.sync.stop();
  });

  it('un-watching the only Watchlist row drops the market chosen there: it is not polled any more', async () => {
    const b = board();
    const { stacks, joined, run } = b;
    const poly = stacks[1]!.r;
    joined.sync.start();
    await run(5_000);
    joined.sync.select('polymarket:2');
    joined.sync.toggleWatch('polymarket:2');
    joined.sync.show('own', drawnFor(watchlistView, poly.clock));
    await run(3_000);
    expect(joined.store.getState().selectedId).toBe('polymarket:2');
    joined.sync.toggleWatch('polymarket:2');
    await expectNothingPolled(b);
    await joined.sync.stop();
  });
});
