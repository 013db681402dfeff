import { timerDelay } from '../util/clock.js';
import type { SendLedger } from './types.js';

/** `--no-wait` and the shared budget is spent (or paused after a 429): how long it would have taken. */
export class BudgetSpent extends Error {
  override readonly name = 'BudgetSpent';
  constructor(
    readonly retryAfterMs: number,
    readonly paused: boolean,
  ) {
    super(
      paused
        ? `the service answered 429 to an oddsboard process; the shared rate budget is paused for ` +
            `${Math.ceil(retryAfterMs / 1000)}s`
        : `the shared rate budget is spent; a slot frees up in ${Math.ceil(retryAfterMs / 1000)}s`,
    );
  }
}

export interface WaitOptions {
  /** Refuse at once (BudgetSpent) instead of waiting. */
  noWait: boolean;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Told once per wait of a second or more (and again when the wait moves by more than a second). */
  onWait?: (ms: number) => void;
}

function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const t = setTimeout(done, timerDelay(ms)); // a longer wait is cut: the caller claims again and waits on
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(t);
      reject(signal!.reason as Error);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Waits until the ledger grants a slot (claimed for this process) — the one-shot commands'
 * way to share the budget with the dashboard and each other. Rejects with BudgetSpent under
 * `noWait`, or with the signal's reason when it is aborted.
 */
export async function waitForSlot(ledger: SendLedger, allowed: number, opts: WaitOptions): Promise<void> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;
  let told: number | undefined;
  for (;;) {
    if (opts.signal?.aborted) throw opts.signal.reason as Error;
    const t = now();
    const c = ledger.claim(t, allowed);
    if (c.ok) return;
    const ms = Math.max(1, c.retryAt - t);
    if (c.reason === 'busy') {
      await sleep(ms + Math.floor(random() * 10), opts.signal);
      continue;
    }
    if (opts.noWait) throw new BudgetSpent(ms, c.reason === 'paused');
    if (ms >= 1000 && (told === undefined || Math.abs(c.retryAt - told) > 1000)) {
      told = c.retryAt;
      opts.onWait?.(ms);
    }
    // a little spread, so processes waiting for the same slot do not all knock at once
    await sleep(ms + Math.floor(random() * 50), opts.signal);
  }
}
