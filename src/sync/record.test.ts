import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import type { RawReads } from '../api/client.js';
import type { ApiResult } from '../api/types.js';
import { ManualClock } from '../util/clock.js';
import { fileName, recordService, type RecordPlan } from './record.js';

const PLAN: RecordPlan = { pages: 3, limit: 2, status: 'all', details: 3, events: 5, eventDetails: 5 };

interface Call {
  at: number;
  what: string;
}

/** A fake service: answers at once, records when each call was made; `fail` decides per call. */
function fakeService(clock: ManualClock, fail: (what: string, n: number) => ApiError | undefined = () => undefined) {
  const calls: Call[] = [];
  const seen = new Map<string, number>();
  const answer = async (what: string, data: unknown): Promise<ApiResult<unknown>> => {
    calls.push({ at: clock.now(), what });
    const n = (seen.get(what) ?? 0) + 1;
    seen.set(what, n);
    const e = fail(what, n);
    if (e) throw e;
    return { data, status: 200 };
  };
  const pages: unknown[][] = [
    [
      { id: 'a', title: 'A', eventId: 'e1', outcomes: [{ name: 'Yes', price: 0.5 }] },
      { id: 'b', title: 'B', eventId: 'e2', outcomeType: 'MULTIPLE_CHOICE' },
    ],
    [{ id: 'c/d', title: 'C', eventId: 'e2', outcomes: [] }],
  ];
  const client: RawReads = {
    rawMarkets: (q) => answer(`markets ${q?.offset}`, pages[(q?.offset ?? 0) / 2] ?? []),
    rawMarket: (id) => answer(`market ${id}`, { id, detail: true }),
    rawEvents: () => answer('events', [{ id: 'e1', title: 'E1', markets: [{ id: 'a' }] }]),
    rawEvent: (id) => answer(`event ${id}`, { id, markets: [] }),
  };
  return { client, calls };
}

/** Runs the recorder, advancing the manual clock whenever it waits. */
async function run(clock: ManualClock, client: RawReads, perMinute: number, plan = PLAN) {
  const saved = new Map<string, unknown>();
  const logs: string[] = [];
  const done = recordService({
    client,
    clock,
    perMinute,
    plan,
    save: (f, d) => saved.set(f, d),
    log: (l) => logs.push(l),
  });
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    await new Promise((r) => setImmediate(r));
    if (!finished && clock.pending() > 0) clock.runNext();
  }
  return { summary: await done, saved, logs };
}

describe('recordService', () => {
  it(
    'asks for pages (until a short one), details (outcome-less list entries first), the events list, then the events ' +
      'it did not nest',
    async () => {
      const clock = new ManualClock();
      const svc = fakeService(clock);
      const { summary, saved } = await run(clock, svc.client, 30);
      expect(svc.calls.map((c) => c.what)).toEqual([
        'markets 0',
        'markets 2',
        'market b',
        'market a',
        'market c/d',
        'events',
        'event e2',
      ]);
      expect([...saved.keys()]).toEqual([
        'markets-0001.json',
        'markets-0002.json',
        'markets/b.json',
        'markets/a.json',
        `markets/${fileName('c/d')}`,
        'events-0001.json',
        'events/e2.json',
      ]);
      expect(saved.get('markets/a.json')).toEqual({ id: 'a', detail: true });
      expect(summary).toMatchObject({ requests: 7, failures: 0 });
      expect(summary.stopped).toBeUndefined();
    },
  );

  it('never sends more than the limit in any 60 s window', async () => {
    const clock = new ManualClock();
    const svc = fakeService(clock);
    await run(clock, svc.client, 3);
    const times = svc.calls.map((c) => c.at);
    expect(times).toHaveLength(7);
    for (const t of times) expect(times.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(3);
    expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(60_000);
  });

  it('a 429 waits as long as the service says and asks again; a 404 skips the item; a 401 stops', async () => {
    const clock = new ManualClock();
    const svc = fakeService(clock, (what, n) => {
      if (what === 'markets 0' && n === 1)
        return new ApiError({ kind: 'rate_limited', status: 429, message: 'slow down', retryAfterMs: 7_000 });
      if (what === 'market a') return new ApiError({ kind: 'not_found', status: 404, message: 'gone' });
      if (what === 'events') return new ApiError({ kind: 'unauthorized', status: 401, message: 'bad key' });
      return undefined;
    });
    const { summary, saved, logs } = await run(clock, svc.client, 30);
    const first = svc.calls.filter((c) => c.what === 'markets 0');
    expect(first).toHaveLength(2);
    expect(first[1]!.at - first[0]!.at).toBe(7_000);
    expect(saved.has('markets/a.json')).toBe(false);
    expect(saved.has('markets/b.json')).toBe(true);
    expect(summary.stopped).toBe('GET /events?limit=5: bad key');
    expect(svc.calls.some((c) => c.what.startsWith('event '))).toBe(false);
    expect(logs).toContain('GET /markets/a: gone');
  });

  it('file names keep safe ids and make the others safe and distinct', () => {
    expect(fileName('KXBTCD-26JUL2502-T74299.99')).toBe('KXBTCD-26JUL2502-T74299.99.json');
    expect(fileName('a/b')).toMatch(/^a_b-[0-9a-f]{8}\.json$/);
    expect(fileName('a/b')).not.toBe(fileName('a?b'));
    expect(fileName('..')).toMatch(/^\.\.-[0-9a-f]{8}\.json$/);
  });
});
