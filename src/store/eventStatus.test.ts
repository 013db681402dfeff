/**
 * A status the events list reveals comes with the events list's copy of the market, prices and all: a market row
 * (Markets, Watchlist, an open event) read 'RESOLVED … Yes 11.1¢' — the new status over the old price — until the
 * market was refreshed on its own. Pinned on the recorded Kraken event (Polymarket): "Kraken IPO in 2025?" resolved
 * No (prices 0 / 1).
 */
import { describe, expect, it } from 'vitest';
import type { MarketEvent } from '../api/types.js';
import { fitSegments } from '../ui/components/Line.js';
import { rowSegs } from '../ui/components/MarketRow.js';
import { krakenEvent, krakenResolved, tradingCopy } from '../../test/support/krakenEvent.js';
import { venues } from '../../test/support/joinedVenues.js';
import { binary, market } from '../../test/support/markets.js';
import { createOddsStore, type OddsStore } from './store.js';
import { priceAt, sampleCount } from './samples.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const event = krakenEvent;
const resolved = krakenResolved;
const before = tradingCopy;
const store = () => createOddsStore({ mode: 'key', limit: 30 });
const rowText = (s: OddsStore, id: string) =>
  fitSegments(
    rowSegs({
      entry: s.getState().markets[id]!,
      selected: false,
      focused: false,
      now: NOW + 5,
      intervalMs: 1e4,
      width: 100,
    }),
    100,
  )
    .map((g) => g.text)
    .join('');

describe('a status the events list reveals', () => {
  it('comes with the events list’s prices: the row reads RESOLVED No 100¢, not the old 11.1¢', () => {
    expect(resolved).toMatchObject({ status: 'resolved', resolvedOutcome: 'No' });
    const s = store();
    s.getState().listLoaded([before], NOW);
    expect(rowText(s, resolved.id)).toMatch(/ACTIVE .*Yes +11\.1¢/);
    s.getState().eventsLoaded([event], NOW + 1);
    const entry = s.getState().markets[resolved.id]!;
    expect(entry.market).toMatchObject({ status: 'resolved', resolvedOutcome: 'No', eventId: event.id });
    expect(entry.market.outcomes.map((o) => o.price)).toEqual(resolved.outcomes.map((o) => o.price));
    expect(entry.receivedAt).toBe(NOW + 1);
    // the first prices stay the ones first seen (the change since first seen is measured from them)
    expect(entry.firstPrices).toEqual({ Yes: 0.111, No: 0.889 });
    const text = rowText(s, resolved.id);
    expect(text).toMatch(/RESOLVED .*No +100\.0¢/);
    expect(text).not.toContain('11.1¢');
    // the history has the price the row shows
    const h = s.getState().history[resolved.id]!;
    const n = sampleCount(h.samples);
    expect(priceAt(h.samples, n - 1, h.names.indexOf('No'))).toBe(1);
  });

  it('an events list repeating what is held keeps the objects held, and tells nothing twice', () => {
    const s = store();
    s.getState().listLoaded([before], NOW);
    s.getState().eventsLoaded([event], NOW + 1);
    const held = s.getState().markets[resolved.id];
    const transitions = s.getState().transitions.length;
    s.getState().eventsLoaded([event], NOW + 2);
    expect(s.getState().markets[resolved.id]).toBe(held);
    expect(s.getState().transitions).toHaveLength(transitions);
  });

  it('a copy without prices shows none rather than the old one', () => {
    const s = store();
    s.getState().listLoaded([before], NOW);
    const bare: MarketEvent = {
      ...event,
      markets: [{ ...resolved, outcomes: resolved.outcomes.map(({ name }) => ({ name })) }],
    };
    s.getState().eventsLoaded([bare], NOW + 1);
    const text = rowText(s, resolved.id);
    expect(text).toContain('RESOLVED');
    expect(text).not.toMatch(/11\.1¢|88\.9¢/);
    // no outcome leads without a price: the row reads '—' where the old 88.9¢ stood
    expect(text).toMatch(/Kraken IPO in 2025\? +— +— +— /);
  });

  it('a watched market’s resolution is told once, naming the venue', () => {
    const { joined, stacks } = venues();
    const pm = stacks[1]!.store;
    const id = `polymarket:${resolved.id}`;
    pm.getState().listLoaded([{ ...before, id }], 20);
    expect(pm.getState().toggleWatch(id, 20)).toBe(true);
    const prefixed: MarketEvent = { ...event, markets: event.markets.map((m) => ({ ...m, id: `polymarket:${m.id}` })) };
    pm.getState().eventsLoaded([prefixed], 30);
    pm.getState().eventsLoaded([prefixed], 40);
    const told = joined.store.getState().notices.filter((n) => n.text.includes('Kraken IPO in 2025?'));
    expect(told.map((n) => n.text)).toEqual(['Polymarket: “Kraken IPO in 2025?” resolved: No']);
    expect(pm.getState().alerts.log.filter((e) => e.marketId === id)).toHaveLength(1);
    expect(pm.getState().watch.byId[id]).toMatchObject({ status: 'resolved' });
  });
  it(
    'an events answer whose request left before a detail arrived does not undo it when the copies carry no ' +
      'updatedAt; the next one, sent after, does',
    () => {
      const s = store();
      const list = (status: 'active' | 'closed', yes: number): MarketEvent[] => [
        { id: 'e9', title: 'Event e9', markets: [market('m9', { status, outcomes: binary(yes) })], raw: {} },
      ];
      s.getState().listLoaded([market('m9', { outcomes: binary(0.6) })], NOW);
      // the events request leaves at NOW + 10, a detail with a newer price arrives at NOW + 20, the events at NOW + 30
      s.getState().marketLoaded(market('m9', { outcomes: binary(0.8) }), NOW + 20, NOW + 15);
      s.getState().eventsLoaded(list('closed', 0.6), NOW + 30, NOW + 10);
      const held = s.getState().markets.m9!;
      expect(held.market.status).toBe('active');
      expect(held.market.outcomes[0]?.price).toBe(0.8);
      expect(held.receivedAt).toBe(NOW + 20);
      expect(s.getState().transitions).toHaveLength(0);
      s.getState().eventsLoaded(list('closed', 0.7), NOW + 50, NOW + 40);
      expect(s.getState().markets.m9?.market).toMatchObject({ status: 'closed', outcomes: binary(0.7) });
    },
  );
});
