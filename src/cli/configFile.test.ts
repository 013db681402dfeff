import { describe, expect, it } from 'vitest';
import { configFile, usageMessage } from '../../test/support/configFiles.js';
import { readConfigFile } from './configFile.js';

describe('a config file that sets one setting twice', () => {
  it('is refused naming the setting and both lines: only the last one was read, without a word', () => {
    // `"sort": "closing"` edited on line 2 did nothing: a later `"sort"` (line 4) won
    const path = configFile('{\n  "sort": "closing",\n  "theme": "light",\n  "sort": "volume"\n}\n');
    expect(usageMessage(() => readConfigFile(path))).toBe(
      `config file ${path}: "sort" is set twice (lines 2 and 4); keep one`,
    );
  });

  it('a name repeated inside a setting (an alert, a venue’s URL) is no repeat', () => {
    const path = configFile(
      '{"alerts": [{"market": "a", "above": 70}, {"market": "b", "above": 60}], "baseUrls": {"kalshi": ' +
        '"https://k.example.com"}, "sort": "volume"}',
    );
    expect(readConfigFile(path).values).toMatchObject({
      sort: 'volume',
      baseUrls: { kalshi: 'https://k.example.com' },
    });
  });

  it('a key that may be a pasted secret is not repeated back, even given twice', () => {
    const path = configFile('{"sk_live_0123456789abcdef0123": 1, "sk_live_0123456789abcdef0123": 2}');
    expect(usageMessage(() => readConfigFile(path))).not.toContain('sk_live');
  });
});
