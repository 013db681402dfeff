import { describe, expect, it } from 'vitest';
import { configFile } from '../../test/support/configFiles.js';
import { resolveSettings, type SettingsInput } from './config.js';
import { UsageError } from './errors.js';
import { openSource, rateWindowMs, WINDOW_MS } from './source.js';

describe('the rate window (ODDSBOARD_RATE_WINDOW_MS, a setting for the end-to-end tests)', () => {
  it('is 60 s unless the variable is set', () => {
    expect(WINDOW_MS).toBe(60_000);
    expect(rateWindowMs({})).toBe(60_000);
    expect(rateWindowMs({ ODDSBOARD_RATE_WINDOW_MS: '' })).toBe(60_000);
  });

  it('takes whole milliseconds from 1 s to 60 s', () => {
    expect(rateWindowMs({ ODDSBOARD_RATE_WINDOW_MS: '20000' })).toBe(20_000);
    expect(rateWindowMs({ ODDSBOARD_RATE_WINDOW_MS: '1000' })).toBe(1_000);
    // a bad value is a usage error (exit 2): it was "unexpected failure", exit 1
    for (const bad of ['999', '60001', '2e4', '20 s', '-5000', '1500.5'])
      expect(() => rateWindowMs({ ODDSBOARD_RATE_WINDOW_MS: bad }), bad).toThrow(
        new UsageError('ODDSBOARD_RATE_WINDOW_MS must be whole milliseconds from 1000 to 60000'),
      );
  });
});

describe('a setting the source cannot take', () => {
  const refusal = async (flags: SettingsInput, env: NodeJS.ProcessEnv) => {
    const error = await openSource(resolveSettings(flags, env), env).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  };

  it('is named where it came from: the config file and its key, else the flag', async () => {
    const rated = { ODDSBOARD_CONFIG: configFile('{"rate": 5}') };
    expect(await refusal({}, rated)).toBe(
      `"rate" in the config file ${rated.ODDSBOARD_CONFIG} belongs to a platform source: the interface's limit is ` +
        "its mode's (10 or 30 a minute)",
    );
    expect(await refusal({ rate: 5 }, rated)).toMatch(/^--rate belongs to a platform source/);
    const fast = { ODDSBOARD_CONFIG: configFile('{"rate": 6000}') };
    expect(await refusal({ source: 'kalshi' }, fast)).toMatch(
      /^"rate" in the config file .*: 6000 is above kalshi's documented limit \(\d+ a minute\)$/,
    );
    const clob = { ODDSBOARD_CONFIG: configFile('{"clobUrl": "http://127.0.0.1:9"}') };
    expect(await refusal({}, clob)).toBe(
      `"clobUrl" in the config file ${clob.ODDSBOARD_CONFIG} belongs to --source polymarket`,
    );
    expect(await refusal({ source: 'kalshi' }, clob)).toMatch(/^"clobUrl" in the config file .* not kalshi$/);
    // --data-url, Polymarket's Data API, as --clob-url: `markets --source kalshi --data-url URL` ran, ignoring it
    expect(await refusal({ source: 'kalshi', dataUrl: 'http://127.0.0.1:9' }, {})).toBe(
      '--data-url belongs to --source polymarket, not kalshi',
    );
    expect(await refusal({ dataUrl: 'http://127.0.0.1:9' }, {})).toBe('--data-url belongs to --source polymarket');
  });

  it('the settings remember which layer gave each value', () => {
    const env = {
      ODDSBOARD_CONFIG: configFile('{"sort": "newest", "limit": 7}'),
      ODDSBOARD_BASE_URL: 'http://127.0.0.1:9',
    };
    expect(resolveSettings({ limit: 5, clobUrl: 'http://127.0.0.1:8' }, env).origins).toEqual({
      sort: `"sort" in the config file ${env.ODDSBOARD_CONFIG}`,
      limit: '--limit',
      baseUrl: 'ODDSBOARD_BASE_URL',
      clobUrl: '--clob-url',
    });
  });
});
