/**
 * Faults as a person left alone with the dashboard meets them: the state is
 * named, the last good data stays, the program gets out of trouble by itself
 * soon after the trouble ends, and the budget keeps following the screen.
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorInit } from '../api/errors.js';
import type { ApiResult } from '../api/types.js';
import { outageLength } from '../store/connection.js';
import { isStale, listRefreshIntervalMs } from '../ui/viewModel.js';
import { apiError, market, MARKETS, rig, type Rig } from '../../test/support/syncHarness.js';

async function started(limit = 10, random?: () => number): Promise<Rig> {
  const r = rig({ limit, ...(random ? { random } : {}) });
  r.sync.start();
  await r.run(1_000);
  expect(r.store.getState().connection.status).toBe('online');
  return r;
}

/** How long after `t` the first request went out (the fake answers at once: the first good answer). */
function firstAnswerAfter(r: Rig, t: number): number {
  return r.client.calls.find((c) => c.at >= t)!.at - t;
}

/** The list rows STALE now, as the screen computes them. */
function staleRows(r: Rig): number {
  const s = r.store.getState();
  const interval = listRefreshIntervalMs(s.rate);
  return s.list.ids.filter((id) => isStale(s.markets[id]!.receivedAt, r.clock.now(), interval)).length;
}

const FAILING: Array<[string, Partial<ApiErrorInit> & Pick<ApiErrorInit, 'kind'>, string]> = [
  ['HTTP 503', { kind: 'server', status: 503 }, 'HTTP 503'],
  ['502 with an HTML page', { kind: 'server', status: 502, code: 'HTTP_502' }, 'HTTP 502'],
  ['success:false on a 200', { kind: 'server', status: 200, code: 'SERVER_FAILURE' }, 'success:false'],
  ['malformed or truncated JSON', { kind: 'protocol', status: 200, code: 'NOT_JSON' }, 'not JSON'],
  ['a 50 MB body', { kind: 'protocol', code: 'BODY_TOO_LARGE' }, 'too large'],
];

describe('server errors and bad answers are named', () => {
  for (const [what, err, cause] of FAILING) {
    it(
      `${what} for 8 minutes: DEGRADED with the cause and count, the data kept, online again alone, the outage ` +
        `recorded`,
      async () => {
        const r = await started(10, () => 0.999);
        let failing = true;
        r.client.handler = () => (failing ? apiError(err) : undefined);
        await r.run(8 * 60_000);
        const s = r.store.getState();
        expect(s.connection.status).toBe('degraded');
        expect(s.connection.lastError?.code ?? '').toBe(err.code ?? 'SERVER');
        expect(s.connection.consecutiveFailures).toBeGreaterThan(40); // one try every ≤ 10 s
        expect(s.connection.troubleSince).toBeLessThanOrEqual(7_000);
        expect(s.list.ids).toHaveLength(6); // the last good data stays
        expect(staleRows(r)).toBe(6);
        failing = false;
        const endedAt = r.clock.now();
        await r.run(15_000);
        const after = r.store.getState();
        expect(after.connection.status).toBe('online');
        expect(firstAnswerAfter(r, endedAt)).toBeLessThanOrEqual(10_000);
        expect(after.outages[0]).toMatchObject({ status: 'degraded', cause });
        expect(after.outages[0]!.to - after.outages[0]!.from).toBeGreaterThanOrEqual(7 * 60_000);
        expect(after.notices.at(-1)?.text).toMatch(/^Back online after \d+ min degraded/);
        await r.sync.stop();
      },
    );
  }

  it('data of the wrong type on a 200 is a failure too, not an empty list', async () => {
    const r = await started();
    r.client.handler = (c) =>
      c.method === 'listMarkets'
        ? { data: { markets: 'nope' }, status: 200 }
        : c.method === 'getMarket'
          ? { data: 'm1', status: 200 }
          : undefined;
    await r.run(60_000);
    const s = r.store.getState();
    expect(s.connection.status).toBe('degraded');
    expect(s.connection.lastError?.code).toBe('BAD_DATA');
    expect(s.list.ids).toHaveLength(6);
    await r.sync.stop();
  });

  it('no answer at all is OFFLINE, not degraded', async () => {
    const r = await started();
    r.client.handler = () => apiError({ kind: 'network', code: 'ECONNREFUSED' });
    await r.run(30_000);
    expect(r.store.getState().connection).toMatchObject({ status: 'offline', lastError: { code: 'ECONNREFUSED' } });
    await r.sync.stop();
  });

  it('a hung request: the outage starts when it left, not when its timeout gave up on it', async () => {
    const r = await started(10, () => 0.999);
    let hanging = true;
    r.client.handler = () => (hanging ? new Promise<ApiResult<unknown>>(() => undefined) : undefined);
    const from = r.clock.now();
    await r.run(3 * 60_000);
    const leftAt = r.client.calls.find((c) => c.at >= from)!.at;
    const s = r.store.getState();
    expect(s.connection.status).toBe('offline');
    expect(s.connection.lastError?.kind).toBe('timeout');
    // its failure is known only at the timeout (15 s later), but nothing answered from the moment it left
    expect(s.connection.troubleSince).toBe(leftAt);
    hanging = false;
    await r.run(30_000);
    const after = r.store.getState();
    expect(after.connection.status).toBe('online');
    const o = after.outages[0]!;
    expect(o.from).toBe(leftAt);
    expect(after.notices.at(-1)?.text).toContain(`Back online after ${outageLength(o.to - leftAt)} offline`);
    await r.sync.stop();
  });

  it(
    'a quote asked for during an outage says why it is still waiting, and arrives once the server is ' + 'back',
    async () => {
      const r = await started();
      let failing = true;
      r.client.handler = () =>
        failing
          ? apiError({ kind: 'server', status: 503, message: 'The service is unavailable right now (503).' })
          : undefined;
      await r.run(20_000);
      r.sync.editQuote('m1', { outcome: 'Yes', amount: '10', action: 'buy' });
      await r.run(30_000);
      const q = r.store.getState().quotes.m1;
      expect(q?.status).toBe('waiting');
      expect(q?.retryError?.status).toBe(503);
      failing = false;
      await r.run(12_000);
      expect(r.store.getState().quotes.m1).toMatchObject({ status: 'ok' });
      expect(r.store.getState().quotes.m1?.retryError).toBeUndefined();
      await r.sync.stop();
    },
  );
});

