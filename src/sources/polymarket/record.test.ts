/**
 * `record --source polymarket`: which Gamma routes it asks (all documented), in which order, into which files —
 * driven by a recorder that answers from the replay of the real recordings — and the folder it writes replays.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { ManualClock } from '../../util/clock.js';
import { recordPlatform } from '../record.js';
import { startSourceReplay } from '../replay.js';
import type { Query, Recorder } from '../types.js';
import { polymarketSource } from './index.js';
import { clobBaseOf } from './record.js';
import { createPolymarketReplay } from './replay.js';
import { loadGammaRecording } from './replayData.js';
import { undocumented } from './routes.js';

const source = createPolymarketReplay('test/fixtures/real/polymarket');
let out: string | undefined;
afterEach(() => {
  if (out) rmSync(out, { recursive: true, force: true });
  out = undefined;
});

function recorder(dir: string, asked: string[], limit = 1000, bases: (string | undefined)[] = []): Recorder {
  return {
    async get(path: string, query: Query = [], base?: string) {
      const qs = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString();
      asked.push(qs ? `${path}?${qs}` : path);
      bases.push(base);
      const url = new URL(asked.at(-1)!, 'http://gamma.invalid');
      const a = source.answer({ segments: url.pathname.split('/').filter(Boolean), query: url.searchParams });
      await Promise.resolve();
      if (asked.length > limit) throw new ApiError({ kind: 'rate_limited', status: 429, message: 'slow down' });
      if (a?.status === 404) throw new ApiError({ kind: 'not_found', status: 404, message: 'not found' });
      if (!a || a.status !== 200) throw new ApiError({ kind: 'server', status: a?.status ?? 500, message: 'failed' });
      return a.body;
    },
    write(file, body) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), JSON.stringify(body));
    },
    say: () => undefined,
  };
}

describe('recording Polymarket', () => {
  it('asks the keyset pages, details, events and tags, and writes a folder the replay serves', async () => {
    out = mkdtempSync(join(tmpdir(), 'pm-rec-'));
    const asked: string[] = [];
    const bases: (string | undefined)[] = [];
    await polymarketSource.record(recorder(out, asked, 1000, bases), { pages: 3, details: 2, events: 5 });
    for (const p of asked) expect(undocumented(p), p).toEqual([]);
    // one page holds all the open markets of the recording (100 per page): the recorder stops at the last one
    expect(asked.filter((p) => p.startsWith('/markets/keyset'))).toHaveLength(1);
    const details = asked.filter((p) => /^\/markets\/\d+$/.test(p));
    expect(details).toHaveLength(2);
    // each detail is followed by the book and the two histories of each of its (two) outcomes, on the real CLOB
    const i = asked.indexOf(details[0]!);
    expect(asked.slice(i + 1, i + 4).map((p) => p.split('?')[0])).toEqual([
      '/book',
      '/prices-history',
      '/prices-history',
    ]);
    expect(asked.filter((p) => p.startsWith('/book?token_id='))).toHaveLength(4);
    expect(asked.filter((p) => p.startsWith('/prices-history?'))).toHaveLength(8);
    expect(bases.filter((b) => b === 'https://clob.polymarket.com')).toHaveLength(12);
    expect(bases.filter((b) => b !== undefined)).toHaveLength(12);
    expect(asked.some((p) => p.startsWith('/events/keyset?limit=5'))).toBe(true);
    expect(asked.at(-1)).toBe('/tags?limit=100');
    // events the markets name but no recording holds answer 404 and are skipped, the others are written
    const named = asked.filter((p) => /^\/events\/\d+$/.test(p));
    expect(named.length).toBeGreaterThan(0);
    const again = createPolymarketReplay(out);
    const page = again.answer({ segments: ['markets', 'keyset'], query: new URLSearchParams('limit=100') });
    const first = source.answer({
      segments: ['markets', 'keyset'],
      query: new URLSearchParams('limit=100&order=volumeNum&ascending=false'),
    });
    expect((page!.body as { markets: { id: string }[] }).markets.map((m) => m.id).sort()).toEqual(
      (first!.body as { markets: { id: string }[] }).markets.map((m) => m.id).sort(),
    );
  });

  it('stops at the first failure the recorder could not get past', async () => {
    out = mkdtempSync(join(tmpdir(), 'pm-rec-'));
    const asked: string[] = [];
    await expect(
      polymarketSource.record(recorder(out, asked, 2), { pages: 1, details: 5, events: 0 }),
    ).rejects.toMatchObject({
      kind: 'rate_limited',
    });
    expect(asked).toHaveLength(3);
  });

  it('asks the CLOB beside the base it records: the real one for Gamma, else the same server', () => {
    expect(clobBaseOf(undefined)).toBe('https://clob.polymarket.com');
    expect(clobBaseOf('https://gamma-api.polymarket.com/')).toBe('https://clob.polymarket.com');
    expect(clobBaseOf('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
  });

  it('writes the books and histories where its replay answers them', async () => {
    out = mkdtempSync(join(tmpdir(), 'pm-rec-'));
    const fed = createPolymarketReplay('test/fixtures/real/polymarket');
    const r = recorder(out, []);
    const token = '57748138085022719760345772310040703848567377822400132842014290209986511882046';
    r.write(
      `books/${token}.json`,
      fed.answer({ segments: ['book'], query: new URLSearchParams({ token_id: token }) })!.body,
    );
    mkdirSync(join(out, 'markets'), { recursive: true });
    writeFileSync(
      join(out, 'markets', '2252243.json'),
      JSON.stringify(loadGammaRecording('test/fixtures/real/polymarket').marketById.get('2252243')),
    );
    const again = createPolymarketReplay(out);
    const b = again.answer({ segments: ['book'], query: new URLSearchParams({ token_id: token }) })!;
    expect((b.body as { bids: unknown[] }).bids).toHaveLength(14);
  });
});

describe('the recorder’s second base (src/sources/record.ts)', () => {
  it('asks a request with another base on that server, paced and written like the others', async () => {
    const clock = new ManualClock();
    const seen: { gamma: string[]; clob: string[] } = { gamma: [], clob: [] };
    const dir = 'test/fixtures/real/polymarket';
    const gamma = await startSourceReplay({
      def: polymarketSource,
      dir,
      clock,
      onRequest: (e) => seen.gamma.push(e.path),
    });
    const clob = await startSourceReplay({
      def: polymarketSource,
      dir,
      clock,
      onRequest: (e) => seen.clob.push(e.path),
    });
    out = mkdtempSync(join(tmpdir(), 'pm-rec-'));
    const token = '57748138085022719760345772310040703848567377822400132842014290209986511882046';
    const def = {
      ...polymarketSource,
      async record(r: Recorder) {
        expect(r.baseUrl).toBe(gamma.url);
        r.write('m.json', await r.get('/markets/2252243'));
        r.write('b.json', await r.get('/book', [['token_id', token]], clob.url));
      },
    };
    try {
      const summary = await recordPlatform({
        def,
        baseUrl: gamma.url,
        dir: out,
        plan: { pages: 1, details: 1, events: 0 },
        perMinute: 60,
        clock,
        sleep: () => Promise.resolve(),
        log: () => undefined,
      });
      expect(summary).toMatchObject({ requests: 2, failures: 0 });
      expect(summary.files.map((f) => f.request)).toEqual([
        'GET /markets/2252243',
        `GET ${clob.url}/book?token_id=${token}`,
      ]);
      expect([seen.gamma, seen.clob]).toEqual([['/markets/2252243'], [`/book?token_id=${token}`]]);
    } finally {
      await gamma.close();
      await clob.close();
    }
  });
});
