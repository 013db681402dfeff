import { describe, expect, it } from 'vitest';
import { sampleCount } from '../src/store/samples.js';
import { HISTORY_CAP, TRAIL_SPAN_MS, TRAIL_STEP_MS } from '../src/store/entries.js';
import { fillHistories } from './historyMemory.js';

describe('bench:history', () => {
  it('fills every market’s history to its bounds through the store’s own action', () => {
    const st = fillHistories(3, 2).getState();
    const hs = Object.values(st.history);
    expect(hs).toHaveLength(3);
    for (const h of hs) {
      expect(sampleCount(h.samples)).toBe(HISTORY_CAP);
      // a day and a step of 10-minute samples, and the hour after it
      expect(sampleCount(h.trail)).toBeGreaterThanOrEqual(TRAIL_SPAN_MS / TRAIL_STEP_MS);
    }
  });
});
