import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { root, valid } from '../../../test/support/oneShot.js';
import { loadPlatform } from '../../sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../sources/replay.js';
import type { SourceId } from '../../sources/types.js';
import { main } from '../main.js';

/**
 * `oddsboard pairs` against two platform replays over loopback: Kalshi's KXFEDDECISION-26SEP strikes
 * (pairs/kalshi-markets-KXFEDDECISION-26SEP-5-open.json) and the recorded Polymarket answers (its Fed September
 * event among them). Each venue on its own base and budget.
 */
const running: RunningSourceReplay[] = [];
let bases = '';
beforeAll(async () => {
  const kalshiDir = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-kalshi-'));
  copyFileSync(
    join(root, 'test/fixtures/real/pairs/kalshi-markets-KXFEDDECISION-26SEP-5-open.json'),
    join(kalshiDir, 'kalshi-markets-KXFEDDECISION-26SEP-5-open.json'),
  );
  const start = async (id: Exclude<SourceId, 'public'>, dir: string) => {
    const def = await loadPlatform(id);
    const r = await startSourceReplay({ def, dir, asRecorded: false });
    running.push(r);
    return r.url + def.replayPrefix;
  };
  const kalshi = await start('kalshi', kalshiDir);
  const polymarket = await start('polymarket', join(root, 'test/fixtures/real/polymarket'));
  bases = `kalshi=${kalshi},polymarket=${polymarket}`;
});
afterAll(() => Promise.all(running.map((r) => r.close())));

async function pairs(args: string[], stateHome?: string) {
  const c = cliIo(stateHome ? { stateHome } : {});
  const code = await main(['pairs', ...args, '--source', 'kalshi,polymarket', '--base-url', bases], c.io);
  return { code, out: c.out(), err: c.err(), stateHome: c.stateHome };
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
});
