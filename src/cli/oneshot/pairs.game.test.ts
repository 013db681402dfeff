import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { root, valid } from '../../../test/support/oneShot.js';
import { loadPlatform } from '../../sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../sources/replay.js';
import type { SourceId } from '../../sources/types.js';
import { main } from '../main.js';

/**
 * `oddsboard pairs` on one game on both venues, both books recorded (test/fixtures/real/pairs/nfl-det-buf-2026-09/,
 * kv1514/arb-engine, served as recorded): related by a postponement rule only; unconfirmed, no edge; confirmed, priced
 * as same (`pricedAs`), the figures as worked by hand in src/pairs/gap.test.ts, the clause named — in the schema.
 */
const running: RunningSourceReplay[] = [];
let bases = '';
beforeAll(async () => {
  const dir = join(root, 'test/fixtures/real/pairs/nfl-det-buf-2026-09');
  const start = async (id: Exclude<SourceId, 'public'>) => {
    const def = await loadPlatform(id);
    const r = await startSourceReplay({ def, dir: join(dir, id), asRecorded: true });
    running.push(r);
    return r.url + def.replayPrefix;
  };
  bases = `kalshi=${await start('kalshi')},polymarket=${await start('polymarket')}`;
});
afterAll(() => Promise.all(running.map((r) => r.close())));

async function pairs(args: string[], stateHome?: string) {
  const c = cliIo(stateHome ? { stateHome } : {});
  const code = await main(['pairs', ...args, '--source', 'kalshi,polymarket', '--base-url', bases], c.io);
  return { code, out: c.out(), err: c.err(), stateHome: c.stateHome };
}
type Doc = { data: { pairs: Record<string, unknown>[] } };
/** `pairs … --json`: exit 0, the document in the schema. */
async function pairsJson(args: string[], stateHome?: string): Promise<{ doc: Doc; stateHome: string }> {
  const r = await pairs([...args, '--json'], stateHome);
  expect(r.code, r.err).toBe(0);
  const doc = JSON.parse(r.out) as Doc;
  valid(doc);
  return { doc, stateHome: r.stateHome };
}
const lions = (d: Doc) => d.data.pairs.find((p) => (p.b as { id: string }).id === '3398287');

describe('oddsboard pairs on a game', () => {
  it('related by an edge case: no edge until confirmed; confirmed, priced as same with the clause named', async () => {
    const { doc: before, stateHome } = await pairsJson(['kalshi:KXNFLGAME-26SEP17DETBUF-DET']);
    expect(lions(before)).toMatchObject({
      relation: 'related',
      pricedAs: 'related',
      confirmed: false,
      gapCents: 0.5,
      afterFees: null,
    });
    expect(lions(before)!.reasons).toEqual([
      'a postponed game settles at a fair price: Kalshi only',
      'no date read from Polymarket',
    ]);

    const confirm = ['kalshi:KXNFLGAME-26SEP17DETBUF-DET', '--confirm', 'polymarket:3398287'];
    const { doc: after } = await pairsJson(confirm, stateHome);
    expect(lions(after)).toMatchObject({
      relation: 'related',
      pricedAs: 'same',
      confirmed: true,
      afterFees: { contracts: 100, cents: -2.7, feeA: 1.55, feeB: 1.1055 },
      fillable: 0,
      noEdge: [],
    });
    expect((lions(after)!.notes as string[])[0]).toMatch(/^priced as same because you confirmed it, although/);

    const text = await pairs(['kalshi:KXNFLGAME-26SEP17DETBUF-DET'], stateHome);
    expect(text.out).toContain('RELATED (confirmed, priced as same)');
    expect(text.out).not.toMatch(/arbitrage|NaN|undefined/i);
  });
});
