/**
 * Faults in Kalshi's shapes, through the shared replay's chaos profiles and its rate limit: each becomes the
 * ApiError kind the dashboard names (rate limited, forbidden, server → degraded/offline).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rejection } from '../../../test/support/catch.js';
import type { ChaosOptions } from '../../server/chaos.js';
import { ManualClock } from '../../util/clock.js';
import { startSourceReplay, type RunningSourceReplay } from '../replay.js';
import { createKalshiClient } from './client.js';
import { kalshiSource } from './index.js';

const DIR = 'test/fixtures/real/kalshi';
let srv: RunningSourceReplay | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

async function clientWith(chaos?: Omit<ChaosOptions, 'clock'>, limit?: number) {
  const clock = new ManualClock(Date.UTC(2026, 2, 16, 12, 0, 0));
  srv = await startSourceReplay({ def: kalshiSource, dir: DIR, clock, ...(chaos ? { chaos } : {}), limit });
  return createKalshiClient({ baseUrl: `${srv.url}/trade-api/v2` }, () => clock.now());
}

describe('Kalshi faults → the states the screen names', () => {
  it('429 with Retry-After: rate_limited, the wait read from the header', async () => {
    const c = await clientWith({ profile: '429', afterMs: 0, hostileTitles: false, retryAfter: 'seconds' });
    const e = await rejection(c.listMarkets({ limit: 5 }));
    expect(e).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 20_000 });
    expect(e.message).toBe('too many requests');
    await c.close();
  });

  it('429 without Retry-After (as Kalshi documents it): rate_limited, no wait invented', async () => {
    const c = await clientWith({ profile: '429', afterMs: 0, hostileTitles: false, retryAfter: 'none' });
    const e = await rejection(c.getMarket('KXNEWPOPE-70-PPIZ'));
    expect(e).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(e.retryAfterMs).toBeUndefined();
    await c.close();
  });

  it('the replay’s own limit answers Kalshi’s 429 body past the documented rate', async () => {
    const c = await clientWith(undefined, 2);
    await c.getMarket('KXNEWPOPE-70-PPIZ');
    await c.getMarket('KXNEWPOPE-70-PPAR');
    const e = await rejection(c.getMarket('KXNEWPOPE-70-FAMB'));
    expect(e).toMatchObject({ kind: 'rate_limited', status: 429, message: 'too many requests' });
    expect(e.retryAfterMs).toBeGreaterThan(0);
    await c.close();
  });

  it('an HTML 429 page (Cloudflare): rate_limited, named by its title', async () => {
    const c = await clientWith({ profile: 'cf429', afterMs: 0, hostileTitles: false });
    const e = await rejection(c.listEvents());
    expect(e).toMatchObject({ kind: 'rate_limited', status: 429, code: 'HTML_429' });
    expect(e.message).not.toMatch(/<html/i);
    await c.close();
  });

  it('an HTML 403 page (Cloudflare): forbidden', async () => {
    const c = await clientWith({ profile: 'cf403', afterMs: 0, hostileTitles: false });
    const e = await rejection(c.getMarkets(['KXNEWPOPE-70-PPIZ']));
    expect(e).toMatchObject({ kind: 'forbidden', status: 403, code: 'HTML_403' });
    await c.close();
  });

  it('a 5xx in Kalshi’s shape, and an HTML 502 page: server', async () => {
    const c = await clientWith({ profile: '500', afterMs: 0, hostileTitles: false });
    const e = await rejection(c.listMarkets());
    expect(e).toMatchObject({ kind: 'server', status: 500, code: 'INTERNAL' });
    await c.close();
    await srv?.close();
    const h = await clientWith({ profile: 'html', afterMs: 0, hostileTitles: false });
    const e2 = await rejection(h.getEvent('KXNEWPOPE-70'));
    expect(e2).toMatchObject({ kind: 'server', status: 502, code: 'HTML_502' });
    await h.close();
  });

  it('a market gone from the list (vanish): not_found in Kalshi’s shape', async () => {
    const c = await clientWith({ profile: 'vanish', afterMs: 0, hostileTitles: false });
    const e = await rejection(c.getMarket('KXNEWPOPE-70-PPIZ'));
    expect(e).toMatchObject({ kind: 'not_found', status: 404, code: 'NOT_FOUND' });
    await c.close();
  });
});
