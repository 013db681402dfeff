/**
 * `x` on an alert of the config file in `A`'s list: the dashboard reads that file only when it starts, so the alert
 * cannot go from here. The notice said "remove it there" and no more: removed from the file, the alert stayed in the
 * list and kept firing until a restart. It now names the file and says when the removal takes effect.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { press, waitForFrame } from '../../test/support/wait.js';

const FILE = '/home/me/.config/oddsboard/config.json';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

describe('x on an alert of the config file', () => {
  it('names the file and says the alert goes at the next start; the alert stays set', async () => {
    h = renderApp({
      columns: 160,
      configPath: FILE,
      markets: [makeMarket(1)],
      prepare: (store) =>
        store
          .getState()
          .setConfigAlerts([{ id: 'c1', marketId: 'm1', kind: 'above', cents: 90, source: 'config', createdAt: 0 }]),
    });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, 'A', () => h!.term.lastFrame().includes('config file'));
    const f = await press(h.term, 'x', () => h!.term.lastFrame().includes('» That alert'));
    const notice = f
      .split('\n')
      .find((l) => l.startsWith('» That alert'))!
      .trim();
    expect(notice).toBe(
      `» That alert comes from the config file ${FILE}, read when the dashboard starts: removed there, it goes at ` +
        'the next start.',
    );
    expect(h.store.getState().alerts.rules.map((r) => r.id)).toEqual(['c1']);
  });
});
