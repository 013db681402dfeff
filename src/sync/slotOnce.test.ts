/**
 * When a class's request fits the budget (`Limits.slotAt`) depends only on the class and the time: a plan asks it
 * once per class, not once per candidate (it was about 3 % of a key press's CPU, docs/benchmarks.md).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKETS, runningRig } from '../../test/support/syncHarness.js';
import { Limits } from './limits.js';
import type { Candidate } from './plan.js';
import { Queue } from './queue.js';

afterEach(() => vi.restoreAllMocks());

describe('the budget asked once per class per plan', () => {
  it('a walk over the list at 10 a minute: no class asked twice in a plan, though candidates share one', async () => {
    // what happened, in order: a plan's candidates (one plan each) and each question to the budget
    const log: Array<{ plan: Candidate[] } | { slot: string; now: number }> = [];
    const candidates = Queue.prototype.candidates;
    vi.spyOn(Queue.prototype, 'candidates').mockImplementation(function (this: Queue, now: number) {
      const out = candidates.call(this, now);
      log.push({ plan: out });
      return out;
    });
    const slotAt = Limits.prototype.slotAt;
    vi.spyOn(Limits.prototype, 'slotAt').mockImplementation(function (this: Limits, cls, now) {
      log.push({ slot: cls, now });
      return slotAt.call(this, cls, now);
    });
    const r = await runningRig(5_000, { limit: 10 });
    for (let i = 0; i < 40; i++) {
      const id = MARKETS[i % MARKETS.length]!.id;
      r.store.getState().select(id);
      r.sync.select(id);
      await r.run(i % 5 === 4 ? 9_000 : 400);
    }
    await r.sync.stop();

    let plans = 0;
    let shared = 0; // plans whose candidates had a class more than once
    let asked = new Set<string>();
    for (const e of log) {
      if ('plan' in e) {
        plans++;
        const classes = e.plan.map((c) => c.cls);
        if (new Set(classes).size < classes.length) shared++;
        asked = new Set();
        continue;
      }
      expect(asked.has(e.slot), `${e.slot} asked twice in one plan at ${e.now}`).toBe(false);
      asked.add(e.slot);
    }
    expect(plans).toBeGreaterThan(40);
    expect(shared).toBeGreaterThan(20);
  });
});
