import { describe, expect, it } from 'vitest';
import { parseRenderArgs } from './render.js';
import { dashboardArgs, parseCases, readyRows, replaysFor, sweepPresses } from './renderCases.js';

describe("bench:render's cases", () => {
  it('runs the interface against serve when no case is named', () => {
    expect(parseCases(undefined)).toEqual(['public']);
    expect(parseRenderArgs([]).cases).toEqual(['public']);
  });

  it('takes a comma-separated list, in its order', () => {
    expect(parseRenderArgs(['--cases', 'kalshi, all,public']).cases).toEqual(['kalshi', 'all', 'public']);
    expect(parseRenderArgs(['--pairs', '1', '--cases', 'manifold']).cases).toEqual(['manifold']);
  });

  it('refuses an unknown case, an empty list and a case named twice', () => {
    expect(() => parseCases('kalshi,betfair')).toThrow(/--cases takes a list of public, polymarket, kalshi.*"betfair"/);
    expect(() => parseRenderArgs(['--cases'])).toThrow(/got ""/);
    expect(() => parseCases('all,kalshi,all')).toThrow(/names a case twice/);
  });

  it('runs one case at a time for --minutes', () => {
    expect(parseRenderArgs(['--minutes', '5', '--cases', 'kalshi'])).toMatchObject({ minutes: 5, cases: ['kalshi'] });
    expect(() => parseRenderArgs(['--minutes', '5', '--cases', 'kalshi,all'])).toThrow(/--minutes runs one case/);
  });

  it('starts the replays the cases need, all three for all', () => {
    expect(replaysFor(['public'])).toEqual([]);
    expect(replaysFor(['manifold', 'public', 'kalshi'])).toEqual(['kalshi', 'manifold']);
    expect(replaysFor(['all'])).toEqual(['polymarket', 'kalshi', 'manifold']);
  });

  it('waits for ten priced rows on the simulator, the first one on the replays', () => {
    expect(readyRows('public')).toBe(10);
    expect((['polymarket', 'kalshi', 'manifold', 'all'] as const).map(readyRows)).toEqual([1, 1, 1, 1]);
  });

  it("sends the cursor back to the top before the end of a replay's short list", () => {
    expect(sweepPresses('public')).toBe(40);
    expect(sweepPresses('kalshi')).toBeLessThan(11); // Kalshi's recording lists 11 markets
  });

  it('points the dashboard at its replay, each venue at its own with all', () => {
    const urls = { polymarket: 'http://127.0.0.1:1', kalshi: 'http://127.0.0.1:2', manifold: 'http://127.0.0.1:3' };
    expect(dashboardArgs('public', urls, 100)).toEqual(['--limit', '100']);
    expect(dashboardArgs('kalshi', urls, 50)).toEqual([
      '--source',
      'kalshi',
      '--base-url',
      urls.kalshi,
      '--limit',
      '50',
    ]);
    expect(dashboardArgs('all', urls, 100)).toEqual([
      '--source',
      'all',
      '--base-url',
      `polymarket=${urls.polymarket}`,
      '--base-url',
      `kalshi=${urls.kalshi}`,
      '--base-url',
      `manifold=${urls.manifold}`,
      '--limit',
      '100',
    ]);
    expect(() => dashboardArgs('all', { kalshi: urls.kalshi }, 100)).toThrow(/the polymarket replay is not running/);
  });
});
