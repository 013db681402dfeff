import { describe, expect, it } from 'vitest';
import type { Market, MarketEvent } from '../api/types.js';
import type { RequestInfo } from './types.js';
import { EXTRA_RETRY_MS } from './background.js';
import { apiError, market, maxInWindow, rig } from '../../test/support/syncHarness.js';

const event = (id: string, category: string): MarketEvent => ({
  id,
  title: `Event ${id}`,
  category,
  markets: [],
  raw: {},
});

/** A list whose markets name event `e<n>` (no category); m3 and m4 list no outcomes (their detail has them). */
function listed(): Market[] {
  return ['m1', 'm2', 'm3', 'm4', 'm5'].map((id, i) =>
    market(id, {
      eventId: `e${i + 1}`,
      ...(id === 'm3' || id === 'm4' ? { outcomes: [], outcomesPending: true as const } : {}),
    }),
  );
}

async function setup(answerEvent: (id: string) => MarketEvent | 'gone' = (id) => event(id, `cat-${id}`)) {
  const requests: RequestInfo[] = [];
  const r = rig({ onRequest: (i) => requests.push(i) });
  r.client.handler = (c) => {
    if (c.method === 'listMarkets') return { data: listed(), status: 200 };
    if (c.method === 'getMarket') {
      const id = String(c.args[0]);
      return {
        data: market(id, {
          eventId: `e${id.slice(1)}`,
          outcomes: [
            { id: 'a', name: `Answer of ${id}`, price: 0.4 },
            { id: 'b', name: 'Other', price: 0.6 },
          ],
        }),
        status: 200,
      };
    }
    if (c.method === 'getEvent') {
      const e = answerEvent(String(c.args[0]));
      return e === 'gone' ? apiError({ kind: 'not_found', status: 404 }) : { data: e, status: 200 };
    }
    return undefined;
  };
  r.sync.start();
  return { r, requests };
}

describe('the event of the selected market, and the details of outcome-less list entries', () => {
  it('fetch the selected market’s unknown event once (background, cached), which fills its category', async () => {
    const { r, requests } = await setup();
    await r.run(120_000);
    const events = requests.filter((q) => q.kind === 'event');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ cls: 'background' });
    expect(r.client.of('getEvent').map((c) => c.args[0])).toEqual(['e1']);
    const st = r.store.getState();
    expect(st.events.byId.e1?.title).toBe('Event e1');
    expect(st.markets.m1?.market.category).toBe('cat-e1');
    // a newly selected market's event follows, the first one is not asked again
    r.sync.select('m2');
    await r.run(120_000);
    expect(r.client.of('getEvent').map((c) => c.args[0])).toEqual(['e1', 'e2']);
    await r.sync.stop();
  });

  it(
    'fetch the details of listed markets without outcomes, in list order, once; the outcomes stay through list ' +
      'refreshes',
    async () => {
      const { r } = await setup();
      await r.run(180_000);
      const details = r.client.of('getMarket').map((c) => c.args[0]);
      expect(details.filter((id) => id === 'm3')).toHaveLength(1);
      expect(details.filter((id) => id === 'm4')).toHaveLength(1);
      expect(details.indexOf('m3')).toBeLessThan(details.indexOf('m4'));
      expect(r.client.of('listMarkets').length).toBeGreaterThan(3);
      const m3 = r.store.getState().markets.m3?.market;
      expect(m3?.outcomes.map((o) => o.name)).toEqual(['Answer of m3', 'Other']);
      expect(m3?.outcomesPending).toBeUndefined();
      await r.sync.stop();
    },
  );

  it(
    'take at most every other background slot, keep the window invariant, and an unknown event (404) is not asked ' +
      'again for a while',
    async () => {
      const { r, requests } = await setup(() => 'gone');
      await r.run(EXTRA_RETRY_MS - 60_000);
      expect(r.client.of('getEvent')).toHaveLength(1);
      expect(r.store.getState().connection.status).toBe('online');
      expect(r.store.getState().list.ids).toContain('m1'); // the market stays
      const bg = requests.filter((q) => q.cls === 'background');
      for (let i = 1; i < bg.length; i++) {
        const extra = (q: RequestInfo) => q.kind === 'event' || (q.kind === 'detail' && q.marketId !== 'm1');
        expect(extra(bg[i]!) && extra(bg[i - 1]!), `${i}`).toBe(false);
      }
      expect(
        maxInWindow(
          requests.map((q) => q.at),
          60_000,
        ),
      ).toBeLessThanOrEqual(10);
      await r.run(120_000);
      expect(r.client.of('getEvent')).toHaveLength(2);
      await r.sync.stop();
    },
  );
});
