import { describe, expect, it } from 'vitest';
import { Budget } from './budget.js';
import { ServerRate } from './serverRate.js';

describe('ServerRate: what other clients spend', () => {
  it('asked about a time minutes ahead, still counts them now (the scheduler looks ahead for the next slot)', () => {
    // before: othersPeak(later) dropped what it saw, so the limit eased for them came back at once
    const s = new ServerRate(new Budget(60_000), 60_000);
    s.observeShare({ limit: 60, remaining: 40 }, 1_000);
    expect(s.othersPeak(2_000)).toBe(20);
    expect(s.othersPeak(1_000 + 5 * 60_000)).toBe(0);
    expect(s.othersPeak(2_000)).toBe(20);
    // a window after the answer they are gone, and stay gone
    expect(s.othersPeak(61_000)).toBe(0);
    s.observeShare({ limit: 60, remaining: 55 }, 62_000);
    expect(s.othersPeak(62_000)).toBe(5);
  });
});
