import { describe, expect, it } from 'vitest';
import {
  HEAP_MB_PER_HOUR_LIMIT,
  parseRealSoakArgs,
  realReport,
  realSampleLine,
  summarizeReal,
  type RealSample,
} from './soakReal.js';

function sample(minute: number, heapUsedMB: number, timers = 3): RealSample {
  return {
    minute,
    rssMB: 150 + minute / 10,
    heapUsedMB,
    heapTotalMB: 50,
    externalMB: 20,
    timers,
    timerObjects: timers + 2,
    handles: timers + 4,
    resources: { Timeout: timers, TTYWrap: 3, TCPSocketWrap: 1 },
    cpuPct: 1.5,
    framesPerMin: 60,
  };
}

describe('bench:soak --real-minutes (the pure parts; the run itself takes real minutes)', () => {
  it('reads its arguments, with the demo service, 160×48 and minute 15 by default', () => {
    expect(parseRealSoakArgs(['--real-minutes', '70'])).toEqual({
      minutes: 70,
      targets: ['demo'],
      columns: 160,
      rows: 48,
      speed: 1,
      warmupMinutes: 15,
      snapshotsAt: [],
      snapshotDir: undefined,
      profileAt: [],
      profileSeconds: 60,
      json: false,
    });
    const a = parseRealSoakArgs(['--real-minutes', '30', '--serve', '--size', '200x60', '--snapshots', '5,20']);
    expect(a).toMatchObject({ targets: ['serve'], columns: 200, rows: 60, snapshotsAt: [5, 20] });
    expect(() => parseRealSoakArgs(['--real-minutes', '0'])).toThrow(/--real-minutes/);
    expect(() => parseRealSoakArgs(['--snapshots', '5,x'])).toThrow(/--snapshots/);
    expect(() => parseRealSoakArgs(['--size', 'big'])).toThrow(/--size/);
    expect(parseRealSoakArgs(['--source', 'all']).targets).toEqual(['demo', 'polymarket', 'kalshi', 'manifold']);
    expect(parseRealSoakArgs(['--source', 'kalshi,demo']).targets).toEqual(['kalshi', 'demo']);
    // the board (three venues in one process) is named, not part of all
    expect(parseRealSoakArgs(['--source', 'board,kalshi', '--control']).targets).toEqual([
      'board',
      'kalshi',
      'control',
    ]);
    expect(() => parseRealSoakArgs(['--source', 'nyse'])).toThrow(/--source takes/);
    expect(parseRealSoakArgs(['--source', 'polymarket', '--control']).targets).toEqual(['polymarket', 'control']);
  });

  it('holds a flat heap and constant timers after warm-up, whatever came before', () => {
    // filling up to minute 10, then flat with noise of ±0.3 MB
    const samples = Array.from({ length: 60 }, (_, i) =>
      sample(i + 1, i < 10 ? 20 + i : 30 + (i % 2 ? 0.3 : -0.3), 3 + (i % 3)),
    );
    const s = summarizeReal(samples, 15)!;
    expect(s).toMatchObject({
      fromMinute: 15,
      toMinute: 60,
      timersMin: 3,
      timersMax: 5,
      timerObjectsMax: 7,
      heapOk: true,
      timersOk: true,
    });
    expect(Math.abs(s.heapSlopeMBPerHour)).toBeLessThan(HEAP_MB_PER_HOUR_LIMIT);
    expect(realReport(samples, s)).toMatch(
      /From minute 15 to 60: heap after GC .* ok; .*timers 3–5, Timeout objects 5–7 .*: ok/,
    );
  });

  it('fails a heap that keeps growing, and timers that keep climbing', () => {
    // the old systemClock: ~2.6 timers a second kept, a few MB an hour
    const samples = Array.from({ length: 40 }, (_, i) => sample(i + 1, 30 + (i + 1) * 0.06, 3 + i));
    const s = summarizeReal(samples, 5)!;
    expect(s.heapSlopeMBPerHour).toBeCloseTo(3.6, 5);
    expect(s.heapEndToEndMBPerHour).toBeCloseTo(3.6, 5);
    expect(s.heapOk).toBe(false);
    expect(s.timersOk).toBe(false);
    expect(realReport(samples, s)).toMatch(/\+3\.60 MB\/h fitted \(limit 0\.5\): OVER/);
  });

  it('gives no figure before two samples after warm-up, and says what the probe did not', () => {
    expect(summarizeReal([sample(14, 30), sample(15, 30)], 15)).toBeUndefined();
    const blind: RealSample = {
      ...sample(1, 0),
      heapUsedMB: undefined,
      timers: undefined,
      timerObjects: undefined,
      resources: undefined,
    };
    expect(realSampleLine(blind)).toMatch(/heap after GC \? MB.*timers \?/);
    expect(realReport([blind], undefined)).toMatch(/too short/);
  });
});
