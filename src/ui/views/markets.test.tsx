import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => makeMarket(from + i));
const title = (f: string) => f.split('\n').find((l) => /^[◆◇] Markets/.test(l)) ?? '';

describe('Markets: pages', () => {
  it(
    'j past the last row of a full page loads the next (offset += limit) and the title says "page 2"; k past the ' +
      'first goes back',
    async () => {
      h = renderApp({ columns: 120, rows: 30, markets: many(1, 8), query: { limit: 8 } });
      let f = await waitForFrame(h.term, 'Market number 8');
      expect(title(f)).toContain('◆ Markets 8 · page 1');
      await press(h.term, 'G');
      await press(h.term, 'j', () => h!.term.lastFrame().includes('Loading page 2…'));
      expect(h.sync.pages).toEqual([{ delta: 1, result: { ok: true, page: 2 } }]);
      expect(h.store.getState().list.query.offset).toBe(8);
      expect(title(await waitForFrame(h.term, 'page 2'))).toContain('· page 2 · loading…');
      h.store.getState().listLoaded(many(9, 8), h.clock.now(), { query: h.store.getState().list.query });
      f = await waitForFrame(h.term, 'Market number 16');
      expect(title(f)).toContain('◆ Markets 8 · page 2 · sort volume');
      expect(f).not.toContain('Market number 8 ');
      await press(h.term, KEYS.home, () => true);
      await press(h.term, 'k', () => h!.sync.pages.length === 2);
      expect(h.sync.pages[1]).toEqual({ delta: -1, result: { ok: true, page: 1 } });
      expect(h.store.getState().list.query.offset).toBe(0);
    },
  );

  it('stops at the last row after a short page, and says why at offset 10000', async () => {
    h = renderApp({ columns: 80, rows: 24, markets: many(1, 5), query: { limit: 8 } });
    let f = await waitForFrame(h.term, 'Market number 5');
    expect(title(f)).not.toContain('page');
    await press(h.term, 'G');
    await press(h.term, 'j', () => h!.sync.pages.length === 1);
    expect(h.sync.pages[0]!.result).toEqual({ ok: false, reason: 'last_page' });
    h.term.unmount();
    h = renderApp({ columns: 80, rows: 24, markets: many(1, 8), query: { limit: 8, offset: 10_000 } });
    f = await waitForFrame(h.term, 'Market number 8');
    expect(title(f)).toContain('page 1251');
    await press(h.term, 'G');
    f = await press(h.term, 'j', () => h!.term.lastFrame().includes('pages no further'));
    expect(f).toContain('The service pages no further (offset 10000 at most).');
    expect(h.store.getState().list.query.offset).toBe(10_000);
  });
});

describe('Markets: a search', () => {
  it('a search that finds nothing says how to clear it', async () => {
    h = renderApp({
      columns: 100,
      rows: 24,
      markets: [],
      query: { q: 'zzzqqq' },
      prepare: (store, clock) => {
        store.getState().listLoaded([], clock.now());
      },
    });
    // it said "No markets match this filter." with no word of how to leave the search
    await waitForFrame(h.term, 'No markets match the search: / C-u ⏎ clears it.');
  });

  it('on Kalshi, the title and an empty list say the search looked through its first 1,000 events', async () => {
    h = renderApp({
      columns: 160,
      rows: 24,
      markets: [],
      caps: KALSHI_CAPS,
      query: { q: 'zzzqqq' },
      prepare: (store, clock) => store.getState().listLoaded([], clock.now()),
    });
    // docs/sources/kalshi.md promised it ("searched the first 1,000 events"); nothing on screen said it
    const f = await waitForFrame(h.term, 'No markets match the search in the first 1,000 events: / C-u ⏎ clears it.');
    expect(title(f)).toContain('· search “zzzqqq” in the first 1,000 events');
  });

  it('a status or category that lists nothing says which keys change it', async () => {
    h = renderApp({
      columns: 80,
      rows: 24,
      markets: [],
      query: { status: 'settling' },
      prepare: (store, clock) => store.getState().listLoaded([], clock.now()),
    });
    // it said "No markets match this filter." and no more
    await waitForFrame(h.term, 'No markets match this status and category: f and c change them.');
  });
});

