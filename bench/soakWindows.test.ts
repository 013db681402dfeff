import { describe, expect, it } from 'vitest';
import { median } from './metrics.js';
import { cpuWindows, CPU_GROWTH_LIMIT, windowReport, type MinuteSample } from './soakWindows.js';

const minute = (m: number, cpuPct: number, requests?: number): MinuteSample => ({
  minute: m,
  cpuPct,
  heapUsedMB: 30 + m / 100,
  rssMB: 140 + m / 10,
  ...(requests !== undefined ? { requests } : {}),
});

describe('bench:soak --real-minutes: CPU per 10-minute window (issue 30)', () => {
  it('groups minutes into windows with their mean CPU, and heap and RSS at the window’s end', () => {
    const c = cpuWindows(Array.from({ length: 25 }, (_, i) => minute(i + 1, i < 10 ? 2 : 1, 58)));
    expect(c.windows.map((w) => [w.from, w.to, w.minutes])).toEqual([
      [0, 10, 10],
      [10, 20, 10],
      [20, 30, 5],
    ]);
    expect(c.windows[0]).toMatchObject({ cpuPct: 2, heapUsedMB: 30.1, rssMB: 141, requestsPerMin: 58, judged: false });
    expect(c.baselinePct).toBe(1);
    expect(c.windows[2]).toMatchObject({ judged: true, over: false });
    expect(c.ok).toBe(true);
  });

  it('fails a window after minute 20 above 1.2× the median minute of minutes 10–20', () => {
    // flat 1.3 % until minute 20, then 2.3–4.1 % (what issue 30 measured)
    const samples = Array.from({ length: 60 }, (_, i) => minute(i + 1, i < 20 ? 1.3 : 2.3 + (i % 10) * 0.2));
    const c = cpuWindows(samples);
    expect(c.baselinePct).toBeCloseTo(1.3, 10);
    expect(c.limitPct).toBeCloseTo(1.3 * CPU_GROWTH_LIMIT, 10);
    expect(c.windows.filter((w) => w.over).map((w) => w.from)).toEqual([20, 30, 40, 50]);
    expect(c.ok).toBe(false);
    expect(windowReport(c)).toMatch(/limit ×1\.2 = 1\.56 % .*: OVER/);
  });

  it('passes noise within the limit, and judges nothing before the baseline is whole', () => {
    const noisy = Array.from({ length: 40 }, (_, i) => minute(i + 1, 1.5 + (i % 2 ? 0.1 : -0.1)));
    expect(cpuWindows(noisy).ok).toBe(true);
    const short = cpuWindows(Array.from({ length: 15 }, (_, i) => minute(i + 1, 5)));
    expect(short.baselinePct).toBeUndefined();
    expect(short.windows.every((w) => !w.judged)).toBe(true);
    expect(windowReport(short)).toMatch(/too short/);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('judges no window from the first heap snapshot on, and keeps the minute that wrote it out of the mean', () => {
    // flat 1.6 % to minute 30; the minute after the snapshot asked at 30 writes it (5.6 %); after it every GC costs
    // more (2.4 %)
    const samples = Array.from({ length: 50 }, (_, i) => {
      const m = i + 1;
      return m === 31 ? { ...minute(m, 5.6), snapshot: true } : minute(m, m > 31 ? 2.4 : 1.6);
    });
    const c = cpuWindows(samples);
    expect(c.baselinePct).toBeCloseTo(1.6, 10);
    expect(c.windows[2]).toMatchObject({ judged: true, over: false, afterSnapshot: false });
    expect(c.windows[3]).toMatchObject({
      cpuMaxPct: 5.6,
      minutes: 10,
      judged: false,
      afterSnapshot: true,
      over: false,
    });
    expect(c.windows[3]!.cpuPct).toBeCloseTo(2.4, 10); // the writing minute left out of the mean
    expect(c.windows[4]).toMatchObject({ judged: false, afterSnapshot: true });
    expect(c.ok).toBe(true);
    expect(windowReport(c)).toMatch(/after a heap snapshot/);
    expect(windowReport(c)).toMatch(/: ok; windows from the first heap snapshot on not judged/);
    // the same minutes without the mark: judged, and over
    expect(cpuWindows(samples.map(({ snapshot: _, ...s }) => s)).ok).toBe(false);
    // a snapshot before minute 20 leaves no baseline
    const early = cpuWindows(samples.map((s) => (s.minute === 16 ? { ...s, snapshot: true } : s)));
    expect(early.baselinePct).toBeUndefined();
    expect(windowReport(early)).toMatch(/not judged \(a heap snapshot before minute 20/);
  });
});
