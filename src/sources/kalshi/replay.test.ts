/** The Kalshi replay's routes, asked directly: Kalshi's paging, status words, filters, 400 and 404 shapes. */
import { describe, expect, it } from 'vitest';
import { loadRecording } from '../../server/replay/load.js';
import { encodeCursor, kalshiReplayOf } from './replay.js';

const items = [...loadRecording('test/fixtures/real/kalshi'), ...loadRecording('test/fixtures/real/kalshi/paging')];
const replay = kalshiReplayOf(items);
type Obj = Record<string, unknown>;

function get(path: string, query = ''): { status: number; body: Obj } {
  const a = replay.answer({ segments: path.split('/').filter((s) => s !== ''), query: new URLSearchParams(query) });
  if (!a) throw new Error(`no route for ${path}`);
  return { status: a.status, body: a.body as Obj };
}
const markets = (b: Obj) => b.markets as Obj[];
const statuses = (b: Obj) => [...new Set(markets(b).map((m) => m.status))].sort();

describe('GET /markets', () => {
  it('pages with an opaque cursor, empty on the last page; a page never repeats another', () => {
    const first = get('/markets', 'limit=50');
    expect(markets(first.body)).toHaveLength(50);
    expect(first.body.cursor).not.toBe('');
    const second = get('/markets', `limit=50&cursor=${String(first.body.cursor)}`);
    const a = markets(first.body).map((m) => m.ticker);
    const b = markets(second.body).map((m) => m.ticker);
    expect(a.filter((t) => b.includes(t))).toEqual([]);
    const all = get('/markets', 'limit=1000');
    expect(all.body.cursor).toBe('');
  });

  it('maps the filter words onto the answers’ words as documented', () => {
    expect(statuses(get('/markets', 'status=open&limit=1000').body)).toEqual(['active']);
    expect(statuses(get('/markets', 'status=settled&limit=1000').body)).toEqual(['finalized']);
    expect(statuses(get('/markets', 'status=paused&limit=1000').body)).toEqual(['inactive']);
    expect(markets(get('/markets', 'status=unopened').body)).toEqual([]);
  });

  it('filters by tickers, event_ticker (several) and series_ticker', () => {
    const t = get('/markets', 'tickers=KXNEWPOPE-70-PPIZ,KXELONMARS-99').body;
    expect(markets(t).map((m) => m.ticker)).toEqual(['KXELONMARS-99', 'KXNEWPOPE-70-PPIZ']);
    const e = get('/markets', 'event_ticker=KXNEWPOPE-70,KXELONMARS-99').body;
    expect(markets(e)).toHaveLength(4);
    const s = get('/markets', 'series_ticker=KXMARMAD&limit=1000').body;
    expect(markets(s)).toHaveLength(70);
    expect(markets(s).every((m) => String(m.event_ticker).startsWith('KXMARMAD'))).toBe(true);
  });

  it('answers 400 in Kalshi’s shape for what Kalshi refuses', () => {
    const cases = [
      'limit=0',
      'limit=1001',
      'limit=ten',
      'status=active', // an answer word, not a filter word
      'status=open,closed',
      'status=open&min_close_ts=1',
      'min_close_ts=1&min_created_ts=1',
      'mve_filter=some',
      `cursor=${encodeURIComponent('not-a-cursor')}`,
      'event_ticker=A,B,C,D,E,F,G,H,I,J,K',
    ];
    for (const q of cases) {
      const r = get('/markets', q);
      expect(r.status, q).toBe(400);
      expect(r.body, q).toMatchObject({ error: { code: 'bad_request', message: expect.any(String) } });
    }
    expect(get('/markets', 'status=closed&min_close_ts=1').status).toBe(200);
    expect(get('/markets', `limit=5&cursor=${encodeCursor(5)}`).status).toBe(200);
  });
});

describe('GET /markets/{ticker}, /events, /events/{event_ticker}', () => {
  it('one market as {market}; 404 in Kalshi’s shape', () => {
    const r = get('/markets/KXNEWPOPE-70-PPAR');
    expect((r.body.market as Obj).ticker).toBe('KXNEWPOPE-70-PPAR');
    expect(get('/markets/NOPE')).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'market not found', service: 'replay' } },
    });
  });

  it('events nest their markets only when asked; status and series filter them', () => {
    const plain = get('/events', 'limit=5').body.events as Obj[];
    expect(plain.every((e) => !('markets' in e))).toBe(true);
    const nested = get('/events', 'limit=200&with_nested_markets=true').body.events as Obj[];
    const game = nested.find((e) => e.series_ticker === 'KXNCAAMBGAME');
    expect((game?.markets as Obj[]).every((m) => m.event_ticker === game?.event_ticker)).toBe(true);
    const open = get('/events', 'limit=200&status=open&with_nested_markets=true').body.events as Obj[];
    expect(open.every((e) => (e.markets as Obj[]).some((m) => m.status === 'active'))).toBe(true);
    const settled = get('/events', 'limit=200&status=settled&with_nested_markets=true').body.events as Obj[];
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.every((e) => (e.markets as Obj[]).every((m) => m.status === 'finalized'))).toBe(true);
    expect(get('/events', 'status=unopened').status).toBe(400);
    expect(get('/events', 'limit=201').status).toBe(400);
  });

  it('one event: nested when asked, and the top-level markets either way', () => {
    const r = get('/events/KXNEWPOPE-70', 'with_nested_markets=true').body;
    expect(((r.event as Obj).markets as Obj[]).length).toBe(3);
    expect((r.markets as Obj[]).length).toBe(3);
    expect('markets' in (get('/events/KXNEWPOPE-70').body.event as Obj)).toBe(false);
    expect(get('/events/NOPE').status).toBe(404);
  });

  it('names the market of a detail route and the ids of a list answer', () => {
    expect(replay.marketIdOf?.(['markets', 'KXELONMARS-99'])).toBe('KXELONMARS-99');
    expect(replay.marketIdOf?.(['markets'])).toBeUndefined();
    const body = get('/markets', 'limit=3').body;
    expect(replay.listedIds?.(body)).toEqual(markets(body).map((m) => m.ticker));
  });
});
