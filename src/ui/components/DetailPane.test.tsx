import { afterEach, describe, expect, it } from 'vitest';
import type { MarketEvent } from '../../api/types.js';
import { normalizeMarket } from '../../api/normalize.js';
import { manifoldCaps } from '../../sources/manifold/caps.js';
import { createOddsStore } from '../../store/store.js';
import { realMarket } from '../../../test/support/realFixtures.js';
import { DetailPane, outcomeLines } from './DetailPane.js';
import { renderTerminal } from '../../../test/support/terminal.js';
import { rowSegs } from './MarketRow.js';
import { ManualClock } from '../../util/clock.js';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

describe('detail pane', () => {
  it('shows all outcomes, a sparkline of the prices seen, status, closing time, category and event', async () => {
    const base = makeMarket(1, {
      eventId: 'e1',
      outcomes: [
        { name: 'Alice', price: 0.2 },
        { name: 'Bob', price: 0.5 },
        { name: 'Carol', price: 0.3 },
      ],
    });
    h = renderApp({
      columns: 160,
      rows: 40,
      markets: [base],
      prepare: (store, clock) => {
        for (const p of [0.3, 0.4, 0.5]) {
          clock.advance(60_000);
          store.getState().marketLoaded(
            {
              ...base,
              outcomes: [
                { name: 'Alice', price: p },
                { name: 'Bob', price: 0.5 },
                { name: 'Carol', price: 0.5 - p },
              ],
            },
            clock.now(),
          );
        }
        const event: MarketEvent = { id: 'e1', title: 'Election \x1b[1mnight', markets: [], raw: {} };
        store.getState().eventsLoaded([event], clock.now());
      },
    });
    const f = await waitForFrame(h.term, 'Event Election night');
    expect(f).toMatch(/Alice\s+50\.0¢\s+▲30\.0¢ seen\s+▁▃▆█/);
    expect(f).toMatch(/Bob\s+50\.0¢\s+·0\.0¢ seen/);
    expect(f).toMatch(/Carol\s+0\.0¢\s+▼30\.0¢ seen\s+█▆▃▁/);
    expect(f).toContain('ACTIVE · closes in');
    expect(f).toContain('politics');
  });

  it('shows — for missing values, never NaN or undefined', async () => {
    h = renderApp({
      columns: 160,
      rows: 30,
      markets: [
        makeMarket(1, {
          outcomes: [{ name: 'Yes' }, { name: 'No' }],
          volume: undefined,
          liquidity: NaN,
          closesAt: undefined,
          category: undefined,
        }),
      ],
    });
    const f = await waitForFrame(h.term, 'Market number 1');
    expect(f).toContain('closes —');
    expect(f).toContain('Vol —');
    expect(f).toMatch(/Yes\s+—/);
    expect(f).not.toMatch(/NaN|undefined/);
  });

  it(
    'a resolved market: its winner, when it closed (no countdown to a close time still ahead), where it last ' +
      'traded',
    async () => {
      const closedAt = Date.UTC(2026, 10, 19, 12, 0, 0);
      const m = makeMarket(1, {
        status: 'resolved',
        resolvedOutcome: 'No',
        outcomes: [
          { name: 'Yes', price: 0 },
          { name: 'No', price: 1 },
        ],
        closesAt: Date.UTC(2027, 11, 31),
        closedAt,
        lastTradePrice: 0.01,
      });
      h = renderApp({ columns: 160, rows: 30, markets: [m] });
      const f = await waitForFrame(h.term, 'resolved: No');
      expect(f).toContain('RESOLVED · closed 3d ago');
      expect(f).toContain('Liq 200 · last trade 1.0¢');
      expect(f).not.toContain('closes in');
    },
  );

  it('at 100 columns a resolved market’s winner stays whole; when it closed gives way', async () => {
    const closedAt = new ManualClock().now() - 120 * 86_400_000;
    const m = makeMarket(1, { status: 'resolved', resolvedOutcome: 'Fed maintains rate', closedAt });
    h = renderApp({ columns: 100, rows: 30, markets: [m] });
    // it read 'RESOLVED · closed 120d ago · resolved…' in the 40-cell pane
    await waitForFrame(h.term, (f) => /│ RESOLVED · resolved: Fed maintains rate$/m.test(f));
  });

  it('the service’s 24 h change is labelled 24h; an unknown status shows the source’s own word', async () => {
    const m = makeMarket(1, {
      status: 'unknown',
      rawStatus: 'initialized',
      outcomes: [
        { name: 'Yes', price: 0.6, change24h: 0.8035 },
        { name: 'No', price: 0.4, change24h: -0.8035 },
      ],
    });
    h = renderApp({ columns: 160, rows: 30, markets: [m] });
    const f = await waitForFrame(h.term, 'INITIAL…');
    expect(f).toMatch(/Yes\s+60\.0¢\s+△80\.3¢ 24h/);
    expect(f).toMatch(/No\s+40\.0¢\s+▽80\.3¢ 24h/);
    expect(f).toContain('△ 24h change');
  });

  it('never counts down to the close of a market that stopped trading, whatever its closesAt says', async () => {
    const soon = new ManualClock().now() + 4 * 86_400_000; // the harness clock starts at the same time
    h = renderApp({
      columns: 160,
      rows: 30,
      markets: [
        makeMarket(1, { status: 'resolved', resolvedOutcome: 'Yes', closesAt: soon }),
        makeMarket(2, { closesAt: soon }),
      ],
    });
    const f = await waitForFrame(h.term, 'RESOLVED');
    expect(f).toContain('RESOLVED · closed · politics · resolved: Yes');
    expect(f).not.toContain('closes in');
    // a quote's 410 on an active-looking market: the same
    h.store.getState().select('m2');
    h.store
      .getState()
      .quoteFailed(
        'm2',
        { outcome: 'Yes', amount: '1', action: 'buy' },
        { kind: 'resolved', code: 'MARKET_RESOLVED', status: 410, message: 'resolved', at: h.clock.now() },
      );
    const g = await waitForFrame(
      h.term,
      (x) =>
        /▸.*Market number 2/.test(x) && /Detail Market number 2/.test(x) && /RESOLVED/.test(x.split('Detail')[1] ?? ''),
    );
    expect(g.split('Detail')[1]).not.toContain('closes in');
  });

  it('a multiple-choice market awaits its outcomes only until its detail answers, then says it lists none', () => {
    // the recorded Manifold list object (no `answers`); a replay answers /market/{id} with the same object, and a
    // detail without answers is what the service has
    const raw = realMarket('manifold', 'id', '8op1zxtf53', 'markets-list');
    const now = 1_719_000_000_000;
    const read = () => normalizeMarket(raw, { now })!;
    const store = createOddsStore({ mode: 'manifold', limit: 60, caps: manifoldCaps });
    const text = () => {
      const entry = store.getState().markets['8op1zxtf53']!;
      const lines = outcomeLines({ entry, history: undefined, width: 60, series: undefined }, 5);
      const row = rowSegs({ entry, selected: false, focused: false, now, intervalMs: 60_000, width: 120 });
      const join = (segs: { text: string }[]) => segs.map((x) => x.text).join('');
      // the row's leading outcome after the (whole) title, then its price
      return { detail: join(lines.flat()), lead: /ISS on\? +(\S+) +— /.exec(join(row))?.[1] };
    };
    store.getState().listLoaded([read()], now);
    expect(text()).toEqual({ detail: 'outcomes come with the market’s detail…', lead: '…' });
    store.getState().marketLoaded(read(), now + 1_000);
    expect(text()).toEqual({ detail: 'Manifold lists no outcomes for this market', lead: '—' });
    // the next list answer names none again: still no longer on their way
    store.getState().listLoaded([read()], now + 2_000);
    expect(text()).toEqual({ detail: 'Manifold lists no outcomes for this market', lead: '—' });
  });

  it('says when nothing is selected', async () => {
    h = renderApp({ markets: [], prepare: (store, clock) => store.getState().listLoaded([], clock.now()) });
    const f = await waitForFrame(h.term, 'no market selected');
    expect(f).toContain('No markets match this status and category: f and c change them.');
  });

  it('with nothing selected on a venue with books, no book is said to be coming', async () => {
    // an empty Watchlist or Positions on a platform: it read "Book: asking…" under "no market selected"
    const term = renderTerminal(
      <DetailPane
        entry={undefined}
        history={undefined}
        showBook
        eventTitle={undefined}
        now={0}
        width={60}
        height={12}
        focused={false}
      />,
      { columns: 60, rows: 12 },
    );
    try {
      const f = await waitForFrame(term, 'no market selected');
      expect(f).not.toContain('Book');
    } finally {
      term.unmount();
    }
  });

  it('a resolved market on a venue with books says it has none, not that one is coming nor the last one', async () => {
    // its book is not asked for any more (src/sync/final.ts): it read "Book: asking…" for ever, or the book of before
    const store = createOddsStore({ mode: 'kalshi', limit: 60 });
    store.getState().marketLoaded(makeMarket(1, { status: 'resolved', resolvedOutcome: 'Yes' }), 0);
    const book = { marketId: 'm1', outcome: 'Yes', bids: [{ price: 0.5, size: 10 }], asks: [], raw: {} };
    for (const held of [undefined, book]) {
      const term = renderTerminal(
        <DetailPane
          entry={store.getState().markets.m1}
          history={undefined}
          book={held}
          showBook
          eventTitle={undefined}
          now={0}
          width={60}
          height={14}
          focused={false}
        />,
        { columns: 60, rows: 14 },
      );
      try {
        const f = await waitForFrame(term, 'No book: the market is resolved.');
        expect(f).not.toContain('asking');
        expect(f).not.toContain('bid');
      } finally {
        term.unmount();
      }
    }
  });
});
