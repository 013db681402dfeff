/**
 * `market`, `event` and `quote` take what people paste (target.ts), against each platform's replay over loopback: the
 * address forms cited in src/links/parse.test.ts, a ticker, a slug; another platform's address is a usage error
 * naming it and the flag; a bare id works as before.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { root, valid } from '../../../test/support/oneShot.js';
import { loadPlatform } from '../../sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../sources/replay.js';
import type { SourceId } from '../../sources/types.js';
import { EXIT } from '../errors.js';
import { main } from '../main.js';
import { emptyOutcome } from './target.js';
import { market } from '../../../test/support/markets.js';

const running: RunningSourceReplay[] = [];
afterAll(() => Promise.all(running.map((r) => r.close())));

async function replay(id: Exclude<SourceId, 'public'>, log?: string[]): Promise<string> {
  const def = await loadPlatform(id);
  const r = await startSourceReplay({
    def,
    dir: join(root, `test/fixtures/real/${id}`),
    ...(log ? { onRequest: (e: { path: string }) => log.push(e.path) } : {}),
  });
  running.push(r);
  return r.url + def.replayPrefix;
}

async function run(argv: string[]): Promise<{ code: number; doc?: Record<string, unknown>; err: string }> {
  const c = cliIo();
  const code = await main([...argv, '--json'], c.io);
  const out = c.out();
  const doc = out.trim() ? (JSON.parse(out) as Record<string, unknown>) : undefined;
  // with --json a failure is a document too: its message, else what went to stderr
  const said = (doc?.error as { message?: string } | undefined)?.message ?? '';
  return { code, err: `${said}${c.err()}`, ...(doc ? { doc } : {}) };
}
const dataId = (doc: Record<string, unknown> | undefined) => (doc?.data as { id?: string } | undefined)?.id;

describe('Polymarket', () => {
  it('market <market address>, event <event address>, event <market slug> (its event)', async () => {
    const url = await replay('polymarket');
    const flags = ['--source', 'polymarket', '--base-url', url];
    const m = await run([
      'market',
      'https://polymarket.com/event/fed-decision-in-september-762/will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586',
      ...flags,
    ]);
    expect(m.code).toBe(0);
    valid(m.doc!);
    expect(dataId(m.doc)).toBe('2252243');
    const e = await run(['event', 'polymarket.com/event/fed-decision-in-september-762', ...flags]);
    expect(e.code).toBe(0);
    expect(dataId(e.doc)).toBe('481717');
    const q = await run([
      'quote',
      'https://polymarket.com/market/will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586',
      '--outcome',
      'Yes',
      '--amount',
      '100',
      ...flags,
    ]);
    expect(q.code).toBe(0);
    valid(q.doc!);
    // an id as before
    expect(dataId((await run(['market', '2252244', ...flags])).doc)).toBe('2252244');
  });

  it('an address of another platform: a usage error naming it and the flag, nothing sent', async () => {
    const r = await run([
      'market',
      'https://kalshi.com/markets/kxnewpope/next-pope/kxnewpope-70',
      '--source',
      'polymarket',
      '--base-url',
      'http://127.0.0.1:9',
    ]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain(
      'Kalshi event KXNEWPOPE-70 is on Kalshi; this command reads Polymarket: add --source kalshi',
    );
  });
});

describe('several sources: an address names its venue', () => {
  it('asks the venue an address names; one not among the sources: a usage error naming it and the flag', async () => {
    const k = await replay('kalshi');
    const p = await replay('polymarket');
    const flags = ['--source', 'polymarket,kalshi', '--base-url', `kalshi=${k}`, '--base-url', `polymarket=${p}`];
    const e = await run(['event', 'https://kalshi.com/markets/kxnewpope/next-pope/kxnewpope-70', ...flags]);
    expect(e.code).toBe(0);
    valid(e.doc!);
    expect(dataId(e.doc)).toBe('KXNEWPOPE-70');
    const m = await run([
      'market',
      'polymarket.com/market/will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586',
      ...flags,
    ]);
    expect(dataId(m.doc)).toBe('2252243');
    // a bare ticker only Kalshi reads: Kalshi
    expect(dataId((await run(['market', 'KXNEWPOPE-70-PPAR', ...flags])).doc)).toBe('KXNEWPOPE-70-PPAR');
    const other = await run([
      'market',
      'https://manifold.markets/Simon74fe/trump-wins-nobel-peace-prize-2026',
      ...flags,
    ]);
    expect(other.code).toBe(EXIT.usage);
    expect(other.err).toContain('is on Manifold; not among the sources (polymarket,kalshi): add --source manifold');
  });
});

describe('the interface (the demo)', () => {
  it('a platform address: a usage error naming the platform and the flag', async () => {
    const r = await run(['market', 'https://manifold.markets/Simon74fe/trump-wins-nobel-peace-prize-2026', '--demo']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain('is on Manifold; this command reads the interface: add --source manifold');
  });
});

describe('Kalshi and Manifold', () => {
  it('Kalshi: event <event address>; market <ticker>; market <event address with one market>', async () => {
    const url = await replay('kalshi');
    const flags = ['--source', 'kalshi', '--base-url', url];
    expect(
      dataId((await run(['event', 'https://kalshi.com/markets/kxnewpope/next-pope/kxnewpope-70', ...flags])).doc),
    ).toBe('KXNEWPOPE-70');
    expect(dataId((await run(['market', 'kxnewpope-70-ppiz', ...flags])).doc)).toBe('KXNEWPOPE-70-PPIZ');
    const many = await run(['market', 'https://kalshi.com/markets/kxnewpope/next-pope/kxnewpope-70', ...flags]);
    expect(many.code).toBe(EXIT.usage);
    expect(many.err).toContain('is an event with 3 markets');
  });

  it('Manifold: market <address>; nothing found → not found', async () => {
    const url = await replay('manifold');
    const flags = ['--source', 'manifold', '--base-url', url];
    expect(
      dataId(
        (await run(['market', 'https://manifold.markets/Simon74fe/trump-wins-nobel-peace-prize-2026', ...flags])).doc,
      ),
    ).toBe('nRSlhy5c2L');
    const none = await run(['market', 'https://manifold.markets/someone/no-such-market-here', ...flags]);
    expect(none.code).toBe(EXIT.notFound);
  });

  // `73y2fs1i7b`: an id the board shows as `manifold:73y2fs1i7b`, all lower case (recorded in
  // v0-markets-list-open-closing-within-60-days-2024-06-24-first-120.json)
  it('Manifold: market manifold:<lower-case id> (its id first); market <lower-case id> (slug, then id)', async () => {
    const log: string[] = [];
    const url = await replay('manifold', log);
    const flags = ['--source', 'manifold', '--base-url', url];
    const prefixed = await run(['market', 'manifold:73y2fs1i7b', ...flags]);
    expect(prefixed.code, prefixed.err).toBe(0);
    expect(dataId(prefixed.doc)).toBe('73y2fs1i7b');
    expect(log.splice(0)).toEqual(['/v0/market/73y2fs1i7b']);
    const bare = await run(['market', '73y2fs1i7b', ...flags]);
    expect(bare.code, bare.err).toBe(0);
    expect(dataId(bare.doc)).toBe('73y2fs1i7b');
    expect(log.splice(0)).toEqual(['/v0/slug/73y2fs1i7b', '/v0/market/73y2fs1i7b']);
    // with several sources the prefix names the venue
    const all = [
      '--source',
      'manifold,kalshi',
      '--base-url',
      `manifold=${url}`,
      '--base-url',
      'kalshi=http://127.0.0.1:9',
    ];
    expect(dataId((await run(['market', 'manifold:73y2fs1i7b', ...all])).doc)).toBe('73y2fs1i7b');
    const none = await run(['market', 'manifold:zz9zz9zz9z', ...flags]);
    expect(none.code).toBe(EXIT.notFound);
    expect(none.err).toBe('Manifold has nothing for id or slug zz9zz9zz9z.');
    // with several sources, on stderr: the venue is named once, not before a message that names it
    const c = cliIo();
    expect(await main(['market', 'manifold:zz9zz9zz9z', ...all], c.io)).toBe(EXIT.notFound);
    expect(c.err()).toBe('oddsboard market: Manifold has nothing for id or slug zz9zz9zz9z.\n');
  });
});

describe('a text no source takes as an id', () => {
  const nothing = 'http://127.0.0.1:9'; // nothing listens: a request sent would end in exit 7, not 2
  const ledgerOf = (stateHome: string) => existsSync(join(stateHome, 'oddsboard'));
  const all = [
    '--source',
    'all',
    ...['kalshi', 'polymarket', 'manifold'].flatMap((v) => ['--base-url', `${v}=${nothing}`]),
  ];

  it('spaces, a control character or a URL scheme: the parser’s one line, exit 2, nothing sent', async () => {
    for (const text of ['hello world', 'abc\x1b[31mred', 'javascript:alert(1)', 'kalshi:hello world', ' a\tb ']) {
      for (const [cmd, more] of [
        ['market', []],
        ['event', []],
        ['quote', ['--outcome', 'Yes', '--amount', '10']],
      ] as const) {
        for (const sources of [['--source', 'kalshi', '--base-url', nothing], all]) {
          const c = cliIo();
          const code = await main([cmd, text, ...more, ...sources], c.io);
          expect(code, `${cmd} ${JSON.stringify(text)} ${sources.length > 4 ? 'all' : 'kalshi'}`).toBe(EXIT.usage);
          expect(c.err()).toMatch(new RegExp(`^oddsboard ${cmd}: Not understood: .+ — accepted: .+\\.\\n$`));
          expect(c.err()).not.toContain('\x1b');
          expect(ledgerOf(c.stateHome)).toBe(false);
        }
      }
    }
  });

  it('an address the parser does not read: its one line with several sources as with one, nothing sent', async () => {
    // with several sources it was "the id names its venue: polymarket:ID", as if the address were a bare id; a
    // platform's home page without a path was asked of the source as an id ("market not found", exit 4)
    for (const text of ['example.com/foo', 'https://example.com/foo', 'kalshi.com/markets', 'www.polymarket.com']) {
      for (const sources of [['--source', 'kalshi', '--base-url', nothing], all]) {
        const c = cliIo();
        const code = await main(['market', text, ...sources], c.io);
        expect(code, `${text} ${sources.length > 4 ? 'all' : 'kalshi'}`).toBe(EXIT.usage);
        expect(c.err()).toMatch(/^oddsboard market: Not understood: .+ — accepted: .+\.\n$/);
        expect(ledgerOf(c.stateHome)).toBe(false);
      }
    }
  });

  it('an id longer than any source has (200): a usage error, nothing sent, with one source or several', async () => {
    // a platform was sent it (exit 7 here); the demo refused it, but only once its service had started
    for (const text of ['a'.repeat(201), `kalshi:${'K'.repeat(201)}`])
      for (const sources of [['--source', 'kalshi', '--base-url', nothing], all, ['--demo']]) {
        const c = cliIo();
        const code = await main(['market', text, ...sources], c.io);
        expect([code, c.err()], `${text.slice(0, 8)} ${sources.join(' ').slice(0, 20)}`).toEqual([
          EXIT.usage,
          'oddsboard market: the id is too long (max 200 characters)\n',
        ]);
        expect(ledgerOf(c.stateHome)).toBe(false);
      }
  });

  it('a venue prefix with no id: a usage error saying so, with one source or several', async () => {
    for (const sources of [['--source', 'kalshi', '--base-url', nothing], all]) {
      const r = await run(['market', 'kalshi:', ...sources]);
      expect(r.code).toBe(EXIT.usage);
      expect(r.err).toBe('kalshi: names a venue but no id: write kalshi:ID');
    }
  });

  it('another bare id the parser does not read is asked for as it is (without the spaces around it)', async () => {
    const c = cliIo();
    const code = await main(['market', ' mkt_1 ', '--source', 'kalshi', '--base-url', nothing, '--json'], c.io);
    expect(code).toBe(EXIT.unavailable); // sent: nothing answered
    expect(ledgerOf(c.stateHome)).toBe(true);
    const demo = await run(['markets', '--demo', '--limit', '1']);
    const id = (demo.doc!.data as Array<{ id: string }>)[0]!.id;
    expect(dataId((await run(['market', ` ${id} `, '--demo'])).doc)).toBe(id);
  });
});

describe('quote --outcome empty', () => {
  it("names what is accepted and the market's outcomes, a long list cut, none said as none", () => {
    const many = market('m1', { outcomes: Array.from({ length: 14 }, (_, i) => ({ name: `o${i + 1}` })) });
    expect(emptyOutcome(many).message).toBe(
      '--outcome: give an outcome of the market by name or id, one of: o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, ' +
        'o11, o12 and 2 more (oddsboard market lists them)',
    );
    expect(emptyOutcome(market('m2', { outcomes: [] })).message).toBe(
      '--outcome: give an outcome of the market by name or id; m2 lists none',
    );
  });
});
