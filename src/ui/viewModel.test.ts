import { describe, expect, it } from 'vitest';
import { createOddsStore } from '../store/store.js';
import { currentMarketId, cursorIndex, isStale, listRefreshIntervalMs, nextInCycle, shownDataAt, STATUSES } from './viewModel.js';

describe('derive', () => {
  const rate = createOddsStore({ mode: 'key', limit: 30 }).getState().rate;

  it('estimates the list interval from the budget, the plan and a floor', () => {
    expect(listRefreshIntervalMs(rate, undefined)).toBe(10_000); // 60/30×2 = 4 s, floor 10 s
    expect(listRefreshIntervalMs({ ...rate, effectiveLimit: 6 }, undefined)).toBe(20_000);
    expect(listRefreshIntervalMs({ ...rate, nextListRefreshAt: 1_045_000 }, 1_000_000)).toBe(45_000);
    expect(listRefreshIntervalMs({ ...rate, effectiveLimit: 0, limit: 0 }, undefined)).toBe(120_000);
  });

  it('calls a row stale after three intervals', () => {
    expect(isStale(0, 30_000, 10_000)).toBe(false);
    expect(isStale(0, 30_001, 10_000)).toBe(true);
  });

  it('dates the header\'s data age from the list answer (every listed row is at most that old), before it from any answer', () => {
    const s = createOddsStore({ mode: 'key', limit: 30 });
    expect(shownDataAt(s.getState())).toBeUndefined();
    s.getState().requestSucceeded(500);
    expect(shownDataAt(s.getState())).toBe(500);
    s.getState().listLoaded([], 1000);
    s.getState().requestSucceeded(2000); // a detail answer: newer, but not what the rows show
    expect(shownDataAt(s.getState())).toBe(1000);
  });

  it('finds the cursor row and the current market', () => {
    expect(cursorIndex([], 'a')).toBe(-1);
    expect(cursorIndex(['a', 'b'], 'b')).toBe(1);
    expect(cursorIndex(['a', 'b'], 'zz')).toBe(0);
    const s = { list: { ids: ['a', 'b'] }, selectedId: 'zz', markets: {} } as never;
    expect(currentMarketId(s)).toBe('a');
  });

  it('cycles values, starting over after the last', () => {
    expect(nextInCycle(STATUSES, 'active')).toBe('closed');
    expect(nextInCycle(STATUSES, 'all')).toBe('active');
    expect(nextInCycle(['', 'x'], 'nope')).toBe('');
  });
});
