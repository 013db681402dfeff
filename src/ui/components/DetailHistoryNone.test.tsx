/**
 * A platform that answered the price history with no point in the range (a Kalshi market without a trade in it: no
 * candlestick) — the detail says so under the outcomes instead of drawing nothing, so `h` visibly switches the range.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

describe('a price history answered empty', () => {
  it('says "History 24h: none published"; h to 7 days, answered empty too, says so for 7d', async () => {
    h = renderApp({
      mode: 'kalshi',
      caps: KALSHI_CAPS,
      prepare: (store, clock) => store.getState().seriesLoaded('m1', '24h', 'Yes', [], clock.now()),
    });
    let f = await waitForFrame(h.term, 'Market number 1');
    expect(f).toContain('History 24h: none published · Yes');
    await press(h.term, 'h', () => h!.store.getState().historyRange === '7d');
    h.store.getState().seriesLoaded('m1', '7d', 'Yes', [], h.clock.now());
    f = await waitForFrame(h.term, 'History 7d: none published · Yes');
    expect(f).not.toContain('History 24h');
  });
});
