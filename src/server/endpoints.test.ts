import { describe, expect, it } from 'vitest';
import { boot, P } from '../../test/support/serverHarness.js';
import type { WireEvent, WireMarket } from '../api/wire.js';

describe('envelope and routing', () => {
  it('answers unknown paths with a 404 envelope in JSON', async () => {
    const { get } = await boot();
    for (const path of ['/', '/public/v2/markets', `${P}/nope`, `${P}/markets/x/y/z`, `${P}/events/x/quote`]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('answers non-GET methods with 405 and Allow: GET', async () => {
    const { get } = await boot();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await get(`${P}/markets`, { method, body: method === 'DELETE' ? null : '{}' });
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET');
      expect(r.body.success).toBe(false);
      expect(r.body.error.code).toBe('METHOD_NOT_ALLOWED');
    }
  });
});

describe('GET /markets', () => {
  it('defaults to 20 active markets by volume, each in the reference shape', async () => {
    const { get } = await boot();
    const r = await get<WireMarket[]>(`${P}/markets`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const list = r.body.data;
    expect(list).toHaveLength(20);
    for (const m of list) {
      expect(m).toMatchObject({
        id: expect.any(String),
        title: expect.any(String),
        category: expect.any(String),
        status: 'active',
        eventId: expect.any(String),
      });
      expect(m.outcomes.length).toBeGreaterThanOrEqual(2);
      for (const o of m.outcomes)
        expect(o).toEqual({ id: expect.any(String), name: expect.any(String), price: expect.any(Number) });
      for (const f of ['closesAt', 'updatedAt', 'createdAt'] as const)
        expect(Number.isNaN(Date.parse(String(m[f])))).toBe(false);
      expect(m.volume).toBeGreaterThan(0);
      expect(m.liquidity).toBeGreaterThan(0);
    }
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.volume).toBeGreaterThanOrEqual(list[i]!.volume);
  });

  it('filters by status, including all', async () => {
    const { get, server } = await boot();
    const sim = server.sim;
    for (const status of ['active', 'closed', 'settling', 'resolved'] as const) {
      const r = await get<WireMarket[]>(`${P}/markets?status=${status}&limit=100`);
      const expected = sim.filter((m) => sim.isVisible(m) && m.status === status).length;
      expect(r.body.data.length).toBe(Math.min(100, expected));
      for (const m of r.body.data) expect(m.status).toBe(status);
    }
    const all = await get<WireMarket[]>(`${P}/markets?status=ALL&limit=100`);
    expect(new Set(all.body.data.map((m) => m.status)).size).toBeGreaterThan(1);
  });

  it('filters by category (exact, case-insensitive) and q (in title or category)', async () => {
    const { get } = await boot();
    const crypto = await get<WireMarket[]>(`${P}/markets?category=cRyPtO&status=all&limit=100`);
    expect(crypto.body.data.length).toBeGreaterThan(10);
    for (const m of crypto.body.data) expect(m.category).toBe('Crypto');
    expect((await get(`${P}/markets?category=Cryp`)).body.data).toEqual([]);
    const q = await get<WireMarket[]>(`${P}/markets?q=${encodeURIComponent('BITCOIN')}&status=all&limit=100`);
    expect(q.body.data.length).toBeGreaterThan(0);
    for (const m of q.body.data) expect(`${m.title} ${m.category}`.toLowerCase()).toContain('bitcoin');
    const byCat = await get<WireMarket[]>(`${P}/markets?q=climat&limit=5`);
    for (const m of byCat.body.data) expect(m.category).toBe('Climate');
    const cjk = await get<WireMarket[]>(`${P}/markets?q=${encodeURIComponent('リーグ')}&status=all`);
    expect(cjk.body.data.length).toBeGreaterThan(0);
    expect((await get(`${P}/markets?q=zzzz-nothing`)).body.data).toEqual([]);
  });

  it('q takes every word, in any order, case and accents aside, as the venues do (it took the phrase)', async () => {
    const { get } = await boot();
    const fold = (m: WireMarket) => `${m.title} ${m.category}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const q of ['above solana', 'AMERICA copa', 'copa america']) {
      const hits = (await get<WireMarket[]>(`${P}/markets?q=${encodeURIComponent(q)}&status=all&limit=100`)).body.data;
      expect(hits.length, q).toBeGreaterThan(0);
      for (const m of hits) for (const w of q.toLowerCase().split(' ')) expect(fold(m), q).toContain(w);
    }
    // the words of a title and its category together
    const both = (await get<WireMarket[]>(`${P}/markets?q=solana+crypto&status=all`)).body.data;
    expect(both.length).toBeGreaterThan(0);
    expect((await get(`${P}/markets?q=solana+zzzz&status=all`)).body.data).toEqual([]);
  });

  it('sorts by volume, newest, closing and liquidity', async () => {
    const { get } = await boot();
    const field: Record<string, [keyof WireMarket, 1 | -1]> = {
      volume: ['volume', -1],
      newest: ['createdAt', -1],
      closing: ['closesAt', 1],
      liquidity: ['liquidity', -1],
    };
    for (const [sort, [key, dir]] of Object.entries(field)) {
      const list = (await get<WireMarket[]>(`${P}/markets?sort=${sort}&limit=50&status=all`)).body.data;
      const vals = list.map((m) => {
        const v = m[key];
        return typeof v === 'string' ? Date.parse(v) : (v as number);
      });
      for (let i = 1; i < vals.length; i++) expect(dir * (vals[i]! - vals[i - 1]!), sort).toBeGreaterThanOrEqual(0);
    }
  });

  it('pages with limit and offset without overlap', async () => {
    const { get } = await boot();
    const ids = async (query: string) => (await get<WireMarket[]>(`${P}/markets?${query}`)).body.data.map((m) => m.id);
    const all = await ids('status=all&limit=30');
    const a = await ids('status=all&limit=10&offset=0');
    const b = await ids('status=all&limit=10&offset=10');
    expect([...a, ...b]).toEqual(all.slice(0, 20));
    // digits only, as every whole number oddsboard reads (fromDigits): leading zeros are the same number
    expect(await ids('status=all&limit=0000000010&offset=00000000010')).toEqual(b);
    expect((await get<WireMarket[]>(`${P}/markets?limit=100`)).body.data.length).toBeLessThanOrEqual(100);
    expect((await get(`${P}/markets?offset=10000`)).body.data).toEqual([]);
  });

  it('rejects bad parameters with 400 INVALID_PARAMETER naming the parameter', async () => {
    const { get } = await boot();
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=', 'limit'],
      ['limit=1e2', 'limit'],
      ['limit=%2B3', 'limit'],
      ['limit=%205', 'limit'],
      ['limit=5.0', 'limit'],
      ['limit=0x10', 'limit'],
      [`limit=${'9'.repeat(400)}`, 'limit'],
      ['offset=10001', 'offset'],
      ['offset=-1', 'offset'],
      ['offset=x', 'offset'],
      ['limit=5&limit=6', 'limit'],
      ['status=open', 'status'],
      ['status=', 'status'],
      ['sort=price', 'sort'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ];
    for (const [query, param] of cases) {
      const r = await get(`${P}/markets?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.error.code).toBe('INVALID_PARAMETER');
      expect(r.body.error.message).toContain(`"${param}"`);
      expect(r.body.error.param).toBe(param);
    }
    const r = await get(`${P}/events?limit=101`);
    expect(r.status).toBe(400);
    expect(r.body.error.param).toBe('limit');
  });
});

