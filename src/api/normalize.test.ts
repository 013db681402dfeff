import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  normalizeEvent,
  normalizeEventList,
  normalizeMarket,
  normalizeMarketList,
  normalizeQuote,
} from './normalize.js';
import { fixture } from '../../test/api/helpers/fixtures.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const opts = { now: NOW };

/** No NaN/Infinity, no null, no undefined member, no "undefined" text anywhere in a view model. */
function expectClean(v: unknown): void {
  if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
  else if (typeof v === 'string') expect(v).not.toBe('undefined');
  else if (Array.isArray(v)) v.forEach(expectClean);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'raw') continue;
      expect(x).not.toBeNull();
      if (x === undefined) expect(k).toBe('raw');
      expectClean(x);
    }
  } else expect(v).not.toBeNull();
}

describe('reference shape', () => {
  it('reads every field and keeps the raw object (unknown fields included)', () => {
    const raw = fixture('reference-market.json');
    const m = normalizeMarket(raw, opts);
    expect(m).toEqual({
      id: 'mkt-fed-cut-dec',
      title: 'Will the Fed cut rates at the December meeting?',
      category: 'economics',
      status: 'active',
      outcomes: [
        { id: 'yes', name: 'Yes', price: 0.62 },
        { id: 'no', name: 'No', price: 0.38 },
      ],
      volume: 184523.75,
      liquidity: 25000,
      closesAt: Date.parse('2026-12-10T19:00:00.000Z'),
      eventId: 'evt-fomc-2026',
      updatedAt: Date.parse('2026-11-22T11:59:58.000Z'),
      rawStatus: 'active',
      source: 'reference',
      raw,
    });
    expect((m?.raw as { simTick: number }).simTick).toBe(42);
  });

  it('reads an event with nested markets, skipping unusable ones and filling in the event id', () => {
    const e = normalizeEvent(fixture('reference-event.json'), opts);
    expect(e).toMatchObject({ id: 'evt-fomc-2026', title: 'FOMC 2026', category: 'economics' });
    expect(e?.markets.map((m) => [m.id, m.status, m.resolvedOutcome, m.eventId])).toEqual([
      ['mkt-fed-cut-dec', 'resolved', 'Yes', 'evt-fomc-2026'],
      ['mkt-fed-hold-jan', 'settling', undefined, 'evt-fomc-2026'],
    ]);
    expect(normalizeEventList([fixture('reference-event.json'), { markets: [] }, 'x'], opts)).toHaveLength(1);
  });

  it('reads a quote', () => {
    const raw = fixture('reference-quote.json');
    expect(normalizeQuote(raw)).toEqual({
      marketId: 'mkt-fed-cut-dec',
      outcome: 'Yes',
      action: 'buy',
      amount: 100,
      shares: 156.21,
      averagePrice: 0.6402,
      priceBefore: 0.62,
      priceAfter: 0.6591,
      priceImpact: 0.0391,
      fee: 1,
      total: 101,
      raw,
    });
  });

  it('a quote with odd values keeps only the readable ones', () => {
    const q = normalizeQuote({
      action: 'HOLD',
      amount: '-3',
      shares: '12.5',
      averagePrice: 1.7,
      priceBefore: '0.4',
      fee: -1,
      total: 'NaN',
      priceImpact: '-0.02',
    });
    expect(q).toEqual({ shares: 12.5, priceBefore: 0.4, priceImpact: -0.02, raw: expect.anything() });
    expect(normalizeQuote('nope')).toBeUndefined();
    expect(normalizeQuote([1, 2])).toBeUndefined();
  });
});

