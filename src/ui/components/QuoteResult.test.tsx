import { Box } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Quote } from '../../api/types.js';
import type { QuoteEntry, QuoteForm } from '../../store/types.js';
import { makeMarket } from '../../../test/support/fixtures.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { Line } from './Line.js';
import { QuoteFormPane, type QuoteFormProps } from './QuoteForm.js';
import { quoteResultLines } from './QuoteResult.js';

afterEach(() => cleanup());

const form: QuoteForm = { outcome: 'Yes', amount: '25', action: 'buy' };
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
const ok: QuoteEntry = { form, status: 'ok', result: quote, answeredForm: form };

/** The result lines as drawn, via ink-testing-library. */
async function drawn(entry: QuoteEntry | undefined, f: QuoteForm = form, focused = true): Promise<string> {
  const lines = quoteResultLines(entry, f, focused);
  const t = render(
    <Box flexDirection="column">
      {lines.map((segs, i) => (
        <Line key={i} width={90} segs={segs} />
      ))}
    </Box>,
  );
  return waitForFrame(t, (x) => x.trim() !== '');
}

describe('quote result', () => {
  it('shows shares, average, total, price move, impact in signed cents and fee', async () => {
    const f = await drawn(ok);
    expect(f).toContain('39.06 shares @ avg 64.0¢ · total $25.25');
    expect(f).toContain('price 63.5¢ → 64.4¢ · impact +0.9¢ · fee $0.25');
  });

  it('a sale moves the price down: the impact is negative', async () => {
    const sell: QuoteForm = { ...form, action: 'sell' };
    const f = await drawn(
      { form: sell, status: 'ok', answeredForm: sell, result: { ...quote, priceAfter: 0.631, priceImpact: -0.004 } },
      sell,
    );
    expect(f).toContain('impact −0.4¢');
  });

  it('the prices before and after differ by the impact shown: a small move at the precision that says it', async () => {
    // 1.4499…¢ to 1.5¢: at one decimal 1.4¢ → 1.5¢ beside an impact of +0.05¢ would not add up
    const small = { ...quote, priceBefore: 0.014499999, priceAfter: 0.015, priceImpact: 0.000500001 };
    const f = await drawn({ ...ok, result: small });
    expect(f).toContain('price 1.45¢ → 1.50¢ · impact +0.05¢');
  });

  it('a sale from a midpoint: the mid as the book gives it, the impact −0.15¢ (not −0.2¢)', async () => {
    const sell: QuoteForm = { ...form, action: 'sell' };
    const sale = {
      ...quote,
      basis: 'book',
      priceBefore: 0.014499999999999999,
      priceAfter: 0.013,
      priceImpact: -0.0015,
    };
    const f = await drawn({ form: sell, status: 'ok', answeredForm: sell, result: sale as Quote }, sell);
    // it read 'mid 1.5¢ → 1.3¢ · impact −0.2¢' beside the book pane's 'mid 1.4¢'
    expect(f).toContain('mid 1.45¢ → 1.30¢ · impact −0.15¢');
  });

  it('an amount under a cent: every figure above zero says so, never $0.00 or 0.00 shares', async () => {
    // 0.001 at Kalshi's recorded 40¢ ask: 0.0025 contracts; a fee and a total under half a cent, a tiny move
    const tiny: Quote = {
      ...quote,
      shares: 0.0025,
      averagePrice: 0.4,
      priceBefore: 0.4,
      priceAfter: 0.4000001,
      priceImpact: 0.0000001,
      fee: 0.00005,
      total: 0.00105,
    };
    const f = await drawn({ ...ok, result: tiny });
    // it read '0.00 shares @ avg 40.0¢ · total $0.00' and '… · fee $0.00'
    expect(f).toContain('< 0.01 shares @ avg 40.0¢ · total < $0.01');
    expect(f).toContain('price 40.000¢ → 40.000¢ · impact +<0.001¢ · fee < $0.01');
    // in the venue's money: USDC, mana
    const text = (result: Quote, c: 'USD' | 'USDC' | 'mana' = 'USD') =>
      quoteResultLines({ ...ok, result }, form, true, false, c)
        .flat()
        .map((s) => s.text)
        .join('');
    expect(text(tiny, 'USDC')).toContain('total < 0.01 USDC');
    expect(text(tiny, 'mana')).toContain('fee < M$0.01');
    // a figure that is zero stays 0.00, one of half a cent or more rounds as ever
    const round = text({ ...tiny, fee: 0, total: 0.005 });
    expect(round).toContain('total $0.01');
    expect(round).toContain('fee $0.00');
    // a book too thin: what fills, under a cent, says so too
    expect(text({ ...tiny, basis: 'book', filled: 0.0004 } as Quote)).toContain('fills only < $0.01 · ');
  });

  it('a quote that fills nothing says why (an empty book or side, a pool at its limit), not figures of 0', async () => {
    const none = { ...quote, shares: 0, averagePrice: undefined, fee: 0, total: 0, filled: 0, worstPrice: undefined };
    const empty = { ...none, basis: 'book', priceBefore: undefined, priceAfter: undefined, priceImpact: undefined };
    const f = await drawn({ ...ok, result: empty as Quote });
    expect(f).toContain('Nothing fills: the book is empty, no orders on either side.');
    expect(f).not.toMatch(/fills only|0\.00 shares|—/);
    const sell: QuoteForm = { ...form, action: 'sell' };
    const noBids = { ...none, basis: 'book', action: 'sell', priceBefore: 0.015, priceAfter: 0.015, priceImpact: 0 };
    const s = await drawn({ form: sell, status: 'ok', answeredForm: sell, result: noBids as Quote }, sell);
    expect(s).toContain('Nothing fills: the book has no orders to sell to.');
    const pool = await drawn({ ...ok, result: { ...none, basis: 'pool' } as Quote });
    expect(pool).toContain("Nothing fills: the pool's price is at its limit.");
    // a Manifold sale that would drain the pool: refused whole, as Manifold does (it filled down to 0.0¢)
    const drain = { ...none, basis: 'pool', action: 'sell' } as Quote;
    const d = await drawn({ form: sell, status: 'ok', answeredForm: sell, result: drain }, sell);
    expect(d).toContain('Nothing fills: a sale this large would drain the pool: Manifold refuses it whole.');
  });

  it('marks a result for an older form as updating, and a waiting form as waiting', async () => {
    expect(await drawn(ok, { ...form, amount: '250' })).toContain('updating… 39.06 shares');
    expect(await drawn({ form, status: 'waiting' })).toContain('… waiting for a quote');
    // a try that failed for a passing reason says why it is still waiting
    const retry = {
      kind: 'server',
      code: 'HTTP_503',
      status: 503,
      message: 'The service is unavailable right now (503).',
      at: 0,
    } as const;
    expect(await drawn({ form, status: 'waiting', retryError: retry })).toContain(
      '… waiting for a quote · retrying after HTTP 503',
    ); // the server's message follows when there is room
  });

  it.each([
    ['closed', 409, 'CLOSED Market closed (409)'],
    ['resolved', 410, 'RESOLVED Market resolved (410)'],
    ['settling', 423, 'SETTLING Market settling (423)'],
  ] as const)('%s (%i) → badge and plain words', async (kind, status, text) => {
    const f = await drawn({
      form,
      status: 'error',
      answeredForm: form,
      error: { kind, status, code: kind, message: 'x', at: 0 },
    });
    expect(f).toContain(text);
  });

  it('shows a validation message and other errors sanitized, never NaN or undefined', async () => {
    expect(
      await drawn({ form: { ...form, amount: 'abc' }, status: 'invalid', validation: 'Amount must be a number' }),
    ).toContain('✗ Amount must be a number');
    const f = await drawn({
      form,
      status: 'error',
      error: { kind: 'server', code: 'INTERNAL', message: 'bad\x1b]52;c;QUFB\x07 day', at: 0 },
    });
    expect(f).toContain('✗ bad day');
    const odd = await drawn({ ...ok, result: { raw: {} } as Quote });
    expect(odd).toContain('— shares');
    expect(odd).not.toMatch(/NaN|undefined/);
  });
});

