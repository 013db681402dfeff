import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketEvent } from '../../api/types.js';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const lines = (f: string) => f.split('\n');
const fits = (f: string, columns: number, rows: number) => {
  expect(lines(f).length).toBeLessThanOrEqual(rows);
  for (const l of lines(f)) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
};

const nested = (from: number, n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => makeMarket(from + i, { title: `${tag} market ${i + 1}`, volume: 1000 }));
const EVENTS: MarketEvent[] = [
  { id: 'e1', title: 'Election night', category: 'politics', markets: nested(101, 3, 'Election'), raw: {} },
  { id: 'e2', title: 'Cup final', category: 'sports', markets: nested(201, 2, 'Cup'), raw: {} },
];

function events(store: Harness['store'], clock: Harness['clock']) {
  store.getState().eventsLoaded(EVENTS, clock.now());
}

describe('Events', () => {
  it('an empty events list offers no ⏎ to open one: it said “Events 0 · ⏎ opens one”', async () => {
    h = renderApp({
      columns: 100,
      rows: 24,
      prepare: (store, clock) => store.getState().eventsLoaded([], clock.now()),
    });
    await press(h.term, '5', () => h!.term.lastFrame().includes('◆ Events'));
    const f = await waitForFrame(h.term, 'The service lists no events.');
    expect(f).toMatch(/◆ Events 0 +│/);
    expect(f).not.toContain('opens one');
  });

  it.each([
    [80, 24],
    [200, 60],
  ])(
    '%i×%i: lists events with their category and market count; the side pane shows the event under the cursor',
    async (columns, rows) => {
      h = renderApp({ columns, rows, prepare: events });
      await press(h.term, '5', () => h!.term.lastFrame().includes('◆ Events'));
      let f = await waitForFrame(h.term, 'Election night');
      expect(f).toMatch(/◆ Events 2/);
      expect(lines(f).find((l) => l.startsWith('▸ Election'))).toMatch(/^▸ Election night +politics +3 mkts +3\.0k/);
      expect(lines(f).find((l) => l.startsWith('  Cup'))).toMatch(/^ {2}Cup final +sports +2 mkts/);
      expect(f).toMatch(/◇ Event Election night/);
      expect(f).toMatch(/politics · 3 markets/);
      expect(f).toContain('Election market 2');
      fits(f, columns, rows);
      const selects = h.sync.selects.length;
      f = await press(h.term, 'j');
      expect(f).toMatch(/◇ Event Cup final/);
      expect(h.sync.selects.length).toBe(selects); // moving over events costs nothing
      expect(h.sync.shows).toEqual(['markets', 'events']); // the view at mount, then 5
    },
  );

  it(
    '⏎ opens the event (sync fetches it by id), its markets listed; ⏎ on one selects it into the detail pane; Esc ' +
      'goes back',
    async () => {
      h = renderApp({ columns: 120, rows: 30, prepare: events });
      await press(h.term, '5', () => h!.term.lastFrame().includes('◆ Events'));
      await waitForFrame(h.term, 'Cup final');
      await press(h.term, 'j');
      await press(h.term, KEYS.enter, () => h!.term.lastFrame().includes('◆ Event Cup final'));
      expect(h.sync.opens).toEqual(['e2']);
      expect(h.store.getState().events.openId).toBe('e2');
      let f = await waitForFrame(h.term, 'Cup market 2');
      expect(f).toMatch(/◆ Event Cup final · 2 markets · loading…/); // the list's copies until the event's own answer
      expect(h.store.getState().selectedId).toBe('m201');
      h.store.getState().eventLoaded({ ...EVENTS[1]!, markets: nested(201, 2, 'Cup (fresh)') }, h.clock.now());
      f = await waitForFrame(h.term, 'Cup (fresh) market 1');
      expect(f).not.toContain('loading…');
      await press(h.term, 'j');
      expect(h.store.getState().selectedId).toBe('m202');
      await press(h.term, KEYS.enter, () => h!.term.lastFrame().includes('◆ Detail Cup (fresh) market 2'));
      expect(h.sync.selects.at(-1)).toBe('m202');
      await press(h.term, KEYS.esc, () => h!.term.lastFrame().includes('◆ Event Cup final'));
      f = await press(h.term, KEYS.esc, () => h!.term.lastFrame().includes('◆ Events'));
      expect(h.sync.opens).toEqual(['e2', undefined]);
      expect(lines(f).find((l) => l.startsWith('▸'))).toContain('Cup final');
    },
  );

  it('w and a on an event row (no market) say what to do; they did nothing at all', async () => {
    h = renderApp({ columns: 100, rows: 30, prepare: events });
    await press(h.term, '5', () => h!.term.lastFrame().includes('◆ Events'));
    for (const key of ['w', 'a']) {
      const f = await press(h.term, key, () => h!.term.lastFrame().includes(`then ${key} on one of its markets`));
      expect(f).toContain(`An event is no market: ⏎ opens it, then ${key} on one of its markets`);
    }
    expect(h.store.getState().watch.ids).toEqual([]);
  });

  it('an event gone (404) leaves the open view for the events list, with a notice', async () => {
    h = renderApp({ columns: 80, rows: 24, prepare: events });
    await press(h.term, '5', () => h!.term.lastFrame().includes('◆ Events'));
    await press(h.term, KEYS.enter, () => h!.term.lastFrame().includes('◆ Event Election night'));
    h.store.getState().eventGone('e1', h.clock.now());
    const f = await waitForFrame(h.term, (x) => x.includes('◆ Events 1') && x.includes('is no longer available'));
    fits(f, 80, 24);
  });
});

describe('Events stacked at 80×24', () => {
  it('the rows a short event list leaves empty go to the event pane: all 10 markets, not “+N more”', async () => {
    const six: MarketEvent[] = [
      { id: 'e1', title: 'Big night', category: 'politics', markets: nested(101, 10, 'Big'), raw: {} },
      ...Array.from({ length: 5 }, (_, i) => ({
        id: `e${i + 2}`,
        title: `Event ${i + 2}`,
        markets: nested(201 + 10 * i, 2, `E${i + 2}`),
        raw: {},
      })),
    ];
    h = renderApp({
      columns: 80,
      rows: 24,
      prepare: (store, clock) => store.getState().eventsLoaded(six, clock.now()),
    });
    await press(h.term, '5', () => h!.term.lastFrame().includes('◆ Events'));
    const f = await waitForFrame(h.term, 'Big night');
    for (let i = 1; i <= 10; i++) expect(f).toContain(`Big market ${i}`);
    expect(f).not.toMatch(/\+\d+ more/);
    // no blank row between the list's last event and the event pane
    const ls = lines(f);
    const last = ls.findIndex((l) => l.startsWith('  Event 6'));
    expect(ls[last + 1]!.trim()).not.toBe('');
    fits(f, 80, 24);
  });
});
