import { afterEach, describe, expect, it } from 'vitest';
import { m1YesAt, onQuoteForm, PREVIEW_25_AT_40, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';
import stringWidth from 'string-width';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const quote = PREVIEW_25_AT_40;
const yesAt = m1YesAt;

async function keptFromPreview(columns = 120, rows = 30): Promise<Harness> {
  h = await onQuoteForm({ columns, rows });
  await press(h.term, ['1', '0']);
  const form = { outcome: 'Yes', amount: '10', action: 'buy' as const };
  h.store.getState().quoteLoaded('m1', form, quote, h.clock.now());
  await press(h.term, 'p', () => h!.term.lastFrame().includes('Kept as a paper trade'));
  return h;
}

describe('Positions view', () => {
  it('p in the form keeps the preview; the view shows value and P&L, and it moves with the price', async () => {
    const { term, store } = await keptFromPreview(200, 60);
    expect(store.getState().paper.positions[0]!.trades).toEqual([
      {
        id: expect.any(String),
        at: expect.any(Number),
        action: 'buy',
        shares: 25,
        avgPrice: 0.4,
        fee: 0.42,
        total: 10.42,
      },
    ]);
    // the money in the venue's currency (it said "fee 0.42, cost 10.42": dollars, USDC or mana?)
    expect(term.lastFrame()).toContain('Kept as a paper trade: buy 25.00 “Yes” at 40.0¢, fee $0.42, cost $10.42');
    await press(term, KEYS.esc);
    await press(term, KEYS.esc);
    await press(term, '6', () => term.lastFrame().includes('◆ Positions'));
    store.getState().listLoaded([yesAt(0.55)], 1);
    // value 25 × 0.55 = 13.75; P&L 13.75 − 10.42 = +3.33; 3.33 / 10.42 = +32.0 %
    let f = await waitForFrame(term, '$13.75');
    expect(f).toContain('+$3.33');
    expect(f).toContain('+32.0%');
    expect(f).toMatch(/USD value \$13\.75 · P&L \+\$3\.33/);
    store.getState().listLoaded([yesAt(0.3)], 2);
    // at 30¢: 7.50, −2.92
    f = await waitForFrame(term, '−$2.92');
    expect(f).toContain('$7.50');
  });

  it('settled when the market resolves: the winner pays 1 a share; the file-backed book is stamped', async () => {
    const { term, store } = await keptFromPreview();
    await press(term, KEYS.esc);
    await press(term, KEYS.esc);
    await press(term, '6', () => term.lastFrame().includes('◆ Positions'));
    store.getState().listLoaded([yesAt(1, { status: 'resolved', resolvedOutcome: 'Yes' })], 3);
    // paid 25 × 1 = 25.00; P&L 25 − 10.42 = +14.58
    const f = await waitForFrame(term, '+$14.58');
    expect(f).toContain('paid');
    expect(store.getState().paper.positions[0]!.settled).toEqual({ at: 3, paid: 25 });
  });

  it('a closed market awaiting settlement says so; nothing kept says how to keep one; fits 80×24', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    await press(h.term, '6', () => h!.term.lastFrame().includes('◆ Positions'));
    await waitForFrame(h.term, 'p in the quote form keeps a paper trade');
    h.term.unmount();
    const k = await keptFromPreview(80, 24);
    await press(k.term, KEYS.esc);
    await press(k.term, KEYS.esc);
    await press(k.term, '6', () => k.term.lastFrame().includes('◆ Positions'));
    k.store.getState().listLoaded([yesAt(0.9, { status: 'closed' })], 4);
    const f = await waitForFrame(k.term, 'awaiting');
    // 25 at the last price 90¢ = 22.50, not settled yet
    for (const line of f.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    expect(f.split('\n').length).toBeLessThanOrEqual(24);
  });

  it('sold out: the row stays, says sold, its P&L what the sales realized; the totals say realized', async () => {
    const { term, store, clock } = await keptFromPreview(160, 30);
    // sell all 25 for 12.00: realized 12.00 − 10.42 = +1.58 (the row and its P&L were gone)
    const sell = { outcome: 'Yes', amount: '25', action: 'sell' as const };
    const sale = { action: 'sell' as const, outcome: 'Yes', shares: 25, total: 12, raw: {} };
    store.getState().quoteLoaded('m1', sell, sale, clock.now());
    await press(term, 'p', () => term.lastFrame().includes('got $12.00'));
    await press(term, KEYS.esc);
    await press(term, KEYS.esc);
    await press(term, '6', () => term.lastFrame().includes('◆ Positions'));
    const f = await waitForFrame(term, 'realized +$1.58');
    expect(f).toMatch(/USD value \$0\.00 · P&L \$0\.00 · realized \+\$1\.58/);
    expect(f).toMatch(/paper +Yes +0\.00 .*\$0\.00 +\+\$1\.58 .*sold/);
    // nothing held: no P&L to alert on, said rather than a rule that ends at once
    await press(term, 'a', () => term.lastFrame().includes('Nothing held on this row (sold)'));
    expect(store.getState().alerts.rules).toEqual([]);
  });

  it('a position whose market went stale reads STALE in its badge, as in Markets, its figures in place', async () => {
    const { term, store, clock } = await keptFromPreview(80, 24);
    await press(term, KEYS.esc);
    await press(term, KEYS.esc);
    await press(term, '6', () => term.lastFrame().includes('◆ Positions'));
    store.getState().listLoaded([yesAt(0.55)], clock.now());
    const rowOf = (f: string) => f.split('\n').find((l) => l.includes('Market number 1')) ?? '';
    const fresh = rowOf(await waitForFrame(term, '$13.75'));
    expect(fresh).toMatch(/^(▸| ) ACTIVE /);
    // no answer for 5 minutes: far past three refresh periods (the venue stopped answering)
    clock.advance(5 * 60_000);
    const f = await waitForFrame(term, (x) => /^(▸| ) STALE .*Market number 1/.test(rowOf(x)));
    for (const l of f.split('\n')) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    expect(rowOf(f).replace('STALE ', 'ACTIVE')).toBe(fresh);
  });

  it('100×30: with every position open the state column is not drawn, its cells go to the title', async () => {
    const { term, store } = await keptFromPreview(100, 30);
    await press(term, KEYS.esc);
    await press(term, KEYS.esc);
    await press(term, '6', () => term.lastFrame().includes('◆ Positions'));
    // it read "Market n… paper" with nine empty cells at the row's end, kept for a state word no row had
    await waitForFrame(term, (fr) => /▸ .*Market number 1 +paper/.test(fr));
    store.getState().listLoaded([yesAt(0.9, { status: 'closed' })], 4);
    const f = await waitForFrame(term, 'awaiting');
    expect(f).toMatch(/Market …\s+paper\s.*awaiting/);
  });

  it('a preview not answered yet cannot be kept: the form says why', async () => {
    h = await onQuoteForm({ columns: 120, rows: 30 });
    await press(h.term, 'p', () => h!.term.lastFrame().includes('No preview to keep'));
    expect(h.store.getState().paper.positions).toEqual([]);
  });

  it('80 columns, none held: the empty line keeps "README § Positions" whole (it broke after the §)', async () => {
    h = renderApp({ columns: 80, rows: 30 });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, '6', () => h!.term.lastFrame().includes('No positions'));
    expect(f).toMatch(/README § Positions/);
  });
});
