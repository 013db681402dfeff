/**
 * Pages built from ids (page.ts), on the recorded objects of test/fixtures/real: never an address from a payload, only
 * `https` on the platform's own host, nothing for the interface.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeEvent, normalizeMarket } from '../api/normalize.js';
import { eventPage, isOwnPage, marketPage, pageVenue } from './page.js';

const json = (f: string): unknown => JSON.parse(readFileSync(`test/fixtures/real/${f}`, 'utf8'));

describe('Polymarket', () => {
  const event = normalizeEvent(json('polymarket/gamma-event-481717-detail-fed-september-negrisk-5-markets.json'))!;
  it('an event: /event/<slug>; its market: /event/<event-slug>/<market-slug>', () => {
    expect(eventPage('polymarket', event)).toBe('https://polymarket.com/event/fed-decision-in-september-762');
    const m = event.markets[1]!;
    expect(marketPage('polymarket', m, event)).toBe(
      'https://polymarket.com/event/fed-decision-in-september-762/will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586',
    );
    // known alone: its own /market/<slug>
    expect(marketPage('polymarket', m)).toBe(
      'https://polymarket.com/market/will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586',
    );
  });
  it('a market naming its event inline (events[0].slug)', () => {
    const list = json('polymarket/gamma-markets-open-gta-vi-group-with-events-and-oneDayPriceChange.json') as unknown[];
    const m = normalizeMarket(list[0])!;
    expect(marketPage('polymarket', m)).toMatch(/^https:\/\/polymarket\.com\/event\/[a-z0-9-]+\/[a-z0-9-]+$/);
  });
});

describe('Kalshi: the series page, from the event ticker', () => {
  const events = (
    json('kalshi/trade-api-v2-events-with-nested-markets-category-shared-title-siblings.json') as {
      events: unknown[];
    }
  ).events.map((e) => normalizeEvent(e)!);
  it('an event and its market', () => {
    expect(eventPage('kalshi', events[1]!)).toBe('https://kalshi.com/markets/kxnewpope');
    expect(marketPage('kalshi', events[1]!.markets[0]!)).toBe('https://kalshi.com/markets/kxnewpope');
  });
});

describe('Manifold: /<creatorUsername>/<slug>, never the payload’s url', () => {
  it('built from the ids', () => {
    const m = normalizeMarket(json('manifold/v0-market-nRSlhy5c2L-NO-2026-10-09.json'))!;
    expect(marketPage('manifold', m)).toBe('https://manifold.markets/Simon74fe/trump-wins-nobel-peace-prize-2026');
  });
  it('a hostile payload: a url elsewhere is ignored, ids that do not check give no page', () => {
    const raw = { id: 'x', slug: 'ok-slug', creatorUsername: 'someone', url: 'https://evil.example/phish' };
    expect(marketPage('manifold', { id: 'x', raw })).toBe('https://manifold.markets/someone/ok-slug');
    expect(marketPage('manifold', { id: 'x', raw: { ...raw, slug: '../../evil' } })).toBeUndefined();
    expect(marketPage('manifold', { id: 'x', raw: { ...raw, creatorUsername: 'a b\u001b]8;;x' } })).toBeUndefined();
    expect(marketPage('polymarket', { id: 'x', raw: { slug: 'javascript:alert(1)' } })).toBeUndefined();
  });
});

describe('no page', () => {
  it('the interface (the demo) has none', () => {
    expect(marketPage('public', { id: 'm1', raw: { slug: 'x' } })).toBeUndefined();
  });
  it('isOwnPage: https on the venue’s own host only', () => {
    expect(isOwnPage('kalshi', 'https://kalshi.com/markets/kxnewpope')).toBe(true);
    expect(isOwnPage('kalshi', 'http://kalshi.com/markets/kxnewpope')).toBe(false);
    expect(isOwnPage('kalshi', 'https://kalshi.com.evil.example/markets')).toBe(false);
    expect(isOwnPage('kalshi', 'https://polymarket.com/event/x')).toBe(false);
    expect(isOwnPage('kalshi', 'https://user@kalshi.com/x')).toBe(false);
    expect(isOwnPage('public', 'https://kalshi.com/x')).toBe(false);
  });
});

describe('a board of several venues (ids written venue:id)', () => {
  it('reads the venue from the id, and builds the page from the ids without the prefix', () => {
    expect(pageVenue('kalshi', 'polymarket:516710')).toBe('polymarket');
    expect(pageVenue('polymarket', 'KXFED-25DEC-T4.25')).toBe('polymarket');
    expect(pageVenue('demo', 'manifold:abc')).toBe('manifold');
    expect(pageVenue('demo', undefined)).toBe('public');
    // a Kalshi market whose raw object names no event ticker: its event id, prefixed on the joined board
    const m = { id: 'kalshi:KXNEWPOPE-70-PPAR', eventId: 'kalshi:KXNEWPOPE-70', raw: {} };
    expect(marketPage(pageVenue('demo', m.id), m)).toBe('https://kalshi.com/markets/kxnewpope');
    expect(eventPage('kalshi', { id: 'kalshi:KXNEWPOPE-70', raw: {} })).toBe('https://kalshi.com/markets/kxnewpope');
  });
});
