/**
 * The title the alert form (`a`) shows: the market's current one when it is loaded (a watched market renamed by its
 * venue shows its new name), the one saved with the watchlist when it is not (watch.test.tsx).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from '../../test/support/fixtures.js';
import { press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

describe('the alert form’s title', () => {
  it('a watched market renamed since it was saved: the form shows its current title', async () => {
    h = renderApp({
      prepare: (store) =>
        store.getState().restoreWatch({
          watch: { ids: ['m1'], byId: { m1: { id: 'm1', addedAt: 1, title: 'Its old name' } } },
        }),
    });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, 'a');
    expect(f).toContain('◆ Alert Market number 1');
    expect(f).not.toContain('Its old name');
  });
});
