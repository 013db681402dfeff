import { describe, expect, it } from 'vitest';
import type { Market, MarketEvent } from '../api/types.js';
import { HISTORY_CAP, MARKET_CACHE_CAP, TRAIL_SPAN_MS, TRAIL_STEP_MS } from './entries.js';
import { createOddsStore } from './store.js';
import { EVENT_DETAIL_CAP } from './viewData.js';
import { sampleCount, unpack } from './samples.js';

function m(id: string, yes = 0.6, extra: Partial<Market> = {}): Market {
  return {
    id,
    title: `T ${id}`,
    status: 'active',
    outcomes: [
      { name: 'Yes', price: yes },
      { name: 'No', price: 1 - yes },
    ],
    raw: {},
    ...extra,
  };
}
const ev = (id: string, markets: Market[], extra: Partial<MarketEvent> = {}): MarketEvent => ({
  id,
  title: `Event ${id}`,
  category: 'sports',
  markets,
  raw: {},
  ...extra,
});
const fresh = () => createOddsStore({ mode: 'anon', limit: 10 });

describe('closing soon', () => {
  it('keeps its ids in the service order and its markets in the shared cache, with history and status changes', () => {
    const s = fresh();
    s.getState().listLoaded([m('a')], 1);
    s.getState().closingLoaded([m('b', 0.3, { closesAt: 500 }), m('a', 0.7, { status: 'closed' })], 10);
    const st = s.getState();
    expect(st.closing).toEqual({ ids: ['b', 'a'], loadedAt: 10 });
    expect(st.markets.b?.market.closesAt).toBe(500);
    expect(unpack(st.history.a!.samples).map((x) => x.prices[0])).toEqual([0.6, 0.7]);
    expect(st.transitions[0]).toMatchObject({ id: 'a', from: 'active', to: 'closed' });
    expect(st.notices.at(-1)?.text).toContain('T a');
  });

  it('its markets outlive the cache limit while listed there', () => {
    const s = fresh();
    s.getState().closingLoaded([m('soon')], 1);
    for (let k = 0; k < 5; k++)
      s.getState().listLoaded(
        Array.from({ length: 100 }, (_, i) => m(`x${k}-${i}`)),
        2 + k,
      );
    expect(Object.keys(s.getState().markets).length).toBeLessThanOrEqual(MARKET_CACHE_CAP);
    expect(s.getState().markets.soon).toBeDefined();
  });
});

describe('events', () => {
  it(
    'an event detail replaces the list copy, fills the cache with its markets, and survives the next events ' + 'list',
    () => {
      const s = fresh();
      s.getState().eventsLoaded([ev('e1', [m('a')]), ev('e2', [])], 1);
      s.getState().eventLoaded(ev('e1', [m('a', 0.4), m('b', 0.2)], { title: 'Fresh' }), 5);
      let st = s.getState();
      expect(st.events.byId.e1?.title).toBe('Fresh');
      expect(st.events.detailAt.e1).toBe(5);
      expect(st.markets.a?.market.outcomes[0]?.price).toBe(0.4);
      expect(st.markets.b).toBeDefined();
      s.getState().eventLoaded(ev('e9', [m('c')]), 6); // not in the list: kept by id only
      s.getState().eventsLoaded([ev('e2', [])], 7);
      st = s.getState();
      expect(st.events.ids).toEqual(['e2']);
      expect(Object.keys(st.events.byId).sort()).toEqual(['e1', 'e2', 'e9']);
      expect(st.events.detailAt).toEqual({ e1: 5, e9: 6 });
    },
  );

  it('a nested copy older than the cached market leaves it alone', () => {
    const s = fresh();
    s.getState().marketLoaded(m('a', 0.5, { updatedAt: 100 }), 10);
    s.getState().eventLoaded(ev('e1', [m('a', 0.9, { updatedAt: 50 })]), 20);
    expect(s.getState().markets.a?.market.outcomes[0]?.price).toBe(0.5);
    s.getState().eventLoaded(ev('e1', [m('a', 0.8, { updatedAt: 150 })]), 30);
    expect(s.getState().markets.a?.market.outcomes[0]?.price).toBe(0.8);
  });

  it('opens and closes; the open event’s markets are kept in the cache; a gone event closes and says so', () => {
    const s = fresh();
    s.getState().eventLoaded(ev('e1', [m('keep')]), 1);
    s.getState().openEvent('e1');
    expect(s.getState().events.openId).toBe('e1');
    for (let k = 0; k < 5; k++)
      s.getState().listLoaded(
        Array.from({ length: 100 }, (_, i) => m(`x${k}-${i}`)),
        2 + k,
      );
    expect(s.getState().markets.keep).toBeDefined();
    s.getState().eventGone('e1', 9);
    const st = s.getState();
    expect(st.events.openId).toBeUndefined();
    expect(st.events.byId.e1).toBeUndefined();
    expect(st.notices.at(-1)).toMatchObject({
      level: 'warn',
      text: expect.stringContaining('Event “Event e1” is no longer available'),
    });
    s.getState().openEvent('e2');
    s.getState().openEvent(undefined);
    expect('openId' in s.getState().events).toBe(false);
  });

  it('keeps at most EVENT_DETAIL_CAP details, the oldest dropped first, never the open one', () => {
    const s = fresh();
    s.getState().eventLoaded(ev('open', []), 0);
    s.getState().openEvent('open');
    for (let i = 1; i <= EVENT_DETAIL_CAP + 5; i++) s.getState().eventLoaded(ev(`e${i}`, []), i);
    const st = s.getState();
    expect(Object.keys(st.events.detailAt)).toHaveLength(EVENT_DETAIL_CAP);
    expect(st.events.byId.open).toBeDefined();
    expect(st.events.byId.e1).toBeUndefined();
    expect(st.events.byId[`e${EVENT_DETAIL_CAP + 5}`]).toBeDefined();
  });
});

