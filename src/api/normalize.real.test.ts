/**
 * Each normalizer rule of docs/normalizer.md, pinned on a payload recorded from
 * the live service (test/fixtures/real, sources in SOURCES.md there).
 */
import { describe, expect, it } from 'vitest';
import { normalizeEvent, normalizeMarket } from './normalize.js';
import type { Market } from './types.js';
import { realEvent, realMarket, type Service } from '../../test/support/realFixtures.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

function norm(service: Service, field: string, value: unknown, file = ''): Market {
  const m = normalizeMarket(realMarket(service, field, value, file), { now: NOW });
  if (!m) throw new Error('did not normalize');
  return m;
}

const prices = (m: Market) => m.outcomes.map((o) => [o.name, o.price]);

describe('Kalshi', () => {
  it('units per field: a `_dollars` field wins, the plain field is cents (1 = 1¢, never $1)', () => {
    // older shape with both: last_price 42 and last_price_dollars "0.4200"
    expect(norm('kalshi', 'ticker', 'KXETH15M-26JAN120330-30').outcomes[0]?.price).toBe(0.42);
    // newer shape, dollars only: the finalized market last traded at 1¢
    expect(norm('kalshi', 'ticker', 'KXHIGHNY-26JUL05-T91').lastTradePrice).toBe(0.01);
    expect(norm('kalshi', 'ticker', 'KXFEDDECISION-26JUL-H26').lastTradePrice).toBe(0.01);
    // cents only: liquidity 396 cents = 3.96
    expect(norm('kalshi', 'ticker', 'USDJPYH-24JUL2309-T163.12900').liquidity).toBe(3.96);
  });

  it('the sub-title leads the title, so sibling markets of one event read differently', () => {
    const titles = ['KXNEWPOPE-70-PPAR', 'KXNEWPOPE-70-PPIZ', 'KXNEWPOPE-70-FAMB'].map((t) => {
      const raw = realMarket('kalshi', 'ticker', t);
      expect(raw.title).toBe('Who will the next Pope be?');
      return normalizeMarket(raw, { now: NOW })?.title;
    });
    expect(titles).toEqual([
      'Pietro Parolin · Who will the next Pope be?',
      'Pierbattista Pizzaballa · Who will the next Pope be?',
      'Fridolin Ambongo · Who will the next Pope be?',
    ]);
    // an empty `subtitle: ""` does not stop the lookup, and markdown emphasis is dropped
    expect(norm('kalshi', 'ticker', 'KXHIGHNY-26JUL05-T91').title).toBe(
      '92° or above · Will the high temp in NYC be >91° on Jul 5, 2026?',
    );
  });

  it('no trade and an empty, one-sided or wide book: no price, never a midpoint', () => {
    // bid 0 / ask 0, inactive
    expect(prices(norm('kalshi', 'ticker', 'KXRAMBO-35-RYA'))).toEqual([
      ['Yes', undefined],
      ['No', undefined],
    ]);
    // newer shape: bid $0, ask $0.01, no trade
    expect(prices(norm('kalshi', 'ticker', 'KXBTCD-26JUL2502-T74299.99'))).toEqual([
      ['Yes', undefined],
      ['No', undefined],
    ]);
    // older shape: 1¢ / 99¢ quotes only
    expect(prices(norm('kalshi', 'ticker', 'USDJPYH-24JUL2309-T163.12900'))).toEqual([
      ['Yes', undefined],
      ['No', undefined],
    ]);
    // 47¢ / 81¢: too wide to say anything
    expect(prices(norm('kalshi', 'ticker', 'KXSOL15M-26JAN120330-30'))).toEqual([
      ['Yes', undefined],
      ['No', undefined],
    ]);
    // a trade is a price
    expect(prices(norm('kalshi', 'ticker', 'KXBTC15M-26JAN120330-30'))).toEqual([
      ['Yes', 0.07],
      ['No', 0.93],
    ]);
  });

  it('the 24 h change is the last trade minus `previous_price(_dollars)`, when both were trades', () => {
    const m = norm('kalshi', 'ticker', 'KXNEWPOPE-70-PPAR');
    expect(m.outcomes.map((o) => o.change24h)).toEqual([-0.001, 0.001]);
    // previous 0: none
    expect(norm('kalshi', 'ticker', 'KXETH15M-26JAN120330-30').outcomes[0]?.change24h).toBeUndefined();
  });

  it('a finalized market shows its settlement, its result in words and when it closed', () => {
    expect(norm('kalshi', 'ticker', 'KXFEDDECISION-26JUL-H0')).toMatchObject({
      status: 'resolved',
      rawStatus: 'finalized',
      resolvedOutcome: 'Yes',
      outcomes: [
        { name: 'Yes', price: 1 },
        { name: 'No', price: 0 },
      ],
    });
    const no = norm('kalshi', 'ticker', 'KXHIGHNY-26JUL05-T91');
    expect(no).toMatchObject({
      status: 'resolved',
      resolvedOutcome: 'No',
      outcomes: [
        { name: 'Yes', price: 0 },
        { name: 'No', price: 1 },
      ],
      closedAt: Date.parse('2026-07-06T04:59:00Z'),
    });
    expect(no.outcomes.every((o) => o.change24h === undefined)).toBe(true);
  });

  it('status words: inactive → closed (the word kept); a closing time still ahead is no "closed at"', () => {
    const m = norm('kalshi', 'ticker', 'KXRAMBO-35-RYA');
    expect(m).toMatchObject({ status: 'closed', rawStatus: 'inactive', closesAt: Date.parse('2035-12-31T15:00:00Z') });
    expect(m.closedAt).toBeUndefined();
    expect(m.resolvedOutcome).toBeUndefined(); // result: null
  });

  it('an event names the category its markets lack', () => {
    const e = normalizeEvent(realEvent('kalshi', 'event_ticker', 'KXNEWPOPE-70'), { now: NOW });
    expect(e).toMatchObject({
      id: 'KXNEWPOPE-70',
      title: 'Who will the next Pope be? — Before 2070',
      category: 'Elections',
    });
    expect(e?.markets.map((m) => [m.category, m.eventId])).toEqual(e?.markets.map(() => ['Elections', 'KXNEWPOPE-70']));
    expect(norm('kalshi', 'ticker', 'KXNEWPOPE-70-PPAR').category).toBeUndefined();
  });
});

