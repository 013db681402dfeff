/**
 * FurtherSends (further.ts): a job's first request is its own slot; each further one waits for a slot of the job's
 * class, is claimed then, and is dropped unclaimed when the job is let go.
 */
import { describe, expect, it } from 'vitest';
import { FurtherSends } from './further.js';

function setup(freeAt: number) {
  const claims: number[] = [];
  const limits = {
    slotAt: (_cls: string, now: number) => Math.max(now, freeAt),
    claim: (_cls: string, now: number) => (claims.push(now), { seq: claims.length }),
  };
  // what the code reads of a further send: the health's count of requests sent (its slot claimed above)
  const sends: number[] = [];
  const health = { pausedUntil: () => undefined, sent: (now: number) => void sends.push(now) };
  let pumps = 0;
  const f = new FurtherSends(limits, health, () => pumps++);
  return { f, claims, sends, pumps: () => pumps };
}

const settle = () => new Promise<void>((r) => setImmediate(r));

describe('further sends of a job', () => {
  it('the first goes at once; the second waits for a slot: claimed when it comes, its timeout anew', async () => {
    const { f, claims, sends, pumps } = setup(5_000);
    const ctrl = new AbortController();
    let rearmed = 0;
    const o = f.options('interactive', ctrl.signal, () => rearmed++);
    await o.beforeSend!();
    expect(claims).toEqual([]);
    let gone = false;
    void o.beforeSend!().then(() => (gone = true));
    await settle();
    expect(pumps()).toBe(1);
    expect(f.serve(1_000)).toBe(5_000);
    await settle();
    expect(gone).toBe(false);
    expect(f.serve(5_000)).toBeUndefined();
    await settle();
    expect(gone).toBe(true);
    expect(claims).toEqual([5_000]);
    expect(rearmed).toBe(1);
    expect(sends).toEqual([5_000]);
  });

  it('a job let go while its further request waits: the request fails and no slot is claimed for it', async () => {
    const { f, claims, sends } = setup(5_000);
    const ctrl = new AbortController();
    const o = f.options('background', ctrl.signal, () => {});
    await o.beforeSend!();
    const waiting = o.beforeSend!();
    ctrl.abort(new Error('timed out'));
    await expect(waiting).rejects.toThrow('timed out');
    expect(f.serve(6_000)).toBeUndefined();
    expect(claims).toEqual([]);
    expect(sends).toEqual([]);
  });
});
