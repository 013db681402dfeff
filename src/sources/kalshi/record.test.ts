/**
 * `record --source kalshi`: the requests it makes (documented ones only, in order, no key) against the replay of
 * the staged recordings, and the round trip — what it writes, the Kalshi replay serves back to the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ManualClock } from '../../util/clock.js';
import { createJsonHttp } from '../http.js';
import { startSourceReplay, type RunningSourceReplay } from '../replay.js';
import type { Recorder } from '../types.js';
import { createKalshiClient } from './client.js';
import { readKalshiError } from './errors.js';
import { kalshiSource } from './index.js';
import { fileFor, recordKalshi } from './record.js';
import { createKalshiReplay, kalshiReplayOf } from './replay.js';
import { loadRecording } from '../../server/replay/load.js';
import { documented } from './routes.js';

const clock = new ManualClock(Date.UTC(2026, 2, 16, 12, 0, 0));
const log: string[] = [];
let srv: RunningSourceReplay;
let out: string;

beforeAll(async () => {
  srv = await startSourceReplay({
    def: kalshiSource,
    dir: kalshiReplayOf([
      ...loadRecording('test/fixtures/real/kalshi'),
      ...loadRecording('test/fixtures/real/kalshi/paging'),
    ]),
    clock,
    onRequest: (e) => log.push(e.path),
  });
  out = mkdtempSync(join(tmpdir(), 'kalshi-record-'));
});
afterAll(async () => {
  await srv.close();
  rmSync(out, { recursive: true, force: true });
});

describe('record --source kalshi', () => {
  it('asks documented routes only, in order, stops on an empty cursor, writes each answer to a file', async () => {
    const http = createJsonHttp({ baseUrl: `${srv.url}/trade-api/v2` }, readKalshiError);
    const said: string[] = [];
    const r: Recorder = {
      get: async (path, query) => (await http.get(path, query)).data,
      write: (file, body) => {
        mkdirSync(dirname(join(out, file)), { recursive: true });
        writeFileSync(join(out, file), JSON.stringify(body));
      },
      say: (line) => said.push(line),
    };
    await recordKalshi(r, { pages: 2, details: 2, events: 2 }, () => clock.now());
    await http.close();
    const paths = log.map((p) => new URL(p, 'http://x'));
    expect(paths.every((u) => documented(u.pathname.replace(/^\/trade-api\/v2/, ''), u.searchParams))).toBe(true);
    expect(paths.map((u) => u.pathname.replace(/^\/trade-api\/v2/, '').split('/')[1])).toEqual([
      'search',
      'markets',
      'events',
      'events',
      'events',
      'markets',
      'markets',
      // each detail's book, then its week of hourly candlesticks
      'markets',
      'series',
      'markets',
      'series',
    ]);
    const trader = paths.slice(7).map((u) => `${u.pathname.replace(/^\/trade-api\/v2/, '')}?${u.searchParams}`);
    const now = Math.floor(clock.now() / 1000);
    const [t1] = trader[0]?.split('/').slice(2, 3) ?? [];
    expect(trader[0]).toBe(`/markets/${t1}/orderbook?`);
    expect(trader[1]).toBe(
      `/series/${t1?.split('-')[0]}/markets/${t1}/candlesticks?` +
        `start_ts=${now - 7 * 86400}&end_ts=${now}&period_interval=60`,
    );
    // the 175 active recorded markets fit in one page of 200: Kalshi's empty cursor ends the paging
    expect(paths[1]?.searchParams.has('cursor')).toBe(false);
    const files = readdirSync(out).sort();
    expect(files).toContain('tags-by-categories.json');
    expect(files).toContain('markets-1.json');
    expect(files).not.toContain('markets-2.json');
    expect(files).toContain('events-1.json');
    expect(files.filter((f) => f.startsWith('event-'))).toHaveLength(2);
    expect(files.filter((f) => f.startsWith('market-'))).toHaveLength(2);
    expect(readdirSync(join(out, 'books'))).toHaveLength(2);
    expect(readdirSync(join(out, 'histories')).every((f) => /^candles-60-.+\.json$/.test(f))).toBe(true);
    expect(said.length).toBe(9);
  });

  it('what it wrote, the Kalshi replay serves: list, detail, event and categories', async () => {
    const again = await startSourceReplay({ def: kalshiSource, dir: createKalshiReplay(out), clock });
    const c = createKalshiClient({ baseUrl: `${again.url}/trade-api/v2` }, () => clock.now());
    const recorded = JSON.parse(readFileSync(join(out, 'markets-1.json'), 'utf8')) as { markets: { ticker: string }[] };
    const list = await c.listMarkets({ status: 'active', limit: 400 });
    // the same markets (in the recording's file order: the event files come first)
    expect(list.data.map((m) => m.id).sort()).toEqual(recorded.markets.map((m) => m.ticker).sort());
    const first = list.data[0];
    expect((await c.getMarket(first?.id ?? '')).data.id).toBe(first?.id);
    const evs = await c.listEvents({ limit: 200 });
    expect((await c.getEvent(evs.data[0]?.id ?? '')).data.markets.length).toBeGreaterThan(0);
    expect((await c.listCategories()).data.map((x) => x.id)).toEqual(['Elections', 'Sports', 'World']);
    // its books and candlesticks too (the replay of the small set has none: empty, as recorded)
    const booked = readdirSync(join(out, 'books'))[0] ?? '';
    const ticker = booked.replace(/^book-/, '').replace(/\.json$/, '');
    expect((await c.getBook!(ticker, 'Yes')).data).toMatchObject({ marketId: ticker, bids: [], asks: [] });
    expect((await c.getHistory!(ticker, 'Yes', '7d')).data).toEqual([]);
    await c.close();
    await again.close();
  });

  it('names files after tickers safely', () => {
    expect(fileFor('market', 'KXBTCD-26JUL2502-T74299.99')).toBe('market-KXBTCD-26JUL2502-T74299.99.json');
    expect(fileFor('event', '../../etc/passwd')).toBe('event-.._.._etc_passwd.json');
  });
});
