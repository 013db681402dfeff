import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import type { OddsStore } from '../store/store.js';
import { computeLayout, DETAIL_MIN, LIST_MIN, wideSide } from './layout.js';
import { fiftyMarkets, makeMarket, outcomeLines, renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const lines = (f: string) => f.split('\n');

/** Five markets change status after the first list: two close, one settles, two resolve (one with an outcome). */
function changes(store: OddsStore, at: number) {
  const st = store.getState();
  st.marketLoaded(makeMarket(3, { status: 'closed' }), at);
  st.marketLoaded(makeMarket(4, { status: 'closed' }), at);
  st.marketLoaded(makeMarket(5, { status: 'settling' }), at);
  st.marketLoaded(makeMarket(6, { status: 'resolved' }), at);
  st.marketLoaded(
    makeMarket(7, {
      status: 'resolved',
      resolvedOutcome: 'Yes',
      title: 'Market number 7 with a much longer title that will not fit anywhere at all',
    }),
    at,
  );
}

describe('layout with recent changes', () => {
  it(
    'wide: the changes pane takes the room the detail does not need, keeping CHANGES_MIN when the detail keeps ' +
      'DETAIL_MIN',
    () => {
      expect(wideSide(46, 6, 11, 5)).toEqual({ detailHeight: 11, changesHeight: 6 });
      expect(wideSide(46, 6, 40, 5)).toEqual({ detailHeight: 35, changesHeight: 3 });
      expect(wideSide(46, 6, 40, 0)).toEqual({ detailHeight: 39, changesHeight: 0 });
      expect(wideSide(46, 6, 11, 0)).toEqual({ detailHeight: 11, changesHeight: 2 }); // "none yet"
      expect(wideSide(16, 6, 12, 5)).toEqual({ detailHeight: 9, changesHeight: 0 }); // no room: the detail first
      for (const body of [0, 3, 10, 20, 46]) {
        for (const d of [0, 5, 12, 40]) {
          const s = wideSide(body, Math.min(6, body), d, 4);
          const used = s.detailHeight + 1 + Math.min(6, body) + (s.changesHeight ? 1 + s.changesHeight : 0);
          expect(used, `${body} ${d}`).toBeLessThanOrEqual(Math.max(body, 1 + Math.min(6, body)));
        }
      }
    },
  );

  it('stacked: the ticker line comes out of the list only while the list keeps LIST_MIN', () => {
    for (const [c, r] of [
      [80, 24],
      [80, 20],
      [80, 16],
      [80, 12],
      [60, 8],
    ] as const) {
      for (const focus of ['list', 'detail', 'quote'] as const) {
        const without = computeLayout(c, r, 2, focus);
        const l = computeLayout(c, r, 2, focus, { changes: 3 });
        expect(l.listHeight + l.tickerHeight + l.detailHeight + l.quoteHeight, `${c}×${r} ${focus}`).toBe(l.bodyHeight);
        expect(l.detailHeight).toBe(without.detailHeight);
        if (l.tickerHeight) expect(l.listHeight).toBeGreaterThanOrEqual(LIST_MIN);
      }
    }
    expect(computeLayout(80, 24, 2, 'list', { changes: 1 }).tickerHeight).toBe(1);
    expect(computeLayout(80, 24, 2, 'list', { changes: 0 }).tickerHeight).toBe(0);
    expect(computeLayout(80, 14, 2, 'list', { changes: 3 }).tickerHeight).toBe(0);
    expect(computeLayout(80, 30, 2, 'list', { changes: 3 }).detailHeight).toBeGreaterThanOrEqual(DETAIL_MIN);
  });
});

describe('the dashboard shows status changes at a glance', () => {
  it.each([
    [80, 24],
    [100, 30],
    [160, 48],
  ])(
    '%i×%i: fits, keeps ≥ 2 outcome prices, and shows the changes (pane when wide, ticker when stacked)',
    async (columns, rows) => {
      h = renderApp({ columns, rows, markets: fiftyMarkets(), prepare: (store, clock) => changes(store, clock.now()) });
      const check = (frame: string) => {
        expect(lines(frame).length).toBeLessThanOrEqual(rows);
        for (const l of lines(frame)) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
        expect(outcomeLines(frame).length, frame).toBeGreaterThanOrEqual(2);
      };
      let f = await waitForFrame(h.term, 'Largest party');
      check(f);
      if (columns >= 100) {
        expect(f).toMatch(/│ Recent changes · 5/);
        expect(f).toMatch(/│ RESOLVED Market number 7 w.*… → Yes 0s ago/);
        expect(f).toMatch(/│ CLOSED {3}Market number 3 +0s ago/);
        expect(f).not.toMatch(/^Changed /m);
      } else {
        expect(f).toMatch(/^Changed RESOLVED Market number 7.*… → Yes 0s ago {2}\+4 more$/m);
        expect(f).not.toContain('Recent changes');
      }
      // list rows of changed markets wear their new badge
      expect(f).toMatch(/CLOSED\s+Market number 3 /);
      expect(f).toMatch(/RESOLVED Market number 6 /);
      f = await press(h.term, [KEYS.enter, KEYS.enter]);
      check(f);
      expect(f).toContain('▸ Amount');
    },
  );

  it('a change arriving while it runs shows up with its notice, and the frame still fits at 80×24', async () => {
    h = renderApp({ columns: 80, rows: 24, markets: fiftyMarkets() });
    let f = await waitForFrame(h.term, 'Largest party');
    expect(f).not.toMatch(/^Changed /m);
    const list = fiftyMarkets();
    list[1] = makeMarket(2, { status: 'closed', title: 'Will it snow in Lisbon?' });
    h.store.getState().listLoaded(list, h.clock.now());
    f = await waitForFrame(h.term, 'Changed');
    expect(f).toMatch(/^i “Will it snow in Lisbon\?” closed$/m);
    expect(f).toMatch(/^Changed CLOSED {3}Will it snow in Lisbon\? +0s ago$/m);
    expect(lines(f).length).toBeLessThanOrEqual(24);
    expect(outcomeLines(f).length).toBeGreaterThanOrEqual(2);
  });

  it('the quote hint says one ⏎ once the detail pane has focus', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    let f = await waitForFrame(h.term, 'Market number 1');
    expect(f).toContain('◇ Quote  Press ⏎ twice to open the quote form.');
    f = await press(h.term, KEYS.enter, () => h!.term.lastFrame()!.includes('◆ Detail'));
    expect(f).toContain('◇ Quote  Press ⏎ to open the quote form.');
    f = await press(h.term, KEYS.enter, () => h!.term.lastFrame()!.includes('▸ Amount'));
    expect(f).toContain('Type an amount to get a quote.');
  });
});
