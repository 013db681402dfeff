import { describe, it } from 'vitest';
import { sharedBudgetRun } from './sharedBudget.js';

// The shared budget over 10 s windows (the programs told through ODDSBOARD_RATE_WINDOW_MS): three windows in 30 s.
// Over real 60 s windows for two minutes: sharedBudget.long.test.ts (`npm run test:long`).
describe('one rate budget shared by the dashboard and scripts (tmux, 10 s windows)', () => {
  it(
    'dashboard + four one-shot loops for three windows: 0 × 429, never over the limit in any window, +N other in the header',
    () => sharedBudgetRun({ windowMs: 10_000, runMs: 30_000 }),
    70_000,
  );
});
