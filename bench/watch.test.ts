import { describe, expect, it } from 'vitest';
import { cpuBound, WALL_BACKSTOP_MS } from '../test/support/cpuBound.js';
import { budgetReport, parseBudgetArgs, runBudget } from './budget.js';

// A short `bench:budget watch`: 20 watched markets, half outside the list, on a virtual clock.
describe('budget bench, watch scenario (short)', () => {
  // 15 simulated minutes, about 2 s of CPU: a deadline in CPU time, ten times that
  it(
    'follows every watched market within the budget and prints each one’s data age',
    cpuBound(20_000, async () => {
      const args = parseBudgetArgs(['--minutes', '15', '--seed', '3', 'watch']);
      const out = await runBudget(args);
      const r = out.scenarios.watch!;
      expect(r.maxInAnyWindow).toBeLessThanOrEqual(r.limit);
      expect(r.selfInflicted429).toBe(0);
      expect(r.watch).toHaveLength(20);
      expect(r.watch!.filter((w) => w.listed)).toHaveLength(10);
      for (const w of r.watch!) {
        expect(Number.isFinite(w.ageP95Ms), w.id).toBe(true);
        expect(w.ageP95Ms, w.id).toBeGreaterThan(0);
      }
      // the ones outside the list that closed soonest were followed through to their resolution
      expect(r.watch!.filter((w) => !w.listed && w.status !== 'active').length).toBeGreaterThan(0);
      const report = budgetReport(args, out, 1);
      expect(report).toContain('Watched markets');
      for (const w of r.watch!) expect(report).toContain(w.id);
    }),
    WALL_BACKSTOP_MS,
  );
});
