import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import type { PaperPosition } from '../positions/paper.js';
import type { Position } from '../positions/types.js';
import { createOddsStore, MARKET_CACHE_CAP } from './store.js';
import type { AlertRule } from './watchTypes.js';
import { binary, market } from '../../test/support/markets.js';

const m = (id: string): Market => market(id, { title: `T ${id}`, outcomes: binary(0.6) });
const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => m(`m${from + i}`));

describe('the market cache keeps what the person holds', () => {
  it('never drops alert targets, positions or pair legs; the cap applies to the rest, oldest first', () => {
    const s = createOddsStore({ mode: 'anon', limit: 10 });
    // 600 pair legs held elsewhere (the Across desk), more than the cap on their own
    const legs = Array.from({ length: 600 }, (_, i) => `leg${i}`);
    s.getState().holdElsewhere(() => legs);
    const rule = { id: 'r1', marketId: 'alerted', kind: 'above', cents: 50, pairId: 'otherLeg' } as AlertRule;
    const paper = { ref: { venue: 'public', id: 'paper' }, title: 'p', outcome: 'Yes', trades: [] };
    const real = { ref: { venue: 'public', id: 'real' }, title: 'r', outcome: 'Yes', shares: 1 } as Position;
    s.setState((st) => ({
      alerts: { ...st.alerts, rules: [rule] },
      paper: { positions: [paper as unknown as PaperPosition] },
      realPositions: {
        venue: 'public',
        identity: 'me',
        reading: false,
        data: { venue: 'public', currency: 'USD', identity: 'me', positions: [real] },
      },
    }));
    const heldIds = ['alerted', 'otherLeg', 'paper', 'real', ...legs];
    s.getState().listLoaded([...heldIds.map(m), ...batch(0, 100)], 1);
    for (let k = 1; k <= 6; k++) s.getState().listLoaded(batch(k * 100, 100), 1 + k);
    const st = s.getState();
    expect(heldIds.filter((id) => st.markets[id] === undefined)).toEqual([]);
    // the rest: only the list shown (its 100) is kept beside the held ones, the older lists' markets dropped
    const rest = Object.keys(st.markets).filter((id) => !heldIds.includes(id));
    expect(rest.sort()).toEqual(
      batch(600, 100)
        .map((x) => x.id)
        .sort(),
    );
    expect(Object.keys(st.markets).length).toBeLessThanOrEqual(heldIds.length + MARKET_CACHE_CAP);
  });

  it('lets a market go once nothing holds it', () => {
    const s = createOddsStore({ mode: 'anon', limit: 10 });
    let legs = ['leg'];
    s.getState().holdElsewhere(() => legs);
    s.getState().listLoaded([m('leg'), ...batch(0, 100)], 1);
    for (let k = 1; k <= 4; k++) s.getState().listLoaded(batch(k * 100, 100), 1 + k);
    expect(s.getState().markets.leg).toBeDefined();
    legs = [];
    s.getState().listLoaded(batch(500, 100), 10);
    expect(s.getState().markets.leg).toBeUndefined();
    expect(Object.keys(s.getState().markets)).toHaveLength(MARKET_CACHE_CAP);
  });
});
