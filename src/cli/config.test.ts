import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDashboardArgs } from './args.js';
import { defaultConfigPath, resolveSettings } from './config.js';
import { configFile, noFile, usageMessage } from '../../test/support/configFiles.js';

describe('flags', () => {
  it('reads every flag and checks its value', () => {
    const parsed = parseDashboardArgs([
      '--base-url',
      'https://api.example.com/',
      '--query',
      'rain',
      '--status',
      'all',
      '--category',
      'Sports',
      '--sort',
      'closing',
      '--limit',
      '50',
      '--speed',
      '20',
      '--seed',
      '7',
    ]);
    expect(parsed).toEqual({
      kind: 'run',
      flags: {
        baseUrl: 'https://api.example.com',
        query: 'rain',
        status: 'all',
        category: 'Sports',
        sort: 'closing',
        limit: 50,
        speed: 20,
        seed: 7,
      },
    });
    expect(parseDashboardArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseDashboardArgs(['--version'])).toEqual({ kind: 'version' });
    expect(parseDashboardArgs(['--demo'])).toEqual({ kind: 'run', flags: { demo: true } });
  });

  it('rejects bad flags with one line naming the flag', () => {
    expect(usageMessage(() => parseDashboardArgs(['--colour']))).toMatch(/unknown flag --colour/);
    expect(usageMessage(() => parseDashboardArgs(['--limit', '101']))).toMatch(
      /--limit: limit must be a whole number from 1 to 100/,
    );
    expect(usageMessage(() => parseDashboardArgs(['--limit', 'ten']))).toMatch(/--limit/);
    expect(usageMessage(() => parseDashboardArgs(['--status', 'open']))).toMatch(
      /--status: status must be one of active, closed, settling, resolved, all/,
    );
    expect(usageMessage(() => parseDashboardArgs(['--sort', 'random']))).toMatch(/--sort/);
    expect(usageMessage(() => parseDashboardArgs(['--speed', '-1']))).toMatch(/--speed/);
    expect(usageMessage(() => parseDashboardArgs(['--base-url', 'ftp://x']))).toMatch(/https/);
    expect(usageMessage(() => parseDashboardArgs(['--base-url', 'http://example.com']))).toMatch(
      /^--base-url: refusing plain http:\/\/ to example\.com: .*only to a loopback address/,
    );
    // the client's sentence after the flag's name: it read "--base-url: The base URL is not a valid URL (…)."
    expect(usageMessage(() => parseDashboardArgs(['--base-url', 'notaurl']))).toBe(
      '--base-url: the base URL is not a valid URL (expected e.g. https://api.example.com)',
    );
    expect(usageMessage(() => parseDashboardArgs(['--base-url', 'https://api.example.com/?token=x']))).toMatch(
      /^--base-url: .*must not contain a query/,
    );
    // a stray word may be a key pasted in the wrong place: its position is named, never its text
    const stray = usageMessage(() => parseDashboardArgs(['--demo', 'sk_live_0123456789abcdef']));
    expect(stray).toMatch(/unexpected argument 2/);
    expect(stray).not.toContain('sk_live');
    const oddFlag = usageMessage(() => parseDashboardArgs(['--sk_live_0123456789abcdef']));
    expect(oddFlag).toMatch(/unknown flag in argument 1/);
    expect(oddFlag).not.toContain('sk_live');
    expect(usageMessage(() => parseDashboardArgs(['--limit', '5', '--limit', '6']))).toBe(
      '--limit is given more than once',
    );
    expect(usageMessage(() => parseDashboardArgs(['--limit']))).toBe('--limit needs a value');
  });

  it('never takes the API key from a flag', () => {
    expect(usageMessage(() => parseDashboardArgs(['--api-key', 'sekrit-1234']))).toMatch(/ODDSBOARD_API_KEY/);
    expect(usageMessage(() => parseDashboardArgs(['--key=sekrit-1234']))).not.toContain('sekrit');
  });

  it('allows http only to loopback', () => {
    expect(parseDashboardArgs(['--base-url', 'http://127.0.0.1:8787'])).toEqual({
      kind: 'run',
      flags: { baseUrl: 'http://127.0.0.1:8787' },
    });
    expect(parseDashboardArgs(['--base-url', 'http://localhost:8787/'])).toEqual({
      kind: 'run',
      flags: { baseUrl: 'http://localhost:8787' },
    });
  });
});

