/** A paper position past PAPER_TRADES_MAX trades folds its oldest ones into one: its figures stay as they were. */
import { describe, expect, it } from 'vitest';
import { mergePaper } from '../watch/merge.js';
import { decodePaper, encodePaper } from './paperFile.js';
import { holding, keepPaper, PAPER_TRADES_MAX, type PaperBook, type PaperPosition, type PaperTrade } from './paper.js';
import { mulberry32 } from '../util/prng.js';
import { fold } from './paperHolding.js';

const ref = { venue: 'kalshi' as const, id: 'K1' };
const position = (trades: PaperTrade[]): PaperPosition => ({
  ref,
  title: 'T',
  outcome: 'Yes',
  currency: 'USD',
  trades,
});
const book = (trades: PaperTrade[]): PaperBook => ({ positions: [position(trades)] });

function keep(b: PaperBook, action: 'buy' | 'sell', shares: number, price: number, at: number): PaperBook {
  const total = Math.round(shares * price * 100) / 100;
  const fee = Math.round(shares * 0.01 * 100) / 100;
  const quote = {
    action,
    shares,
    averagePrice: price,
    fee,
    total: action === 'buy' ? total + fee : total - fee,
    raw: {},
  };
  const r = keepPaper(b, { ref, title: 'T', outcome: 'Yes', currency: 'USD', quote, at });
  if ('problem' in r) throw new Error(r.problem);
  return r.book;
}

/** The book as the file holds it once written: where the oldest trades are folded. */
const written = (b: PaperBook): PaperBook => decodePaper(encodePaper(b)).book;

const buys = (n: number, from = 1_000): PaperTrade[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `b${i}`,
    at: from + i,
    action: 'buy' as const,
    shares: 1,
    avgPrice: 0.5,
    fee: 0,
    total: 0.5,
  }));

describe('folding the oldest trades of a paper position', () => {
  it('keeps what the trades realized (buy 10 for 4.10, sell 5 for 2.95, then 200 buys: +0.90 realized, not 0)', () => {
    let b = keep(book([]), 'buy', 10, 0.4, 1_000);
    b = keep(b, 'sell', 5, 0.6, 2_000);
    const before = holding(b.positions[0]!.trades);
    expect(before.realized).toBe(0.9);
    for (let i = 0; i < PAPER_TRADES_MAX; i++) b = written(keep(b, 'buy', 1, 0.5, 3_000 + i));
    const trades = b.positions[0]!.trades;
    expect(trades).toHaveLength(PAPER_TRADES_MAX);
    expect(holding(trades).realized).toBe(before.realized);
    expect(holding(trades).shares).toBe(205);
  });

  it('keeps what was oversold, and a sold-out prefix folds into a record the file reads back', () => {
    const over: PaperTrade[] = [
      { id: 'o1', at: 1, action: 'buy', shares: 10, avgPrice: 0.4, fee: 0.1, total: 4.1 },
      { id: 'o2', at: 2, action: 'sell', shares: 10, avgPrice: 0.6, fee: 0.1, total: 5.9 },
      { id: 'o3', at: 3, action: 'sell', shares: 10, avgPrice: 0.6, fee: 0.1, total: 5.9 },
    ];
    let b = book([...over, ...buys(PAPER_TRADES_MAX - 3)]);
    const want = holding(b.positions[0]!.trades);
    expect(want.oversold).toBe(10);
    b = written(keep(b, 'buy', 1, 0.5, 10_000));
    // the first fold holds nothing (its trades sold out): the file loads it, figures and all (the position was dropped
    // as unreadable, a buy of no share)
    expect(b.positions[0]!.trades[0]).toMatchObject({ shares: 0, folded: { realized: 1.8, oversold: 0 } });
    const back = decodePaper(encodePaper(b));
    expect(back.dropped).toBe(0);
    expect(holding(back.book.positions[0]!.trades)).toEqual(holding(b.positions[0]!.trades));
    for (let i = 1; i < 5; i++) b = written(keep(b, 'buy', 1, 0.5, 10_000 + i));
    const got = holding(b.positions[0]!.trades);
    expect(got).toEqual({ ...want, shares: want.shares + 5, cost: got.cost, fees: got.fees });
    expect(holding(decodePaper(encodePaper(b)).book.positions[0]!.trades)).toEqual(got);
  });

  it('the file reads a fold as written, and what the version before wrote; a broken one is not read', () => {
    const at = '2026-11-26T17:00:00.000Z';
    const trade = { at, action: 'buy', shares: 0, avgPrice: 0, fee: 0.2, total: 0 };
    const read = (t: object) =>
      decodePaper(
        JSON.stringify({ oddsboardPaper: 1, positions: [{ ...position([]), market: 'kalshi:K1', trades: [t] }] }),
      );
    expect(read({ ...trade, folded: { realized: -1.25, oversold: 3 } }).book.positions[0]!.trades).toEqual([
      { ...trade, at: Date.parse(at), folded: { realized: -1.25, oversold: 3 } },
    ]);
    // the fold of a sold-out start as the version before this one wrote it: nothing in it, no figures
    expect(read(trade).dropped).toBe(0);
    for (const broken of [
      { ...trade, folded: { realized: 'x', oversold: 0 } },
      { ...trade, folded: { realized: 1, oversold: -1 } },
      { ...trade, total: 4 },
      { ...trade, action: 'sell' },
      { ...trade, action: 'sell', shares: 1, folded: { realized: 1, oversold: 0 } },
    ])
      expect(read(broken).dropped, JSON.stringify(broken)).toBe(1);
  });

  it('holding() is the same before and after any fold (random buys, sales and oversold sales)', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const r = mulberry32(seed);
      // a start the merge can leave: sales beyond what was held among the trades
      const all: PaperTrade[] = [];
      const start = Math.floor(r() * PAPER_TRADES_MAX);
      for (let i = 0; i < start; i++) {
        const shares = Math.round(r() * 2_000) / 100 + 0.01;
        const price = Math.round(r() * 98 + 1) / 100;
        const fee = Math.round(r() * 10) / 100;
        const sell = r() < 0.35;
        const total = Math.round(shares * price * 100) / 100 + (sell ? -fee : fee);
        all.push({ id: `s${i}`, at: i, action: sell ? 'sell' : 'buy', shares, avgPrice: price, fee, total });
      }
      let b = book([...all]);
      for (let i = 0; i < 2 * PAPER_TRADES_MAX - start + Math.floor(r() * 50); i++) {
        const held = holding(b.positions[0]!.trades).shares;
        const sell = held > 1 && r() < 0.4;
        const shares = sell ? Math.max(0.01, Math.round(held * r() * 100) / 100) : Math.round(r() * 1_000) / 100 + 0.01;
        const kept = keep(b, sell ? 'sell' : 'buy', shares, Math.round(r() * 98 + 1) / 100, 100_000 + i).positions[0]!;
        all.push(kept.trades[kept.trades.length - 1]!);
        b = { positions: [{ ...kept, trades: fold(kept.trades) }] };
        const trades = b.positions[0]!.trades;
        expect(trades.length).toBeLessThanOrEqual(PAPER_TRADES_MAX);
        expect(holding(trades), `seed ${seed}, trade ${all.length}`).toEqual(holding(all));
      }
    }
  });
});

