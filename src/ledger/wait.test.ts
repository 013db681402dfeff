import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS } from '../util/clock.js';
import { MemoryLedger } from './memory.js';
import type { Claim, SendLedger } from './types.js';
import { BudgetSpent, waitForSlot } from './wait.js';

function virtual(start = 0) {
  let now = start;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    slept,
    random: () => 0,
  };
}

/** A ledger full until `freeAt` (or for its first claim, saying `retryAt`), whose lock is busy for `busy` claims. */
function scripted(freeAt: number, busy = 0, retryAt?: number): SendLedger & { claims: number } {
  const l = {
    claims: 0,
    others: () => [],
    pausedUntil: () => undefined,
    claim(now: number): Claim {
      l.claims++;
      if (l.claims <= busy) return { ok: false, retryAt: now + 15, reason: 'busy' };
      if (retryAt !== undefined) return l.claims === 1 ? { ok: false, retryAt, reason: 'budget' } : { ok: true };
      return now >= freeAt ? { ok: true } : { ok: false, retryAt: freeAt, reason: 'budget' };
    },
    pause: () => undefined,
    pollMs: undefined,
  };
  return l;
}

describe('waitForSlot', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never sets a Node timer longer than it takes (a wait of years would spin at 1 ms)', async () => {
    const delays: number[] = [];
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      delays.push(ms);
      fn();
      return 0 as unknown as NodeJS.Timeout;
    }) as typeof setTimeout);
    // 2100, seen from 2023: the slot is 2.3 billion seconds away
    await waitForSlot(scripted(1, 0, 4_102_444_800_000), 29, { noWait: false, now: () => 0, random: () => 0 });
    expect(delays).toEqual([MAX_TIMER_MS]);
  });

  it('takes a free slot at once', async () => {
    const t = virtual();
    await waitForSlot(scripted(0), 29, { noWait: false, ...t });
    expect(t.slept).toEqual([]);
  });

  it('waits until the slot frees up and says so once', async () => {
    const t = virtual();
    const told: number[] = [];
    await waitForSlot(scripted(12_000, 2), 29, { noWait: false, ...t, onWait: (ms) => told.push(ms) });
    expect(told).toEqual([11_970]); // two busy retries of 15 ms first, never announced
    expect(t.now()).toBe(12_000);
  });

  it('with noWait refuses at once, saying how long it would take', async () => {
    const t = virtual();
    await expect(waitForSlot(scripted(12_000), 29, { noWait: true, ...t })).rejects.toEqual(
      expect.objectContaining({ name: 'BudgetSpent', retryAfterMs: 12_000, paused: false }),
    );
    const paused = new MemoryLedger().view('x');
    paused.pause(5_000, 0);
    const e = await waitForSlot(paused, 29, { noWait: true, ...t }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BudgetSpent);
    expect((e as BudgetSpent).paused).toBe(true);
  });

  it('stops when its signal is aborted', async () => {
    const ac = new AbortController();
    const reason = new Error('interrupted');
    const t = virtual();
    const p = waitForSlot(scripted(60_000), 29, {
      noWait: false,
      signal: ac.signal,
      now: t.now,
      sleep: () => (ac.abort(reason), Promise.reject(reason)),
    });
    await expect(p).rejects.toBe(reason);
  });

  it('shares the window with the other processes of a memory ledger', async () => {
    const shared = new MemoryLedger(60_000);
    const other = shared.view('dashboard');
    for (let i = 0; i < 3; i++) expect(other.claim(i * 1_000, 3)).toEqual({ ok: true });
    const t = virtual(5_000);
    await waitForSlot(shared.view('script'), 3, { noWait: false, ...t });
    expect(t.now()).toBe(60_000); // the first of the three left the window
  });
});
