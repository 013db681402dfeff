/**
 * `oddsboard events` without a status lists what the dashboard's Events view lists, open events, as `markets` without
 * --status lists active markets (docs/commands.md): Kalshi's `/events` is asked with `status=open` (its own default is
 * every status) and Gamma's `/events/keyset` with `closed=false`, over the replays behind a proxy that keeps each
 * request's query.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/testServer.js';
import { venueReplays, type Platform } from '../../../test/support/venueReplays.js';

const { url, run } = venueReplays();
const proxies: TestServer[] = [];
afterAll(() => Promise.all(proxies.map((p) => p.close())));

/** A proxy in front of the venue's replay, the base URL to give it, and the queries of its events list. */
async function proxied(venue: Platform) {
  const p = await startTestServer();
  proxies.push(p);
  const target = new URL(url[venue]);
  p.handle((req, res) => {
    void (async () => {
      const answer = await fetch(new URL(req.url ?? '/', target.origin));
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  const lists = (route: string) =>
    p.seen
      .map((s) => new URL(s.path, p.url))
      .filter((u) => u.pathname.endsWith(route))
      .map((u) => u.searchParams);
  return { baseUrl: p.url + target.pathname, lists };
}

describe('events without a status: open events, as the dashboard’s Events view', () => {
  it('kalshi asks /events with status=open; every event listed has an active market', async () => {
    const k = await proxied('kalshi');
    const r = await run(['events', '--source', 'kalshi', '--base-url', k.baseUrl, '--limit', '100', '--json']);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    const sent = k.lists('/events');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((q) => q.get('status'))).toEqual(sent.map(() => 'open'));
    const doc = JSON.parse(r.out) as { data: Array<{ markets: Array<{ status: string }> }> };
    expect(doc.data.length).toBeGreaterThan(0);
    for (const e of doc.data) expect(e.markets.some((m) => m.status === 'active')).toBe(true);
  });

  it('polymarket asks /events/keyset with closed=false', async () => {
    const p = await proxied('polymarket');
    const r = await run(['events', '--source', 'polymarket', '--base-url', p.baseUrl, '--limit', '5', '--json']);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    const sent = p.lists('/events/keyset');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((q) => q.get('closed'))).toEqual(sent.map(() => 'false'));
  });
});