describe('Polymarket', () => {
  it('JSON-encoded outcomes, prices and token ids; dollar prices 0..1', () => {
    const m = norm('polymarket', 'id', '540817');
    expect(prices(m)).toEqual([
      ['Yes', 0.51],
      ['No', 0.49],
    ]);
    expect(m.outcomes[0]?.id).toMatch(/^\d{20,}$/);
  });

  it('`oneDayPriceChange` is the first outcome’s 24 h move (the other moved the opposite way)', () => {
    expect(norm('polymarket', 'id', '540817').outcomes.map((o) => o.change24h)).toEqual([-0.005, 0.005]);
    expect(norm('polymarket', 'id', '540818').outcomes.map((o) => o.change24h)).toEqual([undefined, undefined]);
  });

  it('a closed market priced exactly 1 / 0 has resolved: the winner is named, and it says when it closed', () => {
    const m = norm('polymarket', 'id', '3776139');
    expect(m).toMatchObject({
      status: 'resolved',
      rawStatus: 'resolved',
      resolvedOutcome: 'Team Spirit',
      closedAt: Date.parse('2026-08-22T14:18:27Z'),
      lastTradePrice: 0.01,
    });
    expect(prices(m)).toEqual([
      ['BoomBoys', 0],
      ['Team Spirit', 1],
    ]);
    expect(norm('polymarket', 'id', '516950')).toMatchObject({
      status: 'resolved',
      resolvedOutcome: 'No',
      closedAt: Date.parse('2026-01-01T07:30:39Z'),
    });
  });

  it('the UMA oracle’s proposed / disputed phases are SETTLING', () => {
    const raw = {
      ...realMarket('polymarket', 'id', '678876'),
      umaResolutionStatus: 'proposed',
      outcomePrices: '["0.02", "0.98"]',
    };
    expect(normalizeMarket(raw, { now: NOW })).toMatchObject({ status: 'settling', rawStatus: 'proposed' });
    expect(normalizeMarket({ ...raw, umaResolutionStatus: 'disputed' }, { now: NOW })?.status).toBe('settling');
  });

  it('neither active nor closed (not open yet): unknown, said as "inactive", no prices', () => {
    expect(norm('polymarket', 'id', '1642124')).toMatchObject({
      status: 'unknown',
      rawStatus: 'inactive',
      outcomes: [{ name: 'Yes' }, { name: 'No' }],
    });
  });

  it('the event inline (`events[0]`) gives the event id and title; an event’s tags give the category', () => {
    expect(norm('polymarket', 'id', '540817')).toMatchObject({
      eventId: '23784',
      eventTitle: 'What will happen before GTA VI?',
    });
    const e = normalizeEvent(realEvent('polymarket', 'id', '16183'), { now: NOW });
    expect(e).toMatchObject({ id: '16183', title: 'Kraken IPO by ___ ?', category: 'Crypto' });
    expect(e?.markets.map((m) => m.eventId)).toEqual(['16183', '16183', '16183', '16183']);
  });
});

