/**
 * The alerts file and the alert log across versions: a file written before the P&L and gap kinds loads unchanged
 * (written back, it holds the same values), and the new kinds survive a round trip; a malformed one is dropped
 * and counted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AlertFired, AlertRule } from '../store/watchTypes.js';
import { decodeAlerts, decodeLog, encodeAlerts, encodeLog } from './codec.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures/watch', name), 'utf8');

describe('an alerts file from before the P&L and gap kinds', () => {
  it('loads every alert and where it stands; written back, nothing is lost or changed', () => {
    const text = fixture('alerts-before-pnl-gap.json');
    const d = decodeAlerts(text);
    expect(d.dropped).toBe(0);
    expect(d.value.rules.map((r) => [r.id, r.kind, r.cents, r.minutes])).toEqual([
      ['a-mhx1', 'above', 70, undefined],
      ['a-mhx2', 'below', 20.5, undefined],
      ['a-mhx3', 'move', 5, 30],
      ['a-mhx4', 'status', undefined, undefined],
    ]);
    expect(d.value.state['a-mhx1']).toEqual({ armed: false, firedAt: 1764100500000 });
    expect(JSON.parse(encodeAlerts(d.value))).toEqual(JSON.parse(text)); // every field kept (key order aside)
  });

  it('its alert log loads every entry; written back, nothing is lost or changed', () => {
    const text = fixture('alert-log-before-pnl-gap.json');
    const d = decodeLog(text);
    expect(d.dropped).toBe(0);
    expect(d.value.map((e) => e.kind)).toEqual(['status', 'above']);
    expect(JSON.parse(encodeLog(d.value))).toEqual(JSON.parse(text));
  });
});

describe('the P&L and gap kinds in the files', () => {
  const rules: AlertRule[] = [
    {
      id: 'p1',
      marketId: 'kalshi:K1',
      kind: 'pnlBelow',
      outcome: 'Yes',
      amount: -12.5,
      currency: 'USD',
      title: 'Fed holds',
      source: 'form',
      createdAt: 1,
    },
    {
      id: 'p2',
      marketId: 'manifold:m',
      kind: 'pnlMove',
      outcome: 'Yes',
      amount: 50,
      currency: 'mana',
      paper: true,
      minutes: 30,
      source: 'form',
      createdAt: 2,
    },
    {
      id: 'g1',
      marketId: 'kalshi:K1',
      kind: 'gap',
      cents: 2,
      pairId: 'polymarket:2252244',
      title: '“A” ⇄ “B”',
      source: 'form',
      createdAt: 3,
    },
  ];

  it('round-trip: rules, an ended rule, P&L and gap entries', () => {
    const state = { p1: { armed: false, firedAt: 9, ended: 9 } };
    const d = decodeAlerts(encodeAlerts({ rules, state }));
    expect(d).toEqual({ value: { rules, state }, dropped: 0 });
    const log: AlertFired[] = [
      {
        seq: 2,
        at: 9,
        ruleId: 'p1',
        source: 'form',
        kind: 'pnlBelow',
        marketId: 'kalshi:K1',
        title: 'Fed holds',
        outcome: 'Yes',
        venue: 'kalshi',
        pnl: -2,
        currency: 'USD',
        paper: false,
        ended: 'settled',
        text: 'Kalshi “Fed holds” Yes (real) settled: P&L −$2.00 USD (alert ended)',
      },
      {
        seq: 1,
        at: 5,
        ruleId: 'g1',
        source: 'form',
        kind: 'gap',
        marketId: 'kalshi:K1',
        title: 'Fed holds',
        pairId: 'polymarket:2252244',
        gapCents: 15.8,
        size: 100,
        text: 'Gap after fees 15.8¢ for 100 contracts: …',
      },
    ];
    expect(decodeLog(encodeLog(log))).toEqual({ value: log, dropped: 0 });
  });

  it('a P&L rule without its currency or amount, or a gap rule without its pair or out of range, is dropped', () => {
    const bad = [
      { ...rules[0], currency: 'EUR' },
      { ...rules[0], amount: 'ten' },
      { ...rules[1], amount: 0 },
      { ...rules[2], pairId: undefined },
      { ...rules[2], cents: 100 },
    ];
    const text = JSON.stringify({ version: 1, alerts: [...bad, rules[2]], state: { p1: { armed: true, ended: -1 } } });
    const d = decodeAlerts(text);
    expect(d.value.rules.map((r) => r.id)).toEqual(['g1']);
    expect(d.dropped).toBe(6);
  });
});
