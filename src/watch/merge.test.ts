/** What another process wrote is kept: only this process's changes since its last write are put on the file. */
import { describe, expect, it } from 'vitest';
import type { PaperBook, PaperPosition } from '../positions/paper.js';
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
