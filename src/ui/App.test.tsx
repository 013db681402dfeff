import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitFor, waitForFrame } from '../../test/support/wait.js';
import { WIDE_MIN } from './layout.js';
import { MIN_COLUMNS, MIN_ROWS } from './components/TooSmall.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const many = (n: number) => Array.from({ length: n }, (_, i) => makeMarket(i + 1));
const lines = (f: string) => f.split('\n');
const rowOf = (f: string) => lines(f).find((l) => l.startsWith('▸ ')) ?? '';

describe('layout', () => {
  const stacked = (f: string) => {
    const list = lines(f).findIndex((l) => /^[◆◇] Markets/.test(l));
    const detail = lines(f).findIndex((l) => /^[◆◇] Detail/.test(l));
    return list >= 0 && detail > list && !f.includes('│');
  };
  const sideBySide = (f: string) => (lines(f).find((l) => /^[◆◇] Markets/.test(l)) ?? '').includes(' │ ◇ Detail');

  it.each([
    [WIDE_MIN - 1, 'stacked'],
    [WIDE_MIN, 'side by side'],
  ] as const)('at %i columns the panes are %s (the switch is at WIDE_MIN)', async (columns, how) => {
    h = renderApp({ columns, rows: 30 });
    const f = await waitForFrame(h.term, 'Market number 1');
    expect(how === 'stacked' ? stacked(f) : sideBySide(f), f).toBe(true);
    expect(lines(f).every((l) => stringWidth(l) <= columns)).toBe(true);
  });

  it(`stacks the panes below ${WIDE_MIN} columns`, async () => {
    h = renderApp({ columns: 80, rows: 24 });
    const f = await waitForFrame(h.term, 'Market number 1');
    const list = lines(f).findIndex((l) => /^[◆◇] Markets/.test(l));
    const detail = lines(f).findIndex((l) => /^[◆◇] Detail/.test(l));
    const quote = lines(f).findIndex((l) => /^[◆◇] Quote/.test(l));
    expect(list).toBeGreaterThanOrEqual(0);
    expect(detail).toBeGreaterThan(list);
    expect(quote).toBeGreaterThan(detail);
    expect(f).not.toContain('│');
  });

  it(`puts them side by side from ${WIDE_MIN} columns`, async () => {
    h = renderApp({ columns: 160, rows: 40 });
    const f = await waitForFrame(h.term, 'Market number 1');
    const title = lines(f).find((l) => /^[◆◇] Markets/.test(l)) ?? '';
    expect(title).toContain(' │ ◇ Detail Market number 1');
    expect(lines(f).some((l) => / │ ◇ Quote/.test(l))).toBe(true);
  });

  it('switches layout when the terminal is resized', async () => {
    h = renderApp({ columns: 160, rows: 40 });
    await waitForFrame(h.term, '│ ◇ Detail');
    h.term.resize(80, 24);
    await waitForFrame(h.term, (f) => lines(f).some((l) => /^[◆◇] Detail/.test(l)) && lines(f).length <= 24);
  });

  it(`a window under ${MIN_COLUMNS}×${MIN_ROWS} says it is too small instead of drawing a torn board`, async () => {
    // at 12×4 it drew the header, the tab row, "◇ Quote Pr…" and the footer, and no market at all
    h = renderApp({ columns: 12, rows: 4 });
    let f = await waitForFrame(h.term, 'Too small');
    expect(lines(f).slice(0, 3)).toEqual(['Too small', 'needs 30×8', 'q quits']);
    h.term.resize(70, 6);
    f = await waitForFrame(h.term, 'Terminal too small (70×6): oddsboard needs 30×8 or more · q quits');
    expect(f).not.toContain('Market number 1');
    h.term.resize(MIN_COLUMNS, MIN_ROWS);
    // the smallest board: a row's title cut for its price, whole
    f = await waitForFrame(h.term, (x) => /Market num… +\d+\.\d+¢/.test(x));
    expect(lines(f).length).toBeLessThanOrEqual(MIN_ROWS);
    await press(h.term, 'q');
    expect(h.quits).toEqual([1]);
  });

  it.each([
    [MIN_COLUMNS, MIN_ROWS],
    [40, 10],
    [80, 24],
    [99, 30],
    [100, 12],
    [160, 40],
    [220, 15],
  ])('never draws taller than the terminal or wider than it (%i×%i)', async (columns, rows) => {
    h = renderApp({
      columns,
      rows,
      markets: many(60),
      prepare: (store, clock) => {
        store.getState().setRate({ backoffUntil: clock.now() + 9000, backoffReason: 'rate_limited' });
        store.getState().requestFailed({ kind: 'network', code: 'NETWORK', message: 'down', at: clock.now() });
        store.getState().notice('Something happened', 'warn', clock.now());
      },
    });
    const f = await waitForFrame(h.term, (x) => x.includes('RATE') || columns <= 30);
    expect(lines(f).length).toBeLessThanOrEqual(rows);
    for (const l of lines(f)) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
    await press(h.term, '?');
    const help = h.term.lastFrame();
    expect(lines(help).length).toBeLessThanOrEqual(rows);
  });
});

