import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeMarket } from '../api/normalize.js';
import { manifoldPosition, metricsOf } from './manifold.js';

const REAL = 'test/fixtures/real/manifold';
const read = (f: string): unknown => JSON.parse(readFileSync(`${REAL}/${f}`, 'utf8'));
const DOCS = read(
  'positions/v0-market-kupKInoLsjMuiDiNfogm-positions-top-1-bottom-1-docs-example-2023.json',
) as unknown[];
const LUCAS = metricsOf(DOCS, 'IpTiwOTs96VIzeoxu66tfitUcBZ2')![0];
const SYLVIE = metricsOf(DOCS, 'JNkmw38JICdw6ySJ9RgWK7WyBdE2')![0];
const NOW = Date.parse('2026-11-26T00:00:00Z');
const market = (f: string) => normalizeMarket(read(f), { now: NOW })!;

describe('Manifold positions (the documented example answer of /v0/market/{id}/positions)', () => {
  it('a NO holding in profit, worked out by hand', () => {
    const p = manifoldPosition(LUCAS)!;
    // totalShares {NO: 89.17418492518308}, invested 15, payout 23.479030029570673
    //   avg price = 15 / 89.17418492518308 = 0.168210…
    //   price     = 23.479030029570673 / 89.17418492518308 = 0.263294… (the row's own NO price)
    //   P&L       = 23.479030029570673 − 15 = 8.479030029570673 (the row's profit)
    //   P&L %     = 8.479030029570673 / 15 × 100 = 56.5268668638… (the row's profitPercent 56.52686686380448)
    expect(p).toMatchObject({
      ref: { venue: 'manifold', id: 'kupKInoLsjMuiDiNfogm' },
      outcome: 'No',
      shares: 89.17418492518308,
      cost: 15,
      value: 23.479030029570673,
      currency: 'mana',
      state: 'open',
    });
    // its market not read (Manifold answers 404 for it): said to be unknown, not its bare id as if a title
    expect(p.title).toBe('Unknown market kupKInoLsjMuiDiNfogm (not found on Manifold)');
    expect(p.avgPrice).toBeCloseTo(0.16821, 5);
    expect(p.price).toBeCloseTo(0.263294, 6);
    expect(p.pnl).toBeCloseTo(8.479030029570673, 9);
    expect(p.pnlPct).toBeCloseTo(56.52686686380448, 7);
  });

  it('a NO holding at a loss', () => {
    const p = manifoldPosition(SYLVIE)!;
    // P&L = 5.008090894597481 − 10 = −4.991909105402519; P&L % = −49.919091054025…
    expect(p.pnl).toBeCloseTo(-4.991909105402519, 9);
    expect(p.pnlPct).toBeCloseTo(-49.919091054025195, 7);
  });

  it('the same holding in a market that resolved YES (recorded): the NO shares paid 0', () => {
    const resolved = market('v0-market-h9N8d85uCn-YES-2026-10-09.json');
    const p = manifoldPosition(LUCAS, resolved)!;
    // NO lost: paid = 89.174… × 0 = 0; P&L = 0 − 15 = −15; −100 %
    expect(p).toMatchObject({ state: 'resolved', paid: 0, value: 0, pnl: -15, pnlPct: -100, price: 0 });
    expect(p.title).toBe(resolved.title);
    expect(p.title).toBe(resolved.title);
  });

  it('…in a market that resolved NO (recorded): each NO share paid 1', () => {
    const p = manifoldPosition(LUCAS, market('v0-market-nRSlhy5c2L-NO-2026-10-09.json'))!;
    // paid = 89.17418492518308 × 1; P&L = 89.17418492518308 − 15 = 74.17418492518308
    expect(p).toMatchObject({ state: 'resolved', price: 1 });
    expect(p.paid).toBeCloseTo(89.17418492518308, 9); // money kept to 9 decimals (pnl.ts round9)
    expect(p.pnl).toBeCloseTo(74.17418492518308, 9);
  });

  it('…in a cancelled market (recorded CANCEL): the cost comes back', () => {
    const p = manifoldPosition(LUCAS, market('v0-market-5SEnEAddg5-CANCEL-2026-10-09.json'))!;
    expect(p).toMatchObject({ state: 'resolved', paid: 15, value: 15, pnl: 0, pnlPct: 0 });
  });

  it('nothing held, or not a metric: no position', () => {
    expect(manifoldPosition({ ...(LUCAS as object), totalShares: { NO: 0, YES: 1e-9 } })).toBeUndefined();
    expect(manifoldPosition(null)).toBeUndefined();
    expect(manifoldPosition({ totalShares: { YES: 3 } })).toBeUndefined();
    expect(metricsOf({ message: 'x' })).toBeUndefined();
  });
});

describe('Manifold positions: hostile ids', () => {
  it('a contract id that is not an id is no position', () => {
    for (const contractId of ['../x', 'a/b', '\u001b[2J', '', 'x'.repeat(65)])
      expect(manifoldPosition({ ...(LUCAS as object), contractId })).toBeUndefined();
  });
});
