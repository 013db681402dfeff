import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { valid } from '../../../test/support/oneShot.js';
import { json, startTestServer } from '../../../test/support/testServer.js';
import { venueReplays, type VenueDoc, type VenueItem } from '../../../test/support/venueReplays.js';
import { waitFor } from '../../../test/support/wait.js';
import { ledgerName } from '../../ledger/open.js';
import { displayWidth } from '../../ui/format.js';
import { main } from '../main.js';

/**
 * The one-shot commands over several venues (docs/commands.md "Several venues"), against the recordings of the three
 * platforms replayed on loopback (test/fixtures/real/<venue>): each result names its venue, the list documents carry
 * every venue asked, a venue that is down is named while the others answer, the exit code is the first failed
 * venue's in the order of --source, and the table marks each row's venue.
 */
const replays = venueReplays();
const { url, baseUrls, run } = replays;
const ALL = ['kalshi', 'polymarket', 'manifold'] as const;
type Item = VenueItem;
type Doc = VenueDoc;

/** The venues of the items in the order they came, each run of equal venues once: [kalshi, polymarket, manifold]. */
const runsOf = (items: readonly { venue: string }[]) =>
  items.map((i) => i.venue).filter((v, i, all) => i === 0 || all[i - 1] !== v);

describe('markets over the three platforms', () => {
  it('--json: each market names its venue, venue by venue in --source order, each venue in its budget', async () => {
    const r = await run(['markets', '--source', 'kalshi,polymarket,manifold', ...baseUrls(), '--limit', '3', '--json']);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    const doc = JSON.parse(r.out) as Doc;
    valid(doc);
    expect(doc.source).toBeUndefined();
    expect(doc.venues).toEqual(ALL.map((v) => ({ venue: v, mode: v, baseUrl: url[v].replace(/\/+$/, ''), count: 3 })));
    expect(doc.data).toHaveLength(9);
    expect(runsOf(doc.data)).toEqual([...ALL]);
    expect(doc.data[0]).toMatchObject({ venue: 'kalshi', id: 'KXELONMARS-99' });
    // each venue's requests counted in its own rate ledger (keyed by its service)
    for (const v of ALL)
      expect(existsSync(join(r.stateHome, 'oddsboard', ledgerName(url[v].replace(/\/+$/, ''), undefined)))).toBe(true);
  });

  it('--ndjson: one market a line, each with its venue, each venue’s lines together', async () => {
    const r = await run(['markets', '--source', 'all', ...baseUrls(), '--limit', '4', '--ndjson']);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    const items = lines.map((l) => JSON.parse(l) as Item);
    for (const item of items) valid(item, 'market');
    // the venues come in the order they answered, each once
    expect([...runsOf(items)].sort()).toEqual([...ALL].sort());
    for (const v of ALL) expect(items.filter((i) => i.venue === v)).toHaveLength(4);
  });

  it('--ndjson writes a venue’s lines as its answer arrives: Kalshi (first in --source) held back, last', async () => {
    // Kalshi behind a gate that opens once the other two venues' lines are out
    const gate = await startTestServer();
    const c = cliIo();
    const lines = () => c.out().split('\n').filter(Boolean).length;
    gate.handle((req, res) => {
      void (async () => {
        await waitFor(() => lines() >= 4, 'the other venues’ lines', 10_000);
        const answer = await fetch(new URL(req.url ?? '/', new URL(url.kalshi).origin));
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })();
    });
    try {
      const argv = ['markets', '--source', 'kalshi,polymarket,manifold', '--limit', '2', '--ndjson'];
      const code = await main([...argv, ...baseUrls({ kalshi: `${gate.url}/trade-api/v2` })], c.io);
      expect(code).toBe(0);
      const items = c
        .out()
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Item);
      expect(runsOf(items).at(-1)).toBe('kalshi');
      expect(items.map((i) => i.venue).filter((v) => v === 'kalshi')).toHaveLength(2);
    } finally {
      await gate.close();
    }
  });

  it('one venue down: its error named, the others’ markets printed, the exit code its (7)', async () => {
    const argv = ['markets', '--source', 'all', ...baseUrls({ manifold: replays.down }), '--limit', '2'];
    const json = await run([...argv, '--json']);
    expect(json.code).toBe(7);
    const doc = JSON.parse(json.out) as Doc;
    valid(doc);
    expect(doc.venues.map((v) => v.count ?? (v.error as { code: string }).code)).toEqual([2, 2, 'UNAVAILABLE']);
    expect(doc.venues[2]).toMatchObject({ venue: 'manifold', error: { code: 'UNAVAILABLE', exit: 7 } });
    expect(runsOf(doc.data)).toEqual(['polymarket', 'kalshi']);

    const nd = await run([...argv, '--ndjson']);
    expect(nd.code).toBe(7);
    const lines = nd.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const failed = lines.filter((l) => 'error' in l);
    expect(failed).toEqual([
      expect.objectContaining({ venue: 'manifold', error: expect.objectContaining({ exit: 7 }) }),
    ]);
    valid(failed[0], 'errorDocument');
    expect(lines.filter((l) => !('error' in l))).toHaveLength(4);

    const table = await run(argv);
    expect(table.code).toBe(7);
    expect(table.err).toMatch(/^oddsboard markets: Manifold: .*connect/m);
    expect(table.out.split('\n').filter((l) => /^[PK] /.test(l))).toHaveLength(4);
  });

  it('the exit code is the first failed venue’s in the order of --source', async () => {
    // Kalshi answers 429 (exit 3), Polymarket refuses the connection (exit 7)
    const busy = await startTestServer();
    busy.handle((_req, res) => json(res, 429, { error: { code: 'too_many_requests' } }, { 'retry-after': '30' }));
    try {
      const two = (order: string) =>
        run([
          'markets',
          '--source',
          order,
          '--base-url',
          `kalshi=${busy.url}/trade-api/v2`,
          '--base-url',
          `polymarket=${replays.down}`,
          '--json',
        ]);
      const a = await two('kalshi,polymarket');
      const b = await two('polymarket,kalshi');
      valid(JSON.parse(a.out));
      const codes = (JSON.parse(a.out) as Doc).venues.map((v) => (v.error as { code: string; exit: number }).code);
      expect(codes).toEqual(['RATE_LIMITED', 'UNAVAILABLE']);
      expect([a.code, b.code]).toEqual([3, 7]);
    } finally {
      await busy.close();
    }
  });

  it('the table: a V column with each row’s venue letter, within 80 columns; none with one venue', async () => {
    const r = await run(['markets', '--source', 'all', ...baseUrls(), '--limit', '3']);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^V STATUS +ID +LEADING +PRICE +TITLE$/);
    expect(lines.slice(1).map((l) => l[0])).toEqual(['P', 'P', 'P', 'K', 'K', 'K', 'M', 'M', 'M']);
    expect(Math.max(...lines.map((l) => displayWidth(l)))).toBeLessThanOrEqual(80);
    const one = await run(['markets', '--source', 'kalshi', '--base-url', url.kalshi, '--limit', '3']);
    expect(one.out).toMatch(/^STATUS +ID/);
  });

  it('a search on Kalshi says on stderr that it looks through its first events only, as the board does', async () => {
    const scope =
      'oddsboard: Kalshi has no text search: the words are looked for in the titles and tickers of its ' +
      'first 1,000 events\n';
    const one = await run(['markets', '--source', 'kalshi', '--base-url', url.kalshi, '--query', 'fed', '--json']);
    expect({ code: one.code, err: one.err }).toEqual({ code: 0, err: scope });
    const both = await run(['markets', '--source', 'kalshi,polymarket,manifold', ...baseUrls(), '--query', 'fed']);
    expect({ code: both.code, err: both.err }).toEqual({ code: 0, err: scope });
    // Polymarket searches its whole list: nothing to add
    const poly = await run(['markets', '--source', 'polymarket', '--base-url', url.polymarket, '--query', 'fed']);
    expect(poly.err).toBe('');
  });

  // `--query ""` (a script's empty variable) or one of control characters only, cleaned to nothing before it is sent,
  // printed Kalshi's search scope and was asked as a search of nothing; now it is as no query: the list, said nothing
  it.each([[''], ['\x1b[31m\x07 ']])('--query %j is as no query: the list, nothing said', async (query) => {
    const argv = ['markets', '--source', 'all', ...baseUrls(), '--limit', '3', '--json'];
    const plain = JSON.parse((await run(argv)).out) as Doc;
    const r = await run([...argv, '--query', query]);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    expect((JSON.parse(r.out) as Doc).data.map((m) => m.id)).toEqual(plain.data.map((m) => m.id));
  });

  // without --status Kalshi and Manifold were asked for every status: `oddsboard markets --source kalshi` listed
  // CLOSED and RESOLVED markets, unlike the dashboard's default view (status active) and unlike the docs
  it.each(['kalshi', 'manifold', 'all'] as const)(
    '--source %s without --status lists what --status active does',
    async (s) => {
      const at = s === 'all' ? baseUrls() : ['--base-url', url[s]];
      const argv = ['markets', '--source', s, ...at, '--limit', '40', '--json'];
      const active = JSON.parse((await run([...argv, '--status', 'active'])).out) as Doc;
      const r = await run(argv);
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.out) as Doc;
      expect(doc.data.map((m) => `${m.venue}:${m.id}`)).toEqual(active.data.map((m) => `${m.venue}:${m.id}`));
      expect(doc.data.length).toBeGreaterThan(0);
    },
  );

  it('one venue: the document keeps source, and venues names it', async () => {
    const r = await run(['markets', '--source', 'kalshi', '--base-url', url.kalshi, '--limit', '2', '--json']);
    const doc = JSON.parse(r.out) as Doc;
    valid(doc);
    expect(doc.source).toMatchObject({ service: 'kalshi' });
    expect(doc.venues).toEqual([expect.objectContaining({ venue: 'kalshi', count: 2 })]);
    expect(doc.data.every((m) => m.venue === 'kalshi')).toBe(true);
  });

  it('a flag one venue cannot honour is a usage error naming it, before anything is sent', async () => {
    for (const [flags, said] of [
      // each says what to do: it named the venue and what it cannot do, and no way on
      [['--sort', 'closing'], /Kalshi sorts nothing server-side .*; leave out --sort, or ask Kalshi on its own$/m],
      [
        ['--status', 'all'],
        /Polymarket has no status filter "all" .*; leave out --status, or ask Polymarket on its own/,
      ],
      [['--category', 'Politics'], /--category names one venue's grouping/],
    ] as const) {
      const r = await run(['markets', '--source', 'all', ...baseUrls(), ...flags]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(said);
      expect(r.out).toBe('');
      expect(existsSync(join(r.stateHome, 'oddsboard'))).toBe(false); // no ledger touched: nothing was sent
    }
    // what every venue can do is sent to each
    const ok = await run(['markets', '--source', 'all', ...baseUrls(), '--status', 'active', '--limit', '1', '--json']);
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.out) as Doc).data).toHaveLength(3);
  });
});
