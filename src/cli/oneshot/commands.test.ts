import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY, oneShotService, root, schema, valid, validate } from '../../../test/support/oneShot.js';
import { startTestServer } from '../../../test/support/testServer.js';
import { startServer } from '../../server/listen.js';
import { encodeWatchlist } from '../../watch/codec.js';

/**
 * The one-shot commands against the reference service over loopback HTTP, as a
 * script uses them: the --json output checked against docs/schema.json, the
 * table's width, and the exit code of every kind of failure (the shared rate
 * budget and an interrupted wait: commands.budget.test.ts).
 */
const service = oneShotService();
const { run, visible } = service;

describe('--json output follows docs/schema.json', () => {
  it('the schema refuses what a consumer could not rely on', () => {
    const market = {
      venue: 'public',
      id: 'm',
      title: 'T',
      category: null,
      status: 'active',
      rawStatus: 'open',
      outcomes: [{ id: null, name: 'Yes', price: 0.5 }],
      volume: 1,
      liquidity: null,
      closesAt: '2026-01-01T00:00:00.000Z',
      updatedAt: null,
      resolvedOutcome: null,
      eventId: null,
    };
    expect(validate(market, 'market')).toEqual([]);
    const { rawStatus: _dropped, ...missing } = market;
    for (const bad of [
      missing,
      { ...market, status: 'open' },
      { ...market, outcomes: [{ id: null, name: 'Yes', price: 1.5 }] },
      { ...market, closesAt: '1 Jan' },
      { ...market, extra: 1 },
      { ...market, venue: 'nasdaq' },
    ]) {
      expect(validate(bad, 'market')).not.toEqual([]);
    }
    expect(
      validate({
        oddsboard: 1,
        command: 'market',
        source: { mode: 'key', baseUrl: 'x' },
        fetchedAt: '2026-01-01T00:00:00Z',
        data: [market],
      }),
    ).not.toEqual([]);
    expect(validate({ oddsboard: 1, error: { code: 'NOT_FOUND', exit: 4, message: 'gone' } })).toEqual([]);
  });

  it('docs/commands.md documents every field and error code of the schema', () => {
    const doc = readFileSync(join(root, 'docs/commands.md'), 'utf8');
    const defs = schema.$defs as Record<
      string,
      { properties?: Record<string, unknown>; oneOf?: { properties: Record<string, unknown> }[] }
    >;
    const errorProps = defs.error!.properties as Record<string, { enum?: unknown[] }>;
    for (const def of ['market', 'outcome', 'event', 'quote', 'document', 'errorDocument'])
      for (const field of Object.keys(defs[def]!.properties!)) expect(doc).toContain(`\`${field}\``);
    for (const shape of defs.venueResult!.oneOf!)
      for (const field of Object.keys(shape.properties)) expect(doc).toContain(`"${field}"`);
    for (const field of Object.keys(errorProps)) expect(doc).toContain(`\`${field}\``);
    for (const code of errorProps.code!.enum!) expect(doc).toContain(`\`${String(code)}\``);
  });

  it('markets: normalized markets with status, the source word, prices in 0..1 and ISO times', async () => {
    const r = await run(['markets', '--json', '--limit', '5', '--sort', 'closing']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    valid(doc);
    expect(doc).toMatchObject({ oddsboard: 1, command: 'markets', source: { mode: 'key', baseUrl: service.srv.url } });
    expect(doc.data).toHaveLength(5);
    expect(doc.data[0]).toMatchObject({ status: 'active', rawStatus: 'active' });
    expect(r.out + r.err).not.toContain(KEY);
  });

  it('market, event, events and quote', async () => {
    const m = visible('active');
    const market = await run(['market', m.id, '--json']);
    expect(market.code).toBe(0);
    valid(JSON.parse(market.out));
    expect(JSON.parse(market.out).data.id).toBe(m.id);

    const events = await run(['events', '--json', '--limit', '3']);
    valid(JSON.parse(events.out));
    const first = JSON.parse(events.out).data[0];
    const event = await run(['event', first.id, '--json']);
    valid(JSON.parse(event.out));
    expect(JSON.parse(event.out).data.markets.length).toBeGreaterThan(0);

    const outcome = m.outcomes[0]!.name;
    const quote = await run(['quote', m.id, '--outcome', outcome, '--amount', '25', '--action', 'sell', '--json']);
    expect(quote.code).toBe(0);
    const q = JSON.parse(quote.out);
    valid(q);
    expect(q.data).toMatchObject({ marketId: m.id, outcome, action: 'sell', amount: 25 });
  });

  it('watch: the watchlist in its order, a market that answers 404 left out; none without a file', async () => {
    const [a, b] = service.srv.sim.markets().filter((m) => m.status === 'active' && service.srv.sim.isVisible(m));
    const stateHome = mkdtempSync(join(tmpdir(), 'oddsboard-watch-'));
    const watchlist = {
      ids: [b!.id, 'no-such-market', a!.id],
      byId: {} as Record<string, { id: string; addedAt: number }>,
    };
    for (const id of watchlist.ids) watchlist.byId[id] = { id, addedAt: 1 };
    mkdirSync(join(stateHome, 'oddsboard'), { recursive: true });
    writeFileSync(join(stateHome, 'oddsboard', 'watchlist.json'), encodeWatchlist(watchlist));
    const r = await run(['watch', '--json'], { stateHome });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    valid(doc);
    expect(doc.command).toBe('watch');
    expect(doc.data.map((m: { id: string }) => m.id)).toEqual([b!.id, a!.id]);
    const none = await run(['watch', '--json']);
    expect(JSON.parse(none.out).data).toEqual([]);
    // the table says what to do, not "No markets match." (there is no filter)
    expect((await run(['watch'])).out).toBe('No watched market to show: w on a market in the dashboard watches it.\n');
    writeFileSync(join(stateHome, 'oddsboard', 'watchlist.json'), '{ broken');
    const broken = await run(['watch'], { stateHome });
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/watchlist\.json is not a watchlist oddsboard can read/);
    // XDG_STATE_HOME a file: 'No watched market to show', exit 0, as if nothing were watched
    const file = join(stateHome, 'a-file');
    writeFileSync(file, 'x');
    const blocked = await run(['watch'], { env: { XDG_STATE_HOME: file } });
    expect([blocked.code, blocked.out]).toEqual([2, '']);
    expect(blocked.err).toBe(
      `oddsboard watch: ${join(file, 'oddsboard', 'watchlist.json')} cannot be read: ${file} is a file in the ` +
        'place of a directory: move it away\n',
    );
  });

  it('--ndjson: one market a line', async () => {
    const r = await run(['markets', '--ndjson', '--limit', '4']);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) valid(JSON.parse(line), 'market');
  });

  it('--all pages with offset until a short page, each market once', async () => {
    const c = await run(['markets', '--all', '--status', 'all', '--json']);
    expect(c.code).toBe(0);
    expect(c.err).toBe(''); // the clock stands still: the order did not move, nothing to say (allPages.test.ts)
    const doc = JSON.parse(c.out);
    valid(doc);
    const ids = doc.data.map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(service.srv.sim.markets().filter((m) => service.srv.sim.isVisible(m)).length);
    expect(ids.length).toBeGreaterThan(100); // more than one page
  });
});

