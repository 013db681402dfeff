import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTraderRecording } from '../../sources/kalshi/replayTrader.js';
import { ManualClock } from '../../util/clock.js';
import { classify, loadRecording, RecordingError, startReplayServer, type RunningReplay } from './index.js';
import {
  MANIFOLD_OPEN_MC,
  openManifoldRecording,
  realDir,
  realFile,
  type Service,
} from '../../../test/support/realFixtures.js';
import type { Envelope } from '../../../test/support/serverHarness.js';
import type { WireQuote } from '../../api/wire.js';

const P = '/public/v1';
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const running: RunningReplay[] = [];

/** A recorded object as served: the service's own fields, read by name. */
type Recorded = Record<string, unknown>;
interface KalshiMarket {
  ticker: string;
  close_time: string;
}
/** The fields of Manifold's multiple-choice market that the tests compare with the recording. */
interface ManifoldChoice {
  closeTime: number;
  createdTime: number;
  answers: { text: string; name: string; probability: number }[];
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function replay(
  service: Service | { dir: string; asRecorded?: { recordedAt?: number } },
  limits = { anonymous: 100_000, key: 100_000 },
) {
  const clock = new ManualClock(NOW);
  const where = typeof service === 'string' ? { dir: realDir(service) } : service;
  const server = await startReplayServer({ ...where, clock, keys: ['k1'], limits });
  running.push(server);
  const get = async <T = unknown>(path: string, init: RequestInit = {}) => {
    const res = await fetch(server.url + P + path, init);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
  };
  /** The envelope's `data`, typed as the test reads it. */
  const data = async <T>(path: string) => (await get<T>(path)).body.data;
  return { server, clock, get, data };
}

describe('replay: lists on native fields', () => {
  it('serves recorded objects as they are, in the envelope; status filters read each service’s words', async () => {
    const { get } = await replay('kalshi');
    const all = await get<KalshiMarket[]>('/markets?status=all&limit=100');
    expect(all.status).toBe(200);
    expect(all.body.success).toBe(true);
    expect(all.body.data).toHaveLength(17);
    const nyc = all.body.data.find((m) => m.ticker === 'KXHIGHNY-26JUL05-T91');
    expect(nyc).toMatchObject({
      status: 'finalized',
      result: 'no',
      last_price_dollars: '0.0100',
      title: 'Will the **high temp in NYC** be >91° on Jul 5, 2026?',
    });
    const tickers = async (q: string) =>
      (await get<KalshiMarket[]>(`/markets?${q}&limit=100`)).body.data.map((m) => m.ticker);
    expect(await tickers('status=resolved')).toEqual(
      expect.arrayContaining(['KXHIGHNY-26JUL05-T91', 'KXFEDDECISION-26JUL-H0']),
    );
    expect(await tickers('status=closed')).toEqual(['KXRAMBO-35-RYA', 'KXRAMBO-35-JAI']); // "inactive"
    expect((await tickers('')).length).toBe(11); // the default filter is active: 17 less 4 finalized, 2 inactive
  });

  it('q searches the sub-title; sort closing and paging use each service’s fields', async () => {
    const { data } = await replay('kalshi');
    const found = await data<KalshiMarket[]>('/markets?q=parolin&status=all');
    expect(found.map((m) => m.ticker)).toEqual(['KXNEWPOPE-70-PPAR']);
    // every word, in any order (the title's "Pope" and the sub-title's "Parolin"), as the venues' searches
    const words = await data<KalshiMarket[]>(`/markets?q=${encodeURIComponent('PAROLIN pope')}&status=all`);
    expect(words.map((m) => m.ticker)).toEqual(['KXNEWPOPE-70-PPAR']);
    const closing = (await data<KalshiMarket[]>('/markets?status=all&sort=closing&limit=3')).map((m) => m.close_time);
    expect(closing).toEqual([...closing].sort());
    const next = await data<KalshiMarket[]>('/markets?status=all&sort=closing&limit=3&offset=3');
    expect(next[0]!.close_time >= closing[2]!).toBe(true);
  });

  it('Polymarket volume sort reads volumeNum; Manifold list objects and details are both served', async () => {
    const pm = await replay('polymarket');
    const byVolume = await pm.data<Recorded[]>('/markets?status=all&sort=volume&limit=100');
    const vols = byVolume.map((m) => Number(m.volumeNum ?? m.volume));
    expect(vols).toEqual([...vols].sort((a, b) => b - a));
    const mf = await replay('manifold');
    const listed = await mf.data<Recorded[]>('/markets?status=all&limit=100');
    expect(listed.map((m) => m.id)).toEqual(expect.arrayContaining(['hZsE0A09Sd', 'TEW8dlA3pxk3GalxeQkI']));
  });
});

describe('replay: lookups', () => {
  it('finds markets by each service’s id fields and events by theirs; unknown ids are 404', async () => {
    const k = await replay('kalshi');
    expect((await k.data<Recorded>('/markets/KXBTCD-26JUL2502-T74299.99')).yes_sub_title).toBe('$74,300 or above');
    expect((await k.get('/events/KXNEWPOPE-70')).body.data).toMatchObject({
      category: 'Elections',
      markets: expect.any(Array),
    });
    expect((await k.get('/markets/NOPE')).status).toBe(404);
    expect((await k.get('/events/NOPE')).body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const pm = await replay('polymarket');
    expect((await pm.data<Recorded>('/markets/kraken-ipo-in-2025')).id).toBe('516950');
    const byConditionId = '0x80372213a3a770ebdf2376f5143f42be7d90152632bf5c99e5a60f8afd372677';
    expect((await pm.data<Recorded>(`/markets/${byConditionId}`)).id).toBe('3776139');
    expect((await pm.data<Recorded>('/events/kraken-ipo-in-2025')).id).toBe('16183');
    expect((await pm.data<Recorded[]>('/events?limit=5')).map((e) => e.id)).toEqual([
      '16183',
      '16263',
      '292275',
      '481717',
    ]);
  });

  it('the detail of a market recorded twice is the later recording (Manifold’s resolve answer)', async () => {
    const { get } = await replay('manifold');
    expect((await get('/markets/TEW8dlA3pxk3GalxeQkI')).body.data).toMatchObject({
      resolution: 'MKT',
      isResolved: true,
    });
  });
});

describe('replay: quotes from the recorded prices', () => {
  it('prices an open market by LMSR from its normalized prices, by outcome name or id, case-insensitive', async () => {
    const { get } = await replay('kalshi');
    const q = await get<WireQuote>('/markets/KXBTC15M-26JAN120330-30/quote?outcome=yes&amount=10&action=buy');
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({
      marketId: 'KXBTC15M-26JAN120330-30',
      outcome: 'Yes',
      action: 'buy',
      amount: 10,
      priceBefore: 0.07,
    });
    expect(q.body.data.priceAfter).toBeGreaterThan(0.07);
    expect(q.body.data.total).toBeCloseTo(10.1, 6);
  });

  it('409 closed, 410 resolved, 400 for an outcome the market does not have', async () => {
    const { get } = await replay('kalshi');
    expect((await get('/markets/KXRAMBO-35-RYA/quote?outcome=Yes&amount=5&action=buy')).status).toBe(409);
    expect((await get('/markets/KXHIGHNY-26JUL05-T91/quote?outcome=No&amount=5&action=buy')).status).toBe(410);
    const bad = await get('/markets/KXBTC15M-26JAN120330-30/quote?outcome=Maybe&amount=5&action=buy');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ param: 'outcome' });
    expect(bad.body.error.message).toContain('Yes, No');
  });

  it('a Manifold answer is quoted by its text (the author’s name is no outcome)', async () => {
    const { get } = await replay('manifold');
    // the 2022 market closed long ago: the answer is recognised (409, not 400); its author is not an outcome
    expect(
      (
        await get(
          `/markets/TEW8dlA3pxk3GalxeQkI/quote?outcome=${encodeURIComponent('Harry Potter')}&amount=5&action=buy`,
        )
      ).status,
    ).toBe(410);
    expect((await get('/markets/TEW8dlA3pxk3GalxeQkI/quote?outcome=Olivia&amount=5&action=buy')).status).toBe(400);
  });
});

