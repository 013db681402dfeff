import { afterEach, describe, expect, it } from 'vitest';
import type { Quote } from '../../api/types.js';
import type { ErrorInfo, QuoteForm } from '../../store/types.js';
import { makeMarket, onQuoteForm, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

/** Render at 80 columns (stacked: one pane per line) and open the quote form of the first market. */
async function openForm(mode: 'key' | 'polymarket' = 'key'): Promise<Harness> {
  h = await onQuoteForm({ columns: 80, rows: 30, mode });
  return h;
}

const quote: Quote = {
  shares: 39.0625,
  averagePrice: 0.64,
  priceBefore: 0.635,
  priceAfter: 0.6442,
  priceImpact: 0.0092,
  fee: 0.25,
  total: 25.25,
  raw: {},
};
const form = (amount: string, outcome = 'Yes'): QuoteForm => ({ outcome, amount, action: 'buy' });
const rowOf = (frame: string) => frame.split('\n').find((l) => l.startsWith('▸ ')) ?? '';

describe('quote form', () => {
  it('asks sync for a quote with the form as typed (q types, it does not quit)', async () => {
    const { term, sync, quits, store } = await openForm();
    await press(term, ['2', '5']);
    expect(sync.quotes.at(-1)).toEqual({ marketId: 'm1', form: form('25') });
    expect(store.getState().selectedId).toBe('m1');
    await press(term, 'q');
    expect(quits).toEqual([]);
    await waitForFrame(term, 'Amount must be a number');
  });

  it('a message too long for the pane goes on in the second line, never cut where it names the fix', async () => {
    // side by side at 100 columns the pane is 41 wide: it read "✗ Amount is too large (max 1,000,000,…"
    h = renderApp({ columns: 100, rows: 30 });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, [KEYS.enter, KEYS.enter]);
    await press(h.term, KEYS.paste('1e99'), () => h!.term.lastFrame().includes('1e99'));
    const f = await waitForFrame(h.term, '1000000000)');
    expect(f).toMatch(/│ {3}✗ Amount is too large\b/);
    expect(f).not.toContain('…)');
  });

  it.each([
    ['empty', '', 'Enter an amount'],
    ['zero', '0', 'Amount must be greater than 0'],
    ['negative', '-5', 'Amount must be greater than 0'],
    ['not a number', '12abc', 'Amount must be a number'],
    ['absurdly large', '1e99', 'Amount is too large'],
  ])('%s amount → inline message and no request', async (_kind, pasted, message) => {
    const { term, sync } = await openForm();
    await press(term, '7');
    expect(sync.quotes).toHaveLength(1);
    await press(term, KEYS.ctrlU);
    if (pasted) await press(term, KEYS.paste(pasted), () => term.lastFrame().includes(pasted));
    await waitForFrame(term, `✗ ${message}`);
    expect(sync.quotes).toHaveLength(1);
    expect(sync.quotes.map((q) => q.form.amount)).toEqual(['7']);
  });

  it('cycles the outcome with ←/→ and toggles buy/sell, asking again each time', async () => {
    const { term, sync } = await openForm();
    await press(term, ['1', '0']);
    await press(term, KEYS.up); // amount → outcome
    await press(term, KEYS.right);
    expect(sync.quotes.at(-1)?.form).toEqual({ outcome: 'No', amount: '10', action: 'buy' });
    await press(term, KEYS.down);
    await press(term, KEYS.down); // → action
    await press(term, ' ');
    expect(sync.quotes.at(-1)?.form).toEqual({ outcome: 'No', amount: '10', action: 'sell' });
    await waitForFrame(term, '‹ sell ›');
  });

  it('shows waiting, then the result, then "updating…" when the answer is for an older form', async () => {
    const { term, store, clock } = await openForm();
    await press(term, ['2', '5']);
    store.getState().quoteRequested('m1', form('25'), clock.now());
    await waitForFrame(term, 'waiting for a quote');
    store.getState().quoteLoaded('m1', form('25'), quote, clock.now());
    const f = await waitForFrame(term, '39.06 shares');
    expect(f).toContain('@ avg 64.0¢');
    // the money in the venue's currency, as the paper trade notice and the Positions view say it (it said "total
    // 25.25"); the interface's counted as USD, as its paper trades are
    expect(f).toContain('total $25.25');
    expect(f).toContain('price 63.5¢ → 64.4¢');
    expect(f).toContain('impact +0.9¢');
    expect(f).toContain('fee $0.25');
    await press(term, '0'); // form is now 250; the result answers 25
    await waitForFrame(term, 'updating… 39.06 shares');
  });

  it('on Polymarket the money is USDC, and a sale’s impact has the minus sign', async () => {
    const { term, store, clock } = await openForm('polymarket');
    await press(term, ['2', '5']);
    const sale = { ...quote, action: 'sell' as const, priceAfter: 0.6346, priceImpact: -0.0004 };
    store.getState().quoteLoaded('m1', form('25'), sale, clock.now());
    const f = await waitForFrame(term, '39.06 shares');
    expect(f).toContain('total 25.25 USDC');
    expect(f).toContain('fee 0.25 USDC');
    // it was "impact -0.04¢", an ASCII hyphen where every other signed figure has "−"
    expect(f).toContain('impact −0.04¢');
  });

  it.each([
    ['closed', 409, 'CLOSED'],
    ['resolved', 410, 'RESOLVED'],
    ['settling', 423, 'SETTLING'],
  ] as const)('%s (%i) → %s badge on the form and on the row', async (kind, status, badge) => {
    const { term, store, clock } = await openForm();
    await press(term, ['5']);
    const e: ErrorInfo = { kind, status, code: badge, message: 'no', at: clock.now() };
    store.getState().quoteFailed('m1', form('5'), e);
    const f = await waitForFrame(term, `(${status})`);
    expect(f).toMatch(new RegExp(`◆ Quote ${badge}`));
    expect(rowOf(f)).toContain(badge);
    expect(rowOf(f)).not.toContain('ACTIVE');
  });

  it('a market name too long beside the badge gives way with …, it does not vanish (60 columns)', async () => {
    // Manifold's "Trump Nobel" market in a 60-column pane: the title read '◆ Quote RESOLVED' and nothing else
    const title = 'Will Donald Trump win the Nobel Peace Prize before the end of 2026?';
    h = renderApp({ columns: 60, rows: 30, markets: [makeMarket(1, { title })] });
    const { term, store, clock } = h;
    await waitForFrame(term, 'Will Donald Trump');
    await press(term, [KEYS.enter, KEYS.enter]);
    await waitForFrame(term, 'Type an amount to get a quote.');
    await press(term, ['5']);
    const e: ErrorInfo = { kind: 'resolved', status: 410, code: 'RESOLVED', message: 'no', at: clock.now() };
    store.getState().quoteFailed('m1', form('5'), e);
    const f = await waitForFrame(term, '(410)');
    const line = f.split('\n').find((l) => l.includes('◆ Quote')) ?? '';
    expect(line).toMatch(/^◆ Quote RESOLVED Will Donald Trump win the Nobel .*…$/);
    expect(line.length).toBeLessThanOrEqual(60);
  });

  it('⏎ on a form whose answer is current sends nothing and says so', async () => {
    const { term, store, clock, sync } = await openForm();
    // the form as the app has it after its quote went out and was answered
    store.getState().setQuoteForm('m1', form('25'));
    store.getState().quoteLoaded('m1', form('25'), quote, clock.now());
    await waitForFrame(term, '39.06 shares');
    const before = sync.quotes.length;
    await press(term, KEYS.enter);
    await waitForFrame(term, 'The quote shown is current.');
    expect(sync.quotes).toHaveLength(before);
    expect(sync.submits.at(-1)).toEqual({ marketId: 'm1', result: 'current' });
  });

  it('shows other quote errors as a sanitized message', async () => {
    const { term, store, clock } = await openForm();
    await press(term, ['5']);
    store.getState().quoteFailed('m1', form('5'), {
      kind: 'server',
      status: 500,
      code: 'INTERNAL',
      message: 'oops\x1b[2J\x1b]52;c;AAAA\x07 try later',
      at: clock.now(),
    });
    const f = await waitForFrame(term, '✗ oops');
    expect(f).toContain('try later');
    expect(f).not.toContain('\x1b]');
  });
});
