import { describe, expect, it } from 'vitest';
import type { RenderCase } from './renderCases.js';
import { minutesTable, renderReport, spread, summarizePairs, venueLines, venueRatios } from './renderReport.js';
import type { MinuteSample, RunResult } from './renderRun.js';

const SIZE = [{ columns: 160, rows: 48 }];

function run(program: RunResult['program'], cpuPct: number, rssMB: number, c: RenderCase = 'public'): RunResult {
  return {
    program,
    ...(program === 'dashboard' ? { case: c } : {}),
    columns: 160,
    rows: 48,
    firstFrameMs: 900,
    cpuPct,
    bytesPerS: 200,
    framesPerMin: 60,
    linesPerFrame: 1,
    rssMB,
    latency: { presses: 10, answered: 10, p50Ms: 15, p95Ms: 25, p95Count: 9 },
    idleWall: { from: 0, to: 60_000 },
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
    const [s] = summarizePairs(runs, SIZE, ['public']);
    const cpu = s!.figures.find((f) => f.name === 'idle CPU')!;
    expect(cpu.dashboard).toEqual([3, 4, 2]);
    expect(cpu.reference).toEqual([2, 2, 1]);
    expect(cpu.ratio).toBe(2); // ratios 1.5, 2, 2
  });

  it('leaves the ratio out when the reference figure is 0', () => {
    const [s] = summarizePairs([run('dashboard', 3, 150), run('reference', 0, 100)], SIZE, ['public']);
    expect(Number.isNaN(s!.figures[0]!.ratio)).toBe(true);
  });
});

describe('three venues against one', () => {
  const runs = [
    run('dashboard', 1, 100, 'kalshi'),
    run('dashboard', 2, 110, 'polymarket'),
    run('dashboard', 1.2, 115, 'all'),
    run('reference', 1, 100),
    run('reference', 1, 100),
    run('dashboard', 1.8, 130, 'all'),
    run('dashboard', 1, 100, 'polymarket'),
    run('dashboard', 1, 100, 'kalshi'),
  ];

  it('summarizes each case against the same reference runs', () => {
    const [kalshi, all] = summarizePairs(runs, SIZE, ['kalshi', 'all']);
    expect(kalshi!.case).toBe('kalshi');
    expect(kalshi!.figures[0]).toMatchObject({ dashboard: [1, 1], reference: [1, 1], ratio: 1 });
    expect(all!.figures[0]).toMatchObject({ dashboard: [1.2, 1.8], reference: [1, 1], ratio: 1.5 });
  });

  it('takes the median of the per-round ratios of all to each platform alone', () => {
    const ratios = venueRatios(runs, SIZE, ['kalshi', 'polymarket', 'all']);
    expect(ratios.map((v) => v.against)).toEqual(['polymarket', 'kalshi']);
    const k = ratios.find((v) => v.against === 'kalshi')!;
    expect(k.cpu).toBeCloseTo(1.5); // 1.2 and 1.8
    expect(k.rss).toBeCloseTo(1.225); // 1.15 and 1.3
    expect(k.firstFrame).toBe(1);
    const p = ratios.find((v) => v.against === 'polymarket')!;
    expect(p.cpu).toBeCloseTo(1.2); // 0.6 and 1.8
  });

  it('has none without all or without a platform alone', () => {
    expect(venueRatios(runs, SIZE, ['kalshi', 'polymarket'])).toEqual([]);
    expect(venueRatios(runs, SIZE, ['public', 'all'])).toEqual([]);
  });

  it('prints a line per platform with the targets, marking a ratio over its target', () => {
    const lines = venueLines(venueRatios(runs, SIZE, ['kalshi', 'all']));
    expect(lines[0]).toContain('CPU ≤ 1.3×, RSS ≤ 1.2×');
    expect(lines[1]).toBe(
      '- 160×48 all ÷ kalshi: idle CPU 1.50× (over), RSS 1.23× (over), first frame with data 1.00×',
    );
    expect(venueLines([])).toEqual([]);
  });

  it('reports a row per case, the bare Ink row, and the venue lines', () => {
    const cases: RenderCase[] = ['kalshi', 'polymarket', 'all'];
    const config = { pairs: 2, warmupS: 5, idleS: 10, presses: 0, rssAtS: 20, limit: 100, cases };
    const text = renderReport(config, summarizePairs(runs, SIZE, cases), venueRatios(runs, SIZE, cases));
    const rows = text.split('\n').filter((l) => l.startsWith('| '));
    expect(rows.map((l) => l.split('|')[1]!.trim())).toEqual([
      'case',
      'kalshi (replay)',
      'polymarket (replay)',
      'all (3 replays)',
      'bare Ink',
    ]);
    expect(rows[1]).toContain('| 1.00 (1.00–1.00) · 1.00× |'); // kalshi's idle CPU, its ratio to bare Ink
    expect(text).toContain('- 160×48 all ÷ polymarket: idle CPU 1.20×');
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
