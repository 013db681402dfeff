import { describe, expect, it } from 'vitest';
import { createOddsStore } from './store.js';
import { SERIES_CAP, SERIES_POINTS_CAP, seriesKey } from './traderSlice.js';

describe('fetched price histories in the store', () => {
  it('keep a cut answer marked (the platform has more before its first point), clean points oldest first', () => {
    const s = createOddsStore({ mode: 'key', limit: 30 });
    const pts = [
      { t: 20, p: 0.5 },
      { t: 10, p: 0.4 },
      { t: 30, p: Number.NaN },
      { t: 40, p: 1.5 },
    ];
    s.getState().seriesLoaded('m', '24h', 'Yes', pts, 100, true);
    expect(s.getState().series[seriesKey('m', '24h')]).toEqual({
      range: '24h',
      outcome: 'Yes',
      points: [
        { t: 10, p: 0.4 },
        { t: 20, p: 0.5 },
      ],
      at: 100,
      cut: true,
    });
    s.getState().seriesLoaded('m', '24h', 'Yes', pts, 200);
    expect(s.getState().series[seriesKey('m', '24h')]).not.toHaveProperty('cut');
  });

  it('are bounded: the newest SERIES_CAP histories, each at most SERIES_POINTS_CAP points', () => {
    const s = createOddsStore({ mode: 'key', limit: 30 });
    const many = Array.from({ length: SERIES_POINTS_CAP + 10 }, (_, i) => ({ t: i, p: 0.5 }));
    for (let i = 0; i < SERIES_CAP + 5; i++) s.getState().seriesLoaded(`m${i}`, '7d', 'Yes', many, i);
    const kept = Object.values(s.getState().series);
    expect(kept).toHaveLength(SERIES_CAP);
    expect(kept.every((x) => x.points.length === SERIES_POINTS_CAP)).toBe(true);
    expect(s.getState().series[seriesKey('m0', '7d')]).toBeUndefined();
  });
});
