/**
 * `w` on a market that has resolved: a market is watched until it resolves (README, docs/watcher.md), so a resolved
 * one is not added; `w` says so in the words `a` uses. Unwatching one already on the list still works.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

describe('w on a resolved market', () => {
  it('refuses it, saying it has resolved as a does, and watches nothing', async () => {
    h = renderApp({ markets: [makeMarket(1, { status: 'resolved', resolvedOutcome: 'No' }), makeMarket(2)] });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, 'w');
    expect(f).toContain('» “Market number 1” is resolved (No): nothing on it changes any more, so it is not watched');
    expect(f).not.toContain('★ Watching');
    expect(h.store.getState().watch.ids).toEqual([]);
    const a = await press(h.term, 'a');
    expect(a).toContain('» “Market number 1” is resolved (No): nothing on it changes any more, so no alert is set');
  });

  it('a watched market that has since resolved is still unwatched by w', async () => {
    h = renderApp({
      markets: [makeMarket(1, { status: 'resolved', resolvedOutcome: 'Yes' }), makeMarket(2)],
      prepare: (store, clock) => void store.getState().toggleWatch('m1', clock.now()),
    });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, 'w');
    expect(f).toContain('Not watching “Market number 1” any more');
    expect(h.store.getState().watch.ids).toEqual([]);
  });
});
