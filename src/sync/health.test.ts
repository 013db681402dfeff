import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { Health } from './health.js';
import { Limits } from './limits.js';
import { resolveOptions } from './options.js';

function health(random = () => 0.999) {
  const o = resolveOptions({ limit: 30, random } as never);
  const limits = new Limits(o);
  return { h: new Health(o, limits), limits };
}

describe('Health', () => {
  it('a failure that is not a 429 pauses with jitter, never longer than the probe cap', () => {
    const { h } = health();
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      h.failed('server', 0);
      waits.push(h.pausedUntil()!);
    }
    expect(waits.slice(0, 4)).toEqual([1998, 3996, 7992, 9990]);
    expect(Math.max(...waits)).toBe(9990);
    expect(h.view(0)).toMatchObject({ pausedUntil: 9990, reason: 'server' });
    h.answered();
    expect(h.pausedUntil()).toBeUndefined();
    expect(h.view(0).reason).toBeUndefined();
  });

  it('a 429 waits what Retry-After says, counts, and cuts the own limit once per episode', () => {
    const { h, limits } = health();
    h.rateLimited(new ApiError({ kind: 'rate_limited', message: '429', retryAfterMs: 20_000 }), 1_000);
    expect(h.view(1_000)).toMatchObject({ pausedUntil: 21_000, reason: 'rate_limited', total429: 1, last429At: 1_000 });
    expect(limits.effective(1_000)).toBe(21);
    h.rateLimited(new ApiError({ kind: 'rate_limited', message: '429', retryAfterMs: 20_000 }), 22_000);
    expect(limits.effective(22_000)).toBe(21);
    // r does not cut a 429's pause short
    expect(h.tryNow(23_000)).toMatchObject({ reason: 'rate_limited' });
  });

  it(
    'a rejected key is probed 10, 20, 40 … s later (3 min at most); an answer on the wire at the time does not space ' +
      'the probes out; r probes at once',
    () => {
      const { h } = health();
      h.authFailed(0, -500);
      expect(h.pausedUntil()).toBe(10_000);
      h.authFailed(200, -100); // sent before the first rejection: nothing new
      expect(h.pausedUntil()).toBe(10_200);
      h.sent(10_200); // the probe
      expect(h.pausedUntil()).toBe(20_200);
      h.authFailed(10_300, 10_200);
      expect(h.pausedUntil()).toBe(30_300);
      for (let i = 0; i < 10; i++) h.authFailed(100_000 * (i + 1), 100_000 * (i + 1) - 1);
      expect(h.pausedUntil()! - 1_000_000).toBe(180_000);
      expect(h.tryNow(1_000_100)).toBeUndefined();
      expect(h.view(1_000_100)).toMatchObject({ pausedUntil: 1_000_100, reason: 'auth' });
    },
  );
});
