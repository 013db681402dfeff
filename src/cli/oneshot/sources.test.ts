import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { root, valid } from '../../../test/support/oneShot.js';
import { loadPlatform } from '../../sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../sources/replay.js';
import type { SourceId } from '../../sources/types.js';
import { main } from '../main.js';

/**
 * The one-shot commands on each platform source against its replay over loopback: `quote --json` gives the figures
 * the sources' unit tests pin by hand, in the schema, `source.service` naming the platform; `markets --json` too.
 */
const running: RunningSourceReplay[] = [];
afterAll(() => Promise.all(running.map((r) => r.close())));

async function replay(id: Exclude<SourceId, 'public'>, dir: string, asRecorded = false): Promise<string> {
  const def = await loadPlatform(id);
  const r = await startSourceReplay({ def, dir: join(root, dir), asRecorded });
  running.push(r);
  return r.url + def.replayPrefix;
}

/** `quote ID --source S --base-url URL --outcome Yes --amount N [MORE…] --json`. */
const quote = (source: string, url: string, id: string, amount: string, ...more: string[]) =>
  json(['quote', id, '--source', source, '--base-url', url, '--outcome', 'Yes', '--amount', amount, ...more]);

async function json(argv: string[]): Promise<{ code: number; doc: Record<string, unknown> }> {
  const c = cliIo();
  const code = await main([...argv, '--json'], c.io);
  return { code, doc: JSON.parse(c.out()) as Record<string, unknown> };
}

describe('quote --json on each platform, in the schema', () => {
  it('Kalshi: 10 USD of Yes through the recorded book — 25 contracts at 40¢, fee 0.42, total 10.42', async () => {
    const url = await replay('kalshi', 'test/fixtures/real/kalshi/trader/sportsbet-pro-2026-07', true);
    const { code, doc } = await quote('kalshi', url, 'KXMLBGAME-26JUL231840KCDET-KC', '10');
    expect(code).toBe(0);
    valid(doc);
    expect(doc.source).toMatchObject({ service: 'kalshi', mode: 'kalshi' });
    const q = doc.data as Record<string, number | string | null>;
    expect(q).toMatchObject({ shares: 25, averagePrice: 0.4, fee: 0.42, total: 10.42, basis: 'book', filled: null });
  });

  it('Polymarket: 100 USDC of Yes on the Fed market — 6,666.67 shares, fee 4.925; a sale of 500 shares', async () => {
    const url = await replay('polymarket', 'test/fixtures/real/polymarket');
    const buy = await quote('polymarket', url, '2252243', '100');
    expect(buy.code).toBe(0);
    valid(buy.doc);
    const q = buy.doc.data as Record<string, number>;
    expect(q.shares).toBeCloseTo(6666.67, 2);
    expect(q.fee).toBeCloseTo(4.925, 3);
    expect(q.total).toBeCloseTo(104.925, 3);
    const sell = await quote('polymarket', url, '2252243', '500', '--action', 'sell');
    valid(sell.doc);
    expect((sell.doc.data as Record<string, number>).total).toBeCloseTo(5.80061, 4);
  });

  it('Manifold: 100 mana of YES through the pool — 256.788 shares; markets --json names the service', async () => {
    const url = await replay('manifold', 'test/fixtures/real/manifold', true);
    const { code, doc } = await quote('manifold', url, 'CL56c9sqQp', '100');
    expect(code).toBe(0);
    valid(doc);
    const q = doc.data as Record<string, number | string>;
    expect(q.shares as number).toBeCloseTo(256.78796, 4);
    expect(q).toMatchObject({ basis: 'pool', fee: 0 });
    const list = await json(['markets', '--source', 'manifold', '--base-url', url, '--limit', '5']);
    expect(list.code).toBe(0);
    valid(list.doc);
    expect(list.doc.source).toMatchObject({ service: 'manifold' });
    expect(list.doc.data as unknown[]).toHaveLength(5);
  });
});

describe('quote on Manifold: an amount its bet route refuses', () => {
  it('--amount 0.5 (its least bet is 1 mana) says so on stderr, exit 2, sends nothing, prices nothing', async () => {
    const url = await replay('manifold', 'test/fixtures/real/manifold', true);
    const c = cliIo();
    const argv = ['quote', 'CL56c9sqQp', '--source', 'manifold', '--base-url', url, '--outcome', 'Yes'];
    const code = await main([...argv, '--amount', '0.5'], c.io);
    expect([code, c.out()]).toEqual([2, '']);
    expect(c.err()).toBe("oddsboard quote: Manifold's least bet is M$1.00: it refuses a smaller one.\n");
  });
});
