/**
 * The title the alert form (`a`) shows: the market's current one when it is loaded (a watched market renamed by its
 * venue shows its new name), the one saved with the watchlist when it is not (watch.test.tsx). A quoted title in the
 * form and the notices is cut to the room its line has (src/ui/quotes.ts), not to a fixed length.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';
import { displayWidth } from './format.js';

const LONG = 'Will the Federal Reserve cut its target rate at the December meeting of this year, by 25bp?';
const lineWith = (f: string, text: string) => f.split('\n').find((l) => l.includes(text)) ?? '';

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

  it('160 columns: a long title is whole in a notice; the form’s refusal cuts it only as its line needs', async () => {
    h = renderApp({ columns: 160, rows: 30, markets: [makeMarket(1, { title: LONG }), makeMarket(2)] });
    await waitForFrame(h.term, 'Will the Federal');
    await press(h.term, ['a', '7', '0', KEYS.enter]);
    let f = await waitForFrame(h.term, 'Alert set on');
    expect(lineWith(f, 'Alert set on')).toContain(`» Alert set on “${LONG}” (A shows the alerts)`);
    await press(h.term, 'a');
    h.store.getState().marketLoaded(makeMarket(1, { title: LONG, status: 'resolved', resolvedOutcome: 'Yes' }), 1);
    f = await press(h.term, KEYS.enter, () => h!.term.lastFrame().includes('is resolved'));
    // the refusal's title gives up only the cells the line lacks (the old cut kept 48 characters)
    const refusal = lineWith(f, 'is resolved');
    expect(refusal).toContain('“Will the Federal Reserve cut its target rate at the December meeting of this year');
    expect(refusal).toContain('” is resolved (Yes): nothing on it changes any more, so no alert is set');
    expect(displayWidth(refusal)).toBeLessThanOrEqual(160);
  });

  it('60 columns: the title is cut to the line, never wider than it', async () => {
    h = renderApp({ columns: 60, rows: 30, markets: [makeMarket(1, { title: LONG }), makeMarket(2)] });
    await waitForFrame(h.term, 'Will the Federal');
    await press(h.term, ['a', '7', '0', KEYS.enter]);
    const f = await waitForFrame(h.term, 'Alert set on');
    // too long for the line at any cut: each title gets the short cut, and the notice wraps
    expect(f.replace(/\n +/g, ' ')).toContain(`» Alert set on “${LONG.slice(0, 47)}…” (A shows the alerts)`);
    for (const l of f.split('\n')) expect(displayWidth(l)).toBeLessThanOrEqual(60);
  });
});
