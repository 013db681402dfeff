import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { closingRows } from './closing.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const lines = (f: string) => f.split('\n');
const rowsOf = (f: string) => lines(f).filter((l) => /^(▸| ) (ACTIVE|CLOSED|RESOLVED|SETTLING) /.test(l));
const MIN = 60_000;
const H = 60 * MIN;

function closing(store: Harness['store'], clock: Harness['clock']) {
  const now = clock.now();
  store
    .getState()
    .closingLoaded(
      [
        makeMarket(1, { title: 'In half an hour', closesAt: now + 30 * MIN }),
        makeMarket(2, { title: 'In five minutes', closesAt: now + 5 * MIN + 30_000 }),
        makeMarket(3, { title: 'Tomorrow evening', closesAt: now + 23 * H }),
        makeMarket(4, { title: 'Next week', closesAt: now + 7 * 24 * H }),
      ],
      now,
    );
  // seen elsewhere: closing within the day (listed), and one that closed a minute ago
  store
    .getState()
    .listLoaded(
      [
        makeMarket(5, { title: 'From the list', closesAt: now + 2 * H }),
        makeMarket(6, { title: 'Just closed', closesAt: now - MIN, status: 'closed' }),
      ],
      now,
    );
}

describe('Closing soon', () => {
  it('lists the markets closing within 24 h, soonest first, with a countdown and the local time', async () => {
    h = renderApp({ columns: 120, rows: 30, markets: [], prepare: closing });
    await press(h.term, '4', () => h!.term.lastFrame().includes('◆ Closing soon'));
    const f = await waitForFrame(h.term, 'In five minutes');
    expect(f).toContain('◆ Closing soon 5 · within 24 h, soonest first');
    const rows = rowsOf(f);
    expect(
      rows.map(
        (r) => r.match(/(In half an hour|In five minutes|Tomorrow evening|Next week|From the list|Just closed)/)?.[1],
      ),
    ).toEqual(['Just closed', 'In five minutes', 'In half an hour', 'From the list', 'Tomorrow evening']);
    expect(rows[0]).toMatch(/^(▸| ) CLOSED .*1m ago +\d\d:\d\d /);
    expect(rows[1]).toMatch(/In five minutes .*in 5m +\d\d:\d\d /);
    expect(rows[4]).toMatch(/in 23h 0m/);
    expect(h.sync.shows).toEqual(['markets', 'closing']); // the view at mount, then 4
  });

  it('counts down live, and a market drops off a few minutes after it closed', async () => {
    h = renderApp({ columns: 80, rows: 24, markets: [], prepare: closing });
    await press(h.term, '4', () => h!.term.lastFrame().includes('◆ Closing soon'));
    await waitForFrame(h.term, 'in 5m');
    h.clock.advance(60_000);
    let f = await waitForFrame(h.term, 'in 4m');
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    h.clock.advance(4 * MIN + 20_000);
    await waitForFrame(h.term, (x) => /in 10s/.test(x));
    h.clock.advance(20_000);
    f = await waitForFrame(h.term, (x) => /In five minutes.*10s ago/.test(x) && !x.includes('Just closed'));
    expect(lines(f).length).toBeLessThanOrEqual(24);
  });

  it('marks a row whose data went stale STALE in its badge, as Markets does, its figures in place', async () => {
    h = renderApp({ columns: 80, rows: 24, markets: [], prepare: closing });
    await press(h.term, '4', () => h!.term.lastFrame().includes('◆ Closing soon'));
    const rowOf = (f: string) => lines(f).find((l) => l.includes('In half an hour')) ?? '';
    const fresh = rowOf(await waitForFrame(h.term, 'In half an hour'));
    expect(fresh).toMatch(/^(▸| ) ACTIVE /);
    // no answer for 10 minutes: far past three refresh periods (the venue stopped answering)
    h.clock.advance(10 * MIN);
    const f = await waitForFrame(h.term, (x) => /^(▸| ) STALE .*In half an hour/.test(rowOf(x)));
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    expect(rowOf(f).indexOf('in 20m')).toBe(fresh.indexOf('in 30m'));
    expect(rowOf(f).indexOf('¢')).toBe(fresh.indexOf('¢'));
    // a fresh answer brings the status back
    h.store
      .getState()
      .closingLoaded([makeMarket(1, { title: 'In half an hour', closesAt: h.clock.now() + 20 * MIN })], h.clock.now());
    await waitForFrame(h.term, (x) => /^(▸| ) ACTIVE .*In half an hour/.test(rowOf(x)));
  });

  it('j/k move through it and select, the detail pane follows; an empty answer says so', async () => {
    h = renderApp({ columns: 120, rows: 30, markets: [], prepare: closing });
    await press(h.term, '4', () => h!.term.lastFrame().includes('◆ Closing soon'));
    await waitForFrame(h.term, 'In five minutes');
    // the market Markets drew as selected (its first row, selected from the first frame), which this view lists too
    expect(h.store.getState().selectedId).toBe('m5');
    await press(h.term, 'k');
    expect(h.store.getState().selectedId).toBe('m1');
    await waitForFrame(h.term, '◇ Detail In half an hour');
    h.term.unmount();
    h = renderApp({ columns: 80, rows: 24, markets: [], prepare: (s, c) => s.getState().closingLoaded([], c.now()) });
    await press(h.term, '4', () => h!.term.lastFrame().includes('◆ Closing soon'));
    await waitForFrame(h.term, 'Nothing closes in the next 24 hours.');
  });

  it('keeps out what is resolved, closed early or closes later; a market closed long ago too', () => {
    const now = 1_000_000_000;
    const entry = (id: string, closesAt: number, status: 'active' | 'closed' | 'resolved') => ({
      market: makeMarket(Number(id.slice(1)), { id, closesAt, status }),
      receivedAt: now,
      firstSeenAt: now,
      firstPrices: {},
    });
    const markets = {
      a: entry('a', now + H, 'active'),
      b: entry('b', now + H, 'closed'),
      c: entry('c', now + 25 * H, 'active'),
      d: entry('d', now - 10 * MIN, 'closed'),
      e: entry('e', now - MIN, 'resolved'),
      f: entry('f', now - MIN, 'closed'),
    };
    expect(closingRows({ closing: { ids: ['a', 'b', 'c'] }, markets }, now)).toEqual(['f', 'a']);
  });

  it("narrowed to one venue (v), lists that venue's markets only, never another's seen in the cache", () => {
    // --source all on replays: Kalshi's closing-soon answer is empty (nothing of its closes within the day), while
    // Manifold's answer brought a market closing in 2 h into the cache every venue shares
    const now = 1_000_000_000;
    const entry = (id: string, closesAt: number) => ({
      market: makeMarket(1, { id, closesAt, status: 'active' }),
      receivedAt: now,
      firstSeenAt: now,
      firstPrices: {},
    });
    const markets = { 'manifold:m1': entry('manifold:m1', now + 2 * H), 'kalshi:K1': entry('kalshi:K1', now + 3 * H) };
    const st = { closing: { ids: [] }, markets };
    expect(closingRows({ ...st, venueFilter: 'kalshi' }, now)).toEqual(['kalshi:K1']);
    expect(closingRows({ ...st, venueFilter: 'manifold' }, now)).toEqual(['manifold:m1']);
    expect(closingRows({ ...st, venueFilter: 'polymarket' }, now)).toEqual([]);
    expect(closingRows(st, now)).toEqual(['manifold:m1', 'kalshi:K1']);
  });

  it('at 40 columns a row keeps its price beside the countdown, the title cut first (the price went)', async () => {
    h = renderApp({ columns: 40, rows: 30, markets: [], prepare: closing });
    await press(h.term, '4', () => h!.term.lastFrame().includes('◆ Closing soon'));
    const f = await waitForFrame(h.term, 'In five');
    expect(rowsOf(f).find((r) => r.includes('In five'))).toMatch(/ACTIVE +In five … +\d+\.\d¢ +in 5m$/);
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(40);
  });
});
