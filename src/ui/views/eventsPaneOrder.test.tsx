/**
 * The Events side pane draws each market from the copy whose request left last (olderThanHeld), not the one that
 * arrived last: an events answer sent before a detail but read after it showed its older price beside the events list
 * (Yes 60¢) while the store, and every other view, held the detail's (80¢).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketEvent } from '../../api/types.js';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { binary, market } from '../../../test/support/markets.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { createOddsStore } from '../../store/store.js';
import { eventDataAt } from './events.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const withM9 = (yes: number): MarketEvent[] => [
  { id: 'e9', title: 'Event nine', category: 'politics', markets: [market('m9', { outcomes: binary(yes) })], raw: {} },
];
const paneRow = (frame: string) => frame.split('\n').find((l) => l.includes('Market m9')) ?? '';

describe('the Events side pane, answers out of order', () => {
  it('an events copy whose request left before a detail’s shows the detail’s price; a later one its own', async () => {
    let t0 = 0;
    h = renderApp({
      columns: 120,
      rows: 24,
      prepare: (store, clock) => {
        t0 = clock.now() - 60_000;
        store.getState().listLoaded([market('m9', { outcomes: binary(0.5) })], t0, { sentAt: t0 - 100 });
        // the events request leaves at t0 + 10 s, a detail leaves at + 15 s and answers at + 20 s, the events at + 30 s
        store.getState().marketLoaded(market('m9', { outcomes: binary(0.8) }), t0 + 20_000, t0 + 15_000);
        store.getState().eventsLoaded(withM9(0.6), t0 + 30_000, t0 + 10_000);
      },
    });
    await press(h.term, '5', () => h!.term.lastFrame().includes('◆ Events'));
    const f = await waitForFrame(h.term, 'Event nine');
    expect(h.store.getState().markets.m9?.market.outcomes).toEqual(binary(0.8));
    expect(paneRow(f)).toMatch(/Yes +80\.0¢/);
    // the next events answer left after the detail arrived: its copy is the newer one
    h.store.getState().eventsLoaded(withM9(0.7), t0 + 50_000, t0 + 40_000);
    const g = await waitForFrame(h.term, (x) => /Yes +70\.0¢/.test(paneRow(x)));
    expect(paneRow(g)).toMatch(/Yes +70\.0¢/);
  });
});

describe('the Events side pane’s data age', () => {
  const T = Date.UTC(2026, 10, 27, 12);
  const e9 = (title: string) => ({ id: 'e9', title, markets: [market('m9')], raw: {} });

  it('is the age of the copy held: a later list’s when it replaced the detail’s, the detail’s when it did not', () => {
    const s = createOddsStore({ mode: 'anon', limit: 10 });
    s.getState().eventLoaded(e9('from the detail'), T + 20, T + 15);
    s.getState().eventsLoaded([e9('from a later list')], T + 30, T + 25);
    expect(s.getState().events.byId.e9?.title).toBe('from a later list');
    expect(eventDataAt(s.getState(), 'e9')).toBe(T + 30);
    s.getState().eventLoaded(e9('from a detail'), T + 40, T + 35);
    // a list sent before that detail, read after it: its copy is left out, and so is its arrival
    s.getState().eventsLoaded([e9('from an older list')], T + 50, T + 32);
    expect(s.getState().events.byId.e9?.title).toBe('from a detail');
    expect(eventDataAt(s.getState(), 'e9')).toBe(T + 40);
  });
});
