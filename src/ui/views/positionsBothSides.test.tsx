/**
 * Both sides of one market held (paper trades kept on Yes and on No): the Positions view draws each position, a line
 * each under the market's one row — it drew the first position's figures with `Yes +1`, the second seen only in the
 * totals.
 */
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { m1YesAt, onQuoteForm, PREVIEW_25_AT_40, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

// No: 10 shares for 6.10 (61¢ with the fee)
const NO_10 = {
  action: 'buy' as const,
  outcome: 'No',
  amount: 6,
  shares: 10,
  averagePrice: 0.6,
  fee: 0.1,
  total: 6.1,
  raw: {},
};

async function bothSides(columns: number, rows: number): Promise<Harness> {
  h = await onQuoteForm({ columns, rows });
  const { term, store, clock } = h;
  store.getState().quoteLoaded('m1', { outcome: 'Yes', amount: '10', action: 'buy' }, PREVIEW_25_AT_40, clock.now());
  await press(term, 'p', () => term.lastFrame().includes('Kept as a paper trade: buy 25.00 “Yes”'));
  store.getState().quoteLoaded('m1', { outcome: 'No', amount: '6', action: 'buy' }, NO_10, clock.now());
  await press(term, 'p', () => term.lastFrame().includes('Kept as a paper trade: buy 10.00 “No”'));
  await press(term, KEYS.esc);
  await press(term, KEYS.esc);
  await press(term, '6', () => term.lastFrame().includes('◆ Positions'));
  store.getState().listLoaded([m1YesAt(0.55)], clock.now());
  return h;
}

describe('a market held on both sides', () => {
  it('each position is a line of its own, with its own figures; one cursor row for the market', async () => {
    const { term } = await bothSides(160, 30);
    // Yes 25 × 0.55 = 13.75, P&L +3.33; No 10 × 0.45 = 4.50, P&L −1.60
    const f = await waitForFrame(term, '−$1.60');
    const lines = f.split('\n');
    const yes = lines.findIndex((l) => /Market number 1 .*paper +Yes +25\.00 .*\$13\.75 +\+\$3\.33/.test(l));
    expect(yes).toBeGreaterThanOrEqual(0);
    expect(lines[yes + 1]).toMatch(/^ +↳ same market +paper +No +10\.00 .*\$4\.50 +−\$1\.60/);
    expect(f).not.toContain('Yes +1');
    expect(f).toMatch(/USD value \$18\.25 · P&L \+\$1\.73/);
  });

  it('80×24: both lines fit the pane, no line wider than the terminal', async () => {
    const { term } = await bothSides(80, 24);
    const f = await waitForFrame(term, '−$1.60');
    expect(f).toContain('+$3.33');
    for (const l of f.split('\n')) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    expect(f.split('\n').length).toBeLessThanOrEqual(24);
  });
});
