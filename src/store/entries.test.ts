/** A market's price history as the store keeps it (entries.ts `appendHistory`, packed by samples.ts). */
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { binary, market } from '../../test/support/markets.js';
import { packed, sampleCount, unpack } from './samples.js';
import { createOddsStore, HISTORY_CAP, type OddsStore } from './store.js';

const m = (id: string, yes = 0.6, extra: Partial<Market> = {}): Market =>
  market(id, { title: `T ${id}`, outcomes: binary(yes), ...extra });
const fresh = (): OddsStore => createOddsStore({ mode: 'anon', limit: 10 });

describe('price history', () => {
  it('is bounded: never more than HISTORY_CAP samples, oldest dropped', () => {
    const s = fresh();
    for (let i = 0; i < HISTORY_CAP * 3; i++) s.getState().marketLoaded(m('a', 0.1 + (i % 80) / 100), 1_000 * (i + 1));
    const h = s.getState().history.a!;
    expect(sampleCount(h.samples)).toBe(HISTORY_CAP);
    expect(unpack(h.samples)[0]!.t).toBe(1_000 * (HISTORY_CAP * 2 + 1));
    expect(h.names).toEqual(['Yes', 'No']);
  });

  it(
    'skips unchanged prices within a minute, out-of-order samples and priceless markets; restarts on new ' + 'outcomes',
    () => {
      const s = fresh();
      s.getState().marketLoaded(m('a', 0.5), 1_000);
      s.getState().marketLoaded(m('a', 0.5), 2_000);
      s.getState().marketLoaded(m('a', 0.6), 500);
      expect(sampleCount(s.getState().history.a!.samples)).toBe(1);
      s.getState().marketLoaded(m('a', 0.5), 62_000);
      expect(sampleCount(s.getState().history.a!.samples)).toBe(2);
      s.getState().marketLoaded({ ...m('a'), outcomes: [{ name: 'Yes' }, { name: 'No' }] }, 70_000);
      expect(sampleCount(s.getState().history.a!.samples)).toBe(2);
      s.getState().marketLoaded(
        {
          ...m('a'),
          outcomes: [
            { name: 'X', price: 0.2 },
            { name: 'Y', price: 0.3 },
            { name: 'Z', price: 0.5 },
          ],
        },
        80_000,
      );
      const sample = { t: 80_000, prices: [0.2, 0.3, 0.5] };
      expect(s.getState().history.a).toEqual({
        names: ['X', 'Y', 'Z'],
        samples: packed(3, [sample]),
        trail: packed(3, [sample]),
      });
      expect(unpack(s.getState().history.a!.samples)).toEqual([sample]);
    },
  );
});

describe("what a market's event stated", () => {
  it('is kept when the market is read again from its own route (no event around it), replaced when one comes', () => {
    const s = fresh();
    const rules = 'If Lions wins, the market will resolve to "Lions".';
    s.getState().marketLoaded(m('a', 0.5, { eventContext: { description: rules } }), 1_000);
    s.getState().marketLoaded(m('a', 0.6), 2_000);
    expect(s.getState().markets.a!.market.eventContext).toEqual({ description: rules });
    expect(s.getState().markets.a!.market.outcomes[0]!.price).toBe(0.6);
    s.getState().marketLoaded(m('a', 0.6, { eventContext: { description: 'new' } }), 3_000);
    expect(s.getState().markets.a!.market.eventContext).toEqual({ description: 'new' });
  });
});
