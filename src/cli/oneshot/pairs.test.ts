import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { configFile } from '../../../test/support/configFiles.js';
import { valid } from '../../../test/support/oneShot.js';
import { pairsReplays } from '../../../test/support/pairsReplays.js';
import type { SourceId } from '../../sources/types.js';
import { main } from '../main.js';
import { displayWidth } from '../../ui/format.js';

/**
 * `oddsboard pairs` against two platform replays over loopback (test/support/pairsReplays.ts): Kalshi's
 * KXFEDDECISION-26SEP strikes and the recorded Polymarket answers (its Fed September event among them). Each venue on
 * its own base and budget.
 */
const base = pairsReplays();
const bases = () => `kalshi=${base.kalshi},polymarket=${base.polymarket}`;

async function pairs(args: string[], stateHome?: string) {
  return run([...args, '--source', 'kalshi,polymarket', '--base-url', bases()], stateHome);
}

/** `pairs` with exactly these arguments (its own --source and --base-url). */
async function run(
  args: string[],
  stateHome?: string,
  opts: { tty?: boolean; columns?: number; env?: Record<string, string> } = {},
) {
  const c = cliIo({ ...(stateHome ? { stateHome } : {}), ...opts });
  const code = await main(['pairs', ...args], c.io);
  return { code, out: c.out(), err: c.err(), stateHome: c.stateHome };
}

