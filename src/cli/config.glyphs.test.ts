/** `--ascii` / `--unicode` and the config file's `"glyphs"` (docs/views.md § Terminals without UTF-8). */
import { describe, expect, it } from 'vitest';
import { parseDashboardArgs } from './args.js';
import { resolveSettings } from './config.js';
import { configFile, usageMessage } from '../../test/support/configFiles.js';

describe('the glyphs setting', () => {
  it('--ascii and --unicode set it; both at once is a usage error', () => {
    expect(parseDashboardArgs(['--ascii'])).toEqual({ kind: 'run', flags: { glyphs: 'ascii' } });
    expect(parseDashboardArgs(['--unicode'])).toEqual({ kind: 'run', flags: { glyphs: 'unicode' } });
    expect(parseDashboardArgs([])).toEqual({ kind: 'run', flags: {} });
    expect(usageMessage(() => parseDashboardArgs(['--ascii', '--unicode']))).toMatch(/--ascii and --unicode: give one/);
  });

  it('the config file says "glyphs"; a flag overrides it; neither leaves it to the locale', () => {
    const ascii = configFile(JSON.stringify({ glyphs: 'ascii' }));
    expect(resolveSettings({}, { ODDSBOARD_CONFIG: ascii }).glyphs).toBe('ascii');
    expect(resolveSettings({ glyphs: 'unicode' }, { ODDSBOARD_CONFIG: ascii }).glyphs).toBe('unicode');
    const none = configFile('{}');
    expect(resolveSettings({}, { ODDSBOARD_CONFIG: none }).glyphs).toBeUndefined();
    const bad = configFile(JSON.stringify({ glyphs: 'utf8' }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: bad }))).toMatch(
      /glyphs must be one of unicode, ascii/,
    );
  });
});
