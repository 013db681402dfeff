import { describe, expect, it } from 'vitest';
import { maxInWindow, rig } from '../../test/support/syncHarness.js';
import type { SourceCaps } from '../sources/types.js';
import { manifoldCaps } from '../sources/manifold/caps.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';

/** The calls after the first minute (the start's interactive requests left out). */
function steady(r: ReturnType<typeof rig>) {
  const after = r.client.calls.filter((c) => c.at > 60_000);
  const of = (m: string) => after.filter((c) => c.method === m);
  return { all: after, list: of('listMarkets'), detail: of('getMarket') };
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gaps = (calls: { at: number }[]) => calls.slice(1).map((c, i) => c.at - calls[i]!.at);

describe('a venue of several on one board (onBoard)', () => {
  it('selects nothing by itself; with none of its markets selected, only its list, at its period alone', async () => {
    const alone = rig({ limit: 30, mode: 'key' });
    const board = rig({ limit: 30, mode: 'key', onBoard: true });
    for (const r of [alone, board]) {
      r.sync.start();
      await r.run(20 * 60_000);
      await r.sync.stop();
    }
    expect(alone.store.getState().selectedId).toBe('m1');
    expect(board.store.getState().selectedId).toBeUndefined();
    const a = steady(alone);
    const b = steady(board);
    expect(a.detail.length).toBeGreaterThan(0);
    expect(b.detail).toEqual([]);
    // alone, the list's period is the send spacing over its share of the slots (1 − detailShare = 1/3): on the board
    // the list keeps that period, and the selected market's two slots in three stay unsent
    const spacing = median(gaps(a.all));
    expect(Math.abs(median(gaps(b.list)) - 3 * spacing)).toBeLessThanOrEqual(spacing * 0.1);
    expect(b.all.length).toBeLessThan(a.all.length / 2);
    expect(maxInWindow(board.client.calls.map((c) => c.at))).toBeLessThanOrEqual(30);
  });

  it('with one of its markets selected, spends its slots as alone', async () => {
    const alone = rig({ limit: 30, mode: 'key' });
    const board = rig({ limit: 30, mode: 'key', onBoard: true });
    for (const r of [alone, board]) {
      r.sync.start();
      await r.run(5_000);
      if (r === board) r.sync.select('m1');
      await r.run(20 * 60_000);
      await r.sync.stop();
    }
    const a = steady(alone);
    const b = steady(board);
    for (const k of ['all', 'list', 'detail'] as const)
      expect(Math.abs(b[k].length - a[k].length)).toBeLessThanOrEqual(Math.ceil(a[k].length * 0.05));
    // the selection let go: back to the list alone
    const before = board.client.calls.length;
    board.sync.select(undefined);
    board.sync.start();
    await board.run(10 * 60_000);
    await board.sync.stop();
    const later = board.client.calls.slice(before);
    expect(later.filter((c) => c.method === 'getMarket')).toEqual([]);
    expect(later.length).toBeGreaterThan(0);
  });
});

describe('a venue without events on a board, the Events view shown', () => {
  it('keeps its market list at half its Markets period, as the venues with events keep theirs there', async () => {
    const lists = async (caps: SourceCaps, view: 'markets' | 'events') => {
      const r = rig({ platform: true, caps, mode: 'kalshi', limit: 60, onBoard: true });
      r.sync.start();
      await r.run(5_000);
      r.sync.show(view);
      await r.run(60_000);
      const t0 = r.clock.now();
      await r.run(10 * 60_000);
      await r.sync.stop();
      expect(r.client.calls.filter((c) => c.at >= t0 && c.method === 'getMarket')).toEqual([]);
      return r.client.of('listMarkets').filter((c) => c.at >= t0).length;
    };
    const markets = await lists(manifoldCaps, 'markets');
    // Manifold draws nothing in the Events view (it says it has no events): its list went on every ~3 s, 190 in
    // 10 min, as in Markets; Kalshi's, kept warm beside its events list, every ~6 s
    const events = await lists(manifoldCaps, 'events');
    const kalshi = await lists(KALSHI_CAPS, 'events');
    expect(Math.abs(events - markets / 2)).toBeLessThanOrEqual(2);
    expect(Math.abs(events - kalshi)).toBeLessThanOrEqual(2);
  });
});
