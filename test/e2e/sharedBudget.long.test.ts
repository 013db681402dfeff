import { describe, it } from 'vitest';
import { sharedBudgetRun } from './sharedBudget.js';

// Minutes of real time: `npm run test:long` (and .ci/run), not `npm test`, which runs the same over 20 s windows.
describe('one rate budget shared by the dashboard and scripts (tmux, real 60 s windows)', { timeout: 120_000 }, () => {
  it(
    'dashboard + four one-shot loops for two minutes: 0 × 429, never over the limit in any 60 s window, +N by other runs in the header',
    () => sharedBudgetRun({ windowMs: 60_000, runMs: 120_000 }),
    210_000, // its waits' deadlines (15 s, 10 s), the 120 s run, and a shell prompt of 60 s (CONTRIBUTING.md)
  );
});
