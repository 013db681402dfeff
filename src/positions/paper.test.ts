import { describe, expect, it } from 'vitest';
import type { Market, Quote } from '../api/types.js';
import { PREVIEW_25_AT_40 } from '../../test/support/fixtures.js';
import {
  EMPTY_PAPER,
  holding,
  keepPaper,
  paperPosition,
  paperPositionsOf,
  paperRow,
  settlePaper,
  type PaperBook,
} from './paper.js';
import { previewFromBook } from '../sources/book.js';
import { kalshiTakerFee } from '../sources/kalshi/orderbook.js';

const REF = { venue: 'kalshi' as const, id: 'KXMLBGAME-26JUL231840KCDET-KC' };
// the Kalshi preview pinned on a recorded book (test/support/fixtures.tsx)
const BUY = PREVIEW_25_AT_40;
const market = (status: Market['status'], yes?: number, extra: Partial<Market> = {}): Market => ({
  id: REF.id,
  title: 'Kansas City vs Detroit',
  status,
  outcomes: [
    { name: 'Yes', ...(yes !== undefined ? { price: yes } : {}) },
    { name: 'No', ...(yes !== undefined ? { price: 1 - yes } : {}) },
  ],
  raw: {},
  ...extra,
});
const keep = (book: PaperBook, quote: Quote, at = 1000) => {
  const r = keepPaper(book, { ref: REF, title: 'KC vs DET', outcome: 'Yes', currency: 'USD', quote, at });
  if ('problem' in r) throw new Error(r.problem);
  return r.book;
};

