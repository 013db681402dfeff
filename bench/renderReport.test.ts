import { describe, expect, it } from 'vitest';
import { minutesTable, spread, summarizePairs } from './renderReport.js';
import type { MinuteSample, RunResult } from './renderRun.js';

function run(program: RunResult['program'], cpuPct: number, rssMB: number): RunResult {
  return {
    program,
    columns: 160,
    rows: 48,
    firstFrameMs: 900,
    cpuPct,
    bytesPerS: 200,
    framesPerMin: 60,
    linesPerFrame: 1,
    rssMB,
    latency: { presses: 10, answered: 10, p50Ms: 15, p95Ms: 25, p95Count: 9 },
  };
}

describe('summarizePairs', () => {
  it('pairs the k-th dashboard run with the k-th reference run and takes the median ratio', () => {
    const runs = [
      run('dashboard', 3, 150),
      run('reference', 2, 120),
      run('reference', 2, 100),
      run('dashboard', 4, 130),
      run('dashboard', 2, 110),
      run('reference', 1, 100),
    ];
    const [s] = summarizePairs(runs, [{ columns: 160, rows: 48 }]);
    const cpu = s!.figures.find((f) => f.name === 'idle CPU')!;
    expect(cpu.dashboard).toEqual([3, 4, 2]);
    expect(cpu.reference).toEqual([2, 2, 1]);
    expect(cpu.ratio).toBe(2); // ratios 1.5, 2, 2
  });

  it('leaves the ratio out when the reference figure is 0', () => {
    const [s] = summarizePairs([run('dashboard', 3, 150), run('reference', 0, 100)], [{ columns: 160, rows: 48 }]);
    expect(Number.isNaN(s!.figures[0]!.ratio)).toBe(true);
  });
});

describe('spread', () => {
  it('shows the median and the range', () => {
    expect(spread([3, 1, 2], 1)).toBe('2.0 (1.0–3.0)');
    expect(spread([4, 1], 0)).toBe('3 (1–4)');
    expect(spread([5], 2)).toBe('5.00');
    expect(spread([], 2)).toBe('—');
  });
});

describe('minutesTable', () => {
  it('says how RSS at the last minute compares with minute 15', () => {
    const samples: MinuteSample[] = Array.from({ length: 20 }, (_, i) => ({
      minute: i + 1,
      rssMB: i + 1 === 15 ? 100 : i + 1 === 20 ? 105 : 90,
      heapUsedMB: 20,
      heapTotalMB: 30,
      externalMB: 2,
      arrayBuffersMB: 1,
      spacesKB: undefined,
      cpuPct: 1,
      framesPerMin: 60,
    }));
    const text = minutesTable(samples);
    expect(text).toContain('RSS at minute 20: 105.0 MB = minute 15 (100.0 MB) + 5.0 %');
    expect(text.split('\n')).toHaveLength(2 + 20 + 1);
  });
});
