/**
 * An events answer carries when its request left: one in flight while a newer copy of a market arrived (a detail, a
 * list) does not put its older copy back over it, though the copy carries no updatedAt to tell.
 */
import { describe, expect, it } from 'vitest';
import type { ApiResult, MarketEvent } from '../api/types.js';
import { binary } from '../../test/support/markets.js';
import { event, market, rig } from '../../test/support/syncHarness.js';

const eventWith = (status: 'active' | 'closed', yes: number): MarketEvent =>
  event('e9', [market('m9', { status, outcomes: binary(yes) })]);

describe('an events answer in flight', () => {
  it('does not undo a detail that arrived after its request left; the next events answer is taken', async () => {
    const r = rig({ limit: 30, mode: 'key' });
    r.sync.start();
    await r.run(1_000);
    r.store.getState().listLoaded([market('m9', { outcomes: binary(0.6) })], r.clock.now());
    let answer: (a: ApiResult<unknown>) => void = () => undefined;
    const held = new Promise<ApiResult<unknown>>((resolve) => (answer = resolve));
    let asked = 0;
    r.client.handler = (c) => {
      if (c.method !== 'listEvents') return undefined;
      asked++;
      return asked === 1 ? held : { data: [eventWith('closed', 0.7)], status: 200 };
    };
    r.sync.show('events');
    await r.run(1_000);
    expect(r.client.of('listEvents')).toHaveLength(1);
    const sentAt = r.client.of('listEvents')[0]!.at;
    await r.run(1_000);
    const detailAt = r.clock.now();
    expect(detailAt).toBeGreaterThan(sentAt);
    r.store.getState().marketLoaded(market('m9', { outcomes: binary(0.8) }), detailAt, detailAt - 100);
    await r.run(1_000);
    answer({ data: [eventWith('closed', 0.6)], status: 200 });
    await r.run(100);
    expect(r.store.getState().events.ids).toEqual(['e9']);
    expect(r.store.getState().markets.m9?.market).toMatchObject({ status: 'active', outcomes: binary(0.8) });
    // the next events answer left after the detail arrived: its closed copy is taken
    await r.run(40_000);
    expect(r.client.of('listEvents').length).toBeGreaterThanOrEqual(2);
    expect(r.store.getState().markets.m9?.market).toMatchObject({ status: 'closed', outcomes: binary(0.7) });
    await r.sync.stop();
  });
});
