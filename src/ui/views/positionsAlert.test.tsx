/**
 * `a` on the Positions view (issue #28): the alert form on the row's position — its P&L in the position's currency,
 * paper or real — set through the form, then firing into the notice line and the alert log as the price moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { m1YesAt, onQuoteForm, PREVIEW_25_AT_40, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';
import stringWidth from 'string-width';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const quote = PREVIEW_25_AT_40;
const yesAt = m1YesAt;

/** The alert form's lines. */
function form(f: string): string {
  const lines = f.split('\n');
  const i = lines.findIndex((l) => l.startsWith('◆ Alert'));
  return i < 0 ? '' : lines.slice(i, i + 6).join('\n');
}

/** A paper position kept from the preview, the Positions view shown at 50¢: 25 × 0.50 = 12.50 − 10.42 = +2.08. */
async function kept(columns = 160, rows = 40): Promise<Harness> {
  h = await onQuoteForm({ columns, rows });
  const { term, store, clock } = h;
  await press(term, ['1', '0']);
  store.getState().quoteLoaded('m1', { outcome: 'Yes', amount: '10', action: 'buy' }, quote, clock.now());
  await press(term, 'p', () => term.lastFrame().includes('Kept as a paper trade'));
  await press(term, [KEYS.esc, KEYS.esc]);
  await press(term, '6', () => term.lastFrame().includes('◆ Positions'));
  store.getState().listLoaded([yesAt(0.5)], clock.now());
  await waitForFrame(term, '+$2.08');
  return h;
}

describe('a P&L alert from the Positions view', () => {
  it('a on a paper position: P&L above $3 USD set in the form, fires once as the price moves; A logs it', async () => {
    const { term, store, clock } = await kept();
    let f = await press(term, 'a');
    expect(form(f)).toMatch(/Alert on +‹? ?P&L at or above/);
    expect(form(f)).toMatch(/Position +Yes · paper · USD/);
    expect(form(f)).toMatch(/▸ P&L USD/);
    expect(form(f)).toContain('money in USD, not %');
    // ←/→ on the kind: below, a move (with its window), and back
    f = await press(term, [KEYS.up, KEYS.up, KEYS.right]);
    expect(form(f)).toContain('‹ P&L at or below ›');
    f = await press(term, KEYS.right);
    expect(form(f)).toContain('Within min');
    f = await press(term, [KEYS.left, KEYS.left, KEYS.down, KEYS.down, '3', KEYS.enter]);
    expect(f).toContain('Alert set on');
    expect(store.getState().alerts.rules).toMatchObject([
      { marketId: 'm1', kind: 'pnlAbove', outcome: 'Yes', amount: 3, currency: 'USD', paper: true },
    ]);

    clock.advance(5_000); // the "Alert set" flash is over
    store.getState().listLoaded([yesAt(0.55)], clock.now()); // 13.75 − 10.42 = +3.33
    const text = 'The interface “Market number 1” Yes (paper) P&L +$3.33 USD (above +$3.00 USD)';
    await waitForFrame(term, text);
    store.getState().listLoaded([yesAt(0.56)], clock.now() + 1); // still above: no second entry
    f = await press(term, 'A');
    expect(f).toContain('Alerts set · 1');
    expect(f).toContain('Yes (paper) P&L at or above +$3.00 USD');
    expect(f).toContain('Alert log · 1, newest first');
    expect(f).toContain(text);
  });

  it('a minus typed first makes a level below zero: P&L at or below −$2 fires when the price falls', async () => {
    const { term, store, clock } = await kept();
    await press(term, 'a');
    await press(term, [KEYS.up, KEYS.up, KEYS.right]); // P&L at or below
    let f = await press(term, [KEYS.down, KEYS.down, '-', '2']);
    expect(form(f)).toMatch(/P&L USD +-2/);
    await press(term, KEYS.enter);
    expect(store.getState().alerts.rules).toMatchObject([{ kind: 'pnlBelow', amount: -2, currency: 'USD' }]);
    clock.advance(5_000);
    store.getState().listLoaded([yesAt(0.33)], clock.now()); // 25 × 0.33 = 8.25 − 10.42 = −2.17
    f = await waitForFrame(term, 'P&L −$2.17 USD (below −$2.00 USD)');
    expect(f).toContain('(paper)');
  });

  it('a on a position whose market closed: refused with why (its P&L moves only at the result), no form', async () => {
    const { term, store, clock } = await kept();
    store.getState().listLoaded([yesAt(0.5, { status: 'closed' })], clock.now());
    await waitForFrame(term, 'CLOSED');
    const f = await press(term, 'a');
    expect(f).toContain('“Market number 1” is closed: its P&L moves only at the result; w watches it for that');
    expect(form(f)).toBe('');
    expect(store.getState().alerts.rules).toEqual([]);
  });

  it('80×24: the form and the log fit', async () => {
    const { term, store, clock } = await kept(80, 24);
    const fits = (f: string) => {
      const lines = f.split('\n');
      expect(lines.length).toBeLessThanOrEqual(24);
      for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    };
    let f = await press(term, 'a');
    expect(f).toContain('◆ Alert');
    fits(f);
    await press(term, ['2', KEYS.enter]);
    clock.advance(5_000);
    store.getState().listLoaded([yesAt(0.6)], clock.now()); // 15.00 − 10.42 = +4.58
    await waitForFrame(term, '+$4.58');
    f = await press(term, 'A');
    expect(f).toContain('Alert log · 1');
    fits(f);
  });
});
