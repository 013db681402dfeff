/**
 * A locale that is not UTF-8 (docs/views.md § Terminals without UTF-8 or cursor addressing): every view at 80×24
 * drawn in ASCII — no line wider than the terminal, no character outside ASCII, the titles here being ASCII (a
 * service's text is drawn as received, so a title in Greek would stay Greek).
 */
import stringWidth from 'string-width';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fiftyMarkets, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { cpuBound, WALL_BACKSTOP_MS } from '../../../test/support/cpuBound.js';
import { setGlyphs } from '../glyphs.js';
import { VIEWS } from './index.js';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';

let h: Harness | undefined;
beforeEach(() => setGlyphs('ascii'));
afterEach(() => {
  h?.term.unmount();
  h = undefined;
  setGlyphs('unicode');
});

const HOUR = 3_600_000;

/** Every view with something to list: markets seen twice (so some moved), closing soon, two events, a history. */
function busy(store: Harness['store'], clock: Harness['clock']) {
  const now = clock.now();
  const earlier = fiftyMarkets().map((m, i) => ({
    ...m,
    outcomes: m.outcomes.map((o) => ({ ...o, price: (o.price ?? 0.5) * 0.8 })),
    closesAt: now + (i + 1) * HOUR,
    change24h: i % 2 ? 0.031 : -0.02,
  }));
  store.getState().listLoaded(earlier, now - 30 * 60_000);
  store.getState().listLoaded(
    fiftyMarkets().map((m, i) => ({ ...m, closesAt: now + (i + 1) * HOUR, change24h: i % 2 ? 0.031 : -0.02 })),
    now,
  );
  store.getState().closingLoaded(
    fiftyMarkets()
      .slice(0, 10)
      .map((m, i) => ({ ...m, closesAt: now + (i + 1) * 60_000 })),
    now,
  );
  store.getState().toggleWatch('m1', now);
  store.getState().toggleWatch('m2', now);
  store.getState().eventsLoaded(
    [
      { id: 'e1', title: 'Event one', category: 'politics', markets: fiftyMarkets().slice(0, 3), raw: {} },
      { id: 'e2', title: 'Event two', category: 'sports', markets: fiftyMarkets().slice(3, 5), raw: {} },
    ],
    now,
  );
}

/** The lines of a frame that break the rule: wider than the terminal, or holding a character outside ASCII. */
function offending(frame: string, columns: number): string[] {
  return frame.split('\n').filter((l) => stringWidth(l) > columns || /[^\x00-\x7f]/.test(l));
}

describe('ASCII stand-ins at 80x24', () => {
  it.each(VIEWS.map((v, i) => [v.title, i] as const))(
    '%s: no line wider than the terminal, nothing outside ASCII (the list, the detail, the quote form)',
    (title, i) =>
      cpuBound(20_000, async () => {
        h = renderApp({ columns: 80, rows: 24, prepare: busy });
        await waitForFrame(h.term, 'Largest party');
        const shown = `* ${title}`;
        await press(h.term, String(i + 1), () => h!.term.lastFrame().includes(shown));
        const frame = await waitForFrame(h.term, shown);
        expect(frame.split('\n').length).toBeLessThanOrEqual(24);
        expect(offending(frame, 80)).toEqual([]);
        // the focus moved on (the detail pane, then the quote form) draws ASCII too
        // Events, and Positions and Across with nothing to list here, select no market: the focus stays on the list
        const focus = i >= 4 ? [] : ['* Detail', '* Quote'];
        for (const pane of focus) {
          await press(h.term, '\t', () => h!.term.lastFrame().includes(pane));
          expect(offending(h.term.lastFrame(), 80)).toEqual([]);
        }
      })(),
    WALL_BACKSTOP_MS,
  );

  it(
    'the detail pane draws no sparkline and no chart; the history line keeps its high and low; the book in ASCII',
    () =>
      cpuBound(20_000, async () => {
        const points = Array.from({ length: 48 }, (_, k) => ({ t: k * 1_800_000, p: 0.2 + (k % 7) / 100 }));
        h = renderApp({
          columns: 100,
          rows: 40,
          mode: 'kalshi',
          caps: KALSHI_CAPS,
          prepare: (store, clock) => {
            busy(store, clock);
            store.getState().seriesLoaded('m1', '24h', 'Progressive Alliance', points, clock.now());
            const levels = [0.24, 0.23, 0.22].map((price) => ({ price, size: 100 }));
            store
              .getState()
              .bookLoaded(
                { marketId: 'm1', outcome: 'Progressive Alliance', bids: levels, asks: [], asksDerived: true, raw: {} },
                clock.now(),
              );
          },
        });
        const frame = await waitForFrame(h.term, 'History ');
        expect(offending(frame, 100)).toEqual([]);
        expect(frame).toMatch(/History 24h - high 25\.0c - low 20\.0c - /);
        expect(frame).toMatch(/#+/); // the book's depth bars
      })(),
    WALL_BACKSTOP_MS,
  );

  it(
    'an alert notice and the `w` notices draw ASCII, the quotes around a title included (they read “…” and ¢)',
    () =>
      cpuBound(20_000, async () => {
        h = renderApp({
          columns: 80,
          rows: 24,
          prepare: (store, clock) => {
            busy(store, clock);
            const outcome = 'Progressive Alliance';
            const rule = { id: 'r1', marketId: 'm1', kind: 'above', outcome, cents: 30, source: 'form' } as const;
            store.getState().addAlert({ ...rule, createdAt: clock.now() });
            const [m1, ...rest] = fiftyMarkets();
            const up = { ...m1!, outcomes: m1!.outcomes.map((o) => (o.name === outcome ? { ...o, price: 0.31 } : o)) };
            store.getState().listLoaded([up, ...rest], clock.now());
          },
        });
        const alert = await waitForFrame(h.term, '* ALERT');
        // it wraps at 80 columns
        expect(alert.replace(/\s+/g, ' ')).toContain(
          '"Largest party in the parliament" Progressive Alliance at 31.0c (above 30c)',
        );
        expect(offending(alert, 80)).toEqual([]);
        // m1 is watched (busy): w unwatches it, w again watches it
        await press(h.term, 'w', () => h!.term.lastFrame().includes('Not watching "Largest party'));
        expect(offending(h.term.lastFrame(), 80)).toEqual([]);
        await press(h.term, 'w', () => h!.term.lastFrame().includes('* Watching "Largest party in the parliament"'));
        expect(offending(h.term.lastFrame(), 80)).toEqual([]);
      })(),
    WALL_BACKSTOP_MS,
  );

  it(
    'the help overlay and the alert log draw ASCII',
    () =>
      cpuBound(20_000, async () => {
        h = renderApp({ columns: 80, rows: 24, prepare: busy });
        await waitForFrame(h.term, 'Largest party');
        await press(h.term, '?', () => h!.term.lastFrame().includes('more'));
        const help = h.term.lastFrame();
        expect(offending(help, 80)).toEqual([]);
        expect(help).toContain('Enter');
        await press(h.term, '?', () => !h!.term.lastFrame().includes('more ('));
        await press(h.term, 'A', () => /alert/i.test(h!.term.lastFrame()));
        expect(offending(h.term.lastFrame(), 80)).toEqual([]);
      })(),
    WALL_BACKSTOP_MS,
  );
});
