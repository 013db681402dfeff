/**
 * Every market object of every real fixture (test/fixtures/real), as recorded and
 * with fields knocked out or emptied, normalizes to a market the screen can draw:
 * prices within 0..100¢, named outcomes, a status we know — or, when the source's
 * word is not one we know, that word kept to be shown as it came.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeEvent, normalizeMarket } from './normalize.js';
import type { Market } from './types.js';
import { realObjects } from '../../test/support/realFixtures.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const STATUSES = ['active', 'closed', 'settling', 'resolved', 'unknown'];
const markets = realObjects().filter((o) => o.kind === 'market');
const events = realObjects().filter((o) => o.kind === 'event');

function drawable(m: Market): void {
  expect(m.id.trim()).not.toBe('');
  expect(m.title.trim()).not.toBe('');
  expect(STATUSES).toContain(m.status);
  for (const o of m.outcomes) {
    expect(o.name.trim()).not.toBe('');
    if (o.price !== undefined) expect(o.price >= 0 && o.price <= 1, `${m.id} ${o.name} ${o.price}`).toBe(true);
    if (o.change24h !== undefined) expect(o.change24h >= -1 && o.change24h <= 1).toBe(true);
  }
  for (const v of [m.volume, m.liquidity, m.closesAt, m.closedAt, m.lastTradePrice])
    if (v !== undefined) expect(Number.isFinite(v)).toBe(true);
  if (m.lastTradePrice !== undefined) expect(m.lastTradePrice > 0 && m.lastTradePrice <= 1).toBe(true);
}

describe('every real fixture object', () => {
  it('covers each service with markets and events', () => {
    for (const s of ['kalshi', 'polymarket', 'manifold'] as const)
      expect(markets.filter((o) => o.service === s).length).toBeGreaterThanOrEqual(5);
    expect(events.length).toBeGreaterThanOrEqual(3);
  });

  it.each(markets.map((o) => [`${o.service}/${o.file} ${String(o.object.ticker ?? o.object.id)}`, o] as const))(
    '%s: prices in 0..1, named outcomes, a known status or the source’s word',
    (_name, o) => {
      const m = normalizeMarket(o.object, { now: NOW });
      expect(m).toBeDefined();
      drawable(m!);
      expect(m!.source).toBe(o.service);
      if (m!.status === 'unknown') expect(m!.rawStatus).toBeTruthy();
    },
  );

  it('events normalize with their markets drawable', () => {
    for (const o of events) {
      const e = normalizeEvent(o.object, { now: NOW });
      expect(e, o.file).toBeDefined();
      for (const m of e!.markets) drawable(m);
    }
  });

  it('stay drawable with any of their fields removed, nulled, emptied or turned into text', () => {
    const mutation = fc.constantFrom<(v: unknown) => unknown>(
      () => undefined,
      () => null,
      () => '',
      (v) => (typeof v === 'number' ? String(v) : v),
      (v) => (typeof v === 'string' ? ` ${v.toUpperCase()} ` : v),
      () => 250,
      () => -1,
    );
    fc.assert(
      fc.property(fc.constantFrom(...markets), fc.array(fc.tuple(fc.nat(), mutation), { maxLength: 6 }), (o, edits) => {
        const keys = Object.keys(o.object);
        const copy: Record<string, unknown> = { ...o.object };
        for (const [i, f] of edits) {
          const k = keys[i % keys.length]!;
          const v = f(copy[k]);
          if (v === undefined) delete copy[k];
          else copy[k] = v;
        }
        const m = normalizeMarket(copy, { now: NOW });
        if (m) drawable(m);
      }),
      { numRuns: 400 },
    );
  });
});
