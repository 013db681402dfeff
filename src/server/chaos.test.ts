/**
 * The chaos profiles over real HTTP, read by the real client: each fault
 * arrives on schedule, is what its name says, and ends; the client files it
 * under the kind the dashboard names (degraded, offline, rate limited, auth).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type MarketClientWithInfo } from '../api/client.js';
import { ManualClock } from '../util/clock.js';
import { rejection } from '../../test/support/catch.js';
import { boot, P } from '../../test/support/serverHarness.js';
import { CHAOS_PROFILES, RETRY_AFTER_KINDS, type ChaosOptions, type ChaosRequest } from './chaos.js';
import { HOSTILE_TITLES } from './chaosBody.js';

const KEY = 'chaos-test-key-0123456789';
const clients: MarketClientWithInfo[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function chaotic(chaos: Omit<ChaosOptions, 'clock'>) {
  const log: ChaosRequest[] = [];
  const clock = new ManualClock(Date.now()); // wall-clock time: an HTTP-date Retry-After is read against Date.now()
  const b = await boot({
    clock,
    keys: [KEY],
    chaos: { afterMs: 10_000, forMs: 60_000, ...chaos, onRequest: (e) => log.push(e) },
  });
  // the client's own deadlines (10 s to headers): a loaded machine can hold a loopback answer for a second, and a
  // short deadline turned an expected answer into a timeout; only the cases that wait for a timeout shorten them
  const client = (key = true, timeouts?: { headersMs: number; bodyMs: number; totalMs: number }) => {
    const c = createClient({
      baseUrl: b.server.url,
      ...(key ? { apiKey: KEY } : {}),
      ...(timeouts ? { timeouts } : {}),
    });
    clients.push(c);
    return c;
  };
  return { ...b, clock, log, client };
}

describe('chaos schedule', () => {
  it('serves normally, fails for the fault’s time, then serves normally again', async () => {
    const { clock, client, log } = await chaotic({ profile: '500' });
    const c = client();
    expect((await c.listMarkets()).data.length).toBeGreaterThan(0);
    clock.advance(10_000);
    expect(await rejection(c.listMarkets())).toMatchObject({ kind: 'server', status: 500 });
    clock.advance(60_000);
    expect((await c.listMarkets()).data.length).toBeGreaterThan(0);
    expect(log.map((e) => [e.status, e.fault])).toEqual([
      [200, false],
      [500, true],
      [200, false],
    ]);
    expect(log.every((e) => e.path.startsWith('/public/v1/markets') && !e.path.includes(KEY))).toBe(true);
  });

  it('flap: down and up for the phase length each', async () => {
    const { clock, client } = await chaotic({ profile: 'flap', afterMs: 0, forMs: 5_000 });
    const c = client();
    expect(await rejection(c.listMarkets())).toMatchObject({ kind: 'network' });
    clock.advance(5_000);
    expect((await c.listMarkets()).status).toBe(200);
    clock.advance(5_000);
    expect(await rejection(c.listMarkets())).toMatchObject({ kind: 'network' });
  });

  it('documents every profile: docs/faults.md names each, the drill has each (a huge Retry-After: extra)', async () => {
    const doc = readFileSync(new URL('../../docs/faults.md', import.meta.url), 'utf8');
    const [start, end] = [doc.indexOf('## `oddsboard serve --chaos PROFILE`'), doc.indexOf('## `npm run drill`')];
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const faults = doc.slice(start, end);
    const { DRILL_PROFILES, EXTRA_PROFILES } = await import('../../bench/drill/profiles.js');
    const drilled = [...DRILL_PROFILES, ...EXTRA_PROFILES];
    for (const p of CHAOS_PROFILES) {
      expect(faults, p).toContain(`\`${p}\``);
      expect(
        DRILL_PROFILES.map((d) => d.chaos),
        p,
      ).toContain(p);
    }
    for (const k of RETRY_AFTER_KINDS)
      expect(
        drilled.map((d) => d.retryAfter),
        k,
      ).toContain(k);
  });
});

describe('what each fault looks like to the client', () => {
  const during = async (profile: ChaosOptions['profile'], extra: Partial<ChaosOptions> = {}) => {
    const h = await chaotic({ profile, afterMs: 0, ...extra });
    // a hang ends only at the client's deadline: a short one
    return {
      ...h,
      c: profile === 'hang' ? h.client(true, { headersMs: 400, bodyMs: 400, totalMs: 1_500 }) : h.client(),
    };
  };

  it.each([
    ['html', { kind: 'server', status: 502 }],
    ['badjson', { kind: 'protocol', code: 'NOT_JSON' }],
    ['truncated', { kind: 'protocol', code: 'NOT_JSON' }],
    ['wrongtypes', { kind: 'protocol', code: 'BAD_DATA' }],
    ['huge', { kind: 'protocol', code: 'BODY_TOO_LARGE' }],
    ['hang', { kind: 'timeout' }],
    ['reset', { kind: 'network' }],
  ] as const)('%s', async (profile, expected) => {
    const { c } = await during(profile);
    expect(await rejection(c.listMarkets())).toMatchObject(expected);
  });

  it('trickle: one byte a second never finishes within the client’s deadline', async () => {
    const { client } = await chaotic({ profile: 'trickle', afterMs: 0 });
    const c = client(true, { headersMs: 2_000, bodyMs: 2_000, totalMs: 1_200 });
    expect(await rejection(c.listMarkets())).toMatchObject({ kind: 'timeout', code: 'TOTAL_TIMEOUT' });
  });

  it.each([
    ['seconds', (ms: number | undefined) => expect(ms).toBe(20_000)],
    ['date', (ms: number | undefined) => expect(ms).toBeGreaterThan(15_000)],
    ['none', (ms: number | undefined) => expect(ms).toBeUndefined()],
    // 86400 s, as far as the client believes it
    ['huge', (ms: number | undefined) => expect(ms).toBeGreaterThanOrEqual(3_600_000)],
  ] as const)('429 with Retry-After %s', async (retryAfter, check) => {
    const { c, clock } = await during('429', { retryAfter });
    // the service's clock to the present: an HTTP-date Retry-After is read against the answer's Date (real time), and
    // however long this test took to get here is not to be taken off the 20 s
    clock.advance(Math.max(0, Date.now() - clock.now()));
    const e = await rejection(c.listMarkets());
    expect(e).toMatchObject({ kind: 'rate_limited', status: 429 });
    check(e.retryAfterMs);
  });

  it(
    'revoke: a key is refused with 401 (the echoed key scrubbed by the client); ' + 'anonymous requests still work',
    async () => {
      const { c, client } = await during('revoke');
      const e = await rejection(c.listMarkets());
      expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
      expect(e.message).toContain('[redacted]');
      expect(e.message).not.toContain(KEY);
      expect((await client(false).listMarkets()).status).toBe(200);
    },
  );

  it('404 on one path: that route is gone, every other route answers', async () => {
    const { c, log } = await during('404', { path: `${P}/markets` });
    expect(await rejection(c.listMarkets({ limit: 5 }))).toMatchObject({ kind: 'not_found', status: 404 });
    expect((await c.listEvents()).data.length).toBeGreaterThan(0);
    const events = await c.listEvents();
    const id = events.data[0]!.markets[0]!.id;
    expect((await c.getMarket(id)).data.id).toBe(id);
    expect(log.map((e) => [e.path.split('?')[0], e.status, e.fault])).toEqual([
      [`${P}/markets`, 404, true],
      [`${P}/events`, 200, false],
      [`${P}/events`, 200, false],
      [`${P}/markets/${encodeURIComponent(id)}`, 200, false],
    ]);
  });

  it('vanish / forbid: the market last asked for answers 404 / 403 and leaves the list; the others stay', async () => {
    for (const [profile, kind] of [
      ['vanish', 'not_found'],
      ['forbid', 'forbidden'],
    ] as const) {
      const { client, clock } = await chaotic({ profile, afterMs: 5_000 });
      const cl = client();
      const [first, second] = (await cl.listMarkets()).data;
      await cl.getMarket(first!.id);
      clock.advance(5_000);
      expect(await rejection(cl.getMarket(first!.id))).toMatchObject({ kind });
      expect((await cl.getMarket(second!.id)).data.id).toBe(second!.id);
      const ids = (await cl.listMarkets()).data.map((m) => m.id);
      expect(ids).toContain(second!.id);
      expect(ids.includes(first!.id)).toBe(profile !== 'vanish');
    }
  });
});

describe('hostile titles', () => {
  it(
    'the first rows of the first list carry control sequences and width-tricky emoji; the client strips the ' +
      'sequences',
    async () => {
      const { get } = await chaotic({ profile: 'none' });
      const raw = await get(`${P}/markets?limit=5`, { headers: { 'X-API-Key': KEY } });
      const titles = (raw.body.data as Array<{ title: string }>).map((m) => m.title);
      expect(titles.slice(0, 3)).toEqual([...HOSTILE_TITLES]);
      const c = createClient({ baseUrl: (await chaotic({ profile: 'none' })).server.url, apiKey: KEY });
      clients.push(c);
      const shown = (await c.listMarkets({ limit: 5 })).data.slice(0, 3).map((m) => m.title);
      for (const t of shown) expect(t).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(shown[0]).toBe('Will 🌡 Tokyo 東京 top 35 °C this week? 気温');
    },
  );
});
