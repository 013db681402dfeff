/**
 * A `g` answered on the interface's board (the demo included): the notice names what was found and, as the interface
 * has no web pages (`o` says so), does not offer `o`; a platform's board does (src/ui/key/goTo.test.tsx).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

describe('g found on the interface board', () => {
  it('a market: selected, its title said, no "o opens its page" (the interface has none)', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    h.store.getState().setGoTo({ seq: 1, understood: 'id m3', status: 'found', market: 'm3' });
    const f = await waitForFrame(h.term, '→ “Market number 3”');
    expect(h.store.getState().selectedId).toBe('m3');
    expect(f).not.toContain('o opens its page');
  });

  it('an event: opened, its title said, no "o opens its page"', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    h.store.getState().eventLoaded(
      {
        id: 'e1',
        title: 'Event one',
        category: 'politics',
        markets: [h.store.getState().markets.m1!.market],
        raw: {},
      },
      h.clock.now(),
    );
    h.store.getState().setGoTo({ seq: 1, understood: 'id e1', status: 'found', event: 'e1' });
    const f = await waitForFrame(h.term, '→ event “Event one”');
    expect(f).not.toContain('o opens its page');
  });
});
