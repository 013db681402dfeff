import { describe, expect, it } from 'vitest';
import { TmuxSession } from './tmux.js';
import { waitFor, waitForFrame, WAIT_DEADLINE_MS } from './wait.js';

describe('a wait’s deadline is for hangs: one shorter than WAIT_DEADLINE_MS is refused', () => {
  it('waitFor and waitForFrame refuse it before polling, naming the wait', async () => {
    let polled = 0;
    const cond = () => (polled++, true);
    await expect(waitFor(cond, 'the lookup', 5_000)).rejects.toThrow(/the wait for the lookup was given 5000 ms/);
    await expect(waitForFrame({ lastFrame: () => 'x' }, 'x', 3_000)).rejects.toThrow(/given 3000 ms/);
    expect(polled).toBe(0);
  });

  it('the default and anything longer wait as before', async () => {
    let n = 0;
    await waitFor(() => ++n >= 3, 'three polls');
    await waitFor(() => ++n >= 6, 'three more', WAIT_DEADLINE_MS * 2);
    expect(n).toBe(6);
    expect(await waitForFrame({ lastFrame: () => 'ready' }, 'ready')).toBe('ready');
  });

  it('the tmux driver’s waits refuse it too (before touching tmux)', async () => {
    const t = new TmuxSession('never-started');
    await expect(t.waitFor('the board', () => true, 2_000)).rejects.toThrow(/the wait for the board was given 2000 ms/);
  });
});
