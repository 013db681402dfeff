import { describe, expect, it } from 'vitest';
import { Aimd, fullJitter, rateLimitWait } from './backoff.js';
import { Budget } from './budget.js';

describe('fullJitter', () => {
  it('draws uniformly below min(cap, base·2^(n-1)) and never below 250 ms', () => {
    expect(fullJitter(1, () => 0)).toBe(250);
    expect(fullJitter(1, () => 0.5)).toBe(1000);
    expect(fullJitter(3, () => 0.5)).toBe(4000);
    expect(fullJitter(50, () => 0.999)).toBe(119_880);
    expect(fullJitter(2, () => Number.NaN)).toBe(2000);
  });

  it('rateLimitWait honours Retry-After first, then a zero-remaining reset, then jitter', () => {
    expect(rateLimitWait(1, 5_000, undefined, () => 0.5)).toBe(5_000);
    expect(rateLimitWait(2, 5_000, undefined, () => 0.5)).toBe(6_000);
    expect(rateLimitWait(1, undefined, { remaining: 0, resetMs: 7_000 }, () => 0.5)).toBe(7_000);
    expect(rateLimitWait(1, Number.NaN, undefined, () => 0.5)).toBe(1_000);
    expect(rateLimitWait(1, 10 * 3_600_000, undefined, () => 0.5)).toBe(15 * 60_000);
  });

  it('a 429 in a row never waits past the 15-minute cap: the jitter goes under it', () => {
    // before, from the second 429 in a row the jitter (up to 2 min) went on top of a capped hint: 16m59s, not 15m
    const cap = 15 * 60_000;
    for (const r of [0, 0.5, 0.999]) {
      for (const n of [2, 3, 8]) {
        expect(rateLimitWait(n, 86_400_000, undefined, () => r)).toBeLessThanOrEqual(cap);
        expect(rateLimitWait(n, undefined, { remaining: 0, resetMs: cap }, () => r)).toBeLessThanOrEqual(cap);
        // a hint under the cap is still honoured in full (never retried before the server asked)
        expect(rateLimitWait(n, cap - 30_000, undefined, () => r)).toBeGreaterThanOrEqual(cap - 30_000);
      }
    }
    // still spread: a hint beyond the cap draws its jitter below it, so clients told the same do not all come back
    expect(rateLimitWait(8, 86_400_000, undefined, () => 0.5)).toBe(cap - 60_000);
    expect(rateLimitWait(2, cap - 500, undefined, () => 0.5)).toBe(cap);
  });
});

describe('Aimd', () => {
  it('drops multiplicatively and grows back in three equal steps, one per clean minute, up to the ceiling', () => {
    const a = new Aimd(30, 0.5, 60_000);
    expect(a.value(0)).toBe(30);
    expect(a.decrease(0)).toBe(15);
    expect(a.value(59_999)).toBe(15);
    expect(a.nextChangeAt(59_999)).toBe(60_000);
    expect(a.value(60_000)).toBe(20);
    expect(a.value(120_000)).toBe(25);
    expect(a.value(180_000)).toBe(30);
    expect(a.nextChangeAt(180_000)).toBeUndefined();
    expect(a.value(99 * 60_000)).toBe(30);
    a.setCeiling(12, 100 * 60_000);
    expect(a.value(100 * 60_000)).toBe(12);
    expect(new Aimd(1).decrease(0)).toBe(1);
    const small = new Aimd(10);
    expect(small.decrease(0)).toBe(7);
    expect([60_000, 120_000, 180_000].map((t) => small.value(t))).toEqual([8, 9, 10]);
  });

  it('asked about a time minutes ahead, keeps the cut limit now (the board scheduling positions 5 min away)', () => {
    // before: value() at a future time ended the episode, so the eased limit vanished from the header at once
    const a = new Aimd(60, 0.7, 60_000);
    expect(a.decrease(1_000)).toBe(42);
    expect(a.value(1_000 + 5 * 60_000)).toBe(60);
    expect(a.value(2_000)).toBe(42);
    expect(a.nextChangeAt(2_000)).toBe(61_000);
    // a second 429 of the episode still holds the climb from where it is, and a recovered one is over
    a.hold(30_000);
    expect(a.value(89_999)).toBe(42);
    expect(a.value(90_000)).toBe(48);
    expect(a.value(30_000 + 3 * 60_000)).toBe(60);
    a.hold(30_000 + 4 * 60_000);
    expect(a.value(30_000 + 4 * 60_000)).toBe(60);
    expect(a.decrease(30_000 + 4 * 60_000)).toBe(42);
  });
});

describe('Budget', () => {
  it('counts a sliding window and says when the next slot frees', () => {
    const b = new Budget(60_000);
    for (const t of [0, 1_000, 2_000]) b.record(t);
    expect(b.count(2_000)).toBe(3);
    expect(b.nextSlotAt(2_000, 4)).toBe(2_000);
    expect(b.nextSlotAt(2_000, 3)).toBe(60_000);
    expect(b.nextSlotAt(2_000, 2)).toBe(61_000);
    expect(b.count(60_000)).toBe(2);
    expect(b.nextExpiryAt(60_000)).toBe(61_000);
    expect(b.total).toBe(3);
    expect(b.sentBetween(-1, 1_000)).toBe(2);
  });

  it('the sends of a minute stay counted when the clock is set back (an NTP step), as far apart as they went', () => {
    const b = new Budget(61_000);
    for (let t = 100_000; t < 110_000; t += 1_000) b.record(t);
    expect(b.nextSlotAt(109_000, 10)).toBe(161_000);
    // the clock stepped back 29 s just after the last send: the ten sends are still in the service's window
    expect(b.count(80_000)).toBe(10);
    expect(b.nextSlotAt(80_000, 10)).toBe(132_000);
    expect(b.nextSlotAt(80_000, 9)).toBe(133_000);
    b.record(132_000);
    expect(b.count(132_000)).toBe(10);
    expect(b.count(141_000)).toBe(1);
  });

  it('asked about a time minutes ahead, still counts the sends of the window now', () => {
    const b = new Budget(60_000);
    for (const t of [0, 1_000, 2_000]) b.record(t);
    expect(b.count(300_000)).toBe(0);
    expect(b.nextSlotAt(300_000, 1)).toBe(300_000);
    expect(b.count(2_000)).toBe(3);
    expect(b.nextSlotAt(2_000, 3)).toBe(60_000);
    expect(b.sentBetween(-1, 2_000)).toBe(3);
  });
});
