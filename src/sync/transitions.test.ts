import { describe, expect, it } from 'vitest';
import { apiError, market, MARKETS, rig, type Call } from '../../test/support/syncHarness.js';

/** Start, let the first list + detail land, then make every later call answer with `fail` once (or always). */
async function started(limit = 10) {
  const r = rig({ limit });
  r.sync.start();
  await r.run(1_000);
  expect(r.client.calls.length).toBe(2);
  return r;
}

describe('429', () => {
  it('pauses everything for exactly Retry-After, then resumes at a lower own rate', async () => {
    const r = await started(30);
    let fail = true;
    r.client.handler = () =>
      fail ? ((fail = false), apiError({ kind: 'rate_limited', status: 429, retryAfterMs: 12_000 })) : undefined;
    await r.run(5_000);
    const first429 = r.client.calls[2]!;
    const rate = r.store.getState().rate;
    expect(rate.backoffReason).toBe('rate_limited');
    expect(rate.backoffUntil).toBe(first429.at + 12_000);
    expect(rate.total429).toBe(1);
    expect(rate.effectiveLimit).toBe(21); // 30 × 0.7
    expect(r.client.calls.length).toBe(3); // nothing else went out, not even after 5 s
    await r.run(first429.at + 12_000 - r.clock.now());
    expect(r.client.calls.length).toBe(4);
    expect(r.client.calls[3]!.at).toBe(first429.at + 12_000);
    expect(r.store.getState().rate.backoffUntil).toBeUndefined();
    // additive increase: back at the full limit after three clean minutes (21 → 24 → 27 → 30), not nine
    await r.run(60_000);
    expect(r.store.getState().rate.effectiveLimit).toBe(24);
    await r.run(2 * 60_000);
    expect(r.store.getState().rate.effectiveLimit).toBe(30);
    await r.sync.stop();
  });

  it('without Retry-After backs off exponentially with full jitter (2 s, 4 s, 8 s …, capped)', async () => {
    const r = rig({ limit: 30, random: () => 0.999 });
    r.sync.start();
    await r.run(1_000);
    r.client.handler = () => apiError({ kind: 'rate_limited', status: 429 });
    await r.run(10 * 60_000);
    const fails = r.client.calls.slice(2).map((c) => c.at);
    const gaps = fails.slice(1).map((t, i) => t - fails[i]!);
    // the first backoff (≤ 2 s) is shorter than the lowered cadence (61 s / 19), which then decides
    expect(gaps[0]).toBe(Math.ceil(61_000 / 19));
    expect(gaps.slice(1, 6)).toEqual([3996, 7992, 15984, 31968, 63936]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(120_000);
    // one decrease per episode, not one per 429 (21, not 21 × 0.7); the minute since the last 429 grew it by a step
    expect(r.store.getState().rate.effectiveLimit).toBe(24);
    await r.sync.stop();
  });

  it('an HTTP-date Retry-After reaches the sync as retryAfterMs and is honoured', async () => {
    // the client turns `Retry-After: <HTTP date>` into retryAfterMs; the sync only ever sees the number
    const r = await started(10);
    let fail = true;
    r.client.handler = () =>
      fail ? ((fail = false), apiError({ kind: 'rate_limited', status: 429, retryAfterMs: 47_000 })) : undefined;
    await r.run(60_000);
    const [c429, next] = r.client.calls.slice(2);
    expect(next!.at - c429!.at).toBe(47_000);
    await r.sync.stop();
  });

  it('rate headers saying the shared bucket is empty hold requests until their reset', async () => {
    const r = await started(30);
    let first = true;
    r.client.handler = (c: Call) =>
      first
        ? ((first = false), { data: [], status: 200, rate: { remaining: 0, resetMs: 9_000 } })
        : (void c, undefined);
    await r.run(20_000);
    const [held, next] = r.client.calls.slice(2);
    expect(next!.at - held!.at).toBe(9_000);
    expect(r.store.getState().rate.server).toEqual({ remaining: 0, resetMs: 9_000 });
    expect(r.store.getState().rate.total429).toBe(0);
    await r.sync.stop();
  });

  it(
    'what other clients spend on the same bucket (from limit − remaining) is left to them, for one ' + 'window',
    async () => {
      const r = await started(30);
      // the server counts 10 more requests than we sent in the last minute: someone else spends a third
      r.client.handler = (c: Call) => {
        const ours = r.client.calls.filter((x) => x.at > c.at - 60_000).length;
        // the list and the selected market's detail as always (an empty list would select, and so poll, nothing)
        const data = c.method === 'listMarkets' ? MARKETS : market(String(c.args[0]));
        return c.at < 120_000
          ? { data, status: 200, rate: { limit: 30, remaining: Math.max(0, 30 - ours - 10), resetMs: 1_000 } }
          : undefined;
      };
      await r.run(119_000);
      expect(r.store.getState().rate.effectiveLimit).toBe(20);
      const lastMinute = r.client.calls.filter((c) => c.at > 60_000 && c.at <= 120_000).length;
      expect(lastMinute).toBeLessThanOrEqual(20);
      expect(lastMinute).toBeGreaterThanOrEqual(17);
      await r.run(70_000); // no headers any more: the estimate ages out after a window
      expect(r.store.getState().rate.effectiveLimit).toBe(30);
      await r.sync.stop();
    },
  );

  it('a lower limit announced by the server becomes the ceiling', async () => {
    const r = await started(30);
    r.client.handler = () => ({ data: [], status: 200, rate: { limit: 12, remaining: 11, windowMs: 60_000 } });
    await r.run(3_000);
    expect(r.store.getState().rate.effectiveLimit).toBe(12);
    await r.sync.stop();
  });
});

describe('401, 404, 409/410/423', () => {
  it(
    '401 with a key: AUTH FAILED, nothing but a probe now and then (sooner on r), and a restored key resumes by ' +
      'itself',
    async () => {
      const r = await started();
      let revoked = true;
      r.client.handler = () => (revoked ? apiError({ kind: 'unauthorized', status: 401 }) : undefined);
      await r.run(10_000);
      const rejectedAt = r.client.calls.at(-1)!.at;
      expect(r.store.getState().connection.status).toBe('auth_failed');
      r.sync.select('m3');
      r.sync.editQuote('m3', { outcome: 'Yes', amount: '5', action: 'buy' });
      await r.run(10 * 60_000);
      // probes 10 s, 20 s, 40 s, 80 s, 160 s apart, then every 3 min: a handful, never a poll
      const probes = r.client.calls.filter((c) => c.at > rejectedAt).map((c) => c.at - rejectedAt);
      expect(probes.length).toBeGreaterThanOrEqual(5);
      expect(probes.length).toBeLessThanOrEqual(7);
      const gaps = probes.slice(1).map((t, i) => t - probes[i]!);
      expect(gaps.slice(0, 4)).toEqual([20_000, 40_000, 80_000, 160_000]);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(180_000);
      const rate = r.store.getState().rate;
      expect(rate.backoffReason).toBe('auth');
      expect(rate.backoffUntil).toBeGreaterThan(r.clock.now());
      // r checks at once
      const before = r.client.calls.length;
      expect(r.sync.refreshNow()).toEqual({ ok: true });
      await r.run(100);
      expect(r.client.calls.length).toBe(before + 1);
      expect(r.store.getState().connection.status).toBe('auth_failed');
      // the key works again: the next probe gets data and everything resumes, the quote included
      revoked = false;
      const restoredAt = r.clock.now();
      await r.run(3 * 60_000);
      const s = r.store.getState();
      expect(s.connection.status).toBe('online');
      expect(s.rate.backoffReason).toBeUndefined();
      expect(s.quotes.m3?.status).toBe('ok');
      const resumedAt = r.client.calls.find((c) => c.at > restoredAt)!.at;
      expect(resumedAt - restoredAt).toBeLessThanOrEqual(180_000); // the next probe, at most one probe interval later
      await r.run(resumedAt + 60_000 - r.clock.now());
      const minuteAfter = r.client.calls.filter((c) => c.at >= resumedAt && c.at < resumedAt + 60_000).length;
      expect(minuteAfter).toBeGreaterThanOrEqual(8); // polling at the full anonymous rate again
      expect(s.outages[0]).toMatchObject({ status: 'auth_failed', cause: 'HTTP 401' });
      await r.sync.stop();
    },
  );

  it('403 on one market marks that market, not the session: the rest is polled as before', async () => {
    const r = await started();
    r.sync.select('m2');
    r.client.handler = (c) =>
      c.method === 'getMarket' && c.args[0] === 'm2'
        ? apiError({ kind: 'forbidden', status: 403, message: 'Access was refused (403).' })
        : undefined;
    await r.run(3 * 60_000);
    const s = r.store.getState();
    expect(s.connection.status).toBe('online');
    expect(s.markets.m2?.forbidden?.status).toBe(403);
    expect(s.notices.some((n) => /refused \(403\)/.test(n.text) && !/key/i.test(n.text))).toBe(true);
    const m2 = r.client.calls.filter((c) => c.method === 'getMarket' && c.args[0] === 'm2');
    expect(m2).toHaveLength(1); // not polled again for a while
    expect(r.client.of('listMarkets').filter((c) => c.at > 60_000).length).toBeGreaterThanOrEqual(6);
    expect(r.store.getState().rate.backoffUntil).toBeUndefined();
    await r.sync.stop();
  });

  it('404 on the selected market marks it gone, drops it and fetches the next selection', async () => {
    const r = await started();
    r.sync.select('m3');
    r.client.handler = (c) =>
      c.method === 'getMarket' && c.args[0] === 'm3' ? apiError({ kind: 'not_found', status: 404 }) : undefined;
    await r.run(7_000);
    const s = r.store.getState();
    expect(s.list.ids).not.toContain('m3');
    expect(s.markets.m3).toBeUndefined();
    expect(s.selectedId).toBe('m4');
    expect(s.notices.at(-1)?.text).toMatch(/no longer available/);
    const details = r.client.of('getMarket').map((c) => c.args[0]);
    expect(details.slice(-2)).toEqual(['m3', 'm4']);
    expect(s.rate.backoffUntil).toBeUndefined();
    await r.sync.stop();
  });

  for (const [kind, status, state] of [
    ['closed', 409, 'closed'],
    ['resolved', 410, 'resolved'],
    ['settling', 423, 'settling'],
  ] as const) {
    it(`${status} on a quote records the market's ${state} state`, async () => {
      const r = await started();
      r.client.handler = (c) => (c.method === 'getQuote' ? apiError({ kind, status }) : undefined);
      const form = { outcome: 'Yes', amount: '10', action: 'buy' } as const;
      r.sync.editQuote('m1', form);
      await r.run(1_000);
      const s = r.store.getState();
      expect(s.quotes.m1?.status).toBe('error');
      expect(s.quotes.m1?.error?.status).toBe(status);
      expect(s.markets.m1?.tradeState).toBe(state);
      expect(s.rate.backoffUntil).toBeUndefined();
      expect(r.client.of('getQuote')).toHaveLength(1);
      await r.sync.stop();
    });
  }
});

describe('network trouble', () => {
  it('a hung request times out, is aborted, and the sync backs off keeping the last good data', async () => {
    const r = await started();
    r.client.handler = () => new Promise(() => {});
    await r.run(30_000); // the background request at 6695 hangs; abandoned 15 s later
    const hung = r.client.calls[2]!;
    expect(hung.signal?.aborted).toBe(true);
    const s = r.store.getState();
    expect(s.connection.status).toBe('offline');
    expect(s.connection.lastError?.kind).toBe('timeout');
    expect(s.list.ids).toHaveLength(6);
    expect(s.connection.lastSuccessAt).toBe(0);
    expect(r.client.calls.length).toBeGreaterThan(3); // retried after the backoff
    await r.sync.stop();
  });

  it('a connection reset or a 5xx backs off with growing delays and recovers on success', async () => {
    const r = rig({ limit: 30, random: () => 0.999 });
    r.sync.start();
    await r.run(1_000);
    let n = 0;
    r.client.handler = () =>
      ++n <= 3 ? apiError(n === 2 ? { kind: 'server', status: 503 } : { kind: 'network' }) : undefined;
    await r.run(30_000);
    const at = r.client.calls.slice(2, 6).map((c) => c.at);
    expect(at[1]! - at[0]!).toBe(Math.ceil(61_000 / 28)); // first backoff (≤ 2 s) shorter than the cadence
    expect([at[2]! - at[1]!, at[3]! - at[2]!]).toEqual([3996, 7992]);
    const s = r.store.getState();
    expect(s.connection.status).toBe('online');
    expect(s.connection.consecutiveFailures).toBe(0);
    expect(s.list.ids).toHaveLength(6);
    await r.sync.stop();
  });

  it('reports the backoff reason while waiting, and r tries at once', async () => {
    const r = rig({ limit: 10, random: () => 0.999 });
    r.sync.start();
    await r.run(1_000);
    r.client.handler = () => apiError({ kind: 'server', status: 500 });
    await r.run(7_000); // the background request at 6695 fails; backoff until 8693
    expect(r.store.getState().rate.backoffReason).toBe('server');
    expect(r.store.getState().connection.status).toBe('degraded');
    const n = r.client.calls.length;
    expect(r.sync.refreshNow()).toEqual({ ok: true });
    await r.run(10);
    expect(r.client.calls.length).toBe(n + 1);
    await r.sync.stop();
  });
});
