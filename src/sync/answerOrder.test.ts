/**
 * A market entry keeps when the request that brought it left (src/store/entries.ts olderThanHeld). Within one sync
 * the requests that carry markets fly one at a time (flights.ts mayFly), so the store's own tests put answers out of
 * order (src/store/answerOrder.test.ts); here: after a wall clock step back the send time held moves with the clock,
 * so the next list answer is still taken, not read as older than the copy it replaces.
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { binary } from '../../test/support/markets.js';
import { market, MARKETS, rig } from '../../test/support/syncHarness.js';

const HOUR = 3_600_000;
const listWith = (yes: number): Market[] =>
  MARKETS.map((m) => (m.id === 'm1' ? market('m1', { outcomes: binary(yes) }) : m));

describe('a market entry’s send time', () => {
  it('after the wall clock is set back an hour, the next list answer is taken', async () => {
    const r = rig({ limit: 30, mode: 'key' });
    r.sync.start();
    await r.run(1_000);
    expect(r.store.getState().markets.m1?.sentAt).toBeDefined();
    r.clock.step(-HOUR);
    r.sync.select('m2'); // the sync reads its clock
    await r.run(1_000);
    const lists = r.client.of('listMarkets').length;
    r.client.handler = (c) => (c.method === 'listMarkets' ? { data: listWith(0.9), status: 200 } : undefined);
    for (let i = 0; i < 120 && r.client.of('listMarkets').length === lists; i++) await r.run(1_000);
    await r.run(100);
    expect(r.store.getState().markets.m1?.market.outcomes).toEqual(binary(0.9));
    await r.sync.stop();
  });

  it('an extra request (the Across desk’s leg detail, its search) hands its answer the time it left', async () => {
    const r = rig({ limit: 30, mode: 'key' });
    r.sync.start();
    await r.run(1_000);
    let sent: number | undefined;
    r.sync.extra({
      key: 'pairs:detail:m1',
      cls: 'interactive',
      run: (c, o) => c.getMarket('m1', o),
      answered: (data, now, sentAt) => {
        sent = sentAt;
        r.store.getState().marketLoaded(data as Market, now, sentAt);
      },
      failed: () => undefined,
    });
    for (let i = 0; i < 60 && sent === undefined; i++) await r.run(500);
    expect(sent).toBe(r.client.of('getMarket').at(-1)!.at);
    expect(r.store.getState().markets.m1?.sentAt).toBe(sent);
    await r.sync.stop();
  });
});