describe('Markets: the title', () => {
  it('at 120 columns names the category before the arrows’ key (it hid “category politics”)', async () => {
    const m = makeMarket(1, { title: 'Moved' });
    const moved = { ...m, outcomes: m.outcomes.map((o, i) => ({ ...o, change24h: i ? -0.02 : 0.02 })) };
    h = renderApp({ columns: 120, rows: 24, markets: [moved], query: { category: 'politics', sort: 'newest' } });
    const f = await waitForFrame(h.term, 'Moved');
    expect(f).toContain('◆ Markets 1 · sort newest · status active · category politics');
  });
});

describe('Markets: waiting for the rate budget', () => {
  it('a list loading while the next slot of the budget is seconds away says it waits for it', async () => {
    h = renderApp({ columns: 120, rows: 24, markets: [] });
    const st = h.store.getState();
    st.setRate({ nextRequestAt: h.clock.now() + 12_000 });
    // a search typed while the budget is spent: nothing on screen, the spinner's line says why it takes long
    await waitForFrame(h.term, 'Loading markets… · waiting for the rate budget');
    // a slot a moment away is no wait worth saying; a 429's pause is the banner's
    st.setRate({ nextRequestAt: h.clock.now() + 500 });
    await waitForFrame(h.term, (f) => f.includes('Loading markets…') && !f.includes('waiting for'));
    st.setRate({ nextRequestAt: h.clock.now() + 12_000 });
    await waitForFrame(h.term, 'waiting for the rate budget');
    st.setRate({ backoffUntil: h.clock.now() + 12_000 });
    await waitForFrame(h.term, (f) => f.includes('Loading markets…') && !f.includes('waiting for'));
  });
});

describe('Watchlist', () => {
  it('2 shows the watched markets (none yet) and says how to watch one', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, '2', () => h!.term.lastFrame().includes('◆ Watchlist'));
    expect(f).toContain('◆ Watchlist 0');
    expect(f).toContain('Nothing watched yet: w on a market in any list watches it.');
    expect(f).toMatch(/◇ Detail {2}no market selected/);
  });

  it('at 100 columns the word on an empty list wraps in its pane instead of being cut', async () => {
    h = renderApp({ columns: 100, rows: 30 });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, '2', () => h!.term.lastFrame().includes('◆ Watchlist'));
    expect(f).toMatch(/^ {2}Nothing watched yet: w on a market in any list watches +│\n {2}it\. +│/m);
    expect(f).not.toContain('watches…');
  });
});

describe('Markets: the change legend', () => {
  it('keys the change column only where the rows draw it (at 40 columns: "· △ 24h change" over none)', async () => {
    const m = makeMarket(1, {
      outcomes: [
        { name: 'Yes', price: 0.6, change24h: 0.02 },
        { name: 'No', price: 0.4, change24h: -0.02 },
      ],
    });
    h = renderApp({ columns: 80, rows: 24, markets: [m] });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, 'w', () => h!.term.lastFrame().includes('★ Watching'));
    const watchTitle = (f: string) => f.split('\n').find((l) => /^[◆◇] Watchlist/.test(l)) ?? '';
    expect(watchTitle(await press(h.term, '2', () => h!.term.lastFrame().includes('◆ Watchlist')))).toBe(
      '◆ Watchlist 1 · △ 24h change',
    );
    h.term.resize(40, 24);
    const f = await waitForFrame(h.term, (x) => /Market number 1 +60\.0¢/.test(x));
    expect(watchTitle(f)).toBe('◆ Watchlist 1');
  });
});
