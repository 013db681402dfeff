/**
 * An alert that already holds when it is set fires at once (it is in the log); the notice line says so at once too,
 * not the form's "Alert set on …" for the flash's seconds: the alert was stamped at the key's own moment, and the
 * key's message hid every notice not newer than itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

describe('an alert that holds when it is set', () => {
  it('its ★ ALERT is the notice at once; one that does not hold says “Alert set on …”', async () => {
    h = renderApp({ markets: [makeMarket(1), makeMarket(2)] });
    await waitForFrame(h.term, 'Market number 1');
    // Market number 1's Yes is at 37¢: above 30¢ holds already
    await press(h.term, ['a', '3', '0']);
    const f = await press(h.term, KEYS.enter, () => !h!.term.lastFrame().includes('◆ Alert'));
    expect(h.store.getState().alerts.log).toHaveLength(1);
    expect(f).toContain('★ ALERT');
    expect(f).not.toContain('Alert set on');
    // five seconds on, above 90¢ (which does not hold): the key's message is the notice
    h.clock.advance(5_000);
    await press(h.term, ['a', '9', '0']);
    const g = await press(h.term, KEYS.enter, () => h!.term.lastFrame().includes('Alert set on'));
    expect(g).toContain('» Alert set on “Market number 1” (A shows the alerts)');
  });
});
