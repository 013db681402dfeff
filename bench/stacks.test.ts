import { describe, expect, it } from 'vitest';
import { stacksReport, stacksRun, type StacksRun } from './stacks.js';

const req = (at: number) => `req ${JSON.stringify({ at, path: '/markets?limit=100', status: 200 })}`;
const log = (times: number[]) => ['http://127.0.0.1:4000', ...times.map(req)].join('\n');

describe('bench:stacks figures', () => {
  it("reads a run's CPU as % of a core over its window, and the replays' requests in that window", () => {
    const sample = { from: 1_000, to: 31_000, userMs: 150, systemMs: 30, changes: 60, rssMb: 101.6 };
    const inside = Array.from({ length: 10 }, (_, i) => 1_000 + i * 3_000);
    const r = stacksRun('all', sample, [log([500, ...inside, 31_000]), log([2_000, 9_000, 16_000, 23_000, 30_000])]);
    // 180 ms of CPU in 30 s; 15 requests in half a minute; 60 changes in half a minute
    expect(r).toEqual({
      case: 'all',
      cpu: 0.6,
      user: 0.5,
      system: 0.1,
      requests: 30,
      changesPerMin: 120,
      rssMb: 102,
    });
  });

  it('reports the median and range of each case, CPU a request, and all against each platform alone', () => {
    const run = (c: StacksRun['case'], cpu: number, requests: number): StacksRun => ({
      case: c,
      cpu,
      user: cpu - 0.1,
      system: 0.1,
      requests,
      changesPerMin: 100,
      rssMb: 100,
    });
    const text = stacksReport([
      run('kalshi', 0.6, 60),
      run('all', 1.4, 120),
      run('kalshi', 0.8, 60),
      run('all', 1.6, 120),
    ]);
    const rows = text.split('\n');
    expect(rows[2]).toMatch(
      /^\| kalshi +\| +0\.70 \(0\.60–0\.80\) \| +0\.60 \/ 0\.10 \| +60\.0 \(60\.0–60\.0\) \| +7\.0 \|/,
    );
    // 1.5 % of a core over 120 requests a minute: 7.5 ms a request
    expect(rows[3]).toMatch(
      /^\| all +\| +1\.50 \(1\.40–1\.60\) \| +1\.40 \/ 0\.10 \| +120\.0 \(120\.0–120\.0\) \| +7\.5 \|/,
    );
    expect(rows[4]).toBe('- all ÷ kalshi: 2.14× the CPU');
  });
});
