import { describe, expect, it } from 'vitest';
import { cpuBound, WALL_BACKSTOP_MS } from '../test/support/cpuBound.js';
import { budgetReport, parseBudgetArgs, runBudget } from './budget.js';
import type { ScenarioResult } from './metrics.js';

// A short `bench:budget --ui`: each scenario without and with the real App attached
// (keys typed into a fake terminal), in this thread, on virtual clocks.
const FIGURES: (keyof ScenarioResult)[] = [
  'limit',
  'requests',
  'maxInAnyWindow',
  'selfInflicted429',
  'induced429',
  'maxConsecutive429',
  'utilization',
  'detailAgeMedianMs',
  'detailAgeP95Ms',
  'listAgeMedianMs',
  'quoteWaitP95Ms',
];

describe('budget bench with the UI attached (short)', () => {
  // about 4 s of CPU (four simulated minutes, twice with the App drawing): a deadline in CPU time, ten times that
  it(
    'reports the same figures for key and anon with and without the App, and the invariants hold',
    cpuBound(40_000, async () => {
      const args = parseBudgetArgs(['--ui', '--minutes', '4', '--seed', '3', 'key', 'anon']);
      expect(args).toMatchObject({ ui: true, minutes: 4, seed: 3, only: ['key', 'anon'] });
      const out = await runBudget(args);
      expect(Object.keys(out.scenarios)).toEqual(['key', 'anon', 'key+ui', 'anon+ui']);
      for (const [name, r] of Object.entries(out.scenarios)) {
        for (const f of FIGURES) expect(Number.isFinite(r[f]), `${name}.${f}`).toBe(true);
        expect(r.maxInAnyWindow).toBeLessThanOrEqual(r.limit);
        expect(r.selfInflicted429).toBe(0);
        expect(r.maxConsecutive429).toBeLessThanOrEqual(3);
        expect(r.requests).toBeGreaterThan(0);
        // one quote is typed in the first three minutes; its answer came back, well within a second of virtual time
        expect(r.quoteWaitP95Ms).toBeGreaterThan(0);
        expect(r.quoteWaitP95Ms).toBeLessThanOrEqual(1_000);
      }
      const key = out.scenarios['key+ui']!;
      expect(key.utilization).toBeGreaterThanOrEqual(0.85);
      expect(key.detailAgeMedianMs).toBeLessThanOrEqual(5_000);
      expect(out.scenarios['anon+ui']!.detailAgeMedianMs).toBeLessThanOrEqual(15_000);
      // only the `+ui` runs carry what the App did: keys typed and at least the first frame drawn
      expect(out.scenarios.key!.ui).toBeUndefined();
      for (const name of ['key+ui', 'anon+ui']) {
        const ui = out.scenarios[name]!.ui!;
        expect(ui).toMatchObject({ columns: 120, rows: 40 });
        expect(ui.keys).toBeGreaterThan(20);
        expect(ui.frames).toBeGreaterThan(0);
        expect(ui.renderP95Ms).toBeGreaterThanOrEqual(0);
      }
      const text = budgetReport(args, out, 1);
      expect(text).toContain('Without the UI');
      expect(text).toContain('With the UI attached');
      expect(text).toMatch(/\| key\+ui +\| +30 \|/);
    }),
    WALL_BACKSTOP_MS,
  );
});

describe('budget arguments', () => {
  it('60 simulated minutes by default, with --ui too, unless --minutes says otherwise', () => {
    expect(parseBudgetArgs([])).toMatchObject({ ui: false, minutes: 60, seed: 7, serial: false, only: [] });
    expect(parseBudgetArgs(['--ui'])).toMatchObject({ ui: true, minutes: 60 });
    expect(parseBudgetArgs(['--ui', '--minutes', '60', '--serial', 'competing'])).toMatchObject({
      minutes: 60,
      serial: true,
      only: ['competing'],
    });
    expect(() => parseBudgetArgs(['--minutes', '0'])).toThrow(/--minutes/);
    expect(() => parseBudgetArgs(['--seed', '1.5'])).toThrow(/--seed/);
  });
});
