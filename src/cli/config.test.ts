import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDashboardArgs } from './args.js';
import { defaultConfigPath, resolveSettings, UsageError } from './config.js';

function configFile(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, content);
  return path;
}

const noFile = { ODDSBOARD_CONFIG: '/nonexistent/oddsboard/config.json' };

function usageMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a UsageError');
}

describe('flags', () => {
  it('reads every flag and checks its value', () => {
    const parsed = parseDashboardArgs(['--base-url', 'https://api.example.com/', '--query', 'rain', '--status', 'all', '--category', 'Sports', '--sort', 'closing', '--limit', '50', '--speed', '20', '--seed', '7']);
    expect(parsed).toEqual({
      kind: 'run',
      flags: { baseUrl: 'https://api.example.com', query: 'rain', status: 'all', category: 'Sports', sort: 'closing', limit: 50, speed: 20, seed: 7 },
    });
    expect(parseDashboardArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseDashboardArgs(['--version'])).toEqual({ kind: 'version' });
    expect(parseDashboardArgs(['--demo'])).toEqual({ kind: 'run', flags: { demo: true } });
  });

  it('rejects bad flags with one line naming the flag', () => {
    expect(usageMessage(() => parseDashboardArgs(['--colour']))).toMatch(/unknown flag --colour/);
    expect(usageMessage(() => parseDashboardArgs(['--limit', '101']))).toMatch(/--limit: limit must be a whole number from 1 to 100/);
    expect(usageMessage(() => parseDashboardArgs(['--limit', 'ten']))).toMatch(/--limit/);
    expect(usageMessage(() => parseDashboardArgs(['--status', 'open']))).toMatch(/--status: status must be one of active, closed, settling, resolved, all/);
    expect(usageMessage(() => parseDashboardArgs(['--sort', 'random']))).toMatch(/--sort/);
    expect(usageMessage(() => parseDashboardArgs(['--speed', '-1']))).toMatch(/--speed/);
    expect(usageMessage(() => parseDashboardArgs(['--base-url', 'ftp://x']))).toMatch(/https/);
    expect(usageMessage(() => parseDashboardArgs(['--base-url', 'http://example.com']))).toMatch(/^--base-url: Refusing plain http:\/\/ to example\.com: .*only to a loopback address/);
    expect(usageMessage(() => parseDashboardArgs(['--base-url', 'https://api.example.com/?token=x']))).toMatch(/^--base-url: .*must not contain a query/);
    expect(usageMessage(() => parseDashboardArgs(['markets', 'extra']))).toMatch(/unexpected argument "markets"/);
  });

  it('never takes the API key from a flag', () => {
    expect(usageMessage(() => parseDashboardArgs(['--api-key', 'sekrit-1234']))).toMatch(/ODDSBOARD_API_KEY/);
    expect(usageMessage(() => parseDashboardArgs(['--key=sekrit-1234']))).not.toContain('sekrit');
  });

  it('allows http only to loopback', () => {
    expect(parseDashboardArgs(['--base-url', 'http://127.0.0.1:8787'])).toEqual({ kind: 'run', flags: { baseUrl: 'http://127.0.0.1:8787' } });
    expect(parseDashboardArgs(['--base-url', 'http://localhost:8787/'])).toEqual({ kind: 'run', flags: { baseUrl: 'http://localhost:8787' } });
  });
});

describe('settings', () => {
  it('uses defaults without a config file', () => {
    const s = resolveSettings({}, noFile);
    expect(s).toMatchObject({ demo: false, status: 'active', sort: 'volume', limit: 50, speed: 1, moversThreshold: 2, configFound: false });
    expect(s.baseUrl).toBeUndefined();
    expect(s.apiKey).toBeUndefined();
  });

  it('puts flags over environment over file', () => {
    const path = configFile(JSON.stringify({ baseUrl: 'https://file.example.com', sort: 'newest', limit: 30 }));
    const env = { ODDSBOARD_CONFIG: path, ODDSBOARD_BASE_URL: 'https://env.example.com', ODDSBOARD_API_KEY: ' key-abcd ' };
    expect(resolveSettings({}, env)).toMatchObject({ baseUrl: 'https://env.example.com', sort: 'newest', limit: 30, apiKey: 'key-abcd', configFound: true });
    expect(resolveSettings({ baseUrl: 'https://flag.example.com', limit: 5 }, env)).toMatchObject({ baseUrl: 'https://flag.example.com', limit: 5 });
    expect(resolveSettings({ demo: true }, env).baseUrl).toBeUndefined();
  });

  it('names the file and the problem when the config file is bad', () => {
    const broken = configFile('{ "sort": "volume", }');
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: broken }))).toMatch(new RegExp(`config file ${broken}: not valid JSON`));
    const typo = configFile(JSON.stringify({ srot: 'volume' }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: typo }))).toMatch(/unknown setting "srot"/);
    const badValue = configFile(JSON.stringify({ limit: 0 }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: badValue }))).toMatch(/limit must be a whole number/);
    const list = configFile('[1,2]');
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: list }))).toMatch(/must be a JSON object/);
    const withKey = configFile(JSON.stringify({ apiKey: 'sekrit-9999' }));
    const message = usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: withKey }));
    expect(message).toMatch(/ODDSBOARD_API_KEY/);
    expect(message).not.toContain('sekrit');
  });

  it('reads Movers’ threshold in cents from the file, and says what it takes', () => {
    expect(resolveSettings({}, { ODDSBOARD_CONFIG: configFile(JSON.stringify({ moversThreshold: 0.5 })) }).moversThreshold).toBe(0.5);
    const bad = configFile(JSON.stringify({ moversThreshold: 'lots' }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: bad }))).toMatch(/moversThreshold must be a number of cents from 0 to 100/);
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: configFile('{"moversThreshold": 101}') }))).toMatch(/moversThreshold/);
  });

  it('rejects a bad base URL from the environment, naming the variable', () => {
    expect(usageMessage(() => resolveSettings({}, { ...noFile, ODDSBOARD_BASE_URL: 'not a url' }))).toMatch(/^ODDSBOARD_BASE_URL:/);
  });

  it('rejects a key that cannot be sent in a header, without echoing it', () => {
    const message = usageMessage(() => resolveSettings({}, { ...noFile, ODDSBOARD_API_KEY: 'abc def\u0007' }));
    expect(message).not.toContain('abc');
  });

  it('finds the config file under XDG_CONFIG_HOME', () => {
    expect(defaultConfigPath({ XDG_CONFIG_HOME: '/x/cfg' })).toBe('/x/cfg/oddsboard/config.json');
    expect(defaultConfigPath({ ODDSBOARD_CONFIG: '/y.json', XDG_CONFIG_HOME: '/x' })).toBe('/y.json');
  });
});