describe('GET /markets/{id} and hidden markets', () => {
  it('returns one market; unknown, private and pending-review ids answer the same 404', async () => {
    const { get, server } = await boot();
    const sim = server.sim;
    const m = sim.find((x) => sim.isVisible(x))!;
    const ok = await get(`${P}/markets/${m.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual(JSON.parse(JSON.stringify(sim.toWire(m))));
    const hidden = [sim.find((x) => x.visibility === 'private')!, sim.find((x) => x.visibility === 'pendingReview')!];
    const bodies = [];
    for (const id of ['mkt-nothere', ...hidden.map((h) => h.id)]) {
      const r = await get(`${P}/markets/${encodeURIComponent(id)}`);
      expect(r.status).toBe(404);
      bodies.push(r.body);
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('decodes ids once; ids that hide a slash or are malformed are 404', async () => {
    const { get, server } = await boot();
    const m = server.sim.find((x) => server.sim.isVisible(x))!;
    const encoded = [...m.id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    expect((await get(`${P}/markets/${encoded}`)).status).toBe(200);
    expect((await get(`${P}/markets/${encodeURIComponent(encoded)}`)).status).toBe(404);
    expect((await get(`${P}/markets/a%2Fb`)).status).toBe(404);
    expect((await get(`${P}/markets/%E0%A4%A`)).status).toBe(404);
  });

  it('never lists hidden markets or events, nor nests hidden markets in events', async () => {
    const { get, server } = await boot();
    const sim = server.sim;
    const hiddenIds = new Set(sim.filter((m) => !sim.isVisible(m)).map((m) => m.id));
    expect(hiddenIds.size).toBeGreaterThan(0);
    const seen: string[] = [];
    for (let offset = 0; offset < 400; offset += 100) {
      const page = await get<WireMarket[]>(`${P}/markets?status=all&limit=100&offset=${offset}`);
      seen.push(...page.body.data.map((m) => m.id));
    }
    expect(seen.length).toBe(sim.markets().length - hiddenIds.size);
    for (const id of seen) expect(hiddenIds.has(id)).toBe(false);
    const events = (await get<WireEvent[]>(`${P}/events?limit=100`)).body.data;
    expect(events.length).toBe(sim.events().filter((e) => e.visibility === 'public').length);
    for (const e of events) for (const m of e.markets) expect(hiddenIds.has(m.id)).toBe(false);
    const hiddenEvent = sim.events().find((e) => e.visibility !== 'public')!;
    expect((await get(`${P}/events/${hiddenEvent.id}`)).status).toBe(404);
    const mixed = sim.events().find((e) => e.visibility === 'public' && e.marketIds.some((id) => hiddenIds.has(id)))!;
    const r = await get<WireEvent>(`${P}/events/${mixed.id}`);
    expect(r.body.data.markets.length).toBe(mixed.marketIds.filter((id) => !hiddenIds.has(id)).length);
  });
});

describe('GET /events', () => {
  it('lists events with markets nested, honours limit (default 20), and returns one event by id', async () => {
    const { get } = await boot();
    const list = (await get<WireEvent[]>(`${P}/events`)).body.data;
    expect(list).toHaveLength(20);
    expect((await get(`${P}/events?limit=3`)).body.data).toHaveLength(3);
    for (const e of list) {
      expect(e).toMatchObject({ id: expect.any(String), title: expect.any(String), category: expect.any(String) });
      expect(e.markets.length).toBeGreaterThan(0);
      for (const m of e.markets) expect(m.eventId).toBe(e.id);
    }
    const one = await get(`${P}/events/${list[0]!.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(list[0]);
    expect((await get(`${P}/events/evt-none`)).status).toBe(404);
  });
});