describe('folded quote form (one line)', () => {
  const base: QuoteFormProps = {
    market: makeMarket(1),
    entry: undefined,
    tradeState: undefined,
    focused: false,
    field: 'amount',
    amountCursor: 0,
    width: 80,
    height: 1,
    collapsed: true,
  };

  it('says how to open the form while it is empty', async () => {
    const f = await waitForFrame(render(<QuoteFormPane {...base} />), 'Quote');
    expect(f).toBe('◇ Quote  Press ⏎ twice to open the quote form.');
  });

  it('summarises outcome · amount · action and the last result in one line', async () => {
    const f = await waitForFrame(render(<QuoteFormPane {...base} entry={ok} />), 'Quote');
    expect(f).toBe('◇ Quote  Yes · 25 · buy  39.06 shares @ avg 64.0¢ · total $25.25');
  });

  it('shows the 409/410/423 badge beside the title', async () => {
    const entry: QuoteEntry = {
      form,
      status: 'error',
      answeredForm: form,
      error: { kind: 'resolved', status: 410, code: 'MARKET_RESOLVED', message: 'x', at: 0 },
    };
    const f = await waitForFrame(render(<QuoteFormPane {...base} entry={entry} tradeState="resolved" />), 'Quote');
    expect(f).toBe('◇ Quote RESOLVED  Yes · 25 · buy  no quotes (410)');
    expect(f.split('\n')).toHaveLength(1);
  });

  it('a quote held for a rate-budget slot says so (was `… waiting for a quote` alone), its venue', async () => {
    const waiting: QuoteEntry = { form, status: 'waiting' };
    const open = { ...base, entry: waiting, collapsed: false, height: 6, width: 100, focused: true };
    const one = await waitForFrame(render(<QuoteFormPane {...open} budgetWait="" />), 'waiting');
    expect(one).toContain('… waiting for a quote · waiting for the rate budget');
    const venue = await waitForFrame(render(<QuoteFormPane {...open} budgetWait="Polymarket" />), 'waiting');
    expect(venue).toContain("… waiting for a quote · waiting for Polymarket's rate budget");
    const none = await waitForFrame(render(<QuoteFormPane {...open} />), 'waiting');
    expect(none).not.toContain('rate budget');
  });
});
