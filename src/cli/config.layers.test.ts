/**
 * A value bound to one venue (a bare base URL, clobUrl, dataUrl, rate) given in a layer beside that layer's source
 * belongs to that source: a higher layer naming other sources leaves it out, never applies it to another venue nor
 * refuses it (docs/configuration.md § Layers).
 */
import { describe, expect, it } from 'vitest';
import { configFile, noFile, usageMessage } from '../../test/support/configFiles.js';
import { venueReplays } from '../../test/support/venueReplays.js';
import { pairsVenues } from './oneshot/pairsVenues.js';
import { resolveSettings, settingsFromFlags } from './config.js';

const K = 'http://127.0.0.1:9/trade-api/v2';
const P = 'http://127.0.0.1:8';
const file = (content: object) => ({ ODDSBOARD_CONFIG: configFile(JSON.stringify(content)) });
/** A one-shot command's settings, as run.ts resolves them. */
const oneShot = (flags: Record<string, string>, env: NodeJS.ProcessEnv) =>
  resolveSettings(settingsFromFlags(flags, Object.keys(flags)), env);

describe('venue-bound values belong to the source their layer names', () => {
  it("a config file's Polymarket clobUrl and dataUrl are left out when a flag names Kalshi", () => {
    const env = file({ source: 'polymarket', clobUrl: P, dataUrl: P });
    const s = oneShot({ source: 'kalshi', 'base-url': K }, env);
    expect([s.source, s.baseUrl, s.clobUrl, s.dataUrl]).toEqual(['kalshi', K, undefined, undefined]);
    expect(s.origins?.clobUrl).toBeUndefined();
    // with Polymarket still among the sources they are its own
    const both = oneShot({ source: 'kalshi,polymarket' }, env);
    expect([both.clobUrl, both.dataUrl]).toEqual([P, P]);
    // the same source named again keeps them
    expect(oneShot({ source: 'polymarket' }, env).clobUrl).toBe(P);
  });

  it("ODDSBOARD_BASE_URL beside ODDSBOARD_SOURCE=kalshi is Kalshi's, not Polymarket's", () => {
    const env = { ...noFile, ODDSBOARD_SOURCE: 'kalshi', ODDSBOARD_BASE_URL: K };
    expect(oneShot({ source: 'polymarket' }, env).baseUrl).toBeUndefined();
    expect(oneShot({ source: 'polymarket' }, env).origins?.baseUrl).toBeUndefined();
    expect(oneShot({}, env).baseUrl).toBe(K);
    expect(oneShot({ source: 'kalshi' }, env).baseUrl).toBe(K);
    // with several sources now, it stays Kalshi's own
    const several = oneShot({ source: 'polymarket,kalshi' }, env);
    expect([several.baseUrl, several.baseUrls]).toEqual([undefined, { kalshi: K }]);
    // the dashboard resolves it alike
    expect(resolveSettings({ source: 'polymarket' }, env, { lenientIdentities: true }).baseUrl).toBeUndefined();
  });

  it("a config file's source, baseUrl and rate are left out under another source, kept under none", () => {
    const env = file({ source: 'kalshi', baseUrl: K, rate: 100 });
    const s = oneShot({ source: 'polymarket' }, env);
    expect([s.baseUrl, s.rate]).toEqual([undefined, undefined]);
    expect(oneShot({}, { ...env, ODDSBOARD_SOURCE: 'manifold' }).baseUrl).toBeUndefined();
    expect([oneShot({}, env).baseUrl, oneShot({}, env).rate]).toEqual([K, 100]);
    // a layer that names no source keeps today's meaning: its base URL is the one source's
    const bare = file({ baseUrl: K, rate: 100 });
    expect([oneShot({ source: 'polymarket' }, bare).baseUrl, oneShot({ source: 'polymarket' }, bare).rate]).toEqual([
      K,
      100,
    ]);
  });

  it('a layer that contradicts itself stays an error', () => {
    const env = file({ source: 'kalshi', clobUrl: P });
    expect(usageMessage(() => oneShot({ source: 'polymarket' }, env))).toBe(
      `"clobUrl" in the config file ${env.ODDSBOARD_CONFIG} belongs to --source polymarket, not kalshi`,
    );
    expect(usageMessage(() => oneShot({ source: 'kalshi,manifold', 'clob-url': P }, noFile))).toMatch(
      /^--clob-url belongs to polymarket/,
    );
  });

  it("pairs: a file's rate beside Polymarket is not Kalshi's", () => {
    const pv = pairsVenues({ source: 'kalshi' }, file({ source: 'polymarket', rate: 100, baseUrl: P }));
    expect([pv.settingsOf('kalshi').rate, pv.settingsOf('kalshi').baseUrl]).toEqual([undefined, undefined]);
  });
});

describe('the commands run where a Polymarket config file used to refuse them', () => {
  const r = venueReplays();

  it('markets --source kalshi with a config file of Polymarket, its clobUrl and dataUrl', async () => {
    const env = file({ source: 'polymarket', clobUrl: P, dataUrl: P });
    const res = await r.run(['markets', '--source', 'kalshi', '--base-url', r.url.kalshi, '--limit', '2', '--json'], {
      env,
    });
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out).data.length).toBe(2);
  });
});
