import { describe, expect, it } from 'vitest';
import { scriptActivity, scriptSoakActivity, type UserAction } from './activity.js';

/** [first, last] virtual time of each typed amount. */
function typingSpans(actions: UserAction[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let from: number | undefined;
  for (const a of actions) {
    if (a.kind !== 'quote') continue;
    if (a.amount.length === 1) from = a.at;
    if (a.last && from !== undefined) spans.push([from, a.at]);
  }
  return spans;
}

const HOUR = 3_600_000;

describe('scripted activity', () => {
  it.each([1, 7, 42])(
    'budget script (seed %i): sorted, within the hour, nothing else pressed while an amount is typed',
    (seed) => {
      const acts = scriptActivity({ start: 1_000, durationMs: HOUR, seed });
      expect(acts.length).toBeGreaterThan(300);
      expect(acts.every((a, i) => a.at >= 1_000 && a.at < 1_000 + HOUR && (i === 0 || acts[i - 1]!.at <= a.at))).toBe(
        true,
      );
      const spans = typingSpans(acts);
      expect(spans.length).toBeGreaterThan(5);
      const clashes = acts.filter((a) => a.kind !== 'quote' && spans.some(([f, t]) => a.at >= f && a.at <= t));
      expect(clashes).toEqual([]);
    },
  );

  it('soak script: light activity — a few moves per ten minutes, some quotes, list changes every few hours', () => {
    const acts = scriptSoakActivity({ start: 0, durationMs: 24 * HOUR, seed: 11 });
    const count = (k: UserAction['kind']) => acts.filter((a) => a.kind === k).length;
    // a burst of 1–3 moves every ~3 min: 480 bursts a day on average
    expect(count('move')).toBeGreaterThan(300);
    expect(count('move')).toBeLessThan(2_000);
    const quotes = typingSpans(acts).length;
    expect(quotes).toBeGreaterThan(20);
    expect(quotes).toBeLessThan(80);
    expect(count('sort') + count('search')).toBeGreaterThanOrEqual(5);
    expect(count('sort') + count('search')).toBeLessThanOrEqual(16);
    expect(acts.filter((a) => a.kind === 'search').map((a) => (a.kind === 'search' ? a.q : ''))).toContain('');
    const spans = typingSpans(acts);
    expect(acts.filter((a) => a.kind !== 'quote' && spans.some(([f, t]) => a.at >= f && a.at <= t))).toEqual([]);
  });
});

describe('soak script length', () => {
  it('a longer soak is the shorter one continued', () => {
    const short = scriptSoakActivity({ start: 0, durationMs: 3 * HOUR, seed: 4 });
    const long = scriptSoakActivity({ start: 0, durationMs: 12 * HOUR, seed: 4 });
    expect(long.filter((a) => a.at < 3 * HOUR - 2_000)).toEqual(short.filter((a) => a.at < 3 * HOUR - 2_000));
  });
});
