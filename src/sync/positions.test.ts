/**
 * The person's positions through the scheduler (positions.ts): a reading is the reader's requests, each a `positions`
 * job of the background class in the venue's budget, at least one background interval apart, the first soon after the
 * start; the answer into the store (`realPositions`); the next reading at the cadence; a failure (401, 404) said in
 * `realPositions.error` and never the connection's state.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import type { ApiResult } from '../api/types.js';
import type { PositionsReader, Send } from '../positions/readers.js';
import type { VenuePositions } from '../positions/types.js';
import type { SourceClient } from '../sources/types.js';
import { rig } from '../../test/support/syncHarness.js';
import type { RequestInfo } from './types.js';

const EVERY = 5 * 60_000;

/** A reader of three requests (two pages and a value), or failing on the second with `fail`. */
function fakeReader(fail?: ApiError): PositionsReader & { reads: number } {
  const ok = <T>(data: T) => Promise.resolve<ApiResult<T>>({ data, status: 200 });
  const r = {
    venue: 'kalshi' as const,
    identity: 'key-id-1',
    reads: 0,
    async read(send: Send): Promise<VenuePositions> {
      r.reads++;
      const a = await send(() => ok(2));
      const b = await send(() => (fail ? Promise.reject(fail) : ok(3)));
      const value = await send(() => ok(0.5));
      return {
        venue: 'kalshi',
        currency: 'USD',
        identity: 'key-id-1',
        positions: [
          {
            ref: { venue: 'kalshi', id: 'K1' },
            title: 'K one',
            outcome: 'Yes',
            shares: a + b,
            cost: 2,
            value,
            currency: 'USD',
            state: 'open',
          },
        ],
      };
    },
    close: () => Promise.resolve(),
  };
  return r;
}

function positionsRig(fail?: ApiError) {
  const sent: RequestInfo[] = [];
  const reader = fakeReader(fail);
  const r = rig({
    mode: 'kalshi',
    platform: true,
    limit: 30,
    onRequest: (i) => sent.push(i),
    positions: { reader, client: {} as SourceClient, everyMs: EVERY },
  });
  return { ...r, sent, reader, reads: () => sent.filter((s) => s.kind === 'positions') };
}

describe('positions through sync', () => {
  it('a reading: background jobs in the budget, an interval apart; stored; the next at the cadence', async () => {
    const r = positionsRig();
    r.sync.start();
    expect(r.store.getState().realPositions).toMatchObject({ venue: 'kalshi', identity: 'key-id-1', reading: false });
    await r.run(60_000);
    const jobs = r.reads();
    expect(jobs.map((j) => j.cls)).toEqual(['background', 'background', 'background']);
    // the list went first; each request of the reading one background interval (61 s / 28) after the last
    expect(r.sent[0]!.kind).toBe('list');
    for (let i = 1; i < jobs.length; i++) expect(jobs[i]!.at - jobs[i - 1]!.at).toBeGreaterThanOrEqual(61_000 / 28);
    const st = r.store.getState().realPositions!;
    expect(st.reading).toBe(false);
    expect(st.error).toBeUndefined();
    expect(st.data?.positions[0]).toMatchObject({ shares: 5, value: 0.5 });
    expect(st.nextAt).toBe(jobs[0]!.at + EVERY);
    // nothing more until the cadence comes round
    await r.run(EVERY - 60_000 - 1);
    expect(r.reader.reads).toBe(1);
    await r.run(60_000);
    expect(r.reader.reads).toBe(2);
    await r.sync.stop();
  });

  it('a refused signature (401) is said in the positions, not the connection; read again at the cadence', async () => {
    const e = new ApiError({ kind: 'unauthorized', status: 401, message: 'Kalshi refused the signature.' });
    const r = positionsRig(e);
    r.sync.start();
    await r.run(60_000);
    const st = r.store.getState();
    expect(r.reads()).toHaveLength(2);
    expect(st.realPositions).toMatchObject({
      reading: false,
      error: { status: 401, message: 'Kalshi refused the signature.' },
    });
    expect(st.connection.status).toBe('online');
    expect(st.connection.consecutiveFailures).toBe(0);
    // the board goes on: the list is refreshed after the failure as before
    const before = r.sent.filter((s) => s.kind !== 'positions').length;
    await r.run(60_000);
    expect(r.sent.filter((s) => s.kind !== 'positions').length).toBeGreaterThan(before);
    await r.run(EVERY);
    expect(r.reader.reads).toBe(2);
    await r.sync.stop();
  });

  it('a 404 and a broken answer: said, the data of the last good reading kept', async () => {
    const e = new ApiError({ kind: 'not_found', status: 404, message: 'Not found.' });
    const r = positionsRig();
    r.sync.start();
    await r.run(60_000);
    expect(r.store.getState().realPositions?.data).toBeDefined();
    // the second reading fails
    r.reader.read = async (send) => {
      await send(() => Promise.reject(e));
      throw new Error('unreachable');
    };
    await r.run(EVERY);
    const st = r.store.getState().realPositions!;
    expect(st.error).toMatchObject({ status: 404, message: 'Not found.' });
    expect(st.data?.positions).toHaveLength(1);
    expect(r.store.getState().connection.status).toBe('online');
    await r.sync.stop();
  });
});
