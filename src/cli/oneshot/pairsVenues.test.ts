import { describe, expect, it } from 'vitest';
import { configFile } from '../../../test/support/configFiles.js';
import { pairsVenues } from './pairsVenues.js';

/** The environment of a config file with `content`, and nothing else of the user's. */
const withConfig = (content: object) => ({ ODDSBOARD_CONFIG: configFile(JSON.stringify(content)) });

describe('pairsVenues: each venue gets the config file settings that are its own', () => {
  it("the config file's clobUrl goes to Polymarket only: Kalshi and Manifold still open", () => {
    const env = withConfig({ source: 'polymarket', clobUrl: 'https://clob.example.com' });
    const pv = pairsVenues({});
    expect(pv.venues).toEqual(['polymarket', 'kalshi', 'manifold']);
    expect(pv.settingsOf('polymarket', env).clobUrl).toBe('https://clob.example.com');
    expect(pv.settingsOf('kalshi', env).clobUrl).toBeUndefined();
    expect(pv.settingsOf('manifold', env).clobUrl).toBeUndefined();
  });
});