describe('list navigation', () => {
  it('moves the selection with j/k and arrows, telling sync', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, 'j');
    expect(h.store.getState().selectedId).toBe('m2');
    await press(h.term, KEYS.down);
    await press(h.term, 'k');
    expect(h.sync.selects).toEqual(['m2', 'm3', 'm2']);
    expect(rowOf(h.term.lastFrame())).toContain('Market number 2');
  });

  it('scrolls to keep the selection visible (G, g, PgDn)', async () => {
    h = renderApp({ columns: 80, rows: 24, markets: many(50) });
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, 'G');
    expect(rowOf(f)).toContain('Market number 50');
    expect(f).toContain('of 50');
    expect(f).not.toContain('Market number 1 ');
    f = await press(h.term, KEYS.home);
    expect(rowOf(f)).toContain('Market number 1 ');
    f = await press(h.term, KEYS.pageDown);
    expect(h.store.getState().selectedId).not.toBe('m1');
    expect(rowOf(f)).toContain(`Market number ${h.store.getState().selectedId!.slice(1)} `);
  });

  it('cycles sort, status and category through sync', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    const sync = h.sync;
    for (const k of ['s', 'f', 'c']) h.term.write(k);
    await waitFor(() => sync.searches.length === 3, 'three searches');
    expect(sync.searches).toEqual([
      { sort: 'newest', offset: 0 },
      { status: 'closed', offset: 0 },
      { category: 'politics', offset: 0 },
    ]);
  });

  it('a new status filter drops the rows that no longer match at once and says loading… until the answer', async () => {
    h = renderApp({
      markets: [makeMarket(1), makeMarket(2, { status: 'closed', title: 'Closed one' }), makeMarket(3)],
    });
    await waitForFrame(h.term, 'Closed one');
    h.store.getState().setQuery({ status: 'all' }); // as if the list had been loaded under "all"
    h.store
      .getState()
      .listLoaded(
        [makeMarket(1), makeMarket(2, { status: 'closed', title: 'Closed one' }), makeMarket(3)],
        h.clock.now(),
        { query: h.store.getState().list.query },
      );
    await press(h.term, 'f'); // all → active
    const f = await waitForFrame(h.term, 'loading…');
    expect(f).not.toContain('Closed one');
    expect(f).toContain('Market number 3');
    h.store.getState().listLoaded([makeMarket(3)], h.clock.now(), { query: h.store.getState().list.query });
    const g = await waitForFrame(h.term, (x) => !x.includes('loading…'));
    expect(g).not.toContain('Market number 1');
  });

  it('says when a refresh has to wait for the budget', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    h.sync.refreshAnswer = { ok: false, retryAt: h.clock.now() + 7000 };
    await press(h.term, 'r');
    await waitForFrame(h.term, 'refresh in 7s');
    expect(h.sync.refreshes).toBe(1);
    h.clock.advance(3000);
    await waitForFrame(h.term, (f) => !f.includes('refresh in'));
  });

  it('quits on q and on Ctrl-C, once each', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    h.term.write('q');
    await h.term.instance.waitUntilExit();
    expect(h.quits).toEqual([1]);
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, KEYS.enter);
    await press(h.term, KEYS.enter);
    h.term.write(KEYS.ctrlC);
    await h.term.instance.waitUntilExit();
    expect(h.quits).toEqual([1]);
  });
});

describe('hostile data', () => {
  it('draws a hostile title without control bytes and without breaking the row width', async () => {
    const evil =
      '\x1b[31mRED\x1b[0m \x1b]8;;https://evil.example\x07link\x1b]8;;\x07 \x1b]52;c;ZXZpbA==\x07' +
      '\u202Eesrever\u202C 選挙の結果 👨‍👩‍👧‍👦 🇺🇸 \x1b[2J\x1b[H\x07\x08 end';
    const cols = 90;
    h = renderApp({
      columns: cols,
      rows: 24,
      markets: [
        makeMarket(1, { title: evil, category: 'cat\x1b[5m', outcomes: [{ name: 'Y\x1b]0;pwn\x07es', price: 0.5 }] }),
        makeMarket(2),
      ],
    });
    const f = await waitForFrame(h.term, 'Market number 2');
    expect(f).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    expect(f).toContain('RED link');
    expect(f).toContain('選挙');
    const row = rowOf(f);
    const other = lines(f).find((l) => l.includes('Market number 2') && l.startsWith('  ')) ?? '';
    expect(stringWidth(row)).toBe(stringWidth(other));
    expect(stringWidth(row)).toBeLessThanOrEqual(cols);
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(cols);
  });
});
