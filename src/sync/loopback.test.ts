import { describe, expect, it } from 'vitest';
import { runScenario, SCENARIOS } from '../../bench/scenario.js';

// The budget benchmark's own machinery, shortened: the real client against the reference service on loopback, one
// virtual clock.
describe('sync over loopback HTTP (short bench run)', () => {
  it('keeps the window invariant with no 429 in key mode and uses the budget', async () => {
    const r = await runScenario(
      SCENARIOS.find((s) => s.name === 'key')!,
      3,
      4 * 60_000,
    );
    expect(r.maxInAnyWindow).toBeLessThanOrEqual(30);
    expect(r.selfInflicted429 + r.induced429).toBe(0);
    expect(r.utilization).toBeGreaterThan(0.85);
    expect(r.detailAgeMedianMs).toBeLessThanOrEqual(5_000);
  });

  it('leaves room for a competing client on the same key', async () => {
    const sc = {
      name: 'c',
      mode: 'key' as const,
      limit: 30,
      competitor: { perMinute: 10, from: 60_000, to: 4 * 60_000 },
    };
    const r = await runScenario(sc, 3, 4 * 60_000);
    expect(r.maxInAnyWindow).toBeLessThanOrEqual(30);
    expect(r.maxConsecutive429).toBeLessThanOrEqual(3);
    expect(r.selfInflicted429).toBe(0);
  });
});