describe('Manifold', () => {
  it('an answer’s `text` is the outcome (`name` is its author in the legacy shape)', () => {
    const m = norm('manifold', 'id', 'TEW8dlA3pxk3GalxeQkI', 'legacy-answers');
    expect(m.outcomes.map((o) => o.name)).toEqual(['Harry Potter', 'Cthulu', 'Ririsu/Ririto Ibusuki']);
    expect(m.outcomes.map((o) => o.id)).toEqual(['0', '1', '2']);
    expect(m.outcomes.every((o) => o.price !== undefined && Math.abs(o.price - 1 / 3) < 1e-9)).toBe(true);
    const cancelled = norm('manifold', 'id', 'H8Dc6yCj4TkvJfoOitYr');
    expect(cancelled.outcomes.map((o) => o.name)).not.toContain('Olivia');
    expect(cancelled.outcomes[0]?.name).toBe('Subsidy');
  });

  it('CANCEL → "N/A (cancelled)", prices left as they were', () => {
    expect(norm('manifold', 'id', 'H8Dc6yCj4TkvJfoOitYr')).toMatchObject({
      status: 'resolved',
      resolvedOutcome: 'N/A (cancelled)',
      category: 'recommendations',
    });
  });

  it('MKT on answers → the weights of `resolutions` in words and as the settlement', () => {
    const m = norm('manifold', 'id', 'TEW8dlA3pxk3GalxeQkI', 'MKT');
    expect(m.resolvedOutcome).toBe('at market price: Harry Potter 50%, Ririsu/Ririto Ibusuki 50%');
    expect(prices(m)).toEqual([
      ['Harry Potter', 0.5],
      ['Cthulu', 0],
      ['Ririsu/Ririto Ibusuki', 0.5],
    ]);
    expect(m.closedAt).toBe(1665527444509);
  });

  it(
    'a binary resolve answer without `probability` (only `prob` 50 and the pool’s `p`) ' +
      'still has Yes / No, settled by YES',
    () => {
      const raw = realMarket('manifold', 'id', 'l6jsJPhOWSztXtzqhpU7', 'resolve');
      expect(raw).toMatchObject({ prob: 50, resolution: 'YES' });
      expect(normalizeMarket(raw, { now: NOW })).toMatchObject({
        status: 'resolved',
        resolvedOutcome: 'Yes',
        outcomes: [
          { name: 'Yes', price: 1 },
          { name: 'No', price: 0 },
        ],
      });
    },
  );

  it('`probChanges.day` is the 24 h change; `probability` the price; a past `closeTime` means closed', () => {
    const open = normalizeMarket(realMarket('manifold', 'id', 'l6jsJPhOWSztXtzqhpU7', 'open'), { now: 1665526781682 });
    expect(open).toMatchObject({
      status: 'active',
      outcomes: [
        { name: 'Yes', price: 0.5049750012375624 },
        { name: 'No', price: 0.495024999 },
      ],
    });
    const withChange = {
      ...realMarket('manifold', 'id', 'l6jsJPhOWSztXtzqhpU7', 'resolve'),
      isResolved: false,
      resolution: undefined,
      probability: 0.5,
      probChanges: { day: 0.12 },
    };
    expect(normalizeMarket(withChange, { now: 0 })?.outcomes.map((o) => o.change24h)).toEqual([0.12, -0.12]);
    expect(norm('manifold', 'id', 'hZsE0A09Sd')).toMatchObject({ status: 'closed', closedAt: 1790207940000 });
  });

  it('a multiple-choice list object without answers asks for its detail; an empty answer list is just empty', () => {
    const { answers: _a, ...lite } = realMarket('manifold', 'id', 'TEW8dlA3pxk3GalxeQkI', 'legacy-answers');
    expect(normalizeMarket(lite, { now: NOW })).toMatchObject({ outcomes: [], outcomesPending: true });
    const empty = norm('manifold', 'id', '1e485Dt5uTkwz932tShV');
    expect(empty).toMatchObject({ status: 'active', outcomes: [] });
    expect(empty.outcomesPending).toBeUndefined();
  });
});
