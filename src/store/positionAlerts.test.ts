/**
 * P&L alerts (issue #28) over the real store: a Kalshi store with a position read from the venue, and the
 * interface's store with a paper position. Every figure is worked out by hand in the comment beside it.
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import type { Position, VenuePositions } from '../positions/types.js';
import { ALERT_COOLDOWN_MS } from './alerts.js';
import { ruleFromDraft, type AlertDraft } from './alertRules.js';
import { createOddsStore, type OddsStore } from './store.js';
import type { AlertRule } from './watchTypes.js';
import { binary, market } from '../../test/support/markets.js';

const mkt = (id: string, yes: number, over: Partial<Market> = {}): Market =>
  market(id, { title: `Fed holds ${id}`, outcomes: binary(yes), ...over });

// 40 Yes shares bought at 40¢: cost $16.00
const held = (over: Partial<Position> = {}): Position => ({
  ref: { venue: 'kalshi', id: 'K1' },
  title: 'Fed holds K1',
  outcome: 'Yes',
  shares: 40,
  avgPrice: 0.4,
  cost: 16,
  price: 0.5,
  value: 20,
  pnl: 4,
  currency: 'USD',
  state: 'open',
  ...over,
});
const reading = (positions: Position[], more = false): VenuePositions => ({
  venue: 'kalshi',
  currency: 'USD',
  identity: 'key-id',
  positions,
  ...(more ? { more } : {}),
});

function rule(over: Partial<AlertRule>): AlertRule {
  return {
    id: 'p1',
    marketId: 'K1',
    kind: 'pnlAbove',
    outcome: 'Yes',
    amount: 5,
    currency: 'USD',
    source: 'form',
    createdAt: 0,
    ...over,
  };
}

const kalshi = (): OddsStore => createOddsStore({ mode: 'kalshi', limit: 30 });
const fired = (s: OddsStore) => s.getState().alerts.log.map((e) => e.text);

describe('P&L alerts on a real position', () => {
  it('above: fires once when the P&L at the board price crosses; re-arms below; after the cooldown again', () => {
    const s = kalshi();
    s.getState().positionsRead(reading([held()]), 0, 300_000);
    s.getState().listLoaded([mkt('K1', 0.5)], 0);
    s.getState().addAlert(rule({}));
    expect(fired(s)).toEqual([]); // 40 × 0.50 = 20.00 − 16.00 = +4.00 < 5
    let t = 0;
    const price = (p: number) => s.getState().listLoaded([mkt('K1', p)], (t += 10_000));
    price(0.53); // 40 × 0.53 = 21.20 − 16 = +5.20 ≥ 5
    expect(fired(s)).toEqual(['Kalshi “Fed holds K1” Yes (real) P&L +$5.20 USD (above +$5.00 USD)']);
    expect(s.getState().alerts.log[0]).toMatchObject({
      kind: 'pnlAbove',
      venue: 'kalshi',
      pnl: 5.2,
      currency: 'USD',
      paper: false,
      outcome: 'Yes',
    });
    price(0.55); // +6.00: still above, no second entry
    expect(fired(s)).toHaveLength(1);
    price(0.5); // +4.00: armed again
    t += ALERT_COOLDOWN_MS;
    price(0.54); // 21.60 − 16 = +5.60
    expect(fired(s)).toHaveLength(2);
    expect(fired(s)[0]).toContain('P&L +$5.60 USD');
  });

  it('below a negative level, to the cent shown; unknown P&L (no cost, no price, not read) never fires', () => {
    const s = kalshi();
    s.getState().addAlert(rule({ kind: 'pnlBelow', amount: -2 }));
    s.getState().listLoaded([mkt('K1', 0.35)], 1);
    expect(fired(s)).toEqual([]); // the venue not read yet: unknown, and not "sold"
    expect(s.getState().alerts.state.p1?.ended).toBeUndefined();
    s.getState().positionsRead(reading([held()]), 2, 300_000);
    // 40 × 0.35 = 14.00 − 16.00 = −2.00: at the level
    expect(fired(s)).toEqual(['Kalshi “Fed holds K1” Yes (real) P&L −$2.00 USD (below −$2.00 USD)']);

    const u = kalshi();
    const noCost = held({ cost: undefined, pnl: undefined, pnlPct: undefined, price: undefined, value: undefined });
    u.getState().positionsRead(reading([noCost]), 0, 300_000);
    u.getState().addAlert(rule({ kind: 'pnlBelow', amount: 1000 }));
    u.getState().listLoaded([mkt('K1', 0.01)], 1); // a price, but no cost: no P&L
    expect(fired(u)).toEqual([]);
  });

  it('a move: the held shares × the largest price move in the window, once per move', () => {
    const s = kalshi();
    s.getState().positionsRead(reading([held()]), 0, 300_000);
    s.getState().addAlert(rule({ kind: 'pnlMove', amount: 2, minutes: 10 }));
    const at = (min: number, p: number) => s.getState().marketLoaded(mkt('K1', p), min * 60_000);
    at(0, 0.5);
    at(2, 0.52);
    at(4, 0.54); // 40 × (0.54 − 0.50) = +1.60 < 2
    expect(fired(s)).toEqual([]);
    at(6, 0.56); // 40 × 0.06 = +2.40; P&L 22.40 − 16 = +6.40
    expect(fired(s)).toEqual(['Kalshi “Fed holds K1” Yes (real) P&L moved +$2.40 USD in 10 min (now +$6.40 USD)']);
    at(7, 0.561);
    expect(fired(s)).toHaveLength(1);
  });

  it('settled: one last entry with the final P&L, and the rule ends', () => {
    const s = kalshi();
    s.getState().positionsRead(reading([held()]), 0, 300_000);
    s.getState().addAlert(rule({ amount: 100 }));
    // resolved Yes: the normalizer prices the winner at 1; 40 × 1 = 40.00 paid, P&L 40 − 16 = +24.00
    s.getState().marketLoaded(mkt('K1', 1, { status: 'resolved', resolvedOutcome: 'Yes' }), 60_000);
    expect(fired(s)).toEqual([
      'Kalshi “Fed holds K1” Yes (real) settled: P&L +$24.00 USD, paid $40.00 USD (alert ended)',
    ]);
    expect(s.getState().alerts.log[0]).toMatchObject({ ended: 'settled', pnl: 24 });
    expect(s.getState().alerts.state.p1?.ended).toBe(60_000);
    s.getState().marketLoaded(mkt('K1', 1, { status: 'resolved', resolvedOutcome: 'Yes' }), 120_000);
    expect(fired(s)).toHaveLength(1);
  });

  it('no longer held (sold): one "no longer held" entry, the rule ends; a capped reading is not "sold"', () => {
    const s = kalshi();
    s.getState().positionsRead(reading([held()]), 0, 300_000);
    s.getState().addAlert(rule({ title: 'Fed holds K1' })); // the form keeps the title: the market may not be loaded
    s.getState().positionsRead(reading([], true), 300_000, 600_000); // more than were read: unknown
    expect(fired(s)).toEqual([]);
    s.getState().positionsRead(reading([]), 600_000, 900_000);
    expect(fired(s)).toEqual([
      "Kalshi “Fed holds K1” Yes (real) no longer held (sold, or not in its venue's reading): alert ended",
    ]);
    expect(s.getState().alerts.log[0]).toMatchObject({ ended: 'closed', currency: 'USD', paper: false });
    s.getState().positionsRead(reading([held({ pnl: 50 })]), 900_000, 1_200_000);
    expect(fired(s)).toHaveLength(1); // ended: never again
  });
});

describe('P&L alerts on a paper position', () => {
  it('the interface store: a paper position marked to market fires; sold out, it ends', () => {
    const s = createOddsStore({ mode: 'key', limit: 30 });
    // 25 shares at 40¢, fee 0.42: cost 10.42
    const trade = { at: 0, action: 'buy' as const, shares: 25, avgPrice: 0.4, fee: 0.42, total: 10.42 };
    const pp = { ref: { venue: 'public' as const, id: 'm1' }, title: 'M1', outcome: 'Yes', currency: 'USD' as const };
    s.getState().restorePaper({ positions: [{ ...pp, trades: [trade] }] });
    s.getState().addAlert(rule({ marketId: 'm1', paper: true, amount: 3 }));
    s.getState().listLoaded([mkt('m1', 0.5)], 1); // 25 × 0.50 = 12.50 − 10.42 = +2.08
    expect(fired(s)).toEqual([]);
    s.getState().listLoaded([mkt('m1', 0.55)], 2); // 13.75 − 10.42 = +3.33
    expect(fired(s)).toEqual(['The interface “Fed holds m1” Yes (paper) P&L +$3.33 USD (above +$3.00 USD)']);
    const sale = { at: 3, action: 'sell' as const, shares: 25, avgPrice: 0.55, fee: 0, total: 13.75 };
    s.getState().restorePaper({ positions: [{ ...pp, trades: [trade, sale] }] });
    s.getState().listLoaded([mkt('m1', 0.56)], 4);
    expect(fired(s)[0]).toBe(
      "The interface “Fed holds m1” Yes (paper) no longer held (sold, or not in its venue's reading): alert ended",
    );
  });
});

describe('the P&L alert from the form', () => {
  const draft = (over: Partial<AlertDraft>): AlertDraft => ({
    marketId: 'K1',
    kind: 'pnlBelow',
    outcome: 'Yes',
    value: '-12.5',
    minutes: '30',
    currency: 'mana',
    paper: true,
    title: 'T',
    ...over,
  });
  it('takes a signed amount in the position currency; a move needs more than 0 and its window', () => {
    expect(ruleFromDraft(draft({}), 'a', 1)).toEqual({
      ok: true,
      rule: {
        id: 'a',
        marketId: 'K1',
        kind: 'pnlBelow',
        outcome: 'Yes',
        amount: -12.5,
        currency: 'mana',
        paper: true,
        title: 'T',
        source: 'form',
        createdAt: 1,
      },
    });
    expect(ruleFromDraft(draft({ kind: 'pnlMove', value: '-3' }), 'a', 1)).toEqual({
      ok: false,
      message: 'the move must be more than 0',
    });
    expect(ruleFromDraft(draft({ kind: 'pnlMove', value: '3', minutes: '' }), 'a', 1)).toEqual({
      ok: false,
      message: 'type the window in minutes',
    });
    expect(ruleFromDraft(draft({ value: 'abc' }), 'a', 1)).toEqual({
      ok: false,
      message: 'the P&L must be an amount of money',
    });
    expect(ruleFromDraft(draft({ currency: undefined }), 'a', 1)).toEqual({
      ok: false,
      message: 'no position to watch here',
    });
  });
});