describe('odd and hostile shapes', () => {
  const list = normalizeMarketList(fixture('odd-shapes.json'), opts);

  it('skips every item without a usable id and never throws', () => {
    expect(list.map((m) => m.id)).toEqual(['1234', 'flags-resolved', 'no-title', 'only-a-slug']);
    expect(normalizeMarketList({ not: 'an array' })).toEqual([]);
    expect(normalizeMarketList(undefined)).toEqual([]);
  });

  it('keeps the first of the items a list names twice (by id), for markets and for events', () => {
    const m = (id: string, title: string) => ({ id, title, status: 'active', outcomes: [] });
    const markets = normalizeMarketList([m('a', 'first'), m('b', 'other'), m('a', 'again'), m('b', 'again')], opts);
    expect(markets.map((x) => [x.id, x.title])).toEqual([
      ['a', 'first'],
      ['b', 'other'],
    ]);
    const events = normalizeEventList([{ id: 'e', title: 'one', markets: [m('a', 'x'), m('a', 'y')] }, { id: 'e' }]);
    expect(events.map((e) => [e.id, e.title, e.markets.length])).toEqual([['e', 'one', 1]]);
  });

  it('takes an id as sent, or leaves its item out: never asks for a market under an id the server did not send', () => {
    const m = (id: unknown) => ({ id, title: `market ${String(id)}`, status: 'active', outcomes: [] });
    // cleaned, `12\x1b[31m3` was market 123; cut, a 201-character id another one
    const ids = ['12\x1b[31m3', ' 7', 'x'.repeat(201), 'bad\u202eid', 'KXFED-26DEC-T4.00', 'x'.repeat(200), 2063134];
    expect(normalizeMarketList(ids.map(m), opts).map((x) => x.id)).toEqual([
      'KXFED-26DEC-T4.00',
      'x'.repeat(200),
      '2063134',
    ]);
  });

  it(
    'reads outcome objects by label/title/text and price/probability/lastPrice/last_price; bad prices are ' + 'absent',
    () => {
      expect(list[0]?.outcomes).toEqual([
        { name: 'Alpha', price: 0.25 },
        { name: 'Beta', price: 0.5 },
        { name: 'Gamma', price: 0.25 },
        { name: 'Delta' },
        { name: 'Epsilon' },
        { name: 'Zeta' },
        { name: 'Eta' },
      ]);
      expect(list[0]).toMatchObject({
        title: 'Outcome objects with labels and probabilities',
        status: 'active',
        closesAt: 1798761600000,
      });
      expect(list[0]).not.toHaveProperty('volume');
      expect(list[0]).not.toHaveProperty('liquidity');
    },
  );

  it('strips escape sequences and bidi overrides, keeping the visible link text', () => {
    expect(list[1]).toMatchObject({
      title: 'Click me now evil',
      status: 'resolved',
      outcomes: [
        { name: 'Yes', price: 1 },
        { name: 'No', price: 0 },
      ],
    });
  });

  it('falls back to the id for a missing title; unknown status words and unreadable fields stay unknown/absent', () => {
    expect(list[2]).toMatchObject({
      id: 'no-title',
      title: 'no-title',
      status: 'unknown',
      rawStatus: 'WEIRD-STATUS',
      outcomes: [],
    });
    expect(list[2]).not.toHaveProperty('closesAt');
    expect(list[3]).toMatchObject({ title: 'only-a-slug', status: 'closed' });
  });

  it('caps long text without splitting an emoji', () => {
    const m = normalizeMarket(
      { id: 'long', title: `${'a'.repeat(298)}😀😀`, outcomes: [{ name: 'x'.repeat(500) }] },
      opts,
    );
    expect(m?.title.length).toBeLessThanOrEqual(300);
    expect(m?.title.endsWith('…')).toBe(true);
    expect(m?.title).not.toMatch(/[\ud800-\udbff]…$/);
    expect(m?.outcomes[0]?.name.length).toBeLessThanOrEqual(120);
  });

  it('reads epoch seconds, epoch ms and ISO; rejects absurd times', () => {
    const at = (v: unknown) => normalizeMarket({ id: 'x', closesAt: v }, opts)?.closesAt;
    expect(at(1798761600)).toBe(1798761600000);
    expect(at('1798761600')).toBe(1798761600000);
    expect(at(1798761600000)).toBe(1798761600000);
    expect(at('2027-01-01T00:00:00Z')).toBe(1798761600000);
    expect(at(-5)).toBeUndefined();
    expect(at(1e20)).toBeUndefined();
    expect(at('soon')).toBeUndefined();
    expect(at(true)).toBeUndefined();
  });

  it('never yields NaN, "undefined" or a throw for arbitrary JSON', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.dictionary(
          fc.constantFrom(
            'id',
            'title',
            'question',
            'outcomes',
            'outcomePrices',
            'probability',
            'yes_bid',
            'yes_ask',
            'last_price',
            'status',
            'closeTime',
            'volume',
            'answers',
            'ticker',
            'markets',
          ),
          fc.jsonValue(),
        ),
        (a, b) => {
          for (const raw of [a, b]) {
            const m = normalizeMarket(raw, opts);
            const e = normalizeEvent(raw, opts);
            const q = normalizeQuote(raw);
            for (const v of [m, e, q]) {
              if (!v) continue;
              expectClean(v);
            }
            if (m) {
              expect(m.title.length).toBeGreaterThan(0);
              for (const o of m.outcomes) if (o.price !== undefined) expect(o.price >= 0 && o.price <= 1).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
