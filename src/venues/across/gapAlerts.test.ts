/**
 * The gap alert's verdict on an Across row (rows hand-built: the gap after fees itself is pairGap's, tested in
 * src/pairs/gap.test.ts), and its firing through a venue's store: once per crossing, never on "no edge".
 */
import { describe, expect, it } from 'vitest';
import type { Gap } from '../../pairs/gap.js';
import type { MarketEntry } from '../../store/types.js';
import { createOddsStore } from '../../store/store.js';
import type { AlertRule } from '../../store/watchTypes.js';
import { gapVerdict, rowOf } from './gapAlerts.js';
import { setGlyphs } from '../../util/glyphs.js';
import type { AcrossRow } from './rows.js';

const A = 'kalshi:FED-H0';
const B = 'polymarket:2252244';

// Kalshi YES 62¢ against Polymarket YES 80¢: 18¢ apart. After fees for 100 contracts: the cheap leg costs 62.00 + 1.80
// (0.638 a contract) and the dear one 100 − 80.00 + 0.40 (0.204 a contract): 100 × (1 − 0.638 − 0.204) = 15.8¢.
const gap = (over: Partial<Gap> = {}): Gap => ({
  a: { venue: 'kalshi', id: 'FED-H0', price: 0.62, side: 'YES', currency: 'USD' },
  b: { venue: 'polymarket', id: '2252244', price: 0.8, side: 'YES', currency: 'USDC' },
  cents: 18,
  cheaper: 'a',
  size: 100,
  afterFees: {
    contracts: 100,
    costA: 63.8,
    costB: 20.4,
    feeA: 1.8,
    feeB: 0.4,
    pointsA: 0.638,
    pointsB: 0.204,
    cents: 15.8,
  },
  fillable: 50,
  noEdge: [],
  notes: [],
  ...over,
});
const row = (over: Partial<AcrossRow> = {}): AcrossRow => ({
  id: A,
  kind: 'pair',
  a: A,
  b: B,
  confirmed: true,
  comparison: { relation: 'same', confidence: 0.9, reasons: [] },
  gap: gap(),
  ...over,
});
const entry = (id: string, title: string): MarketEntry =>
  ({ market: { id, title, status: 'active', outcomes: [], raw: {} }, receivedAt: 0 }) as unknown as MarketEntry;
const markets = { [A]: entry(A, 'Fed holds in September'), [B]: entry(B, 'No change in Fed rates in September') };
const rule = (cents: number): AlertRule => ({
  id: 'g1',
  marketId: A,
  kind: 'gap',
  cents,
  pairId: B,
  source: 'form',
  createdAt: 0,
});

describe('gapVerdict', () => {
  it('holds when the gap after fees is above N¢ (15.8 > 2; not > 15.8), naming both legs and the size', () => {
    const v = gapVerdict(rule(2), row(), markets)!;
    expect(v.holds).toBe(true);
    expect(v.fired).toMatchObject({ pairId: B, gapCents: 15.8, size: 100, title: 'Fed holds in September' });
    expect(v.fired!.text).toBe(
      'Gap after fees 15.8¢ for 100 contracts: Kalshi “Fed holds in September” YES 62.0¢ · ' +
        'Polymarket “No change in Fed rates in September” YES 80.0¢ (above 2¢)',
    );
    expect(gapVerdict(rule(15.8), row(), markets)!.holds).toBe(false);
    expect(v.fired!.text).not.toMatch(/arbitrage/i);
  });

  it('no edge (a book, a fee or a rule unknown), no figure, or no confirmed row: unknown, never a verdict', () => {
    const noBook = gap({ noEdge: ['no order book from Kalshi'] });
    expect(gapVerdict(rule(0), row({ gap: noBook }), markets)).toBeUndefined();
    const { afterFees: _af, ...noFigure } = gap();
    expect(gapVerdict(rule(0), row({ gap: noFigure }), markets)).toBeUndefined();
    expect(gapVerdict(rule(0), undefined, markets)).toBeUndefined();
    expect(rowOf(rule(0), [row({ confirmed: false, kind: 'candidate' })])).toBeUndefined();
    // either order of the legs finds the pair
    expect(rowOf(rule(0), [row({ a: B, b: A, id: B })])?.a).toBe(B);
  });

  it('in ASCII (a locale that is not UTF-8): the entry made in stand-ins, the titles as received', () => {
    setGlyphs('ascii');
    try {
      const noPrice = gap({ b: { ...gap().b, price: undefined } });
      expect(gapVerdict(rule(2), row({ gap: noPrice }), markets)!.fired!.text).toBe(
        'Gap after fees 15.8c for 100 contracts: Kalshi "Fed holds in September" YES 62.0c - ' +
          'Polymarket "No change in Fed rates in September" YES - (above 2c)',
      );
    } finally {
      setGlyphs('unicode');
    }
  });

  it('the books fill fewer than the size: said in the entry', () => {
    const thin = gap({ afterFees: { ...gap().afterFees!, contracts: 50 } });
    expect(gapVerdict(rule(2), row({ gap: thin }), markets)!.fired!.text).toContain(
      'for 100 contracts (the books fill 50)',
    );
  });
});

describe('a gap rule in a venue store', () => {
  it('fires once per crossing from the verdicts handed in; an unknown verdict neither fires nor re-arms', () => {
    const s = createOddsStore({ mode: 'kalshi', limit: 30, prefixed: true });
    s.getState().addAlert(rule(10));
    const check = (g: Gap, at: number) =>
      s.getState().checkAlerts(at, { g1: gapVerdict(rule(10), row({ gap: g }), markets) });
    check(gap(), 1_000);
    expect(s.getState().alerts.log.map((e) => e.kind)).toEqual(['gap']);
    check(gap({ noEdge: ['no order book from Kalshi'] }), 400_000); // no edge: unknown, still disarmed
    check(gap(), 800_000);
    expect(s.getState().alerts.log).toHaveLength(1);
    check(gap({ afterFees: { ...gap().afterFees!, cents: 4 } }), 900_000); // 4 ≤ 10: armed again
    check(gap(), 1_300_000); // after the cooldown (5 min from the last firing)
    expect(s.getState().alerts.log).toHaveLength(2);
    s.getState().checkAlerts(1_400_000); // the store's own check leaves gap rules as they stand
    expect(s.getState().alerts.state.g1).toMatchObject({ armed: false, firedAt: 1_300_000 });
  });
});
