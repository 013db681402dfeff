import { describe, expect, it } from 'vitest';
import { configFile, noFile, usageMessage } from '../../test/support/configFiles.js';
import { parseDashboardArgs } from './args.js';
import { resolveSettings } from './config.js';

describe('several sources (issue #27)', () => {
  const run = (argv: string[], env: NodeJS.ProcessEnv = noFile) => {
    const parsed = parseDashboardArgs(argv);
    if (parsed.kind !== 'run') throw new Error('not run');
    return resolveSettings(parsed.flags, env);
  };

  it('takes a list, all, repeats dropped and the order kept; source is the first', () => {
    expect(run(['--source', 'kalshi,polymarket']).sources).toEqual(['kalshi', 'polymarket']);
    expect(run(['--source', 'kalshi,polymarket']).source).toBe('kalshi');
    expect(run(['--source', 'all']).sources).toEqual(['polymarket', 'kalshi', 'manifold']);
    expect(run(['--source', 'public,all,kalshi']).sources).toEqual(['public', 'polymarket', 'kalshi', 'manifold']);
    expect(run(['--source', 'kalshi,kalshi']).sources).toEqual(['kalshi']);
    expect(run([]).sources).toEqual(['public']);
    expect(run(['--source', 'manifold']).sources).toEqual(['manifold']);
  });

  it('--demo with --base-url for the interface is refused naming both; over a configured URL the demo runs', () => {
    // `--demo --base-url URL` ran the demo and dropped the URL without a word
    const both =
      '--demo and --base-url ask for two services: --demo runs the embedded demo, --base-url another; give one';
    expect(usageMessage(() => run(['--demo', '--base-url', 'https://api.example.com']))).toBe(both);
    expect(
      usageMessage(() => run(['--source', 'public,kalshi', '--demo', '--base-url', 'public=http://127.0.0.1:1'])),
    ).toBe(both);
    // a platform's URL is not the interface's: left to the platform's own refusal of --demo (platform.ts)
    const kalshi = run(['--source', 'kalshi', '--demo', '--base-url', 'http://127.0.0.1:1']);
    expect(kalshi).toMatchObject({ demo: true, source: 'kalshi' });
    // another venue's URL beside the demo is no conflict
    const beside = run(['--source', 'public,kalshi', '--demo', '--base-url', 'kalshi=http://127.0.0.1:1']);
    expect(beside).toMatchObject({ demo: true, baseUrls: { kalshi: 'http://127.0.0.1:1' } });
    // --demo is for a base URL the environment or the config file sets: the demo runs, the URL is left for later
    const env = { ...noFile, ODDSBOARD_BASE_URL: 'https://api.example.com' };
    expect(run(['--demo'], env)).toMatchObject({ demo: true });
    expect(run(['--demo'], env).baseUrl).toBeUndefined();
    const file = configFile('{"baseUrl": "https://api.example.com"}');
    expect(run(['--demo'], { ODDSBOARD_CONFIG: file }).baseUrl).toBeUndefined();
  });

  it('reads ODDSBOARD_SOURCE and the config file alike; flags win', () => {
    expect(run([], { ...noFile, ODDSBOARD_SOURCE: 'manifold, kalshi' }).sources).toEqual(['manifold', 'kalshi']);
    const path = configFile('{"sources": ["kalshi", "public"], "baseUrls": {"kalshi": "http://127.0.0.1:9/x/"}}');
    const s = run([], { ODDSBOARD_CONFIG: path });
    expect(s.sources).toEqual(['kalshi', 'public']);
    expect(s.baseUrls).toEqual({ kalshi: 'http://127.0.0.1:9/x' });
    expect(run(['--source', 'polymarket'], { ODDSBOARD_CONFIG: path }).sources).toEqual(['polymarket']);
    // the old single "source" keeps working
    expect(run([], { ODDSBOARD_CONFIG: configFile('{"source": "kalshi"}') }).sources).toEqual(['kalshi']);
    // a single venue's entry of baseUrls is its base URL
    expect(run(['--source', 'kalshi'], { ODDSBOARD_CONFIG: path }).baseUrl).toBe('http://127.0.0.1:9/x');
  });

  it('refuses a config file with both "source" and "sources", naming the file and both keys', () => {
    const both = configFile('{\n  "source": "kalshi",\n  "sources": ["manifold"]\n}');
    expect(usageMessage(() => run([], { ODDSBOARD_CONFIG: both }))).toBe(
      `config file ${both}: "source" (line 2) and "sources" (line 3) both name the sources; keep one ` +
        '("sources" takes a list, or "all")',
    );
    // a flag naming the sources does not make the file right
    expect(usageMessage(() => run(['--source', 'kalshi'], { ODDSBOARD_CONFIG: both }))).toMatch(/both name/);
  });

  it('takes --base-url VENUE=URL, repeatable; a bare one keeps its meaning with one source', () => {
    const s = run([
      '--source',
      'kalshi,polymarket',
      '--base-url',
      'kalshi=http://127.0.0.1:1/trade-api/v2',
      '--base-url',
      'polymarket=http://127.0.0.1:2',
    ]);
    expect(s.baseUrls).toEqual({ kalshi: 'http://127.0.0.1:1/trade-api/v2', polymarket: 'http://127.0.0.1:2' });
    expect(s.baseUrl).toBeUndefined();
    expect(run(['--source', 'kalshi', '--base-url', 'http://127.0.0.1:1']).baseUrl).toBe('http://127.0.0.1:1');
    expect(run(['--source', 'kalshi', '--base-url', 'kalshi=http://127.0.0.1:1']).baseUrl).toBe('http://127.0.0.1:1');
    // several in one value, separated by commas, as `pairs` always took them: the same as the flag repeated
    const one = run([
      '--source',
      'kalshi,polymarket',
      '--base-url',
      'kalshi=http://127.0.0.1:1/a,polymarket=http://127.0.0.1:2',
    ]);
    expect(one.baseUrls).toEqual({ kalshi: 'http://127.0.0.1:1/a', polymarket: 'http://127.0.0.1:2' });
    // a comma inside a URL that is not followed by a venue's name stays in the URL
    expect(run(['--source', 'kalshi', '--base-url', 'http://127.0.0.1:1/a,b']).baseUrl).toBe('http://127.0.0.1:1/a,b');
  });

  it('refuses what means one venue with several, naming the fix', () => {
    expect(usageMessage(() => run(['--source', 'all', '--base-url', 'http://127.0.0.1:1']))).toMatch(
      /--base-url URL names one service.*--base-url polymarket=URL/,
    );
    expect(usageMessage(() => run(['--source', 'kalshi', '--base-url', 'manifold=http://127.0.0.1:1']))).toMatch(
      /manifold is not among the sources/,
    );
    expect(usageMessage(() => run(['--source', 'all', '--rate', '30']))).toMatch(/--rate sets one platform's/);
    expect(usageMessage(() => run(['--source', 'kalshi,manifold', '--clob-url', 'http://127.0.0.1:1']))).toMatch(
      /--clob-url belongs to polymarket/,
    );
    expect(usageMessage(() => run(['--source', 'kalshi,manifold', '--data-url', 'http://127.0.0.1:1']))).toMatch(
      /--data-url belongs to polymarket, which is not among the sources \(kalshi,manifold\)/,
    );
    expect(usageMessage(() => run(['--source', 'all', '--category', 'Sports']))).toMatch(/press v to narrow/);
    expect(usageMessage(() => run(['--source', 'all', '--demo']))).toMatch(/public is not among/);
    // from the config file: the file and its key are named, never a flag that was not given
    const rated = configFile('{"sources": "all", "rate": 5}');
    expect(usageMessage(() => run([], { ODDSBOARD_CONFIG: rated }))).toBe(
      `"rate" in the config file ${rated} sets one platform's cadence; with several sources ` +
        '(polymarket,kalshi,manifold) each keeps its own polite default',
    );
    const grouped = configFile('{"sources": ["kalshi", "manifold"], "category": "Sports"}');
    expect(usageMessage(() => run([], { ODDSBOARD_CONFIG: grouped }))).toMatch(
      /^"category" in the config file .* names one venue's grouping/,
    );
    expect(usageMessage(() => run(['--source', 'kalshi,nasdaq']))).toMatch(/"nasdaq" is not a source/);
    expect(usageMessage(() => run(['--source', 'kalshi,']))).toMatch(/--source/);
    expect(usageMessage(() => run(['--base-url', 'http://127.0.0.1:1', '--base-url', 'http://127.0.0.1:2']))).toMatch(
      /two base URLs without a venue/,
    );
    expect(
      usageMessage(() => run([], { ODDSBOARD_CONFIG: configFile('{"baseUrls": {"nyse": "https://x"}}') })),
    ).toMatch(/"nyse" is not a source/);
  });

  it('gives a bare configured base URL to the interface among several, and each venue its own settings', async () => {
    const { venueSettings } = await import('./config.js');
    const path = configFile('{"baseUrl": "http://127.0.0.1:7"}');
    const s = run(['--source', 'public,kalshi,polymarket', '--clob-url', 'http://127.0.0.1:8'], {
      ODDSBOARD_CONFIG: path,
    });
    expect(s.baseUrls).toEqual({ public: 'http://127.0.0.1:7' });
    expect(venueSettings(s, 'public').baseUrl).toBe('http://127.0.0.1:7');
    expect(venueSettings(s, 'kalshi').baseUrl).toBeUndefined();
    expect(venueSettings(s, 'kalshi').clobUrl).toBeUndefined();
    expect(venueSettings(s, 'polymarket').clobUrl).toBe('http://127.0.0.1:8');
    expect(venueSettings(s, 'polymarket').sources).toEqual(['polymarket']);
  });
});