/** A base nothing listens on (a port just closed): that venue is unreachable. */
async function deadBase(): Promise<string> {
  const { createServer } = await import('node:net');
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('oddsboard pairs', () => {
  it("a market's candidates on the other venue: relation, reasons, both prices; no edge from empty books", async () => {
    const r = await pairs(['kalshi:KXFEDDECISION-26SEP-H0', '--json']);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out) as { data: { pairs: Record<string, unknown>[]; problems: string[] } };
    valid(doc);
    const same = doc.data.pairs.find((p) => (p.b as { id: string }).id === '2252244');
    expect(same).toMatchObject({ relation: 'same', confirmed: false, gapCents: 2.5 });
    expect(same!.reasons).toContain('fed rate change (bps): no change');
    // the replays answer an empty book where none was recorded: nothing to fill, so no figure after fees
    expect(same).toMatchObject({ afterFees: null, noEdge: ['the books hold nothing to fill on one side'] });
    expect(JSON.stringify(doc)).not.toMatch(/arbitrage/i);
  });

  it('a rejected pair is kept in pairs.json and not proposed again; a confirmed one is marked', async () => {
    const first = await pairs(['kalshi:KXFEDDECISION-26SEP-H0', '--reject', 'polymarket:2252243']);
    expect(first.code, first.err).toBe(0);
    const file = JSON.parse(readFileSync(join(first.stateHome, 'oddsboard', 'pairs.json'), 'utf8')) as {
      rejected: { a: string; b: string }[];
    };
    expect(file.rejected).toMatchObject([{ a: 'kalshi:KXFEDDECISION-26SEP-H0', b: 'polymarket:2252243' }]);
    const conf = await pairs(
      ['kalshi:KXFEDDECISION-26SEP-H0', '--confirm', 'polymarket:2252244', '--json'],
      first.stateHome,
    );
    const ids = (JSON.parse(conf.out) as { data: { pairs: { b: { id: string }; confirmed: boolean }[] } }).data.pairs;
    expect(ids.map((p) => p.b.id)).not.toContain('2252243');
    expect(ids.find((p) => p.b.id === '2252244')?.confirmed).toBe(true);
  });

  it('without MARKET: the strongest candidates among one page of each venue, in the schema', async () => {
    const r = await pairs(['--json']);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out) as { data: { market: unknown; pairs: { relation: string }[] } };
    valid(doc);
    expect(doc.data.market).toBeNull();
    for (const p of doc.data.pairs) expect(['same', 'complement']).toContain(p.relation);
  });

  it('a market not named by venue, with two venues, is a usage error (a JSON error document with --json)', async () => {
    const r = await pairs(['KXFEDDECISION-26SEP-H0']);
    expect(r.code).toBe(2);
    const j = await pairs(['KXFEDDECISION-26SEP-H0', '--json']);
    valid(JSON.parse(j.out));
    expect(r.err).toContain('give the market as venue:id');
  });

  // it said "--size: contracts, above 0, at most 1000000", a description rather than what was wrong
  it('a --size that is no number of contracts says what it must be', async () => {
    for (const size of ['0', '-5', 'abc', '2000000']) {
      const r = await run(['--size', size, '--source', 'kalshi,polymarket']);
      expect(r.code, size).toBe(2);
      expect(r.err).toBe('oddsboard pairs: --size must be a number of contracts above 0 and at most 1000000\n');
    }
  });

  it('an empty --confirm or --reject is a usage error, not a listing that drops the decision', async () => {
    // `pairs MARKET --confirm ""` listed MARKET's candidates, exit 0, and kept nothing
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-empty-'));
    for (const flag of ['--confirm', '--reject']) {
      const r = await pairs(['kalshi:KXFEDDECISION-26SEP-H0', flag, ''], home);
      expect(r.code, flag).toBe(2);
      expect(r.err).toBe(`oddsboard pairs: ${flag} needs OTHER, the market on the other venue (venue:id)\n`);
      expect(r.out).toBe('');
    }
  });

  it('--confirm and --reject together are a usage error, nothing kept (not one of them)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-both-'));
    const ids = ['kalshi:KXFEDDECISION-26SEP-H0', '--confirm', 'polymarket:2252244', '--reject', 'polymarket:2252243'];
    const r = await pairs(ids, home);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--confirm and --reject');
    expect(() => readFileSync(join(home, 'oddsboard', 'pairs.json'), 'utf8')).toThrow();
  });

  it('--confirm of a market that cannot be read, on MARKET’s venue or outside --source: not kept', async () => {
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-unread-'));
    const market = 'kalshi:KXFEDDECISION-26SEP-H0';
    const gone = await pairs([market, '--confirm', 'polymarket:99999999'], home);
    expect(gone.code).toBe(4);
    expect(gone.err).toContain('polymarket:99999999 could not be read: market not found; not kept');
    const self = await pairs([market, '--confirm', market], home);
    expect(self.code).toBe(2);
    expect(self.err).toContain('--confirm: a pair is one market on each of two venues; both are on Kalshi');
    const outside = await pairs([market, '--reject', 'manifold:nRSlhy5c2L'], home);
    expect(outside.code).toBe(2);
    expect(outside.err).toContain('--reject: Manifold is not among --source kalshi,polymarket: add it');
    // MARKET's venue, looked on though --source does not name it, is not said to be among --source
    const beside = [
      '--source',
      'polymarket',
      '--base-url',
      `kalshi=${base.kalshi}`,
      '--confirm',
      'manifold:nRSlhy5c2L',
    ];
    const notSourced = await run([market, ...beside, '--base-url', `polymarket=${base.polymarket}`], home);
    expect([notSourced.code, notSourced.err]).toEqual([
      2,
      'oddsboard pairs: --confirm: Manifold is not among --source polymarket: add it\n',
    ]);
    // before, each of the three was written as a decision ("same", no reasons)
    expect(() => readFileSync(join(home, 'oddsboard', 'pairs.json'), 'utf8')).toThrow();
  });

  it('a file where the state directory would be: pairs.json cannot be read, no decision kept, exit 2', async () => {
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-nodir-'));
    writeFileSync(join(home, 'oddsboard'), 'a file where the state directory would be\n');
    const r = await pairs(['kalshi:KXFEDDECISION-26SEP-C25', '--reject', 'polymarket:2252243'], home);
    expect(r.code).toBe(2);
    // it was read as missing, and only the write failed after (EEXIST, exit 1): now said before anything is decided
    expect(r.err).toContain(
      `pairs.json cannot be read: ${join(home, 'oddsboard')} is a file in the place of a directory`,
    );
    expect(r.err).toContain('oddsboard pairs: pairs.json cannot be written this session (see above)');
    expect(r.err).not.toContain('unexpected failure');
    // known before anything is asked: said even with MARKET's venue down (it was that venue's failure, exit 7)
    const down = await run(
      ['kalshi:KXFEDDECISION-26SEP-C25', '--reject', 'polymarket:2252243', '--source', 'kalshi,polymarket'].concat([
        '--base-url',
        `kalshi=${await deadBase()},polymarket=${base.polymarket}`,
      ]),
      home,
    );
    expect([down.code, down.err.trim().split('\n').at(-1)]).toEqual([
      2,
      'oddsboard pairs: pairs.json cannot be written this session (see above)',
    ]);
  });

  it('takes --source and --base-url as every command does: all, VENUE=URL repeated, and the shared flags', async () => {
    const every = ['kalshi', 'polymarket', 'manifold'].flatMap((v) => [
      '--base-url',
      `${v}=${base[v as Exclude<SourceId, 'public'>]}`,
    ]);
    const r = await run(['--source', 'all', ...every, '--color', 'never', '--theme', 'light', '--json']);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out) as { sources: { service: string; baseUrl: string }[]; data: { problems: [] } };
    valid(doc);
    expect(doc.sources.map((x) => x.service)).toEqual(['polymarket', 'kalshi', 'manifold']);
    expect(doc.data.problems).toEqual([]);
    // Polymarket's CLOB named on its own, as for every command
    const clob = await run([
      '--source',
      'polymarket,kalshi',
      `--base-url=polymarket=${base.polymarket}`,
      `--base-url=kalshi=${base.kalshi}`,
      '--clob-url',
      base.polymarket,
      '--json',
    ]);
    expect(clob.code, clob.err).toBe(0);
    // what means one venue, with several: refused before anything is sent, as every command refuses it
    const rate = await run(['--source', 'all', '--rate', '10']);
    expect([rate.code, rate.err]).toEqual([2, expect.stringMatching(/--rate sets one platform's cadence/)]);
    const bare = await run(['--source', 'kalshi,polymarket', '--base-url', base.kalshi]);
    expect([bare.code, bare.err]).toEqual([2, expect.stringMatching(/write --base-url VENUE=URL for each/)]);
    const pub = await run(['--source', 'public']);
    expect([pub.code, pub.err]).toEqual([2, expect.stringMatching(/pairs looks on the platforms/)]);
  });

  it("MARKET's venue, not among --source, takes its own --base-url VENUE=URL (docs/pairs.md)", async () => {
    const args = ['kalshi:KXFEDDECISION-26SEP-H0', '--source', 'polymarket', '--base-url', `kalshi=${base.kalshi}`];
    const r = await run([...args, '--base-url', `polymarket=${base.polymarket}`, '--json']);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out) as {
      sources: { service: string; baseUrl: string }[];
      data: { market: { id: string }; pairs: { b: { id: string }; relation: string }[] };
    };
    valid(doc);
    // the market read on the Kalshi replay, its candidates searched on the Polymarket one
    expect(doc.sources.map((x) => [x.service, x.baseUrl])).toEqual([
      ['polymarket', base.polymarket],
      ['kalshi', base.kalshi],
    ]);
    expect(doc.data.market.id).toBe('KXFEDDECISION-26SEP-H0');
    expect(doc.data.pairs).toContainEqual(
      expect.objectContaining({ b: expect.objectContaining({ id: '2252244' }), relation: 'same' }),
    );
    // a venue neither --source nor MARKET names is still refused
    const other = await run([...args, '--base-url', `manifold=${base.manifold}`]);
    expect([other.code, other.err]).toEqual([
      2,
      expect.stringMatching(/manifold is neither among --source \(polymarket\)/),
    ]);
  });

  it("a config file's Polymarket clobUrl and rate do not stop the other venues: all three looked on", async () => {
    const every = ['kalshi', 'polymarket', 'manifold'].flatMap((v) => [
      '--base-url',
      `${v}=${base[v as Exclude<SourceId, 'public'>]}`,
    ]);
    // 1000 a minute is above Manifold's documented limit: Polymarket's cadence, not Manifold's
    const config = configFile(JSON.stringify({ source: 'polymarket', clobUrl: base.polymarket, rate: 1000 }));
    const r = await run([...every, '--json'], undefined, { env: { ODDSBOARD_CONFIG: config } });
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out) as { sources: { service: string }[]; data: { problems: [] } };
    expect(doc.sources.map((x) => x.service)).toEqual(['polymarket', 'kalshi', 'manifold']);
    expect(doc.data.problems).toEqual([]);
  });

  it('exit codes as documented: a market that is not there is 4; a venue down is 7, the rest kept', async () => {
    const missing = await pairs(['kalshi:KXNOPE-26SEP-H0']);
    expect(missing.code).toBe(4);
    expect(missing.err).toMatch(/^oddsboard pairs: kalshi:KXNOPE-26SEP-H0 could not be read: /);
    const missingJson = await pairs(['kalshi:KXNOPE-26SEP-H0', '--json']);
    const doc = JSON.parse(missingJson.out) as { error: { code: string; exit: number } };
    valid(doc);
    expect(doc.error).toMatchObject({ code: 'NOT_FOUND', exit: 4 });

    const dead = await deadBase();
    const args = ['--source', 'kalshi,polymarket', '--base-url', `kalshi=${base.kalshi},polymarket=${dead}`];
    const down = await run(['kalshi:KXFEDDECISION-26SEP-H0', ...args]);
    expect(down.code).toBe(7);
    // the failure on stderr, its venue named; the market asked about and its (empty) candidates on stdout
    expect(down.err).toMatch(/^oddsboard pairs: Polymarket: search failed \(/m);
    expect(down.out).toMatch(/^Candidates for kalshi:KXFEDDECISION-26SEP-H0/);
    expect(down.out).not.toMatch(/problem|failed/);
    const downJson = await run(['kalshi:KXFEDDECISION-26SEP-H0', ...args, '--json']);
    expect(downJson.code).toBe(7);
    const d = JSON.parse(downJson.out) as { data: { problems: string[] } };
    valid(d);
    expect(d.data.problems).toEqual([expect.stringMatching(/^Polymarket: search failed/)]);
  });

  it('the lines fit 80 columns when piped, and the terminal when there is one: titles cut, never ids', async () => {
    for (const opts of [{}, { tty: true, columns: 56 }]) {
      const r = await run(
        ['kalshi:KXFEDDECISION-26SEP-H0', '--source', 'kalshi,polymarket', '--base-url', bases()],
        undefined,
        opts,
      );
      expect(r.code, r.err).toBe(0);
      const width = opts.columns ?? 80;
      const lines = r.out.trimEnd().split('\n');
      expect(lines.length).toBeGreaterThan(5);
      for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(width);
      expect(r.out).toContain('polymarket:2252244 ');
      // the reasons are wrapped, not cut: every one of them is there
      expect(r.out.replace(/\n\s+/g, ' ')).toContain('fed rate change (bps): no change');
    }
  });
});