describe('replay as of the recording (--as-recorded)', () => {
  const recordedAt = Date.parse(MANIFOLD_OPEN_MC.recordedAt);
  const raw = realFile('manifold', MANIFOLD_OPEN_MC.file) as ManifoldChoice;
  const quote = (outcome: string) =>
    `/markets/${MANIFOLD_OPEN_MC.id}/quote?outcome=${encodeURIComponent(outcome)}&amount=5&action=buy`;

  it(
    'Manifold’s multiple-choice market recorded open is open again: an answer text is quoted (200), ' +
      'its author’s name is no outcome (400)',
    async () => {
      // the time from manifest.json
      const { server, get } = await replay({ dir: openManifoldRecording(), asRecorded: {} });
      expect(server.asRecorded).toEqual({ recordedAt, shiftMs: NOW - recordedAt });
      const detail = (await get<ManifoldChoice>(`/markets/${MANIFOLD_OPEN_MC.id}`)).body.data;
      expect(detail).toMatchObject({
        isResolved: false,
        closeTime: raw.closeTime + NOW - recordedAt,
        createdTime: raw.createdTime + NOW - recordedAt,
      });
      expect(detail.answers.map((a) => [a.text, a.name, a.probability])).toEqual(
        raw.answers.map((a) => [a.text, a.name, a.probability]),
      );
      expect((await get<Recorded[]>('/markets?status=active')).body.data.map((m) => m.id)).toEqual([
        MANIFOLD_OPEN_MC.id,
      ]);

      const q = await get<WireQuote>(quote('Harry Potter'));
      expect(q.status).toBe(200);
      expect(q.body.data).toMatchObject({
        marketId: MANIFOLD_OPEN_MC.id,
        outcome: 'Harry Potter',
        action: 'buy',
        amount: 5,
      });
      expect(q.body.data.priceBefore).toBeCloseTo(1 / 3, 6);
      expect(q.body.data.shares).toBeGreaterThan(0);
      const author = await get(quote('Olivia'));
      expect(author.status).toBe(400);
      expect(author.body.error).toMatchObject({ param: 'outcome' });
      expect(author.body.error.message).toContain('Harry Potter, Cthulu, Ririsu/Ririto Ibusuki');
    },
  );

  it(
    'served as recorded, the same file is closed since December 2022 (409); --recorded-at wins over the manifest; ' +
      'a time after now is refused',
    async () => {
      const dir = openManifoldRecording();
      expect((await (await replay({ dir })).get(quote('Harry Potter'))).status).toBe(409);
      const oneDayLater = recordedAt + 86_400_000;
      const { server } = await replay({ dir, asRecorded: { recordedAt: oneDayLater } });
      expect(server.asRecorded?.shiftMs).toBe(NOW - oneDayLater);
      await expect(replay({ dir, asRecorded: { recordedAt: NOW + 1000 } })).rejects.toThrow(/later than now/);
      await expect(replay({ dir: realDir('manifold'), asRecorded: {} })).rejects.toThrow(/manifest\.json is missing/);
    },
  );
});

