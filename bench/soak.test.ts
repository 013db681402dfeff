import { describe, expect, it } from 'vitest';
import { cpuBound, WALL_BACKSTOP_MS } from '../test/support/cpuBound.js';
import { parseSoakArgs, refuseUnknownSoakFlags, soakHelp, soakReport, summaryLine } from './soak.js';
import { runSoak, summarize, type SoakRow } from './soakRun.js';

const MIN = 60_000;

describe('soak (a few simulated minutes)', () => {
  // about 3 s of CPU (four simulated minutes with the App drawing): a deadline in CPU time, ten times that
  it(
    'prints a row per interval with memory, store sizes, frames and requests, and a summary',
    cpuBound(30_000, async () => {
      const rows: SoakRow[] = [];
      const r = await runSoak({
        durationMs: 4 * MIN,
        reportEveryMs: MIN,
        seed: 5,
        activity: { moveEveryMs: 20_000, quoteEveryMs: 80_000, listChangeEveryMs: 70_000 },
        onRow: (row) => rows.push(row),
      });
      expect(r.rows).toEqual(rows);
      expect(r.rows.map((x) => x.hour)).toEqual(
        [1 / 60, 2 / 60, 3 / 60, 4 / 60].map((h) => Math.round(h * 1000) / 1000),
      );
      expect(r.config).toMatchObject({ seed: 5, speed: 24, columns: 120, rows: 40, reportEveryHours: 1 / 60 });
      for (const row of r.rows) {
        expect(row.heapUsedMB).toBeGreaterThan(0);
        expect(row.rssMB).toBeGreaterThanOrEqual(row.heapUsedMB);
        expect(row.store.listed).toBeGreaterThan(0);
        expect(row.store.listed).toBeLessThanOrEqual(50);
        expect(row.store.marketsCached).toBeGreaterThanOrEqual(row.store.listed);
        expect(row.store.historySamples).toBeGreaterThanOrEqual(row.store.historyMarkets);
        expect(row.store.notices).toBeLessThanOrEqual(5);
        expect(row.store.transitions).toBeLessThanOrEqual(20);
        // the key's budget: at most 30 a minute, and nearly all of it used
        expect(row.requests).toBeGreaterThan(20);
        expect(row.requests).toBeLessThanOrEqual(30);
        expect(row.got429).toBe(0);
        expect(Object.values(row.serverStatus).reduce((a, n) => a + n, 0)).toBeGreaterThan(200);
        expect(Number.isFinite(row.renderMeanMs) && Number.isFinite(row.renderP95Ms)).toBe(true);
      }
      // the scripted keys reached the App: moves, a quote typed into the form, a sort or search change
      const last = r.rows[r.rows.length - 1]!;
      expect(last.keys).toBeGreaterThan(10);
      expect(last.store.quotes).toBeGreaterThan(0);
      expect(r.summary).toMatchObject({
        fromHour: r.rows[0]!.hour,
        toHour: last.hour,
        requests: r.rows.reduce((a, x) => a + x.requests, 0),
        got429: 0,
      });
      expect(r.summary.frames).toBeGreaterThan(0);
      const text = soakReport(r);
      expect(text).toMatch(/\| hour +\| heap MB \| heap total \| rss MB \|/);
      expect(text.split('\n').filter((l) => /^\| 0\.0\d+ +\|/.test(l))).toHaveLength(4);
      expect(text).toContain('Heap growth from hour');
    }),
    WALL_BACKSTOP_MS,
  );

  it('summary: growth is measured from hour 2 on', () => {
    const row = (hour: number, heapUsedMB: number) =>
      ({ hour, heapUsedMB, requests: 10, got429: 1, frames: 5, keys: hour }) as SoakRow;
    const s = summarize([row(1, 50), row(2, 40), row(3, 41), row(4, 42)], 12.34);
    expect(s).toMatchObject({
      fromHour: 2,
      toHour: 4,
      heapFromMB: 40,
      heapToMB: 42,
      heapGrowthMB: 2,
      heapGrowthPct: 5,
      requests: 40,
      got429: 4,
      frames: 20,
      keys: 4,
      realSeconds: 12.3,
    });
    expect(summaryLine(s)).toContain('+2.00 MB (+5.0 %)');
    expect(summarize([row(0.5, 10)], 1)).toMatchObject({ fromHour: 0.5, toHour: 0.5, heapGrowthMB: 0 });
  });

  it('arguments: defaults, decimals and refusals', () => {
    expect(parseSoakArgs([])).toMatchObject({ everyHours: 1, speed: 24, json: false });
    expect(parseSoakArgs(['--hours', '0.5', '--json'])).toMatchObject({ hours: 0.5, everyHours: 0.5, json: true });
    expect(() => parseSoakArgs(['--hours', 'x'])).toThrow(/--hours/);
    expect(() => parseSoakArgs(['--speed', '-1'])).toThrow(/--speed/);
  });

  it('--help prints the usage and runs nothing; a flag it does not know is refused, not run as the 8 h default', () => {
    // before, `npm run bench:soak -- --help` (as a brief asked) ignored the flag and ran the 8-hour soak
    for (const h of ['--help', '-h']) expect(soakHelp([h])).toMatch(/--hours N[\s\S]*--real-minutes N/);
    expect(soakHelp(['--hours', '1'])).toBeUndefined();
    expect(() => refuseUnknownSoakFlags(['--hour', '1'])).toThrow(/unknown flag --hour \(--help lists them\)/);
    expect(() => refuseUnknownSoakFlags(['--hours', '1', '--every', '0.5', '--json'])).not.toThrow();
  });
});