describe('merging a folded position onto the file', () => {
  it('one dashboard: 200 one-share buys and a 201st hold 201 shares after the write, not 203', () => {
    const base = book(buys(PAPER_TRADES_MAX));
    const ours = keep(base, 'buy', 1, 0.5, 5_000);
    const merged = mergePaper(base, ours, base);
    expect(holding(merged.positions[0]!.trades).shares).toBe(PAPER_TRADES_MAX + 1);
    // and the next write from the same dashboard, on the file it just wrote
    const next = keep(merged, 'buy', 1, 0.5, 5_001);
    expect(holding(mergePaper(merged, next, merged).positions[0]!.trades).shares).toBe(PAPER_TRADES_MAX + 2);
  });

  it("a fold holds every trade of its last one's millisecond (two dashboards kept trades in the same one)", () => {
    const same = buys(PAPER_TRADES_MAX).map((t, i) => (i === 2 ? { ...t, at: t.at - 1 } : t));
    const base = book(same);
    const ours = keep(base, 'buy', 1, 0.5, 5_000);
    expect(written(ours).positions[0]!.trades[0]).toMatchObject({ at: 1_001, shares: 3 });
    expect(holding(mergePaper(base, ours, base).positions[0]!.trades).shares).toBe(PAPER_TRADES_MAX + 1);
  });

  it('two dashboards each fold from the same file: both trades kept, nothing doubled, realized kept', () => {
    let start = keep(book([]), 'buy', 10, 0.4, 100);
    start = keep(start, 'sell', 5, 0.6, 200);
    start = { positions: [{ ...start.positions[0]!, trades: [...start.positions[0]!.trades, ...buys(198)] }] };
    const realized = holding(start.positions[0]!.trades).realized;
    const a = keep(start, 'buy', 2, 0.5, 9_000);
    const fileA = mergePaper(start, a, start);
    // B kept its trade (and folded once more) before A's write reached it
    const b = keep(keep(start, 'buy', 3, 0.5, 9_001), 'buy', 4, 0.5, 9_002);
    const fileB = mergePaper(start, b, fileA);
    const h = holding(fileB.positions[0]!.trades);
    expect(h.shares).toBe(5 + 198 + 2 + 3 + 4);
    expect(h.realized).toBe(realized);
    // A's next write, on the file B left: the same
    const a2 = keep(fileA, 'buy', 1, 0.5, 9_003);
    const fileA2 = mergePaper(fileA, a2, fileB);
    expect(holding(fileA2.positions[0]!.trades)).toMatchObject({ shares: 5 + 198 + 2 + 3 + 4 + 1, realized });
  });

  it('a trade stamped before a fold that the folding dashboard never read is kept, whichever writes first', () => {
    // B, on a copy two trades old (suspended, or its writes failing), kept 5 shares stamped 1_001; A folds 1_000–1_001
    const file = book(buys(PAPER_TRADES_MAX));
    const late: PaperTrade = { id: 'late', at: 1_001, action: 'buy', shares: 5, avgPrice: 0.5, fee: 0, total: 2.5 };
    const wasB = book(buys(2));
    const b = book([...buys(2), late]);
    const a = keep(file, 'buy', 1, 0.5, 9_000);
    const held = PAPER_TRADES_MAX + 1 + 5;
    // A first, then B onto A's file
    const fileA = written(mergePaper(file, a, file));
    expect(fileA.positions[0]!.trades[0]!.folded).toBeDefined();
    expect(holding(written(mergePaper(wasB, b, fileA)).positions[0]!.trades).shares).toBe(held);
    // B first, then A onto B's file
    const fileB = written(mergePaper(wasB, b, file));
    const both = written(mergePaper(file, a, fileB));
    expect(holding(both.positions[0]!.trades).shares).toBe(held);
    // and again, A's next write onto the file it left: nothing doubled, nothing lost
    expect(holding(written(mergePaper(both, keep(both, 'buy', 1, 0.5, 9_001), both)).positions[0]!.trades).shares).toBe(
      held + 1,
    );
  });
});
