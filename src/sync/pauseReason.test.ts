/**
 * Two answers meet: the list's 429 pauses the venue, and the quote that was on the wire at the time fails afterwards
 * (no answer, a 5xx). The 429's pause is the one that holds — nothing goes out until it ends — so it must also stay
 * the pause's reason: the header keeps saying RATE LIMITED, and `r` stays refused (another client may be spending the
 * shared bucket), rather than the quote's failure renaming the pause `offline` and `r` sending into the 429.
 */
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../api/errors.js';
import type { ApiResult } from '../api/types.js';
import { apiError, rig } from '../../test/support/syncHarness.js';

const RETRY_AFTER_MS = 5 * 60_000;
const TOO_MANY = apiError({ kind: 'rate_limited', status: 429, retryAfterMs: RETRY_AFTER_MS });
const REJECTED = apiError({ kind: 'unauthorized', status: 401 });

async function quoteOnTheWireWhenPaused(failure: ApiError, pause: ApiError = TOO_MANY) {
  const r = rig({ limit: 30 });
  r.sync.start();
  await r.run(5_000);
  let failQuote: (e: ApiError) => void = () => undefined;
  r.client.handler = (c) =>
    c.method === 'getQuote' ? new Promise<ApiResult<unknown>>((_, reject) => (failQuote = reject)) : pause;
  r.sync.editQuote('m1', { outcome: 'Yes', amount: '10', action: 'buy' });
  await r.run(10_000);
  expect(r.client.of('getQuote')).toHaveLength(1);
  const pausedUntil = r.store.getState().rate.backoffUntil!;
  if (pause === TOO_MANY) {
    expect(r.store.getState().rate.backoffReason).toBe('rate_limited');
    expect(pausedUntil).toBeGreaterThan(r.clock.now() + 60_000);
  }
  failQuote(failure);
  await r.run(1_000);
  return { r, pausedUntil };
}

describe('a failure met during a 429 pause leaves the pause a 429', () => {
  for (const [what, failure] of [
    ['no answer (timeout)', apiError({ kind: 'timeout' })],
    ['a 503', apiError({ kind: 'server', status: 503 })],
  ] as const) {
    it(`the quote on the wire fails with ${what}: still RATE LIMITED, r refused, nothing sent early`, async () => {
      const { r, pausedUntil } = await quoteOnTheWireWhenPaused(failure);
      const s = r.store.getState();
      expect(s.rate.backoffReason).toBe('rate_limited');
      expect(s.rate.backoffUntil).toBe(pausedUntil);
      expect(s.connection.status).toBe('rate_limited');
      expect(r.sync.refreshNow()).toMatchObject({ ok: false, reason: 'rate_limited', retryAt: pausedUntil });
      const before = r.client.calls.length;
      await r.run(pausedUntil - r.clock.now() - 1_000);
      expect(r.client.calls.length).toBe(before);
      await r.sync.stop();
    });
  }
});

describe("a failure met during a rejected key's probing leaves it AUTH FAILED", () => {
  it('the quote on the wire at the rejection fails with a 503: still AUTH FAILED, the probe kept', async () => {
    const r = rig({ limit: 30 });
    r.sync.start();
    await r.run(5_000);
    let failQuote: (e: ApiError) => void = () => undefined;
    r.client.handler = (c) =>
      c.method === 'getQuote' ? new Promise<ApiResult<unknown>>((_, reject) => (failQuote = reject)) : REJECTED;
    r.sync.editQuote('m1', { outcome: 'Yes', amount: '10', action: 'buy' });
    await r.run(1_000);
    expect(r.client.of('getQuote')).toHaveLength(1);
    await r.run(2_000);
    expect(r.store.getState().connection.status).toBe('auth_failed');
    const probeAt = r.store.getState().rate.backoffUntil!;
    failQuote(apiError({ kind: 'server', status: 503 }));
    await r.run(1_000);
    const s = r.store.getState();
    expect(s.connection.status).toBe('auth_failed');
    expect(s.rate).toMatchObject({ backoffReason: 'auth', backoffUntil: probeAt });
    await r.sync.stop();
  });
});
