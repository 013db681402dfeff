import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { ledgersUnder, othersSends, valid } from '../../../test/support/oneShot.js';
import { pairsReplays } from '../../../test/support/pairsReplays.js';
import { main } from '../main.js';

/** `oddsboard pairs` ended by Ctrl-C (SIGINT, or the caller's signal), against the replays of pairs.test.ts. */
const base = pairsReplays();
const MARKET = 'kalshi:KXFEDDECISION-26SEP-H0';
const OTHER = 'polymarket:2063134';
// it installed no SIGINT handler and gave its budget wait no signal: Ctrl-C killed it, exit 130 and, with --json,
// nothing on stdout where markets, market, events… print the INTERRUPTED error document
describe('pairs interrupted', () => {
  it('Ctrl-C while waiting for a venue’s budget: exit 130, the INTERRUPTED document, nothing kept', async () => {
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-interrupted-'));
    const bases = `kalshi=${base.kalshi},polymarket=${base.polymarket}`;
    const argv = ['pairs', MARKET, '--confirm', OTHER, '--json', '--source', 'kalshi,polymarket', '--base-url', bases];
    // a first run writes each venue's ledger; then every slot is someone else's
    expect(await main(['pairs', MARKET, ...argv.slice(4)], cliIo({ stateHome: home }).io)).toBe(0);
    const full = othersSends(200, Date.now() - 1_000);
    for (const f of ledgersUnder(home)) writeFileSync(f, full);
    const ac = new AbortController();
    const c = cliIo({ stateHome: home });
    // the person presses Ctrl-C while the command sleeps for its slot
    c.io.timing = { now: Date.now, sleep: async () => ac.abort() };
    c.io.signal = ac.signal;
    expect(await main(argv, c.io)).toBe(130);
    const doc = JSON.parse(c.out()) as { error: unknown };
    valid(doc);
    expect(doc.error).toMatchObject({ code: 'INTERRUPTED', exit: 130 });
    expect(existsSync(join(home, 'oddsboard', 'pairs.json'))).toBe(false);
  });

  // SIGTERM killed it: exit 143 and nothing on stdout for `timeout 5 oddsboard pairs --json | jq`
  it('SIGTERM while waiting for a venue’s budget: exit 143, the INTERRUPTED document, nothing kept', async () => {
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-term-'));
    const argv = ['pairs', MARKET, '--json', '--source', 'kalshi,polymarket', '--base-url'];
    expect(
      await main([...argv, `kalshi=${base.kalshi},polymarket=${base.polymarket}`], cliIo({ stateHome: home }).io),
    ).toBe(0);
    const full = othersSends(200, Date.now() - 1_000);
    for (const f of ledgersUnder(home)) writeFileSync(f, full);
    const c = cliIo({ stateHome: home });
    let sent = false;
    c.io.timing = {
      now: Date.now,
      sleep: async () => {
        if (sent) throw new Error('SIGTERM did not end the wait');
        process.emit('SIGTERM', 'SIGTERM');
        sent = true;
      },
    };
    const args = [...argv, `kalshi=${base.kalshi},polymarket=${base.polymarket}`, '--confirm', OTHER];
    expect(await main(args, c.io)).toBe(143);
    const doc = JSON.parse(c.out()) as { error: unknown };
    valid(doc);
    expect(doc.error).toMatchObject({ code: 'INTERRUPTED', exit: 143 });
    expect(existsSync(join(home, 'oddsboard', 'pairs.json'))).toBe(false);
  });
});
