import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { valid } from '../../../test/support/oneShot.js';
import { json, startTestServer } from '../../../test/support/testServer.js';
import { venueReplays, type VenueDoc, type VenueItem } from '../../../test/support/venueReplays.js';

/**
 * The one-shot commands about one thing over several venues (docs/commands.md "Several venues"), and events over
 * them, against the three platforms' recordings replayed on loopback: the id names its venue, a failure names it, a
 * usage error none.
 */
const replays = venueReplays();
const { url, baseUrls, run } = replays;
type Item = VenueItem;
type Doc = VenueDoc;

describe('events over several venues; one thing by venue:id', () => {
  it('events --source all: Manifold (no events) left out, said; the others’ events name their venue', async () => {
    const r = await run(['events', '--source', 'all', ...baseUrls(), '--limit', '2', '--json']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('oddsboard events: Manifold has no events; left out\n');
    const doc = JSON.parse(r.out) as Doc & { data: Array<Item & { markets: Item[] }> };
    valid(doc);
    expect(doc.venues.map((v) => [v.venue, v.count ?? v.skipped])).toEqual([
      ['polymarket', 2],
      ['kalshi', 2],
      ['manifold', 'Manifold has no events'],
    ]);
    for (const e of doc.data) for (const m of e.markets) expect(m.venue).toBe(e.venue);
  });

  it('a venue with no events asked alone is refused before it is opened: no budget spent, nothing asked', async () => {
    for (const argv of [
      ['events', '--source', 'manifold', '--base-url', url.manifold],
      ['event', 'some-slug', '--source', 'manifold', '--base-url', url.manifold],
      ['event', 'manifold:some-slug', '--source', 'all', ...baseUrls()],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      const said = 'Manifold has no events (its markets stand alone: oddsboard markets)';
      expect(r.err).toBe(`oddsboard ${argv[0]}: ${said}\n`);
      // the venue's rate ledger is never opened (a refusal spent a slot of it, and waited when it was full)
      expect(existsSync(join(r.stateHome, 'oddsboard'))).toBe(false);
    }
  });

  it('market/quote/event: the id names its venue; a bare id with several sources is a usage error', async () => {
    const m = await run(['market', 'kalshi:KXELONMARS-99', '--source', 'all', ...baseUrls(), '--json']);
    expect(m.code).toBe(0);
    const doc = JSON.parse(m.out) as { source: unknown; data: Item };
    valid(doc);
    expect(doc.source).toMatchObject({ service: 'kalshi' });
    expect(doc.data).toMatchObject({ venue: 'kalshi', id: 'KXELONMARS-99' });

    const q = await run([
      'quote',
      'polymarket:2252243',
      '--outcome',
      'Yes',
      '--amount',
      '100',
      '--source',
      'all',
      ...baseUrls(),
      '--json',
    ]);
    expect(q.code).toBe(0);
    valid(JSON.parse(q.out));
    expect(JSON.parse(q.out).data).toMatchObject({ venue: 'polymarket', basis: 'book' });

    // only Kalshi of these two has events: a bare id is unambiguous
    const e = await run([
      'event',
      'KXNEWPOPE-70',
      '--source',
      'kalshi,manifold',
      ...baseUrls().slice(0, 2),
      '--base-url',
      `manifold=${url.manifold}`,
      '--json',
    ]);
    expect(e.code).toBe(0);
    expect(JSON.parse(e.out).data).toMatchObject({ venue: 'kalshi', id: 'KXNEWPOPE-70' });

    // a bare word only one venue reads (a Kalshi ticker's shape, src/links/parse.ts) is that venue's; one several read
    // (a lower-case slug) is a usage error asking for its venue
    const ticker = await run(['market', 'KXELONMARS-99', '--source', 'all', ...baseUrls(), '--json']);
    expect(ticker.code).toBe(0);
    expect(JSON.parse(ticker.out).data).toMatchObject({ venue: 'kalshi', id: 'KXELONMARS-99' });
    const bare = await run(['market', 'fed-decision-in-september-762', '--source', 'all', ...baseUrls()]);
    expect(bare.code).toBe(2);
    // the venues that could read it, not always Polymarket
    // not Kalshi: a title slug has no ticker's shape (src/links/parse.ts, KALSHI_LOWER)
    expect(bare.err).toMatch(
      /the id names its venue: polymarket:fed-decision-in-september-762 or manifold:fed-decision-in-september-762\n$/,
    );
    const manifoldId = await run(['market', '73y2fs1i7b', '--source', 'all', ...baseUrls()]);
    expect(manifoldId.code).toBe(2);
    expect(manifoldId.err).toMatch(/its venue: polymarket:73y2fs1i7b or manifold:73y2fs1i7b\n$/);
    const event = await run(['event', 'fed-decision-in-september-762', '--source', 'all', ...baseUrls()]);
    // event: Manifold has no events and Kalshi cannot read a title slug: Polymarket's alone, asked there
    expect(event.err).not.toMatch(/names its venue/);
    expect(event.code).toBe(0);
    expect(event.out).toMatch(/^Fed Decision in September\?\n/);
    const elsewhere = await run(['market', 'manifold:x', '--source', 'kalshi', '--base-url', url.kalshi, '--json']);
    expect(elsewhere.code).toBe(2);
    // what to do, as for an address of a venue not among the sources (it said only what was wrong)
    expect(JSON.parse(elsewhere.out).error.message).toBe(
      'the id names manifold, which is not among the sources (--source kalshi): add --source manifold',
    );
  });
});

describe('a one-thing command’s failure names its venue; a usage error none', () => {
  it('with several sources, market names the venue that failed on stderr and in the JSON error', async () => {
    const argv = ['market', 'kalshi:KXELONMARS-99', '--source', 'all', ...baseUrls({ kalshi: replays.down })];
    const table = await run(argv);
    expect(table.code).toBe(7);
    expect(table.err).toMatch(/^oddsboard market: Kalshi: Could not connect/m);
    const json = await run([...argv, '--json']);
    expect(json.code).toBe(7);
    const doc = JSON.parse(json.out) as Record<string, unknown>;
    valid(doc);
    expect(doc).toMatchObject({ venue: 'kalshi', error: { code: 'UNAVAILABLE', exit: 7 } });
    // one source: the venue is the one asked, its name not repeated
    const one = await run(['market', 'KXELONMARS-99', '--source', 'kalshi', '--base-url', replays.down]);
    expect(one.code).toBe(7);
    expect(one.err).toMatch(/^oddsboard market: Could not connect/m);
  });

  it('a usage error found without an answer has no venue; a venue’s 400 keeps its', async () => {
    for (const form of ['--json', '--ndjson']) {
      const r = await run(['events', '--source', 'manifold', '--base-url', url.manifold, form]);
      expect(r.code).toBe(2);
      const doc = JSON.parse(r.out) as Record<string, unknown>;
      valid(doc, 'errorDocument');
      expect(doc).toEqual({ oddsboard: 1, error: expect.objectContaining({ code: 'USAGE', exit: 2 }) });
    }
    // an event of three markets asked with `market`: a usage error after Kalshi answered, still none
    const many = await run(['market', 'kalshi:KXNEWPOPE-70', '--source', 'all', ...baseUrls(), '--json']);
    expect(many.code).toBe(2);
    expect(JSON.parse(many.out)).toEqual({ oddsboard: 1, error: expect.objectContaining({ code: 'USAGE' }) });
    const refusing = await startTestServer();
    refusing.handle((_req, res) => json(res, 400, { error: { code: 'bad_request', message: 'bad ticker' } }));
    try {
      const r = await run(['markets', '--source', 'kalshi', '--base-url', `${refusing.url}/trade-api/v2`, '--json']);
      expect(r.code).toBe(2);
      expect(JSON.parse(r.out)).toMatchObject({ venue: 'kalshi', error: { code: 'USAGE', status: 400 } });
    } finally {
      await refusing.close();
    }
  });
});
