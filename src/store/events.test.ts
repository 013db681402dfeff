import { describe, expect, it } from 'vitest';
import { normalizeEvent, normalizeMarket, normalizeMarketList } from '../api/normalize.js';
import type { Market, MarketEvent } from '../api/types.js';
import { createOddsStore } from './store.js';
import { EVENT_CACHE_CAP, mergeEvents } from './events.js';
import { realEvent, realFile, realMarket } from '../../test/support/realFixtures.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const store = () => createOddsStore({ mode: 'key', limit: 30 });
const must = <T>(v: T | undefined): T => {
  if (v === undefined) throw new Error('did not normalize');
  return v;
};

describe('what events tell the store about markets', () => {
  it(
    'a Kalshi market takes its category from its event once the event is fetched by id; the events list is left ' +
      'alone',
    () => {
      const s = store();
      const m = must(normalizeMarket(realMarket('kalshi', 'ticker', 'KXNEWPOPE-70-PPAR'), { now: NOW }));
      expect(m.category).toBeUndefined();
      s.getState().listLoaded([m], NOW);
      s.getState().eventLoaded(
        must(normalizeEvent(realEvent('kalshi', 'event_ticker', 'KXNEWPOPE-70'), { now: NOW })),
        NOW + 1,
      );
      const st = s.getState();
      expect(st.markets[m.id]?.market).toMatchObject({ category: 'Elections', eventId: 'KXNEWPOPE-70' });
      expect(st.events.ids).toEqual([]);
      expect(st.events.byId['KXNEWPOPE-70']?.title).toBe('Who will the next Pope be? — Before 2070');
      expect(st.categories).toContain('Elections');
      // a later list answer keeps what the event gave
      s.getState().listLoaded([m], NOW + 2);
      expect(s.getState().markets[m.id]?.market.category).toBe('Elections');
    },
  );

  it('Polymarket markets nested in an event (no `events` of their own) learn the event and its tag category', () => {
    const s = store();
    const event = realEvent('polymarket', 'id', '16183');
    const nested = normalizeMarketList(event.markets, { now: NOW });
    expect(nested.every((m) => m.eventId === undefined && m.category === undefined)).toBe(true);
    s.getState().listLoaded(nested, NOW);
    s.getState().eventsLoaded([must(normalizeEvent(event, { now: NOW }))], NOW + 1);
    for (const m of nested)
      expect(s.getState().markets[m.id]?.market).toMatchObject({ eventId: '16183', category: 'Crypto' });
  });

  it('a market listed after its event is known is completed at once; one with its own category keeps it', () => {
    const s = store();
    const events = (
      realFile('kalshi', 'trade-api-v2-events-with-nested-markets-category-shared-title-siblings.json') as {
        events: unknown[];
      }
    ).events;
    s.getState().eventsLoaded(
      events.map((e) => must(normalizeEvent(e, { now: NOW }))),
      NOW,
    );
    const pope = must(normalizeMarket(realMarket('kalshi', 'ticker', 'KXNEWPOPE-70-FAMB'), { now: NOW }));
    const own: Market = { ...pope, id: 'own', category: 'Religion' };
    s.getState().listLoaded([pope, own], NOW + 1);
    expect(s.getState().markets[pope.id]?.market.category).toBe('Elections');
    expect(s.getState().markets.own?.market.category).toBe('Religion');
  });

  it('keeps at most EVENT_CACHE_CAP events, the newly loaded ones always', () => {
    const ev = (id: string): MarketEvent => ({ id, title: id, markets: [], raw: {} });
    let byId: Record<string, MarketEvent> = {};
    for (let i = 0; i < EVENT_CACHE_CAP + 50; i++) byId = mergeEvents(byId, [ev(`e${i}`)]);
    expect(Object.keys(byId)).toHaveLength(EVENT_CACHE_CAP);
    expect(byId[`e${EVENT_CACHE_CAP + 49}`]).toBeDefined();
    expect(byId.e0).toBeUndefined();
  });
});
