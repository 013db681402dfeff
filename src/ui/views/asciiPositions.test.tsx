/**
 * Positions with a paper trade in it, at 80×24 in ASCII (docs/views.md § Terminals without UTF-8): its rows, totals
 * and P&L in ASCII, no line wider than the terminal. The trade's own notice is the store's text (still Unicode: the
 * views.md "Not yet"), so the frame is read once that notice has gone.
 */
import stringWidth from 'string-width';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { m1YesAt, onQuoteForm, PREVIEW_25_AT_40, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';
import { setGlyphs } from '../glyphs.js';

let h: Harness | undefined;
beforeEach(() => setGlyphs('ascii'));
afterEach(() => {
  h?.term.unmount();
  h = undefined;
  setGlyphs('unicode');
});

const offending = (frame: string) => frame.split('\n').filter((l) => stringWidth(l) > 80 || /[^\x00-\x7f]/.test(l));

describe('Positions in ASCII at 80x24', () => {
  it('a paper position, its value and a loss: no line wider than the terminal, nothing outside ASCII', async () => {
    h = await onQuoteForm({ columns: 80, rows: 24 });
    await press(h.term, ['1', '0']);
    const form = { outcome: 'Yes', amount: '10', action: 'buy' as const };
    h.store.getState().quoteLoaded('m1', form, PREVIEW_25_AT_40, h.clock.now());
    await press(h.term, 'p', () => h!.term.lastFrame().includes('Kept as a paper trade'));
    await press(h.term, KEYS.esc);
    await press(h.term, KEYS.esc);
    await press(h.term, '6', () => h!.term.lastFrame().includes('* Positions'));
    // at 30c: value 7.50, P&L 7.50 - 10.42 = -2.92 (a minus sign of its own in Unicode)
    h.store.getState().listLoaded([m1YesAt(0.3)], h.clock.now());
    h.clock.advance(60_000);
    const f = await waitForFrame(h.term, '-$2.92');
    expect(f).toContain('$7.50');
    expect(offending(f)).toEqual([]);
  });
});
