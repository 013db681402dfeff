import { describe, expect, it } from 'vitest';
import { createOddsStore } from '../store/store.js';
import { STATUS_FILTERS as STATUSES } from '../api/wire.js';
import type { Market } from '../api/types.js';
import type { MarketEntry } from '../store/types.js';
import {
  closingText,
  cursorIndex,
  marketClosingText,
  isStale,
  listRefreshIntervalMs,
  nextInCycle,
  shownDataAt,
} from './viewModel.js';

describe('derive', () => {
  const rate = createOddsStore({ mode: 'key', limit: 30 }).getState().rate;

  it('takes the normal list period from sync, else estimates it from the budget, with a floor', () => {
    expect(listRefreshIntervalMs(rate)).toBe(10_000); // 60/30×2 = 4 s, floor 10 s
    expect(listRefreshIntervalMs({ ...rate, effectiveLimit: 6 })).toBe(20_000);
    expect(listRefreshIntervalMs({ ...rate, listEveryMs: 20_083 })).toBe(20_083);
    expect(listRefreshIntervalMs({ ...rate, effectiveLimit: 0, limit: 0 })).toBe(120_000);
  });

  it('never stretches the interval by the next planned try (a pause during an outage)', () => {
    // sync backs off: the next list refresh is 15 min away, the normal period is still 20 s
    const paused = { ...rate, listEveryMs: 20_000, nextListRefreshAt: 900_000, backoffUntil: 900_000 };
    expect(listRefreshIntervalMs(paused)).toBe(20_000);
    expect(isStale(0, 120_000, listRefreshIntervalMs(paused))).toBe(true);
  });

  it('calls a row stale after three intervals', () => {
    expect(isStale(0, 30_000, 10_000)).toBe(false);
    expect(isStale(0, 30_001, 10_000)).toBe(true);
  });

  it(
    "dates the header's data age from the list answer (every listed row is at most that old), before it from any " +
      'answer',
    () => {
      const s = createOddsStore({ mode: 'key', limit: 30 });
      expect(shownDataAt(s.getState())).toBeUndefined();
      s.getState().requestSucceeded(500);
      expect(shownDataAt(s.getState())).toBe(500);
      s.getState().listLoaded([], 1000);
      s.getState().requestSucceeded(2000); // a detail answer: newer, but not what the rows show
      expect(shownDataAt(s.getState())).toBe(1000);
    },
  );

  it('finds the cursor row', () => {
    expect(cursorIndex([], 'a')).toBe(-1);
    expect(cursorIndex(['a', 'b'], 'b')).toBe(1);
    expect(cursorIndex(['a', 'b'], 'zz')).toBe(0);
  });

  it('cycles values, starting over after the last', () => {
    expect(nextInCycle(STATUSES, 'active')).toBe('closed');
    expect(nextInCycle(STATUSES, 'all')).toBe('active');
    expect(nextInCycle(['', 'x'], 'nope')).toBe('');
  });
});

describe('the closing text', () => {
  const H = 3_600_000;
  const entry = (m: Partial<Market>): MarketEntry => ({
    market: { id: 'm', title: 'T', status: 'active', outcomes: [], raw: {}, ...m },
    receivedAt: 0,
    firstSeenAt: 0,
    firstPrices: {},
  });

  it('counts down while it trades; after its close time a market still called active says so, not “closed”', () => {
    expect(closingText(entry({ closesAt: 5 * H }), 2 * H)).toBe('closes in 3h 0m');
    expect(closingText(entry({ closesAt: 2 * H }), 3 * H)).toBe('close time passed 1h ago');
    expect(closingText(entry({ status: 'closed', closesAt: 2 * H }), 3 * H)).toBe('closed 1h ago');
    expect(closingText(entry({ status: 'resolved', closedAt: H, closesAt: 2 * H }), 3 * H)).toBe('closed 2h ago');
    expect(closingText(entry({ status: 'closed' }), 3 * H)).toBe('closed');
  });

  it('in a CLOSES column, the same words without the verb its heading says', () => {
    const m = (x: Partial<Market>) => entry(x).market;
    expect(marketClosingText(m({ closesAt: 5 * H }), 'active', 2 * H, true)).toBe('in 3h 0m');
    expect(marketClosingText(m({ closesAt: 2 * H }), 'active', 3 * H, true)).toBe('passed 1h ago');
    expect(marketClosingText(m({ closesAt: 2 * H }), 'unknown', 3 * H, true)).toBe('passed 1h ago');
    expect(marketClosingText(m({ closesAt: 2 * H }), 'closed', 3 * H, true)).toBe('1h ago');
    expect(marketClosingText(m({ closesAt: 5 * H }), 'closed', 3 * H, true)).toBe('closed');
  });
});
