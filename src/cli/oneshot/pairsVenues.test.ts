import { describe, expect, it } from 'vitest';
import { configFile } from '../../../test/support/configFiles.js';
import { pairsVenues } from './pairsVenues.js';

/** The environment of a config file with `content`, and nothing else of the user's. */
const withConfig = (content: object) => ({ ODDSBOARD_CONFIG: configFile(JSON.stringify(content)) });

describe('pairsVenues: each venue gets the config file settings that are its own', () => {
  it("the config file's clobUrl goes to Polymarket only: Kalshi and Manifold still open", () => {
    const env = withConfig({ source: 'polymarket', clobUrl: 'https://clob.example.com' });
    const pv = pairsVenues({}, env);
    expect(pv.venues).toEqual(['polymarket', 'kalshi', 'manifold']);
    expect(pv.settingsOf('polymarket').clobUrl).toBe('https://clob.example.com');
    expect(pv.settingsOf('kalshi').clobUrl).toBeUndefined();
    expect(pv.settingsOf('manifold').clobUrl).toBeUndefined();
  });

  it("the config file's rate goes to the venue the dashboard's settings name alone; the others keep their own", () => {
    const rates = (env: Record<string, string>, flags = {}) => {
      const pv = pairsVenues(flags, env);
      return pv.venues.map((v) => pv.settingsOf(v).rate);
    };
    // 1000 is above Manifold's documented limit: given to Manifold it would refuse the whole command
    const env = withConfig({ source: 'polymarket', rate: 1000 });
    expect(rates(env)).toEqual([1000, undefined, undefined]);
    // ODDSBOARD_SOURCE names the dashboard's source: a file's rate without a source is that one's
    expect(rates({ ...withConfig({ rate: 1000 }), ODDSBOARD_SOURCE: 'kalshi' })).toEqual([undefined, 1000, undefined]);
    // the file's rate beside its own source is that source's: ODDSBOARD_SOURCE naming another leaves it out
    expect(rates({ ...env, ODDSBOARD_SOURCE: 'kalshi' })).toEqual([undefined, undefined, undefined]);
    // a file naming several sources (or none: the interface) sets no platform's cadence
    expect(rates(withConfig({ sources: ['kalshi', 'manifold'], rate: 30 }))).toEqual([undefined, undefined, undefined]);
    expect(rates(withConfig({ rate: 30 }))).toEqual([undefined, undefined, undefined]);
    // pairs on one venue: the file's rate is that venue's, as for every command with one source
    expect(rates(withConfig({ rate: 30 }), { source: 'kalshi' })).toEqual([30]);
    // --rate with one venue is that venue's
    expect(rates(withConfig({ source: 'polymarket', rate: 1000 }), { source: 'kalshi', rate: '20' })).toEqual([20]);
  });

  it("--rate and a bare --base-url are the named venue's, not those of MARKET's venue added to it", () => {
    const env = { ODDSBOARD_CONFIG: '/nonexistent/oddsboard/config.json' };
    const flags = { source: 'kalshi', rate: '20', 'base-url': 'http://127.0.0.1:9/trade-api/v2' };
    // `pairs polymarket:ID --source kalshi`: Polymarket looked on too
    const pv = pairsVenues(flags, env, 'polymarket:ID');
    expect(pv.venues).toEqual(['kalshi', 'polymarket']);
    const kalshi = pv.settingsOf('kalshi');
    const polymarket = pv.settingsOf('polymarket');
    expect([kalshi.rate, kalshi.baseUrl]).toEqual([20, 'http://127.0.0.1:9/trade-api/v2']);
    expect([polymarket.rate, polymarket.baseUrl]).toEqual([undefined, undefined]);
  });
});
