/**
 * Gamma's own behaviour in the replay (docs/sources/polymarket.md): keyset pages that refuse `offset` and a cursor
 * made for another query, a clamped `limit`, `closed` defaulting to false, 422 for unknown sort fields and ids
 * Gamma cannot read, 404 in Gamma's shape, tags, search — on the real recordings.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPolymarketReplay } from './replay.js';
import { loadGammaRecording } from './replayData.js';
import { readGammaError } from './errors.js';

const DIR = 'test/fixtures/real/polymarket';
const replay = createPolymarketReplay(DIR);
const rec = loadGammaRecording(DIR);
const ask = (path: string) => {
  const url = new URL(path, 'http://gamma.invalid');
  return replay.answer({ segments: url.pathname.split('/').filter(Boolean), query: url.searchParams });
};
type Page = { markets: { id: string; closed?: boolean }[]; next_cursor?: string };

describe('the Gamma replay', () => {
  it('pages /markets/keyset by after_cursor, without next_cursor on the last page', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const a = ask(`/markets/keyset?limit=4${cursor ? `&after_cursor=${cursor}` : ''}`)!;
      expect(a.status).toBe(200);
      const body = a.body as Page;
      seen.push(...body.markets.map((m) => m.id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor !== undefined && pages < 20);
    const open = rec.markets.filter((m) => m.closed !== true).map((m) => String(m.id));
    expect(seen).toEqual(open); // no closed parameter: Gamma's closed=false
    expect(pages).toBe(Math.ceil(open.length / 4));
  });

  it('refuses offset, a cursor of another query, a bad limit and unknown sort fields with 422', () => {
    const first = ask('/markets/keyset?limit=2&closed=false')!.body as Page;
    const cases = [
      '/markets/keyset?limit=2&offset=2',
      `/markets/keyset?limit=2&closed=true&after_cursor=${first.next_cursor}`,
      '/markets/keyset?after_cursor=not-a-cursor',
      '/markets/keyset?limit=0',
      '/markets/keyset?order=popularity',
      '/markets/keyset?closed=maybe',
      '/markets/0x1234',
      '/public-search?q=',
    ];
    for (const path of cases) {
      const a = ask(path)!;
      expect([path, a.status]).toEqual([path, 422]);
      expect(readGammaError(a.body)?.code).toBe('VALIDATION_ERROR');
    }
    // the same query with its own cursor is fine
    expect(ask(`/markets/keyset?limit=2&closed=false&after_cursor=${first.next_cursor}`)!.status).toBe(200);
  });

  it('clamps a limit past 100 as Gamma does', () => {
    const a = ask('/markets/keyset?limit=5000&closed=true')!;
    expect((a.body as Page).markets.length).toBe(rec.markets.filter((m) => m.closed === true).length);
  });

  it('answers 404 in Gamma’s shape for an unknown market or event, and knows which market a path names', () => {
    expect(ask('/markets/1')).toEqual({ status: 404, body: { type: 'not found error', error: 'market not found' } });
    expect(ask('/events/1')!.status).toBe(404);
    expect(ask('/no/such/route')).toBeUndefined();
    expect(replay.marketIdOf?.(['markets', '540817'])).toBe('540817');
    expect(replay.marketIdOf?.(['markets', 'keyset'])).toBeUndefined();
  });

  it('lists tags and searches events, as recorded', () => {
    const tags = ask('/tags?limit=3')!.body as { id: string; label: string }[];
    expect(tags).toEqual(rec.tags.slice(0, 3));
    const found = ask('/public-search?q=bitcoin%20up&limit_per_type=5')!.body as {
      events: { id: string }[];
      pagination: { hasMore: boolean; totalResults: number };
    };
    expect(found.events.map((e) => e.id)).toEqual(['292275']);
    expect(found.pagination).toEqual({ hasMore: false, totalResults: 1 });
    expect(replay.listedIds?.(found)).toEqual(['1669969']);
  });

  it('reads the error bodies Gamma was recorded sending', () => {
    const body = (f: string) => JSON.parse(readFileSync(`${DIR}/errors/${f}`, 'utf8')) as unknown;
    expect(readGammaError(body('gamma-422-markets-offset-too-large.txt'))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'offset too large, use /markets/keyset for deeper pagination',
    });
    expect(readGammaError(body('gamma-500-markets-slug-internal-error.txt'))).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'cannot get the information',
    });
    expect(readGammaError({ error: 'market not found' })).toEqual({ message: 'market not found' });
    expect(readGammaError('<html>')).toBeUndefined();
    expect(readGammaError({ data: [] })).toBeUndefined();
  });
});

describe('the documented routes', () => {
  it('names what a request adds to them', async () => {
    const { polymarketSource } = await import('./index.js');
    const why = (p: string) => {
      const url = new URL(p, 'http://x');
      return polymarketSource.undocumented(url.pathname, url.searchParams);
    };
    expect(why('/markets/keyset?limit=5&closed=false&after_cursor=abc')).toBeUndefined();
    expect(why('/markets/keyset?limit=5&offset=5')).toBe('param offset');
    expect(why('/markets?limit=5')).toBe('route /markets');
    expect(why('/markets/540817')).toBeUndefined();
    expect(why('/public-search?q=x&sort=volume')).toBe('param sort');
  });
});

describe('the CLOB routes in the same replay', () => {
  const FED_25 = '57748138085022719760345772310040703848567377822400132842014290209986511882046';
  const UP = '94242206871221370391055736153305071391564432448684801902267396130896523340261';
  const err = (path: string) => {
    const a = ask(path)!;
    return [a.status, (a.body as { error?: string }).error];
  };

  it('serves a recorded book verbatim, an empty one for a known token, the CLOB’s 404 for an unknown one', () => {
    const b = ask(`/book?token_id=${FED_25}`)!.body as { asset_id: string; bids: { price: string }[] };
    expect([b.asset_id, b.bids[0]!.price, b.bids.at(-1)!.price]).toEqual([FED_25, '0.001', '0.014']);
    const no = '28239418772633645184924651434956000849078365566842629564562475378531350731731';
    expect(ask(`/book?token_id=${no}`)!.body).toMatchObject({ asset_id: no, bids: [], asks: [] });
    expect(err('/book?token_id=123')).toEqual([404, 'No orderbook exists for the requested token id']);
    expect(err('/book')).toEqual([400, 'Invalid token id']);
  });

  it('answers histories by interval (ending at the last recorded point) or by window, thinned to the fidelity', () => {
    const h = (q: string) => (ask(`/prices-history?market=${UP}&${q}`)!.body as { history: { t: number }[] }).history;
    expect(h('interval=1d&fidelity=5').map((p) => p.t)).toEqual([1774165200, 1774165500, 1774168800, 1774169100]);
    expect(h('interval=1h&fidelity=1').map((p) => p.t)).toEqual([1774165500, 1774168800, 1774169100]);
    expect(h('startTs=1774165300&endTs=1774168800').map((p) => p.t)).toEqual([1774165500, 1774168800]);
    expect(h('interval=max&fidelity=60')).toHaveLength(2);
    expect(ask(`/prices-history?market=${FED_25}&interval=1w&fidelity=60`)!.body).toEqual({ history: [] });
    expect(err(`/prices-history?market=${UP}&interval=1d&startTs=1`)[0]).toBe(400);
    expect(err(`/prices-history?market=${UP}&interval=2d`)[0]).toBe(400);
    expect(err(`/prices-history?market=${UP}&fidelity=0`)[0]).toBe(400);
    expect(err('/prices-history?interval=1d')[0]).toBe(400);
  });

  it('as recorded: points, book and Gamma times moved by now − recordedAt, interval ending now', () => {
    const dir = mkdtempSync(join(tmpdir(), 'poly-as-recorded-'));
    try {
      cpSync(DIR, dir, { recursive: true });
      rmSync(join(dir, 'manifest.json'));
      expect(() => createPolymarketReplay(dir, { asRecorded: true })).toThrow(/manifest\.json is missing/);
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ recordedAt: '2026-03-22T08:45:00Z' }));
      const tenDays = 10 * 86_400;
      const now = Date.parse('2026-03-22T08:45:00Z') + tenDays * 1000;
      let clock = now;
      const r = createPolymarketReplay(dir, { asRecorded: true, now: () => clock });
      const at = (path: string) => {
        const url = new URL(path, 'http://clob.invalid');
        return r.answer({ segments: url.pathname.split('/').filter(Boolean), query: url.searchParams })!.body;
      };
      const points = (q: string) => (at(`/prices-history?market=${UP}&${q}`) as { history: { t: number }[] }).history;
      // the four recorded points (07:40–08:45Z), ten days on: the last of them is now
      expect(points('interval=1d&fidelity=5').map((p) => p.t - tenDays)).toEqual([
        1774165200, 1774165500, 1774168800, 1774169100,
      ]);
      expect(points(`startTs=${1774168800 + tenDays}&endTs=${1774169100 + tenDays}`)).toHaveLength(2);
      const book = at(`/book?token_id=${UP}`) as { timestamp: string };
      expect(Number(book.timestamp) - tenDays * 1000).toBe(1774166201606);
      const m = at('/markets/1669969') as { endDate?: string };
      const recorded = rec.marketById.get('1669969') as { endDate?: string };
      expect(Date.parse(m.endDate!) - Date.parse(recorded.endDate!)).toBe(tenDays * 1000);
      // `interval` ends at the replay's clock, as the CLOB's does: two days on, the last day holds none of them
      clock += 2 * 86_400_000;
      expect(points('interval=1d&fidelity=5')).toEqual([]);
      expect(points('interval=1w&fidelity=5')).toHaveLength(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves a market recorded only nested in an event with that event inline on the market routes', () => {
    const nfl = createPolymarketReplay('test/fixtures/real/pairs/nfl-det-buf-2026-09/polymarket');
    const a = nfl.answer({ segments: ['markets', '3398287'], query: new URLSearchParams() })!;
    const body = a.body as { events?: Record<string, unknown>[]; description?: unknown };
    expect(a.status).toBe(200);
    expect(body.description).toBeUndefined(); // as recorded: the moneyline has none of its own
    expect(body.events?.[0]).toMatchObject({ id: '810546', title: 'Lions vs. Bills' });
    expect(body.events?.[0]).not.toHaveProperty('markets');
    expect(String(body.events?.[0]?.description)).toContain('If Lions wins');
  });
});