describe('settings', () => {
  it('uses defaults without a config file', () => {
    const s = resolveSettings({}, noFile);
    expect(s).toMatchObject({
      demo: false,
      status: 'active',
      sort: 'volume',
      limit: 50,
      speed: 1,
      moversThreshold: 2,
      configFound: false,
    });
    expect(s.baseUrl).toBeUndefined();
    expect(s.apiKey).toBeUndefined();
  });

  it('puts flags over environment over file', () => {
    const path = configFile(JSON.stringify({ baseUrl: 'https://file.example.com', sort: 'newest', limit: 30 }));
    const env = {
      ODDSBOARD_CONFIG: path,
      ODDSBOARD_BASE_URL: 'https://env.example.com',
      ODDSBOARD_API_KEY: ' key-abcd ',
    };
    expect(resolveSettings({}, env)).toMatchObject({
      baseUrl: 'https://env.example.com',
      sort: 'newest',
      limit: 30,
      apiKey: 'key-abcd',
      configFound: true,
    });
    expect(resolveSettings({ baseUrl: 'https://flag.example.com', limit: 5 }, env)).toMatchObject({
      baseUrl: 'https://flag.example.com',
      limit: 5,
    });
    expect(resolveSettings({ demo: true }, env).baseUrl).toBeUndefined();
  });

  it('refuses --speed and --seed where the demo does not run, naming when they apply', () => {
    const url = 'http://127.0.0.1:9/trade-api/v2';
    expect(usageMessage(() => resolveSettings({ source: 'kalshi', baseUrl: url, speed: 2 }, noFile))).toBe(
      '--speed belongs to the embedded demo (the interface without a base URL, or --demo), not to kalshi',
    );
    expect(usageMessage(() => resolveSettings({ sources: ['kalshi', 'manifold'], seed: 3 }, noFile))).toMatch(
      /^--seed belongs to the embedded demo .*, not to kalshi, manifold$/,
    );
    expect(usageMessage(() => resolveSettings({ baseUrl: url, seed: 3 }, noFile))).toMatch(
      /^--seed belongs to the embedded demo .*the interface has a base URL here \(add --demo to run the demo\)$/,
    );
    // where the demo runs they apply: no base URL, --demo over one, the interface among several sources
    expect(resolveSettings({ speed: 2, seed: 3 }, noFile)).toMatchObject({ speed: 2, seed: 3 });
    expect(resolveSettings({ demo: true, speed: 2 }, { ...noFile, ODDSBOARD_BASE_URL: url }).speed).toBe(2);
    expect(resolveSettings({ sources: ['public', 'kalshi'], speed: 2 }, noFile).speed).toBe(2);
    // from the config file they are kept for the runs that use the demo, never refused
    const file = configFile('{"speed": 5}');
    expect(resolveSettings({ source: 'kalshi' }, { ODDSBOARD_CONFIG: file }).speed).toBe(5);
  });

  it('names the file and the problem when the config file is bad', () => {
    const broken = configFile('{ "sort": "volume", }');
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: broken }))).toMatch(
      new RegExp(`config file ${broken}: not valid JSON`),
    );
    const typo = configFile(JSON.stringify({ srot: 'volume' }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: typo }))).toMatch(
      /unknown setting "srot"; did you mean "sort"\? \(known: /,
    );
    // an alert's key was not named at all ("alerts[0]: unknown key"): which of its keys, and what was meant
    const alertTypo = configFile(JSON.stringify({ alerts: [{ market: 'm-1', abov: 70 }] }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: alertTypo }))).toBe(
      `config file ${alertTypo} line 1: alerts[0]: unknown key "abov"; did you mean "above"? ` +
        '(known: market, outcome, above, below, move, minutes, status)',
    );
    const alertSecret = configFile(JSON.stringify({ alerts: [{ market: 'm-1', above: 70, sk_live_0123456789: 1 }] }));
    const hidden = usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: alertSecret }));
    expect(hidden).toMatch(/alerts\[0\]: unknown key \(known: /);
    expect(hidden).not.toContain('sk_live');
    const badValue = configFile(JSON.stringify({ limit: 0 }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: badValue }))).toMatch(
      /limit must be a whole number/,
    );
    const list = configFile('[1,2]');
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: list }))).toMatch(/must be a JSON object/);
    const withKey = configFile(JSON.stringify({ apiKey: 'sekrit-9999' }));
    const message = usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: withKey }));
    expect(message).toMatch(/ODDSBOARD_API_KEY/);
    expect(message).not.toContain('sekrit');
  });

  it('names the line of broken JSON without quoting the file (it may hold a key)', () => {
    const broken = configFile('{\n  "sort": "volume",\n  "baseUrl": sk_live_0123456789abcdef\n}');
    const message = usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: broken }));
    expect(message).toMatch(/not valid JSON \(line 3, column 14\)/);
    expect(message).not.toContain('sk_live');
    const cut = configFile('{ "sort": "volume", "query": "sk_live_0123');
    const m2 = usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: cut }));
    expect(m2).toMatch(/not valid JSON/);
    expect(m2).not.toContain('sk_live');
    const oddKey = configFile('{\n  "sk_live_0123456789abcdef": true\n}');
    const m3 = usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: oddKey }));
    expect(m3).toMatch(/line 2: unknown setting \(known: /);
    expect(m3).not.toContain('sk_live');
  });

  it('names the line of a bad value, an unknown key or an apiKey: the top-level key’s, never the value', () => {
    const text = '{\n  "baseUrls": {"kalshi": "https://k.example.com"},\n  "limit": "sk_live_0123456789abcdef"\n}';
    const bad = configFile(text);
    const message = usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: bad }));
    expect(message).toBe(`config file ${bad} line 3: limit must be a whole number from 1 to 100`);
    // the same word as a value (an alert's market, a search) before it is not the setting's line
    const nested = configFile('{\n  "alerts": [{"market": "limit", "above": 70}], "query": "limit",\n  "limit": 0\n}');
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: nested }))).toMatch(/line 3: limit must be/);
    const url = configFile('{\n  "sort": "volume",\n  "baseUrls": {\n    "kalshi": "ftp://x"\n  }\n}');
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: url }))).toMatch(
      new RegExp(`^config file ${url} line 3: baseUrls\\.kalshi: `),
    );
    const typo = configFile('{\n\n  "srot": "volume"\n}');
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: typo }))).toMatch(
      /line 3: unknown setting "srot"/,
    );
    const key = configFile('{"sort": "volume",\n"apiKey": "sekrit-9999"}');
    const m = usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: key }));
    expect(m).toMatch(/line 2: "apiKey" is not read from files/);
    expect(m).not.toContain('sekrit');
  });

  it('reads only a regular file of bounded size, and accepts a UTF-8 BOM', () => {
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: '/dev/zero' }))).toMatch(
      /config file \/dev\/zero: not a regular file/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-config-'));
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    // a FIFO without a writer would block a plain read forever
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: fifo }))).toMatch(/not a regular file/);
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: dir }))).toMatch(/not a regular file/);
    const big = configFile(`{"query": "${'x'.repeat(70_000)}"}`);
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: big }))).toMatch(/larger than 64 KiB/);
    const bom = configFile('\uFEFF{"sort": "closing", "theme": "light", "color": "never"}');
    expect(resolveSettings({}, { ODDSBOARD_CONFIG: bom })).toMatchObject({
      sort: 'closing',
      theme: 'light',
      color: 'never',
      configFound: true,
    });
  });

  it('checks theme and color from the file and the flags', () => {
    const bad = configFile(JSON.stringify({ theme: 'solarized' }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: bad }))).toMatch(
      /theme must be one of dark, light/,
    );
    expect(usageMessage(() => parseDashboardArgs(['--color', 'sometimes']))).toMatch(
      /^--color: color must be one of auto, always, never/,
    );
    expect(parseDashboardArgs(['--color', 'never', '--theme', 'light'])).toEqual({
      kind: 'run',
      flags: { color: 'never', theme: 'light' },
    });
  });

  it('reads Movers’ threshold in cents from the file, and says what it takes', () => {
    expect(
      resolveSettings({}, { ODDSBOARD_CONFIG: configFile(JSON.stringify({ moversThreshold: 0.5 })) }).moversThreshold,
    ).toBe(0.5);
    const bad = configFile(JSON.stringify({ moversThreshold: 'lots' }));
    expect(usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: bad }))).toMatch(
      /moversThreshold must be a number of cents from 0 to 100/,
    );
    expect(
      usageMessage(() => resolveSettings({}, { ODDSBOARD_CONFIG: configFile('{"moversThreshold": 101}') })),
    ).toMatch(/moversThreshold/);
  });

  it('rejects a bad base URL from the environment, naming the variable', () => {
    expect(usageMessage(() => resolveSettings({}, { ...noFile, ODDSBOARD_BASE_URL: 'not a url' }))).toMatch(
      /^ODDSBOARD_BASE_URL:/,
    );
  });

  it('rejects a key that cannot be sent in a header, without echoing it', () => {
    const message = usageMessage(() => resolveSettings({}, { ...noFile, ODDSBOARD_API_KEY: 'abc def\u0007' }));
    expect(message).not.toContain('abc');
  });

  // `ODDSBOARD_API_KEY=' '` was taken as no key, silently: anonymous access where a key was meant
  it('refuses a key of blanks only, naming the variable; an empty one is no key', () => {
    for (const blank of [' ', '\t ', '\n'])
      expect(usageMessage(() => resolveSettings({}, { ...noFile, ODDSBOARD_API_KEY: blank }))).toBe(
        'ODDSBOARD_API_KEY is set but blank (spaces only): set your key there, or unset it for anonymous access',
      );
    expect(resolveSettings({}, { ...noFile, ODDSBOARD_API_KEY: '' }).apiKey).toBeUndefined();
  });

  it('finds the config file under XDG_CONFIG_HOME', () => {
    expect(defaultConfigPath({ XDG_CONFIG_HOME: '/x/cfg' })).toBe('/x/cfg/oddsboard/config.json');
    expect(defaultConfigPath({ ODDSBOARD_CONFIG: '/y.json', XDG_CONFIG_HOME: '/x' })).toBe('/y.json');
  });
});
