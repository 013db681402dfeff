/**
 * The alert form's number fields take digits and one decimal point (and a minus in a P&L level); a character they do
 * not take is said in the form, not dropped silently — a minus above all, which a person types for a gap below zero.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

describe('the alert form’s number fields', () => {
  it('a minus or a letter is refused with what the field takes, and the next good key clears it', async () => {
    h = renderApp({ columns: 120, rows: 30 });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, 'a', () => h!.term.lastFrame().includes('◆ Alert'));
    // on the kind field: a minus would start the price, which takes no sign
    const f = await press(h.term, '-', () => h!.term.lastFrame().includes('takes no sign'));
    expect(f).toContain('the price takes no sign: cents from 0 to 100');
    await press(h.term, '7', () => !h!.term.lastFrame().includes('takes no sign'));
    await press(h.term, 'x', () => h!.term.lastFrame().includes('digits and one decimal point only'));
    await press(h.term, '0', () => !h!.term.lastFrame().includes('digits and one decimal point only'));
    await press(h.term, KEYS.enter, () => h!.term.lastFrame().includes('Alert set on'));
    expect(h.store.getState().alerts.rules.at(-1)).toMatchObject({ kind: 'above', cents: 70 });
  });
});