describe('paper positions', () => {
  it('a kept preview: shares, average price and fee exactly as previewed, marked to market', () => {
    const book = keep(EMPTY_PAPER, BUY);
    expect(book.positions[0]!.trades).toEqual([
      { id: expect.any(String), at: 1000, action: 'buy', shares: 25, avgPrice: 0.4, fee: 0.42, total: 10.42 },
    ]);
    // each kept trade has an id of its own (the merge of two dashboards' books tells same-millisecond trades apart)
    expect(keep(book, BUY, 1000).positions[0]!.trades[1]!.id).not.toBe(book.positions[0]!.trades[0]!.id);
    // cost 10.42 (fee included) → avg 10.42 / 25 = 0.4168; at 55¢: value 25 × 0.55 = 13.75; P&L 13.75 − 10.42 = 3.33;
    // P&L % = 3.33 / 10.42 × 100 = 31.958…
    const p = paperPosition(book.positions[0]!, market('active', 0.55))!;
    expect(p).toMatchObject({
      paper: true,
      shares: 25,
      cost: 10.42,
      avgPrice: 0.4168,
      value: 13.75,
      pnl: 3.33,
      state: 'open',
    });
    expect(p.pnlPct).toBeCloseTo(31.9578, 4);
    // and it moves with the price: at 30¢ value 7.50, P&L −2.92
    expect(paperPosition(book.positions[0]!, market('active', 0.3))).toMatchObject({ value: 7.5, pnl: -2.92 });
  });

  it('a trade made after a step back of the wall clock is stamped just after the latest of its position', () => {
    const book = keep(EMPTY_PAPER, BUY, 5_000_000);
    const sold = keep(book, { ...BUY, action: 'sell', total: 12 }, 5_000_000 - 59 * 60_000);
    expect(sold.positions[0]!.trades.map((t) => [t.action, t.at])).toEqual([
      ['buy', 5_000_000],
      ['sell', 5_000_001],
    ]);
    // another position, or a later time, takes the time as read
    expect(keep(sold, BUY, 6_000_000).positions[0]!.trades[2]!.at).toBe(6_000_000);
  });

  it('a sale through the book: average cost out, the rest realized', () => {
    // sell 10 of 25 for 5.20: cost out 10.42 × 10/25 = 4.168; realized 5.20 − 4.168 = 1.032; left 15 at cost 6.252
    const book = keep(
      keep(EMPTY_PAPER, BUY),
      { action: 'sell', outcome: 'Yes', shares: 10, averagePrice: 0.53, fee: 0.1, total: 5.2, raw: {} },
      2000,
    );
    expect(holding(book.positions[0]!.trades)).toEqual({
      shares: 15,
      cost: 6.252,
      realized: 1.032,
      fees: 0.52,
      oversold: 0,
    });
    const p = paperPosition(book.positions[0]!, market('active', 0.5))!;
    // value 15 × 0.5 = 7.50; P&L 7.50 − 6.252 = 1.248
    expect(p).toMatchObject({ shares: 15, value: 7.5, pnl: 1.248, realized: 1.032 });
  });

  it('selling more than is held, or nothing held, is refused with the reason', () => {
    const sell = (shares: number): Quote => ({ action: 'sell', outcome: 'Yes', shares, total: 1, raw: {} });
    expect(
      keepPaper(EMPTY_PAPER, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote: sell(1), at: 1 }),
    ).toEqual({
      problem: 'No paper shares of “Yes” to sell here.',
    });
    const book = keep(EMPTY_PAPER, BUY);
    expect(keepPaper(book, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote: sell(26), at: 1 })).toEqual({
      problem: 'You hold 25.00 paper shares of “Yes”: preview a sale of at most that.',
    });
    // a holding of many decimals is said as the quote pane says shares (it read "787.17297 paper shares")
    const odd = keep(book, {
      action: 'buy',
      outcome: 'Yes',
      shares: 762.17297,
      averagePrice: 0.06,
      total: 45,
      raw: {},
    });
    expect(keepPaper(odd, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote: sell(800), at: 1 })).toEqual({
      problem: 'You hold 787.17 paper shares of “Yes”: preview a sale of at most that.',
    });
    expect(
      keepPaper(book, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote: { raw: {} }, at: 1 }),
    ).toMatchObject({
      problem: expect.stringMatching(/ask for a quote/),
    });
    // an answered preview on an empty book (Kalshi's KXELONMARS-99 in the replay): 0 shares, 0 total. It said "ask
    // for a quote first" to a person who just had one
    const none: Quote = { action: 'buy', outcome: 'Yes', shares: 0, total: 0, raw: {} };
    expect(keepPaper(book, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote: none, at: 1 })).toEqual({
      problem: 'Nothing in this preview filled (no orders or liquidity for it): there is no trade to keep.',
    });
  });

  it('a sale of the shares as shown (2 decimals) sells all that is held; the refusal shows them as shown', () => {
    // 142.578401989 held: it was refused as "You hold 142.578401989 paper shares" and the 142.58 shown was refused
    const odd: Quote = { action: 'buy', outcome: 'Yes', shares: 142.578401989, averagePrice: 0.07, total: 10, raw: {} };
    const book = keep(EMPTY_PAPER, odd);
    const sell = (shares: number, total: number): Quote => ({
      action: 'sell',
      outcome: 'Yes',
      shares,
      averagePrice: 0.08,
      fee: 0.1,
      total,
      raw: {},
    });
    const r = keepPaper(book, {
      ref: REF,
      title: 't',
      outcome: 'Yes',
      currency: 'USD',
      quote: sell(142.58, 11.4),
      at: 2,
    });
    if ('problem' in r) throw new Error(r.problem);
    expect(r.soldAll).toBe(true);
    // all 142.578401989, what it brought in and the fee scaled by 142.578401989 / 142.58 = 0.999988792…
    const t = r.position.trades[1]!;
    expect(t.shares).toBe(142.578401989);
    expect(t.total).toBeCloseTo(11.399872, 6);
    expect(t.fee).toBeCloseTo(0.099998879, 9);
    expect(holding(r.position.trades).shares).toBe(0);
    // a hair under what is held (142.575 shows as 142.58 too) sells it all as well: no dust of 0.003 shares left
    const under = keepPaper(book, {
      ref: REF,
      title: 't',
      outcome: 'Yes',
      currency: 'USD',
      quote: sell(142.575, 11),
      at: 2,
    });
    expect(under).toMatchObject({ soldAll: true });
    // a part sale is what was previewed, not "all"
    const part = keepPaper(book, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote: sell(100, 8), at: 2 });
    expect(part).not.toHaveProperty('soldAll');
    // more than the display rounding over is refused, with the holding as it is shown elsewhere
    expect(
      keepPaper(book, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote: sell(142.6, 11), at: 2 }),
    ).toEqual({
      problem: 'You hold 142.58 paper shares of “Yes”: preview a sale of at most that.',
    });
  });

  it('sold out: no longer held (alerts), yet listed with what its sales realized', () => {
    // buy 25 for 10.42, sell all 25 for 12.00: realized 12.00 − 10.42 = 1.58; it vanished from every list
    const sold = keep(keep(EMPTY_PAPER, BUY), { action: 'sell', outcome: 'Yes', shares: 25, total: 12, raw: {} }, 2000);
    const pp = sold.positions[0]!;
    expect(paperPosition(pp, market('active', 0.5))).toBeUndefined();
    const row = paperRow(pp, market('active', 0.5));
    expect(row).toMatchObject({ paper: true, shares: 0, cost: 0, value: 0, pnl: 0, realized: 1.58, state: 'open' });
    expect(row.fees).toBe(0.42);
    expect(paperPositionsOf(sold, 'kalshi', () => undefined)).toMatchObject([{ shares: 0, realized: 1.58 }]);
  });

  it('settled when the market resolves: the winner pays 1, the loser 0, a void returns the cost', () => {
    const book = keep(EMPTY_PAPER, BUY);
    expect(settlePaper(book, () => market('active', 0.5), 5)).toBe(book);
    const won = settlePaper(book, () => market('resolved', 1, { resolvedOutcome: 'Yes' }), 5);
    // paid 25 × 1 = 25; P&L 25 − 10.42 = 14.58
    expect(won.positions[0]!.settled).toEqual({ at: 5, paid: 25 });
    expect(paperPosition(won.positions[0]!)).toMatchObject({ state: 'resolved', paid: 25, pnl: 14.58 });
    const lost = settlePaper(book, () => market('resolved', 0, { resolvedOutcome: 'No' }), 5);
    expect(paperPosition(lost.positions[0]!)).toMatchObject({ paid: 0, pnl: -10.42, pnlPct: -100 });
    const voided = settlePaper(book, () => market('resolved', 0.5, { resolvedOutcome: 'N/A (cancelled)' }), 5);
    expect(paperPosition(voided.positions[0]!)).toMatchObject({ paid: 10.42, pnl: 0 });
    // a settled position takes no more trades
    expect(keepPaper(won, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote: BUY, at: 9 })).toMatchObject({
      problem: expect.stringMatching(/settled/),
    });
  });

  it('a closed market awaiting settlement says so; positions are per venue', () => {
    const book = keep(EMPTY_PAPER, BUY);
    expect(paperPositionsOf(book, 'kalshi', () => market('closed', 0.9))[0]).toMatchObject({
      state: 'closed',
      value: 22.5,
    });
    expect(paperPositionsOf(book, 'polymarket', () => undefined)).toEqual([]);
  });
});

describe('a sale whose fee is more than it brings in', () => {
  it('is refused with that reason, not as a preview without a quote', () => {
    // Kalshi's fee rounds up to the cent per order: 0.5 paper shares sold into a 1¢ bid bring in $0.005, fee $0.01
    const book = { marketId: REF.id, outcome: 'Yes', bids: [{ price: 0.01, size: 100 }], asks: [], raw: {} };
    const quote = previewFromBook(book, 'sell', 0.5, kalshiTakerFee);
    expect(quote).toMatchObject({ shares: 0.5, fee: 0.01 });
    const held = keep(EMPTY_PAPER, BUY);
    const r = keepPaper(held, { ref: REF, title: 't', outcome: 'Yes', currency: 'USD', quote, at: 2000 });
    // it said 'This preview has no shares or total to keep: ask for a quote first.' of an answered quote
    expect(r).toEqual({
      problem:
        'This sale’s fee ($0.01) is more than the sale brings in: selling would cost money, so it is not kept; ' +
        'preview a larger sale.',
    });
  });
});
