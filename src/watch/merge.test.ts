/** What another process wrote is kept: only this process's changes since its last write are put on the file. */
import { describe, expect, it } from 'vitest';
import {
  keepPaper,
  PAPER_TRADES_MAX,
  paperPosition,
  settlePaper,
  type PaperBook,
  type PaperPosition,
} from '../positions/paper.js';
import { decodePaper, encodePaper } from '../positions/paperFile.js';
import { ALERT_COOLDOWN_MS } from '../store/alerts.js';
import type { AlertFired } from '../store/watchTypes.js';
import { mergeKeyed, mergeLog, mergePaper } from './merge.js';

const map = <T>(o: Record<string, T>) => new Map(Object.entries(o));

describe('merging onto the file as it is now', () => {
  it('keeps their entries, adds and changes ours, removes what was removed here, not what they added', () => {
    const one = { v: 1 };
    const two = { v: 2 };
    const base = map({ one, two });
    const ours = map({ two: { v: 22 }, mine: { v: 3 } }); // one removed, two changed, mine added
    const theirs = map({ one, two, theirs: { v: 4 } });
    expect(Object.fromEntries(mergeKeyed(base, ours, theirs))).toEqual({
      two: { v: 22 },
      theirs: { v: 4 },
      mine: { v: 3 },
    });
    // one they removed and this process did not touch stays removed
    expect([...mergeKeyed(base, base, map({ two })).keys()]).toEqual(['two']);
  });

  it('a paper position traded in both keeps every trade, in time order', () => {
    const trade = (at: number, shares: number) =>
      ({ at, action: 'buy', shares, avgPrice: 0.5, fee: 0, total: shares / 2 }) as const;
    const pos = (...trades: PaperPosition['trades']): PaperPosition => ({
      ref: { venue: 'kalshi', id: 'K1' },
      title: 'Fed holds',
      outcome: 'Yes',
      currency: 'USD',
      trades,
    });
    const base: PaperBook = { positions: [pos(trade(1, 10))] };
    const ours: PaperBook = { positions: [pos(trade(1, 10), trade(3, 30))] };
    const theirs: PaperBook = { positions: [pos(trade(1, 10), trade(2, 20))] };
    const merged = mergePaper(base, ours, theirs);
    expect(merged.positions.map((p) => p.trades.map((t) => t.shares))).toEqual([[10, 20, 30]]);
  });

  it('a settlement stamped without a trade the other dashboard kept is dropped, and stamped again on them all', () => {
    const ref = { venue: 'kalshi' as const, id: 'K1' };
    const buy = (b: PaperBook, shares: number, at: number) => {
      const quote = { action: 'buy' as const, shares, averagePrice: 0.4, fee: 0, total: shares * 0.4, raw: {} };
      const r = keepPaper(b, { ref, title: 'Fed holds', outcome: 'Yes', currency: 'USD', quote, at });
      if ('problem' in r) throw new Error(r.problem);
      return r.book;
    };
    const won = { id: 'K1', title: 'Fed holds', status: 'resolved' as const, resolvedOutcome: 'Yes', raw: {} };
    const market = {
      ...won,
      outcomes: [
        { name: 'Yes', price: 1 },
        { name: 'No', price: 0 },
      ],
    };
    const base = buy({ positions: [] }, 10, 1);
    const a = settlePaper(base, () => market, 3); // A read it resolved: 10 shares paid $10
    const b = buy(base, 5, 2); // B kept 5 more before its board read it resolved
    for (const merged of [mergePaper(base, b, a), mergePaper(base, a, b)]) {
      // it read paid $10 on 15 shares that cost $6.00 (+$4.00), where they paid $15 (+$9.00)
      expect(merged.positions[0]!.settled).toBeUndefined();
      const again = paperPosition(settlePaper(merged, () => market, 4).positions[0]!, market)!;
      expect(again).toMatchObject({ shares: 15, paid: 15, pnl: 9 });
    }
    // the same trades on both sides: the settlement stays; so with the file's fold of them (a position past 200
    // trades: this dashboard's copy keeps them whole, the file folds them)
    expect(mergePaper(base, a, base).positions[0]!.settled).toEqual({ at: 3, paid: 10 });
    let many = base;
    for (let i = 0; i < PAPER_TRADES_MAX; i++) many = buy(many, 1, 10 + i);
    const file = decodePaper(encodePaper(many)).book;
    expect(file.positions[0]!.trades[0]!.folded).toBeDefined();
    const settled = settlePaper(many, () => market, 500);
    expect(mergePaper(many, settled, file).positions[0]!.settled).toEqual({ at: 500, paid: 210 });
  });

  it('a file of the format before trade ids still loads and merges: its trades matched as before, none doubled', () => {
    const T = Date.parse('2026-11-27T15:00:00Z');
    const buy = (at: number, shares: number): Record<string, unknown> => {
      return { at: new Date(at).toISOString(), action: 'buy', shares, avgPrice: 0.4, fee: 0, total: shares * 0.4 };
    };
    const file = (...trades: Record<string, unknown>[]) =>
      decodePaper(
        JSON.stringify({
          oddsboardPaper: 1,
          positions: [{ market: 'kalshi:K1', title: 'Fed holds', outcome: 'Yes', currency: 'USD', trades }],
        }),
      ).book;
    const keep = (book: PaperBook, action: 'buy' | 'sell', shares: number, at: number) => {
      const quote = { action, shares, averagePrice: 0.5, fee: 0, total: shares / 2, raw: {} };
      const k = keepPaper(book, {
        ref: { venue: 'kalshi', id: 'K1' },
        title: 'Fed holds',
        outcome: 'Yes',
        currency: 'USD',
        quote,
        at,
      });
      if ('problem' in k) throw new Error(k.problem);
      return k.book;
    };
    const base = file(buy(T, 10)); // written by the version before ids
    const mine = keep(base, 'sell', 4, T + 2_000); // this version's sale: an id
    // meanwhile a dashboard of that version bought 5 more: the file has no ids still
    const merged = mergePaper(base, mine, file(buy(T, 10), buy(T + 1_000, 5)));
    const trades = () => merged.positions[0]!.trades;
    expect(trades().map((t) => [t.action, t.shares, t.id === undefined])).toEqual([
      ['buy', 10, true],
      ['buy', 5, true],
      ['sell', 4, false],
    ]);
    // the file round-trips the id; that version writes the file again without it: the sale is not taken for another
    const again = decodePaper(encodePaper(merged)).book;
    expect(again.positions[0]!.trades[2]!.id).toBe(trades()[2]!.id);
    const stripped = file(buy(T, 10), buy(T + 1_000, 5), {
      ...buy(T + 2_000, 4),
      action: 'sell',
      avgPrice: 0.5,
      total: 2,
    });
    const more = keep(merged, 'buy', 3, T + 3_000);
    expect(mergePaper(merged, more, stripped).positions[0]!.trades.map((t) => [t.action, t.shares])).toEqual([
      ['buy', 10],
      ['buy', 5],
      ['sell', 4],
      ['buy', 3],
    ]);
    // an id a hand edit broke is left out, the trade kept (matched as a trade without one)
    const edited = encodePaper(merged).replace(/"id": "[^"]+"/, '"id": 7');
    expect(decodePaper(edited).book.positions[0]!.trades.map((t) => t.id)).toEqual([undefined, undefined, undefined]);
  });

  it('the log: one firing seen by two dashboards is one entry; the same rule firing again later is another', () => {
    const fired = (seq: number, at: number, to: AlertFired['to'] = 'closed'): AlertFired => ({
      seq,
      at,
      ruleId: 'a-1',
      source: 'form',
      kind: 'status',
      marketId: 'm1',
      title: 'M1',
      text: '“M1” closed',
      from: 'active',
      to,
    });
    const theirs = fired(4, 10_000); // the other dashboard's, written first
    const mine = fired(4, 10_300);
    expect(mergeLog([], [mine], [theirs])).toEqual([theirs]);
    // another change (closed → resolved) is another firing, as is the same change after the cooldown
    const resolved = { ...fired(5, 10_400, 'resolved'), from: 'closed' as const };
    expect(mergeLog([], [resolved], [theirs])).toEqual([resolved, theirs]);
    const later = fired(6, 10_000 + ALERT_COOLDOWN_MS);
    expect(mergeLog([], [later], [theirs])).toEqual([later, theirs]);
    // an entry this process already wrote (the base) is never taken for another's firing
    const again = fired(7, 10_200);
    expect(mergeLog([theirs], [theirs, again], [theirs])).toEqual([again, theirs]);
  });
});