describe('recovery is quick', () => {
  it(
    'after a 10-minute outage the first good answer comes within 10 s of the end, whatever the jitter ' + 'draws',
    async () => {
      for (const random of [() => 0.999, () => 0.5, () => 0]) {
        const r = await started(10, random);
        let down = true;
        r.client.handler = () => (down ? apiError({ kind: 'network' }) : undefined);
        await r.run(10 * 60_000);
        const tries = r.client.calls.filter((c) => c.at > 1_000).length;
        expect(tries).toBeLessThanOrEqual(10 * 10); // never more than the budget
        down = false;
        const endedAt = r.clock.now();
        // online once the list answers: its turn can be the third background slot, 3 × 61 s / 9 = 20.3 s on
        await r.run(25_000);
        expect(firstAnswerAfter(r, endedAt)).toBeLessThanOrEqual(10_000);
        expect(r.store.getState().connection.status).toBe('online');
        await r.sync.stop();
      }
    },
  );
});

describe('rows turn STALE during an outage', () => {
  it('2 minutes without an answer: every row STALE, however far the next try has moved', async () => {
    const r = await started(10);
    expect(staleRows(r)).toBe(0);
    r.client.handler = () => apiError({ kind: 'network' });
    await r.run(2 * 60_000);
    expect(staleRows(r)).toBe(6);
  });

  it('a 429 asking for 15 minutes: rows STALE while paused', async () => {
    const r = await started(30);
    r.client.handler = () => apiError({ kind: 'rate_limited', status: 429, retryAfterMs: 15 * 60_000 });
    await r.run(3 * 60_000);
    expect(r.store.getState().rate.backoffUntil).toBeGreaterThan(r.clock.now() + 10 * 60_000);
    expect(staleRows(r)).toBe(6);
  });
});

describe('header counts decay while nothing is sent', () => {
  it('through a 15-minute Retry-After pause the count falls to 0 within a minute', async () => {
    const r = await started(30);
    await r.run(20_000);
    r.client.handler = () => apiError({ kind: 'rate_limited', status: 429, retryAfterMs: 15 * 60_000 });
    await r.run(5_000);
    expect(r.store.getState().rate.usedInWindow).toBeGreaterThan(5);
    const last = r.client.calls.at(-1)!.at;
    await r.run(last + 61_000 - r.clock.now());
    expect(r.store.getState().rate.usedInWindow).toBe(0);
    expect(r.store.getState().rate.backoffReason).toBe('rate_limited');
    await r.sync.stop();
  });

  it('after a 401 the count falls too, apart from the probes', async () => {
    const r = await started(30);
    await r.run(20_000);
    r.client.handler = () => apiError({ kind: 'unauthorized', status: 401 });
    await r.run(2_000);
    expect(r.store.getState().rate.usedInWindow).toBeGreaterThan(5);
    await r.run(3 * 60_000);
    const lastMinute = r.client.calls.filter((c) => c.at > r.clock.now() - 61_000).length;
    expect(r.store.getState().rate.usedInWindow).toBe(lastMinute);
    expect(lastMinute).toBeLessThanOrEqual(1);
    await r.sync.stop();
  });
});

describe('the budget follows the screen', () => {
  it('a selected market that leaves the list hands the selection to its neighbour, and polling follows', async () => {
    const r = await started(30);
    r.sync.select('m3');
    await r.run(5_000);
    let listed = MARKETS;
    r.client.handler = (c) =>
      c.method === 'listMarkets'
        ? { data: listed, status: 200 }
        : c.method === 'getMarket' && c.args[0] === 'm3'
          ? { data: market('m3', { status: 'resolved', resolvedOutcome: 'Yes' }), status: 200 }
          : undefined;
    listed = MARKETS.filter((m) => m.id !== 'm3');
    const leftAt = r.clock.now();
    await r.run(3 * 60_000);
    const s = r.store.getState();
    expect(s.selectedId).toBe('m4'); // the row that took its place
    const details = r.client.of('getMarket').filter((c) => c.at > leftAt);
    const toDeparted = details.filter((c) => c.args[0] === 'm3').length;
    const toShown = details.filter((c) => c.args[0] === 'm4').length;
    expect(toDeparted).toBeLessThanOrEqual(1); // its one follow-up
    expect(toShown).toBeGreaterThanOrEqual(20);
    // the follow-up recorded where it went
    expect(s.transitions[0]).toMatchObject({ id: 'm3', to: 'resolved' });
    await r.sync.stop();
  });

  it('a new query that lacks the selection selects its first row', async () => {
    const r = await started(30);
    r.sync.select('m3');
    await r.run(2_000);
    r.client.handler = (c) =>
      c.method === 'listMarkets'
        ? { data: [market('x1'), market('x2'), market('x3'), market('x4')], status: 200 }
        : undefined;
    r.sync.search({ q: 'x' });
    await r.run(3_000);
    expect(r.store.getState().selectedId).toBe('x1');
    expect(r.client.of('getMarket').at(-1)?.args[0]).toBe('x1');
    await r.sync.stop();
  });
});
