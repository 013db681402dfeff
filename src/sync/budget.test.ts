/**
 * The sliding-window budget's reads (budget.ts): asked for every candidate of every scheduling pass, they walk the
 * sends in place; the answers are those of the window as a list (the reference below, what budget.ts did before).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Budget } from './budget.js';

const SPAN = 61_000;

/** The window as a filtered list, merged with the others' as a list: the reads as they were first written. */
function reference(sends: number[], now: number, allowed: number, others: number[]) {
  const win = sends.filter((t) => t > now - SPAN && t <= now);
  const theirs = others.filter((t) => t > now - SPAN);
  const all = [...win, ...theirs].sort((a, b) => a - b);
  const need = Math.max(1, allowed);
  const t = all[all.length - need];
  return {
    count: win.length,
    expiry: win[0] === undefined ? undefined : win[0] + SPAN,
    slot: all.length < need || t === undefined ? now : Math.max(now, t + SPAN),
  };
}

const ascending = (max: number) =>
  fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: max }).map((a) => a.sort((x, y) => x - y));

describe('Budget reads', () => {
  it('count, nextExpiryAt and nextSlotAt answer as the window taken as a list does, with and without others', () => {
    fc.assert(
      fc.property(
        ascending(80),
        ascending(40),
        fc.integer({ min: 0, max: 400_000 }),
        fc.integer({ min: -1, max: 70 }),
        (sends, others, later, allowed) => {
          const b = new Budget(SPAN);
          for (const t of sends) b.record(t);
          const now = (sends.at(-1) ?? 0) + later;
          const kept = sends.filter((t) => t > (sends.at(-1) ?? 0) - 2 * SPAN);
          const want = reference(kept, now, allowed, others);
          expect(b.count(now)).toBe(want.count);
          expect(b.nextExpiryAt(now)).toBe(want.expiry);
          expect(b.nextSlotAt(now, allowed, others)).toBe(want.slot);
          if (others.length === 0) expect(b.nextSlotAt(now, allowed)).toBe(want.slot);
        },
      ),
    );
  });

  it('counts a window of 60 sends and its slot without making an array', () => {
    const b = new Budget(SPAN);
    for (let t = 0; t < 60_000; t += 1_000) b.record(t);
    const others = [500, 30_500];
    const filter = vi.spyOn(Array.prototype, 'filter');
    let made: number;
    let answers: unknown[];
    try {
      answers = [b.count(60_000), b.nextExpiryAt(60_000), b.nextSlotAt(60_000, 60, others)];
      made = filter.mock.calls.length;
    } finally {
      filter.mockRestore();
    }
    expect(made).toBe(0);
    // 60 of ours and 2 of theirs in (−1 s, 60 s]: the 62 − 60 + 1 = 3rd oldest (1 s, after 0 and 0.5) must leave
    expect(answers).toEqual([60, 61_000, 62_000]);
  });
});
