/** `oddsboard positions` asks for the markets of the paper positions still open only: a closed one costs no request. */
import { describe, expect, it } from 'vitest';
import type { Market, Quote } from '../../api/types.js';
import { EMPTY_PAPER, keepPaper, paperFollowed, settlePaper, type PaperBook } from '../../positions/paper.js';
import { paperMarkets } from './positions.js';
import type { Fetch } from './run.js';

const buy = (shares: number): Quote => ({
  action: 'buy',
  shares,
  averagePrice: 0.4,
  fee: 0,
  total: shares * 0.4,
  raw: {},
});
const sell = (shares: number): Quote => ({ ...buy(shares), action: 'sell', total: shares * 0.5 });
const market = (id: string, status: Market['status'] = 'active'): Market => ({
  id,
  title: `market ${id}`,
  status,
  outcomes: [
    { name: 'Yes', price: status === 'resolved' ? 1 : 0.5 },
    { name: 'No', price: status === 'resolved' ? 0 : 0.5 },
  ],
  ...(status === 'resolved' ? { resolvedOutcome: 'Yes' } : {}),
  raw: {},
});
const keep = (book: PaperBook, id: string, quote: Quote, outcome = 'Yes'): PaperBook => {
  const r = keepPaper(book, { ref: { venue: 'kalshi', id }, title: id, outcome, currency: 'USD', quote, at: 1 });
  if ('problem' in r) throw new Error(r.problem);
  return r.book;
};

describe('the paper positions a one-shot prices', () => {
  // HELD is held; SOLD was sold out; DONE resolved while held (settled); BOTH has a held and a sold outcome
  let book = keep(keep(EMPTY_PAPER, 'HELD', buy(10)), 'SOLD', buy(10));
  book = keep(keep(book, 'SOLD', sell(10)), 'DONE', buy(5));
  book = settlePaper(book, (ref) => (ref.id === 'DONE' ? market('DONE', 'resolved') : undefined), 2);
  book = keep(keep(keep(book, 'BOTH', buy(4)), 'BOTH', buy(3), 'No'), 'BOTH', sell(3), 'No');

  it('follows a position holding shares, never one sold out or settled', () => {
    const followed = Object.fromEntries(book.positions.map((p) => [`${p.ref.id} ${p.outcome}`, paperFollowed(p)]));
    expect(followed).toEqual({
      'HELD Yes': true,
      'SOLD Yes': false,
      'DONE Yes': false,
      'BOTH Yes': true,
      'BOTH No': false,
    });
  });

  it('asks once for each market a held position is valued against, and for nothing else', async () => {
    const asked: string[] = [];
    const client = {
      getMarket: (id: string) => {
        asked.push(id);
        return Promise.resolve({ ok: true, data: market(id) });
      },
    };
    const fetch = ((call: (c: never, o: never) => Promise<{ ok: true; data: unknown }>) =>
      call(client as never, {} as never).then((r) => r.data)) as unknown as Fetch;
    const markets = await paperMarkets(fetch, book.positions);
    expect(asked).toEqual(['HELD', 'BOTH']);
    expect([...markets.keys()]).toEqual(['HELD', 'BOTH']);
  });
});