describe('paging', () => {
  it(
    'another page lists nothing until its answer (the cache cannot tell its rows); the answer records how many rows ' +
      'came',
    () => {
      const s = fresh();
      s.getState().listLoaded([m('a'), m('b')], 1);
      expect(s.getState().list.lastCount).toBe(2);
      s.getState().setQuery({ offset: 20 });
      expect(s.getState().list).toMatchObject({ ids: [], pending: true });
      expect(s.getState().list.lastCount).toBeUndefined();
      s.getState().listLoaded([m('c')], 2, { query: s.getState().list.query });
      expect(s.getState().list).toMatchObject({ ids: ['c'], lastCount: 1, pending: false });
      s.getState().setQuery({ status: 'all' }); // same page, other filter: the cached rows that match stay
      expect(s.getState().list.ids).toEqual(['c']);
    },
  );
});

describe('the coarse trail', () => {
  it('keeps one sample per step over a day while the fine history holds only the last HISTORY_CAP', () => {
    const s = fresh();
    const every = 5_000;
    const n = (26 * 3_600_000) / every;
    for (let i = 0; i <= n; i++) s.getState().marketLoaded(m('a', 0.2 + (i % 50) / 100), i * every);
    const hist = s.getState().history.a!;
    expect(sampleCount(hist.samples)).toBe(HISTORY_CAP);
    const h = { trail: unpack(hist.trail) };
    const now = n * every;
    expect(h.trail[0]!.t).toBeGreaterThanOrEqual(now - TRAIL_SPAN_MS - TRAIL_STEP_MS);
    expect(h.trail[1]!.t).toBeGreaterThanOrEqual(now - TRAIL_SPAN_MS);
    expect(h.trail[0]!.t).toBeLessThanOrEqual(now - 24 * 3_600_000);
    for (let i = 1; i < h.trail.length; i++)
      expect(h.trail[i]!.t - h.trail[i - 1]!.t).toBeGreaterThanOrEqual(TRAIL_STEP_MS);
    expect(h.trail.length).toBeLessThanOrEqual(TRAIL_SPAN_MS / TRAIL_STEP_MS + 2);
  });

  it('keeps the last price seen before the day it spans, however long ago, so a gap does not hide a day’s move', () => {
    const s = fresh();
    s.getState().marketLoaded(m('a', 0.3), 0);
    s.getState().marketLoaded(m('a', 0.4), 40 * 3_600_000);
    expect(unpack(s.getState().history.a!.trail).map((x) => x.t)).toEqual([0, 40 * 3_600_000]);
    s.getState().marketLoaded(m('a', 0.5), 41 * 3_600_000);
    expect(unpack(s.getState().history.a!.trail).map((x) => x.t)).toEqual([0, 40 * 3_600_000, 41 * 3_600_000]);
    s.getState().marketLoaded(m('a', 0.6), 66 * 3_600_000); // the 41 h sample is now the price a day ago, older ones go
    expect(unpack(s.getState().history.a!.trail).map((x) => x.t / 3_600_000)).toEqual([41, 66]);
  });
});
