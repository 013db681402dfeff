/**
 * Keys with no market under the cursor (an empty Watchlist), found driving the board in tmux at 100×30: ⏎ and Tab did
 * nothing without a word, the quote pane beside the list drew an empty form that said "Press ⏎ twice to open the quote
 * form" (⏎ opened nothing), and `o` said "No page address for this market (its ids are missing)" of no market at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

async function emptyWatchlist(mode: 'key' | 'polymarket' = 'key'): Promise<Harness> {
  h = renderApp({ columns: 100, rows: 30, mode });
  await waitForFrame(h.term, 'Market number 1');
  await press(h.term, '2', () => h!.term.lastFrame().includes('◆ Watchlist 0'));
  return h;
}

describe('no market under the cursor', () => {
  it('the quote pane beside the list says no market, and offers no form that ⏎ would not open', async () => {
    const { term } = await emptyWatchlist();
    const f = await waitForFrame(term, '◇ Quote (no market)');
    expect(f).not.toContain('Press ⏎');
    expect(f).not.toContain('Outcome');
    expect(f).not.toContain('amount, e.g. 25');
  });

  it.each([
    ['⏎', KEYS.enter],
    ['Tab', KEYS.tab],
  ])('%s says there is no market here, where it did nothing', async (name, key) => {
    const { term, sync } = await emptyWatchlist();
    const f = await press(term, key, () => term.lastFrame().includes('No market here'));
    expect(f).toContain(`No market here: ${name} acts on the market under the cursor`);
    expect(sync.selects).toEqual([]);
  });

  it('o says there is no market here, not that its ids are missing', async () => {
    const { term } = await emptyWatchlist('polymarket');
    const f = await press(term, 'o', () => term.lastFrame().includes('No market here'));
    expect(f).toContain('No market here: o acts on the market under the cursor');
    expect(f).not.toContain('its ids are missing');
  });
});