describe('exit codes', () => {
  it.each([
    ['404', () => ['market', 'mkt-does-not-exist'], 4, 'NOT_FOUND'],
    [
      '409',
      () => ['quote', visible('closed').id, '--outcome', visible('closed').outcomes[0]!.name, '--amount', '5'],
      5,
      'MARKET_CLOSED',
    ],
    [
      '423',
      () => ['quote', visible('settling').id, '--outcome', visible('settling').outcomes[0]!.name, '--amount', '5'],
      5,
      'MARKET_SETTLING',
    ],
    [
      '410',
      () => ['quote', visible('resolved').id, '--outcome', visible('resolved').outcomes[0]!.name, '--amount', '5'],
      5,
      'MARKET_RESOLVED',
    ],
  ] as const)('%s', async (_status, argv, exit, code) => {
    const plain = await run([...argv()]);
    expect(plain.code).toBe(exit);
    expect(plain.out).toBe('');
    expect(plain.err).toMatch(/^oddsboard \w+: .+\n$/m);
    const json = await run([...argv(), '--json']);
    expect(json.code).toBe(exit);
    const doc = JSON.parse(json.out);
    valid(doc);
    expect(doc.error).toMatchObject({ code, exit, status: Number(_status) });
  });

  it('401: the key was rejected', async () => {
    const r = await run(['markets', '--json'], { env: { ODDSBOARD_API_KEY: 'sk_wrong_0000000000' } });
    expect(r.code).toBe(6);
    valid(JSON.parse(r.out));
    expect(JSON.parse(r.out).error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(r.out + r.err).not.toContain('sk_wrong_0000000000');
  });

  it('429: the wait in the message and in error.retryAfterMs', async () => {
    const tight = await startServer({ seed: 3, keys: [KEY], limits: { key: 1 } });
    try {
      const env = { ODDSBOARD_BASE_URL: tight.url };
      expect((await run(['markets', '--limit', '1'], { env })).code).toBe(0);
      const r = await run(['markets', '--json'], { env });
      expect(r.code).toBe(3);
      const doc = JSON.parse(r.out);
      valid(doc);
      expect(doc.error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect(doc.error.retryAfterMs).toBeGreaterThan(0);
      expect(doc.error.message).toMatch(/\(retry in \d+s\)$/);
    } finally {
      await tight.close();
    }
  });

  it('7: connection refused, and an answer that is not the interface', async () => {
    const gone = await startTestServer();
    const url = gone.url;
    await gone.close();
    const refused = await run(['markets', '--json'], { env: { ODDSBOARD_BASE_URL: url } });
    expect(refused.code).toBe(7);
    expect(JSON.parse(refused.out).error).toMatchObject({ code: 'UNAVAILABLE' });
    const html = await startTestServer();
    html.handle((_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>'));
    try {
      const r = await run(['market', 'm1'], { env: { ODDSBOARD_BASE_URL: html.url } });
      expect(r.code).toBe(7);
      expect(r.err).toMatch(/not with JSON/);
    } finally {
      await html.close();
    }
  });

  it('2: usage, also as a JSON error with --json; nothing is sent', async () => {
    for (const argv of [
      ['markets', '--limit', '0', '--json'],
      ['market', '--json'],
      ['quote', 'm1', '--outcome', 'Yes', '--amount', '1e-20', '--json'],
      ['markets', '--bogus', '--json'],
      // a flag one of several venues cannot honour (venues.test.ts has the rest of the several-venue answers)
      ['markets', '--source', 'kalshi,polymarket', '--sort', 'closing', '--json'],
      // any form of --json asked: `--json=1` gave its usage error ("--json takes no value") as text on stderr
      ['markets', '--json=1'],
      ['markets', '--ndjson=true'],
      ['pairs', '--json=1'],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      const doc = JSON.parse(r.out);
      valid(doc);
      expect(doc.error.code).toBe('USAGE');
      expect(existsSync(join(r.stateHome, 'oddsboard'))).toBe(false); // no ledger touched: nothing was sent
    }
    const plain = await run(['quote', 'm1', '--amount', '5']);
    expect(plain.code).toBe(2);
    expect(plain.err).toMatch(/needs --outcome/);
    // an empty --outcome said "--outcome: choose an outcome", neither what is accepted nor which outcomes there are
    const m = visible('active');
    const names = m.outcomes.map((o) => o.name).join(', ');
    expect(await run(['quote', m.id, '--outcome', ' ', '--amount', '1'])).toMatchObject({
      code: 2,
      err: `oddsboard quote: --outcome: give an outcome of the market by name or id, one of: ${names}\n`,
    });
    // after the flag's name as the CLI's own messages read (it was "--amount: Amount must be greater than 0")
    const said = async (more: string[]) => (await run(['quote', 'm1', '--outcome', 'Yes', ...more])).err;
    expect(await said(['--amount', '0'])).toBe('oddsboard quote: --amount: amount must be greater than 0\n');
    expect(await said(['--amount', '5', '--action', 'hold'])).toBe(
      'oddsboard quote: --action: action must be "buy" or "sell"\n',
    );
  });

  it('0: a wallet or username that is not one never stops a command that reads no positions', async () => {
    const env = { ODDSBOARD_POLYMARKET_WALLET: '0xnotawallet', ODDSBOARD_MANIFOLD_USER: 'not a name' };
    const r = await run(['markets', '--limit', '1', '--json'], { env });
    expect(r.code, r.err).toBe(0); // was 2: "ODDSBOARD_POLYMARKET_WALLET: a Polymarket wallet is 0x followed by …"
    valid(JSON.parse(r.out));
  });

  it('every command answers --help with its flags (exit 0)', async () => {
    for (const name of ['markets', 'market', 'quote', 'events', 'event']) {
      const r = await run([name, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^Usage: oddsboard ${name}`));
      expect(r.out).toMatch(/--json/);
    }
  });
});
