/**
 * List and detail answers carry when their request left: a copy of a market whose request left before the held copy's
 * did (a list sent before a detail but answered after it) does not put its older price back, in the entry nor in its
 * history; one sent after is taken. The same rule as the events answer's (olderThanHeld, src/store/entries.ts).
 */
import { describe, expect, it } from 'vitest';
import { binary, market } from '../../test/support/markets.js';
import { createOddsStore } from './store.js';
import { priceAt, sampleCount } from './samples.js';

const NOW = Date.UTC(2026, 10, 27, 12);
const store = () => createOddsStore({ mode: 'anon', limit: 10 });
const lastYes = (s: ReturnType<typeof store>) => {
  const h = s.getState().history.m9!.samples;
  return priceAt(h, sampleCount(h) - 1, 0);
};

describe('a market answer whose request left before the held copy’s', () => {
  it('a list sent before a detail but answered after it keeps the detail’s price; the next list is taken', () => {
    const s = store();
    s.getState().listLoaded([market('m9', { outcomes: binary(0.6) })], NOW, { sentAt: NOW - 100 });
    // the list request leaves at NOW + 60_000, a detail leaves at + 61_000 and answers first with a newer price
    s.getState().marketLoaded(market('m9', { outcomes: binary(0.8) }), NOW + 61_500, NOW + 61_000);
    s.getState().listLoaded([market('m9', { outcomes: binary(0.6) })], NOW + 62_000, { sentAt: NOW + 60_000 });
    expect(s.getState().list.ids).toEqual(['m9']);
    expect(s.getState().markets.m9?.market.outcomes).toEqual(binary(0.8));
    expect(s.getState().markets.m9?.receivedAt).toBe(NOW + 61_500);
    expect(lastYes(s)).toBe(0.8);
    s.getState().listLoaded([market('m9', { outcomes: binary(0.7) })], NOW + 125_000, { sentAt: NOW + 120_000 });
    expect(s.getState().markets.m9?.market.outcomes).toEqual(binary(0.7));
    expect(lastYes(s)).toBe(0.7);
  });

  it('a detail sent before a list but answered after it keeps the list’s price and status', () => {
    const s = store();
    s.getState().listLoaded([market('m9', { outcomes: binary(0.6) })], NOW, { sentAt: NOW - 100 });
    s.getState().listLoaded([market('m9', { status: 'closed', outcomes: binary(0.9) })], NOW + 61_500, {
      sentAt: NOW + 61_000,
    });
    s.getState().marketLoaded(market('m9', { outcomes: binary(0.6) }), NOW + 62_000, NOW + 60_000);
    expect(s.getState().markets.m9?.market).toMatchObject({ status: 'closed', outcomes: binary(0.9) });
    expect(s.getState().transitions.map((t) => `${t.from}→${t.to}`)).toEqual(['active→closed']);
  });

  it('two requests in flight at once: the one that left last wins, though the other arrived in between', () => {
    const s = store();
    // a list leaves at NOW, a detail at NOW + 5; the list answers at NOW + 10, the detail at NOW + 20
    s.getState().listLoaded([market('m9', { outcomes: binary(0.6) })], NOW + 10, { sentAt: NOW });
    s.getState().marketLoaded(market('m9', { outcomes: binary(0.8) }), NOW + 20, NOW + 5);
    expect(s.getState().markets.m9?.market.outcomes).toEqual(binary(0.8));
  });

  it('updatedAt, when both copies carry one, decides whatever the send times', () => {
    const s = store();
    s.getState().marketLoaded(market('m9', { outcomes: binary(0.8), updatedAt: 2 }), NOW + 20, NOW + 15);
    s.getState().listLoaded([market('m9', { outcomes: binary(0.6), updatedAt: 3 })], NOW + 30, { sentAt: NOW + 10 });
    expect(s.getState().markets.m9?.market.outcomes).toEqual(binary(0.6));
  });

  it('an event’s own detail sent before a market’s detail keeps the newer price; its send time is kept', () => {
    const s = store();
    s.getState().listLoaded([market('m9', { outcomes: binary(0.6) })], NOW, { sentAt: NOW - 100 });
    s.getState().marketLoaded(market('m9', { outcomes: binary(0.8) }), NOW + 20, NOW + 15);
    const e9 = { id: 'e9', title: 'Event e9', markets: [market('m9', { outcomes: binary(0.6) })], raw: {} };
    s.getState().eventLoaded(e9, NOW + 30, NOW + 10);
    expect(s.getState().markets.m9?.market.outcomes).toEqual(binary(0.8));
    expect(s.getState().events.sentAt).toEqual({ e9: NOW + 10 });
  });

  it('a Closing soon answer sent before a detail keeps the detail’s price, and still lists the row', () => {
    const s = store();
    s.getState().listLoaded([market('m9', { outcomes: binary(0.6) })], NOW, { sentAt: NOW - 100 });
    s.getState().marketLoaded(market('m9', { outcomes: binary(0.8) }), NOW + 20, NOW + 15);
    s.getState().closingLoaded([market('m9', { outcomes: binary(0.6) })], NOW + 30, NOW + 10);
    expect(s.getState().closing.ids).toEqual(['m9']);
    expect(s.getState().markets.m9?.market.outcomes).toEqual(binary(0.8));
    expect(s.getState().markets.m9?.sentAt).toBe(NOW + 15);
  });
});

describe('an event’s copy whose request left before the held copy’s', () => {
  const e9 = (price: number, title = 'Event e9') => ({
    id: 'e9',
    title,
    markets: [market('m9', { outcomes: binary(price) })],
    raw: {},
  });

  it('an events list sent before the event’s detail, read after, keeps the detail’s copy; the next is taken', () => {
    const s = store();
    s.getState().eventLoaded(e9(0.8, 'Event e9, renamed'), NOW + 20, NOW + 15);
    s.getState().eventsLoaded([e9(0.6)], NOW + 30, NOW + 10);
    expect(s.getState().events.ids).toEqual(['e9']);
    expect(s.getState().events.byId.e9).toMatchObject({
      title: 'Event e9, renamed',
      markets: [{ outcomes: binary(0.8) }],
    });
    expect(s.getState().events.sentAt).toEqual({ e9: NOW + 15 });
    s.getState().eventsLoaded([e9(0.7)], NOW + 60, NOW + 50);
    expect(s.getState().events.byId.e9).toMatchObject({ title: 'Event e9', markets: [{ outcomes: binary(0.7) }] });
    expect(s.getState().events.sentAt).toEqual({ e9: NOW + 50 });
  });

  it('an event’s detail sent before an events list but read after it leaves the list’s copy; it still answered', () => {
    const s = store();
    s.getState().eventsLoaded([e9(0.8)], NOW + 20, NOW + 15);
    s.getState().eventLoaded(e9(0.6, 'Event e9, old'), NOW + 30, NOW + 10);
    expect(s.getState().events.byId.e9).toMatchObject({ title: 'Event e9', markets: [{ outcomes: binary(0.8) }] });
    expect(s.getState().events.sentAt).toEqual({ e9: NOW + 15 });
    expect(s.getState().events.detailAt).toEqual({ e9: NOW + 30 });
  });
});
