import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { fiftyMarkets, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { cpuBound, WALL_BACKSTOP_MS } from '../../../test/support/cpuBound.js';
import { tabSegs } from '../components/TabRow.js';
import { VIEWS } from './index.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const lines = (f: string) => f.split('\n');
/** Each view's list title, focused: every view in VIEWS is walked. */
const TITLES = VIEWS.map((v) => `◆ ${v.title}`);

/** Every view with something to list: markets seen twice (so some moved), closing soon, two events. */
function busy(h0: number) {
  return (store: Harness['store'], clock: Harness['clock']) => {
    const now = clock.now();
    const earlier = fiftyMarkets().map((m, i) => ({
      ...m,
      outcomes: m.outcomes.map((o) => ({ ...o, price: (o.price ?? 0.5) * 0.8 })),
      closesAt: now + (i + 1) * h0,
    }));
    store.getState().listLoaded(earlier, now - 30 * 60_000);
    store.getState().listLoaded(
      fiftyMarkets().map((m, i) => ({ ...m, closesAt: now + (i + 1) * h0 })),
      now,
    );
    store.getState().closingLoaded(
      fiftyMarkets()
        .slice(0, 10)
        .map((m, i) => ({ ...m, closesAt: now + (i + 1) * h0 })),
      now,
    );
    store.getState().eventsLoaded(
      [
        { id: 'e1', title: 'Event one', category: 'politics', markets: fiftyMarkets().slice(0, 3), raw: {} },
        { id: 'e2', title: 'Event two', category: 'sports', markets: fiftyMarkets().slice(3, 5), raw: {} },
      ],
      now,
    );
  };
}

describe('the tab row', () => {
  it('names every view with its digit; narrower, shorter names, then digits and the shown view’s name', () => {
    const text = (w: number, active = 0) =>
      tabSegs(active, w)
        .map((s) => s.text)
        .join('');
    expect(text(200)).toContain(
      ' 1 Markets   2 Watchlist   3 Movers   4 Closing soon   5 Events   6 Positions   7 Across ',
    );
    expect(text(200)).toContain('1–7 or [ ] switch');
    // the hint drops when drawn
    expect(text(74, 3)).toMatch(/^ 1 Mkts {3}2 Watch {3}3 Move {3}4 Closing soon {3}5 Events {3}6 Pos {3}7 Across /);
    expect(text(34, 2)).toBe(' 1   2   3 Movers   4   5   6   7 ');
    expect(VIEWS.map((v) => v.id)).toEqual([
      'markets',
      'watchlist',
      'movers',
      'closing',
      'events',
      'positions',
      'across',
    ]);
  });

  it.each([
    [80, 24],
    [200, 60],
  ])(
    '%i×%i: each view by its digit and by ] / [, never taller or wider than the terminal; sync is told what to refresh',
    // 20 keys, each a frame of the whole App: up to 2 s of CPU at 200×60, a deadline in CPU time, ten times that
    (columns, rows) =>
      cpuBound(20_000, async () => {
        h = renderApp({ columns, rows, prepare: busy(3_600_000) });
        await waitForFrame(h.term, 'Largest party');
        const check = (f: string) => {
          expect(lines(f).length).toBeLessThanOrEqual(rows);
          for (const l of lines(f)) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
          expect(lines(f)[1]).toMatch(
            /1 (Markets|Mkts) +2 (Watchlist|Watch) +3 (Movers|Move) +4 Closing( soon)? +5 Events/,
          );
        };
        for (const [i, title] of TITLES.entries()) {
          await press(h.term, String(i + 1), () => h!.term.lastFrame().includes(title));
          check(await waitForFrame(h.term, title));
        }
        // 1 is shown at mount (the view on screen); each other digit tells sync what that view draws
        expect(h.sync.shows).toEqual(VIEWS.map((v) => v.source));
        // ] from the last view wraps to the first and walks on; [ walks back and wraps again
        for (const title of [...TITLES, TITLES[0]!]) {
          await press(h.term, ']', () => h!.term.lastFrame().includes(title));
          check(h.term.lastFrame());
        }
        for (const title of [...TITLES].reverse()) await press(h.term, '[', () => h!.term.lastFrame().includes(title));
        expect(h.sync.shows).toHaveLength(1 + 3 * VIEWS.length);
      })(),
    WALL_BACKSTOP_MS,
  );
});
