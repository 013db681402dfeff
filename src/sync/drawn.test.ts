/**
 * A venue alone keeps selected the market the view shown draws as selected (drawn.ts), through the UI's own rule
 * (`drawnBy`, src/ui/key/moves.ts): what is polled — the detail, the book — is a row on screen, none when none is.
 */
import { describe, expect, it } from 'vitest';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { market, rig, type Method, type Rig } from '../../test/support/syncHarness.js';
import { drawnFor } from '../../test/support/drawn.js';
import { closingView } from '../ui/views/closing.js';
import { marketsView } from '../ui/views/markets.js';
import { moversView } from '../ui/views/movers.js';
import { watchlistView } from '../ui/views/watchlist.js';
import type { ViewImpl } from '../ui/views/types.js';
import type { Market } from '../api/types.js';

/**
 * A venue with books (Kalshi's caps); its list answers `rows(whether it is the closing-soon list, now)`, a market's
 * detail its row in the Markets list then.
 */
function venue(rows: (isClosing: boolean, now: number) => Market[]) {
  const r = rig({ platform: true, caps: KALSHI_CAPS, mode: 'kalshi', limit: 30 });
  r.client.handler = (c) => {
    if (c.method === 'listMarkets')
      return { data: rows(JSON.stringify(c.args).includes('clos'), r.clock.now()), status: 200 };
    const m = c.method === 'getMarket' ? rows(false, r.clock.now()).find((x) => x.id === c.args[0]) : undefined;
    return m && { data: m, status: 200 };
  };
  const show = (view: ViewImpl) => r.sync.show(view.source, drawnFor(view, r.clock));
  return { r, show };
}

/** The selected market's requests (detail, book) since `from` (virtual ms). */
const polled = (r: Rig, from: number) =>
  (['getMarket', 'getBook'] as Method[]).reduce((n, m) => n + r.client.of(m).filter((c) => c.at >= from).length, 0);

const LIST = [1, 2, 3].map((n) => market(`m${n}`));
/** Yes at 60¢, up 9¢ in 24 h by the service's own figure. */
const MOVED = [
  { name: 'Yes', price: 0.6, change24h: 0.09 },
  { name: 'No', price: 0.4 },
];

describe('a venue alone keeps the market drawn selected', () => {
  it('an empty Closing soon drops the Markets selection: nothing is polled under "no market selected"', async () => {
    const { r, show } = venue((isClosing) => (isClosing ? [] : LIST));
    r.sync.start();
    await r.run(5_000);
    expect(r.store.getState().selectedId).toBe('m1');
    show(closingView);
    await r.run(3_000);
    expect(r.store.getState().selectedId).toBeUndefined();
    const t0 = r.clock.now();
    await r.run(60_000);
    expect(polled(r, t0)).toBe(0);
    await r.sync.stop();
  });

  it('rows that come to Movers after it is shown: its first row is selected and polled', async () => {
    // the service's 24 h change arrives with the list answers after 20 s: m2 then moves 9¢
    const { r, show } = venue((isClosing, now) =>
      isClosing ? [] : LIST.map((m) => (m.id === 'm2' && now > 20_000 ? { ...m, outcomes: MOVED } : m)),
    );
    show(moversView);
    r.sync.start();
    await r.run(10_000);
    expect(r.store.getState().selectedId).toBeUndefined();
    await r.run(30_000);
    expect(r.store.getState().selectedId).toBe('m2');
    const t0 = r.clock.now();
    await r.run(30_000);
    expect(r.client.of('getMarket').filter((c) => c.at >= t0 && c.args[0] === 'm2').length).toBeGreaterThan(0);
    await r.sync.stop();
  });

  it('un-watching the only Watchlist row selects nothing, and its market is not polled any more', async () => {
    const { r, show } = venue(() => LIST);
    r.sync.start();
    await r.run(5_000);
    r.sync.select('m2');
    r.sync.toggleWatch('m2');
    show(watchlistView);
    await r.run(3_000);
    expect(r.store.getState().selectedId).toBe('m2');
    r.sync.toggleWatch('m2');
    expect(r.store.getState().selectedId).toBeUndefined();
    const t0 = r.clock.now();
    await r.run(60_000);
    expect(polled(r, t0)).toBe(0);
    await r.sync.stop();
  });

  it('a Markets query answered with no row selects nothing: the market selected before is not polled', async () => {
    // Kalshi's replay, `f` once (closed): "No markets match this status", and Mars, selected before, kept its detail
    // and book polled at the selection's rate (9 details, 10 books in 30 s). Status closed matches 'clos': no row.
    const { r, show } = venue((isClosing) => (isClosing ? [] : LIST));
    show(marketsView);
    r.sync.start();
    await r.run(5_000);
    r.sync.select('m2');
    await r.run(5_000);
    r.sync.search({ status: 'closed' });
    // until its answer ("Loading markets…"), the selection stays: the answer would keep it if it listed it
    expect(r.store.getState().selectedId).toBe('m2');
    await r.run(5_000);
    expect(r.store.getState().list).toMatchObject({ ids: [], pending: false });
    expect(r.store.getState().selectedId).toBeUndefined();
    const t0 = r.clock.now();
    await r.run(30_000);
    expect(polled(r, t0)).toBe(0);
    // a query whose answer has rows again: its first row is selected and polled
    r.sync.search({ status: 'active' });
    await r.run(10_000);
    expect(r.store.getState().selectedId).toBe('m1');
    expect(polled(r, r.clock.now() - 5_000)).toBeGreaterThan(0);
    await r.sync.stop();
  });

  it('with nothing selected, the lists keep their period with a market selected: its slots stay unsent', async () => {
    const { r, show } = venue((isClosing) => (isClosing ? [] : LIST));
    const lists = (from: number) => r.client.of('listMarkets').filter((c) => c.at >= from).length;
    r.sync.start();
    await r.run(10_000);
    let t0 = r.clock.now();
    await r.run(60_000);
    const selected = lists(t0) + polled(r, t0);
    const listsSelected = lists(t0);
    show(closingView);
    await r.run(10_000);
    t0 = r.clock.now();
    await r.run(60_000);
    // the Closing soon list at the list's period and the market list at half of it; it was every slot, about 27
    expect(lists(t0)).toBeLessThanOrEqual(Math.ceil(listsSelected * 1.5) + 1);
    expect(lists(t0) + polled(r, t0)).toBeLessThan(selected);
    await r.sync.stop();
  });
});