describe('replay: keys and limits as the reference service', () => {
  it(
    'an unknown key is 401, a good one is counted per key, ' + 'the anonymous limit gives 429 with Retry-After',
    async () => {
      const { get } = await replay('polymarket', { anonymous: 2, key: 30 });
      expect((await get('/markets', { headers: { 'X-API-Key': 'nope' } })).status).toBe(401);
      // the refused key was counted under that key, not in the address's anonymous bucket of 2
      expect((await get('/markets')).status).toBe(200);
      expect((await get('/markets')).status).toBe(200);
      const limited = await get('/markets');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      const keyed = await get('/markets', { headers: { 'X-API-Key': 'k1' } });
      expect(keyed.status).toBe(200);
      expect(keyed.headers.get('ratelimit')).toMatch(/limit=30, remaining=29/);
    },
  );
});

describe('loading a recording', () => {
  it('sorts lists, wrappers, envelopes and single objects; a Kalshi event answer gets its markets nested', () => {
    expect(
      classify({ cursor: '', markets: [{ ticker: 'A', event_ticker: 'E' }] }, 'f').map((i) => [i.kind, i.listed]),
    ).toEqual([['market', true]]);
    expect(classify({ success: true, data: [{ id: 'e', markets: [] }] }, 'f').map((i) => [i.kind, i.listed])).toEqual([
      ['event', true],
    ]);
    expect(classify({ market: { ticker: 'A', event_ticker: 'E' } }, 'f').map((i) => [i.kind, i.listed])).toEqual([
      ['market', false],
    ]);
    const ev = classify({ event: { event_ticker: 'E', series_ticker: 'S' }, markets: [{ ticker: 'A' }] }, 'f');
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({
      kind: 'event',
      listed: false,
      object: { event_ticker: 'E', markets: [{ ticker: 'A' }] },
    });
    expect(classify('nope', 'f')).toEqual([]);
  });

  it('says in one line what is wrong with a directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-replay-'));
    expect(() => loadRecording(join(dir, 'missing'))).toThrow(RecordingError);
    writeFileSync(join(dir, 'bad.json'), '{not json');
    expect(() => loadRecording(dir)).toThrow(/bad\.json is not valid JSON/);
  });

  it('says a recorded file that cannot be read is unreadable, not that it is not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-replay-'));
    symlinkSync('loop.json', join(dir, 'loop.json'));
    expect(() => loadRecording(dir)).toThrow(/loop\.json cannot be read \(ELOOP\): a symlink on its path leads round/);
    const books = join(dir, 'books');
    mkdirSync(join(books, 'book-A.json'), { recursive: true });
    expect(() => loadTraderRecording(dir)).toThrow(/book-A\.json is not a regular file: move it away/);
    expect(() => loadTraderRecording(dir)).not.toThrow(/not valid JSON/);
  });
});
