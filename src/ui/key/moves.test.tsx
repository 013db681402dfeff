import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

describe('switching to a view of its own rows', () => {
  it('with no row (an empty Watchlist, Movers, Positions) leaves nothing selected; Markets selects again', async () => {
    h = renderApp({ columns: 120, rows: 30 });
    await waitForFrame(h.term, '◆ Markets');
    await press(h.term, 'j', () => h!.store.getState().selectedId === 'm2');
    for (const [key, title] of [
      ['2', '◆ Watchlist'],
      ['3', '◆ Movers'],
      ['6', '◆ Positions'],
    ] as const) {
      await press(h.term, key, () => h!.term.lastFrame().includes(title));
      // nothing of the Markets list is on screen: nothing is selected, so sync polls nothing for it
      expect(h.store.getState().selectedId).toBeUndefined();
      expect(await waitForFrame(h.term, 'no market selected')).toContain(title);
    }
    // dropped by sync itself: `show` carries the market the view draws (none), which sync keeps selected
    expect(h.sync.selects).toEqual(['m2']);
    // back on Markets, the market it had when it was left
    await press(h.term, '1', () => h!.store.getState().selectedId === 'm2');
    expect(h.sync.selects.at(-1)).toBe('m2');
  });
});

describe('the market selected is the row drawn', () => {
  it('an empty Closing soon selects nothing; the only Watchlist row un-watched leaves nothing selected', async () => {
    h = renderApp({ columns: 120, rows: 30 });
    await waitForFrame(h.term, '◆ Markets');
    await press(h.term, 'j', () => h!.store.getState().selectedId === 'm2');
    // nothing of the Markets list is on Closing soon (every market closes in December)
    await press(h.term, '4', () => h!.term.lastFrame().includes('◆ Closing soon'));
    expect(h.store.getState().selectedId).toBeUndefined();
    await press(h.term, '1', () => h!.store.getState().selectedId === 'm2');
    await press(h.term, 'w', () => h!.store.getState().watch.byId.m2 !== undefined);
    await press(h.term, '2', () => h!.term.lastFrame().includes('◆ Watchlist'));
    expect(h.store.getState().selectedId).toBe('m2');
    // w keeps the row it un-watched under the cursor until another view is shown (a second w watches it back)
    await press(h.term, 'w', () => h!.store.getState().watch.byId.m2 === undefined);
    expect(h.store.getState().selectedId).toBe('m2');
    await press(h.term, '1', () => h!.term.lastFrame().includes('◆ Markets'));
    // its only row un-watched: the view draws none, and none is selected (sync polls nothing for it)
    await press(h.term, '2', () => h!.term.lastFrame().includes('◆ Watchlist'));
    expect(h.store.getState().selectedId).toBeUndefined();
    expect(await waitForFrame(h.term, 'no market selected')).toContain('◆ Watchlist');
  });

  it('s on Movers selects the market the new window draws at once, none when it draws none', async () => {
    // m2 moved 9¢ in 24 h by the service's figure; nothing has a history of ours, so the 1 h window draws no row
    const markets = Array.from({ length: 4 }, (_, i) =>
      makeMarket(i + 1, i === 1 ? { outcomes: [{ id: 'y', name: 'Yes', price: 0.6, change24h: 0.09 }] } : {}),
    );
    h = renderApp({ columns: 120, rows: 30, markets });
    await waitForFrame(h.term, '◆ Markets');
    await press(h.term, '3', () => h!.store.getState().selectedId === 'm2');
    // no answer arrives in between: the selection followed the key, not the next refresh
    await press(h.term, 's', () => h!.term.lastFrame().includes('over 1 h'));
    expect(h.store.getState().selectedId).toBeUndefined();
    await press(h.term, 's', () => h!.store.getState().selectedId === 'm2');
  });
});
