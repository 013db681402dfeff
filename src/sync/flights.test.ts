import { describe, expect, it } from 'vitest';
import type { ApiError } from '../api/errors.js';
import type { ApiResult } from '../api/types.js';
import { Flights, STALL_MS } from './flights.js';
import { ManualClock } from '../util/clock.js';

import type { Job } from './jobs.js';

const JOB: Job = { kind: 'list', cls: 'background', origin: 'background' };

/** Flights with a 15 s timeout, one request launched whose answer the test gives, and how each flight ended. */
function launched() {
  const clock = new ManualClock();
  const ends: { res?: ApiResult<unknown>; err?: ApiError }[] = [];
  const flights = new Flights(clock, 15_000, (_f, res, err) =>
    ends.push({ ...(res ? { res } : {}), ...(err ? { err } : {}) }),
  );
  let answer!: (r: ApiResult<unknown>) => void;
  flights.launch(JOB, 1, () => new Promise((resolve) => (answer = resolve)));
  return { clock, ends, answer, flights };
}

describe('a request on the wire while the process was stopped', () => {
  it('is not abandoned for the time the process did not run: the answer waiting for it is read', async () => {
    const { clock, ends, answer, flights } = launched();
    // stopped for 20 s, the answer in meanwhile: the 15 s timeout falls due before the answer can be read
    clock.stall(20_000);
    expect(ends).toEqual([]);
    answer({ data: [], status: 200 });
    await flights.settled();
    expect(ends).toHaveLength(1);
    expect(ends[0]!.err).toBeUndefined();
    expect(ends[0]!.res).toBeDefined();
  });

  it('one that is really hung is still abandoned, a timeout later', async () => {
    const { clock, ends, flights } = launched();
    clock.stall(20_000);
    clock.advance(15_000);
    await flights.settled();
    expect(ends).toHaveLength(1);
    expect(ends[0]!.err).toMatchObject({ kind: 'timeout' });
  });

  it('a timeout that falls due on time, or late by what a loaded machine adds, abandons it as before', async () => {
    const { clock, ends, flights } = launched();
    clock.stall(15_000 + STALL_MS);
    await flights.settled();
    expect(ends[0]!.err).toMatchObject({ kind: 'timeout', message: 'The request took too long and was abandoned.' });
  });
});
