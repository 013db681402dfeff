/**
 * `oddsboard positions` on each platform against its replay over loopback: the recorded positions in the schema
 * (ajv strict), the usage errors that name what is missing, and — Kalshi — the private key never in any output.
 */
import { filesUnder, kalshiPortfolioDir } from '../../../test/support/kalshiPortfolio.js';
import { polymarketJoinDir } from '../../../test/support/polymarketJoin.js';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, valid } from '../../../test/support/oneShot.js';
import { positionsOneShot } from '../../../test/support/positionsOneShot.js';
import { EMPTY_PAPER, keepPaper } from '../../positions/paper.js';
import { savePaper } from '../../positions/paperFile.js';
import { OURS_BET } from '../../../test/support/manifoldReplay.js';

const { tmp, replay, run } = positionsOneShot();

const RN1 = '0x2005d16a84ceefa912d4e380cd32e7ff827875ea';
const KEYS = join(root, 'test/fixtures/kalshi-portfolio');
const PRIVATE_PEM = readFileSync(join(KEYS, 'TEST-ONLY-kalshi-private-key.pem'), 'utf8');

describe('oddsboard positions', () => {
  it('Polymarket: the recorded position in the schema; --base-url alone serves the Data API too', async () => {
    const url = await replay('polymarket', join(root, 'test/fixtures/real/polymarket'));
    const r = await run(['--source', 'polymarket', '--base-url', url, '--polymarket-wallet', RN1, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { venues: unknown[]; data: Record<string, unknown> };
    valid(doc);
    expect(doc.venues).toMatchObject([{ venue: 'polymarket', count: 1 }]);
    expect(doc.data.accounts).toMatchObject([
      { venue: 'polymarket', currency: 'USDC', identity: RN1, reportedValue: 517349.941 },
    ]);
    expect(doc.data.positions).toMatchObject([
      { ref: 'polymarket:0xa9a9acb457b3567dd8d1cacaa400ae6aec8e63f858a4560afdb612161e43e57c', pnl: -54974.2533 },
    ]);
    // the wallet from the environment, and the table
    const t = await run(['--source', 'polymarket', '--base-url', url], { ODDSBOARD_POLYMARKET_WALLET: RN1 });
    expect(t.code).toBe(0);
    expect(t.out).toContain('Nuggets');
    expect(t.out).toContain('58,944.97 USDC');
    expect(t.out).toContain('Total USDC: value 58,944.97 USDC · cost 113,919.22 USDC · P&L −54,974.25 USDC');
  });

  it('Polymarket: a position is keyed by the Gamma id of its market, looked up by its conditionId', async () => {
    const dir = polymarketJoinDir('positions-join');
    const url = await replay('polymarket', dir);
    const r = await run(['--source', 'polymarket', '--base-url', url, '--polymarket-wallet', RN1, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { data: { positions: Array<Record<string, unknown>> } };
    valid(doc);
    // the Data API's own figures, under the id the board, `market` and the watchlist know the market by
    expect(doc.data.positions).toMatchObject([{ ref: 'polymarket:2774056', marketId: '2774056', pnl: -54974.2533 }]);
  });

  it('Kalshi: signed requests verify against the replay; the key never appears in any output or file', async () => {
    const dir = join(tmp, 'kalshi');
    cpSync(join(root, 'test/fixtures/real/kalshi'), dir, { recursive: true });
    for (const f of ['portfolio-positions.json', 'portfolio-balance.json', 'kalshi-test-public-key.pem'])
      cpSync(join(KEYS, f), join(dir, 'portfolio', f));
    const keyPath = join(tmp, 'kalshi.key');
    writeFileSync(keyPath, PRIVATE_PEM);
    chmodSync(keyPath, 0o644);
    const url = await replay('kalshi', dir);
    const env = { KALSHI_API_KEY_ID: 'test-key-id', KALSHI_PRIVATE_KEY_PATH: keyPath };
    const r = await run(['--source', 'kalshi', '--base-url', url, '--json'], env);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as {
      data: { positions: unknown[]; accounts: Array<{ balance: number }>; totals: unknown[] };
    };
    valid(doc);
    expect(doc.data.positions).toHaveLength(3);
    expect(doc.data.accounts[0]!.balance).toBe(412.5);
    expect(doc.data.totals).toEqual([
      { currency: 'USD', value: 18, cost: 13.9, pnl: 4.1, realized: 0.25, unpriced: 0, count: 3 },
    ]);
    expect(r.err).toContain(`KALSHI_PRIVATE_KEY_PATH ${keyPath} can be read by other users (mode 644)`);
    // the key in the environment as text, the table, a refused key: never a line of it anywhere
    const t = await run(['--source', 'kalshi', '--base-url', url], {
      KALSHI_API_KEY_ID: 'test-key-id',
      KALSHI_PRIVATE_KEY: PRIVATE_PEM,
    });
    expect(t.code).toBe(0);
    const bad = await run(['--source', 'kalshi', '--base-url', url, '--json'], {
      KALSHI_API_KEY_ID: 'test-key-id',
      KALSHI_PRIVATE_KEY: PRIVATE_PEM.slice(0, 300),
    });
    expect(bad.code).toBe(2);
    const lines = PRIVATE_PEM.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----'));
    const written = [r, t, bad].flatMap((x) => [x.out, x.err, ...filesUnder(x.stateHome)]);
    for (const text of written) for (const l of lines) expect(text).not.toContain(l.slice(0, 24));
  });

  it('Manifold: by username', async () => {
    const dir = join(tmp, 'manifold');
    cpSync(join(root, 'test/fixtures/real/manifold'), dir, { recursive: true });
    mkdirSync(join(dir, 'bets'), { recursive: true });
    // OURS: the one bet that names the market (no recorded bet of this user; readers.manifold.test.ts)
    writeFileSync(join(dir, 'bets', 'ours-bet-LucasGoldfein56b1.json'), JSON.stringify([OURS_BET]));
    const url = await replay('manifold', dir);
    const r = await run(['--source', 'manifold', '--base-url', url, '--manifold-user', 'LucasGoldfein56b1', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { data: { positions: Array<Record<string, unknown>> } };
    valid(doc);
    expect(doc.data.positions[0]).toMatchObject({ currency: 'mana', outcome: 'No', cost: 15, state: 'open' });
  });

  it('paper positions kept in the dashboard are listed with the venue, valued against their markets', async () => {
    const url = await replay('polymarket', join(root, 'test/fixtures/real/polymarket'));
    const stateHome = mkdtempSync(join(tmp, 'state-'));
    const book = keepPaper(EMPTY_PAPER, {
      // the recorded Gamma market 2252243 (the Fed event; sources.test.ts previews a buy on it)
      ref: { venue: 'polymarket', id: '2252243' },
      title: 'kept title',
      outcome: 'Yes',
      currency: 'USDC',
      quote: { action: 'buy', shares: 100, averagePrice: 0.2, fee: 0.5, total: 20.5, raw: {} },
      at: Date.parse('2026-08-22T15:00:00Z'),
    });
    if ('problem' in book) throw new Error(book.problem);
    savePaper(join(stateHome, 'oddsboard'), book.book);
    // no wallet: the paper positions alone, and a line saying why
    const r = await run(['--source', 'polymarket', '--base-url', url, '--json'], {}, stateHome);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/showing the paper positions only/);
    const doc = JSON.parse(r.out) as { data: { positions: Array<Record<string, unknown>> } };
    valid(doc);
    expect(doc.data.positions).toHaveLength(1);
    expect(doc.data.positions[0]).toMatchObject({ ref: 'polymarket:2252243', paper: true, shares: 100, cost: 20.5 });
    expect(doc.data.positions[0]!.title).not.toBe('kept title'); // the market's own title, as fetched
    // with the wallet: the venue's positions, then the paper ones
    const both = await run(
      ['--source', 'polymarket', '--base-url', url, '--polymarket-wallet', RN1, '--json'],
      {},
      stateHome,
    );
    const all = (JSON.parse(both.out) as { data: { positions: Array<{ paper: boolean }> } }).data.positions;
    expect(all.map((p) => p.paper)).toEqual([false, true]);
    // an entry that cannot be understood: left out and said (it was dropped without a word), the file left as it is
    const file = join(stateHome, 'oddsboard', 'paper.json');
    const text = readFileSync(file, 'utf8');
    const doc2 = JSON.parse(text) as { positions: unknown[] };
    doc2.positions.push({ market: 'polymarket:2252243', outcome: 'No', currency: 'USDC', trades: [{ shares: 'abc' }] });
    writeFileSync(file, JSON.stringify(doc2));
    const broken = await run(['--source', 'polymarket', '--base-url', url], {}, stateHome);
    expect(broken.code).toBe(0);
    expect(broken.err).toContain(`${file}: 1 paper position could not be understood and is left out`);
    expect(broken.out).toContain('PAPER');
    expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(doc2));
  });

  it('what is missing is named; exit 2', async () => {
    const p = await run(['--source', 'polymarket', '--json']);
    expect(p.code).toBe(2);
    expect(JSON.parse(p.out)).toMatchObject({
      error: { code: 'USAGE', message: expect.stringMatching(/--polymarket-wallet/) },
    });
    const k = await run(['--source', 'kalshi']);
    expect(k.code).toBe(2);
    expect(k.err).toMatch(/KALSHI_API_KEY_ID and KALSHI_PRIVATE_KEY_PATH/);
    const w = await run(['--source', 'polymarket', '--polymarket-wallet', '0x12']);
    expect(w.err).toMatch(/0x followed by 40 hex digits/);
    const m = await run(['--source', 'manifold', '--manifold-user', 'a b']);
    expect(m.code).toBe(2);
  });

  it('a paper file that cannot be read is not "no paper positions kept yet"', async () => {
    const state = join(tmp, 'broken-paper');
    mkdirSync(join(state, 'oddsboard'), { recursive: true });
    writeFileSync(join(state, 'oddsboard', 'paper.json'), '[1,2');
    const r = await run([], {}, state);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/paper\.json: not JSON; paper positions left out/);
    expect(r.err).toMatch(/no paper positions read: paper\.json could not be read \(above\); fix it/);
    expect(r.err).not.toMatch(/kept yet/);
  });

  it('a wallet that is not one, for a venue not asked: said to be ignored, the others listed, exit 0', async () => {
    const url = await replay('polymarket', join(root, 'test/fixtures/real/polymarket'));
    const argv = ['--source', 'polymarket', '--base-url', url, '--polymarket-wallet', RN1, '--manifold-user', 'a b'];
    const r = await run(argv, { ODDSBOARD_MANIFOLD_USER: 'LucasGoldfein56b1' });
    expect(r.code, r.err).toBe(0); // was 2: a Manifold username stopped Polymarket's positions
    expect(r.err).toMatch(
      /--manifold-user: a Manifold username .*; ignored: Manifold is not among --source polymarket/,
    );
    expect(r.out).toContain('Nuggets');
  });

  it('several venues: each its identity, totals per currency, one without identity left out, one failing', async () => {
    const poly = await replay('polymarket', join(root, 'test/fixtures/real/polymarket'));
    const kalshi = await replay('kalshi', kalshiPortfolioDir('positions-several').dir);
    const keyFile = kalshiPortfolioDir('positions-several-key').keyFile;
    const where = ['--base-url', `polymarket=${poly}`, '--base-url', `kalshi=${kalshi}`];
    const env = { KALSHI_API_KEY_ID: 'test-key-id', KALSHI_PRIVATE_KEY_PATH: keyFile };
    const r = await run(['--source', 'all', ...where, '--polymarket-wallet', RN1, '--json'], env);
    expect(r.code).toBe(0);
    // Manifold has no username: one line says what it needs, and the others are read
    expect(r.err).toBe(
      'oddsboard positions: Manifold positions need a username: --manifold-user NAME, ODDSBOARD_MANIFOLD_USER, or ' +
        '"manifoldUser" in the config file; left out\n',
    );
    const doc = JSON.parse(r.out) as {
      source?: unknown;
      venues: unknown[];
      data: { positions: Array<{ venue: string }>; totals: unknown[]; accounts: unknown[] };
    };
    valid(doc);
    expect(doc.source).toBeUndefined();
    expect(doc.venues).toMatchObject([
      { venue: 'polymarket', count: 1 },
      { venue: 'kalshi', count: 3 },
      { venue: 'manifold', skipped: expect.stringMatching(/--manifold-user/) },
    ]);
    expect(doc.data.positions.map((p) => p.venue)).toEqual(['polymarket', 'kalshi', 'kalshi', 'kalshi']);
    // USDC and USD side by side, never added: the Polymarket figures of the first test, Kalshi's of the second
    expect(doc.data.totals).toEqual([
      { currency: 'USDC', value: 58944.9677, cost: 113919.221, pnl: -54974.2533, realized: 0, unpriced: 0, count: 1 },
      { currency: 'USD', value: 18, cost: 13.9, pnl: 4.1, realized: 0.25, unpriced: 0, count: 3 },
    ]);
    expect(doc.data.accounts).toMatchObject([
      { venue: 'polymarket', identity: RN1, currency: 'USDC' },
      { venue: 'kalshi', identity: 'test-key-id', currency: 'USD', balance: 412.5 },
    ]);

    // the table: each venue's, then every venue's totals per currency
    const t = await run(['--source', 'polymarket,kalshi', ...where, '--polymarket-wallet', RN1], env);
    expect(t.code).toBe(0);
    expect(t.out).toMatch(
      /Positions · Polymarket[^]*Positions · Kalshi[^]*All venues\nTotal USDC: [^\n]*\nTotal USD: /,
    );

    // Kalshi refuses the signature of another key: Kalshi named with its error, Polymarket's position kept
    const other = join(tmp, 'other.key');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(other, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const refused = { KALSHI_API_KEY_ID: 'test-key-id', KALSHI_PRIVATE_KEY_PATH: other };
    const f = await run(['--source', 'kalshi,polymarket', ...where, '--polymarket-wallet', RN1, '--json'], refused);
    expect(f.code).toBe(6);
    const failed = JSON.parse(f.out) as { venues: unknown[]; data: { positions: Array<{ venue: string }> } };
    valid(failed);
    expect(failed.venues).toMatchObject([
      { venue: 'kalshi', error: { code: 'UNAUTHORIZED', exit: 6 } },
      { venue: 'polymarket', count: 1 },
    ]);
    expect(failed.data.positions.map((p) => p.venue)).toEqual(['polymarket']);
    const ft = await run(['--source', 'kalshi,polymarket', ...where, '--polymarket-wallet', RN1], refused);
    expect(ft.code).toBe(6);
    expect(ft.err).toMatch(/^oddsboard positions: Kalshi: /m);
    expect(ft.out).toContain('Positions · Polymarket');
    expect(ft.out).not.toContain('Positions · Kalshi');
    // NDJSON: a position a line, venue by venue as they answer, the failure as an error line naming Kalshi
    const n = await run(['--source', 'kalshi,polymarket', ...where, '--polymarket-wallet', RN1, '--ndjson'], refused);
    expect(n.code).toBe(6);
    const lines = n.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines).toContainEqual(expect.objectContaining({ venue: 'kalshi', error: expect.anything() }));
    expect(lines).toContainEqual(expect.objectContaining({ venue: 'polymarket', paper: false }));
    // Kalshi down (nothing listens): named as unavailable, exit 7, Polymarket's position kept
    const down = ['--base-url', `polymarket=${poly}`, '--base-url', 'kalshi=http://127.0.0.1:1'];
    const d = await run(['--source', 'polymarket,kalshi', ...down, '--polymarket-wallet', RN1, '--json'], env);
    expect(d.code).toBe(7);
    const gone = JSON.parse(d.out) as { venues: unknown[]; data: { positions: unknown[] } };
    valid(gone);
    expect(gone.venues).toMatchObject([
      { venue: 'polymarket', count: 1 },
      { venue: 'kalshi', error: { code: 'UNAVAILABLE', exit: 7 } },
    ]);
    expect(gone.data.positions).toHaveLength(1);
  });

  it('several venues with nothing to read on any: one usage error naming what each needs', async () => {
    const r = await run(['--source', 'polymarket,manifold', '--json']);
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.out) as { error: { message: string } };
    valid(doc);
    expect(doc.error.message).toMatch(
      /^nothing to read on polymarket,manifold: Polymarket .*--polymarket-wallet.*; Manifold .*--manifold-user/,
    );
  });
});
