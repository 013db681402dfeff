import { describe, expect, it } from 'vitest';
import { RATE_MARGIN_MS } from '../ledger/types.js';
import { resolveOptions } from './options.js';
import type { SyncOptions } from './options.js';

const opts = (o: Partial<SyncOptions>) => resolveOptions({ limit: 30, ...o } as SyncOptions);

describe('the span the sync counts its own sends over', () => {
  it('is the window and a whole second (RATE_MARGIN_MS), as the shared ledger counts', () => {
    // the spread of the delay from a claim to its request's arrival reached 1 s on a loaded machine: a margin of
    // 250 ms let a window of the service hold 31 (docs/rate-budget.md § The margin)
    expect(RATE_MARGIN_MS).toBe(1_000);
    expect(opts({}).spanMs).toBe(61_000);
    expect(opts({ windowMs: 20_000 }).spanMs).toBe(21_000);
  });

  it('takes another margin when told (the property tests and benches), within 0–10 s', () => {
    expect(opts({ marginMs: 250 }).spanMs).toBe(60_250);
    expect(opts({ marginMs: 0 }).spanMs).toBe(60_000);
    expect(opts({ marginMs: 60_000 }).spanMs).toBe(70_000);
  });
});
