import { describe, it } from 'vitest';
import { sharedBudgetRun } from './sharedBudget.js';

// The shared budget over 20 s windows (the programs told through ODDSBOARD_RATE_WINDOW_MS): two windows in 40 s.
// Not shorter: a slot then frees every 0.7 s, and a one-shot command says it waits only for waits of 1 s or more.
// Over real 60 s windows for two minutes: sharedBudget.long.test.ts (`npm run test:long`).
describe('one rate budget shared by the dashboard and scripts (tmux, 20 s windows)', { timeout: 120_000 }, () => {
  it(
    'dashboard + four one-shot loops for two windows: 0 × 429, never over the limit in any window, +N by other runs in the header',
    () => sharedBudgetRun({ windowMs: 20_000, runMs: 40_000 }),
    130_000, // its waits' deadlines (15 s, 10 s), the 40 s run, and a shell prompt of 60 s (CONTRIBUTING.md)
  );
});
