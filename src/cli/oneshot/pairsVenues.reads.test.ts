/**
 * `oddsboard pairs` reads the config file once for all its venues (readConfigFile wrapped to count: this file runs
 * alone, vitest.config.ts ALONE).
 */
import { describe, expect, it, vi } from 'vitest';
import { configFile } from '../../../test/support/configFiles.js';
import type * as ConfigFileModule from '../configFile.js';
import { pairsVenues } from './pairsVenues.js';

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../configFile.js', async (importOriginal) => {
  const m = await importOriginal<typeof ConfigFileModule>();
  return {
    ...m,
    readConfigFile: (...args: Parameters<typeof m.readConfigFile>) => {
      reads.count++;
      return m.readConfigFile(...args);
    },
  };
});

const withConfig = (content: object) => ({ ODDSBOARD_CONFIG: configFile(JSON.stringify(content)) });

describe('pairsVenues reads the config file', () => {
  it('the config file is read once for all the venues, not once (or twice) for each', () => {
    const env = withConfig({ source: 'polymarket', rate: 1000, clobUrl: 'https://clob.example.com' });
    reads.count = 0;
    const pv = pairsVenues({}, env);
    const rates = pv.venues.map((v) => pv.settingsOf(v).rate);
    // what it read is what each venue was given: the rate the dashboard's one source's
    expect(rates).toEqual([1000, undefined, undefined]);
    expect(reads.count).toBe(1);
  });
});
