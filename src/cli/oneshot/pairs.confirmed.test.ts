import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { valid } from '../../../test/support/oneShot.js';
import { pairsReplays } from '../../../test/support/pairsReplays.js';
import { main } from '../main.js';

/**
 * `oddsboard pairs MARKET` lists MARKET's confirmed pairs, as `pairs` without MARKET lists every confirmed pair:
 * also one its twin's venue did not answer to MARKET's words, and one the matcher reads as `different` (the person
 * confirmed it: docs/commands.md, `pairs[].relation`). Before, `pairs MARKET --confirm OTHER` kept the pair and then
 * printed "No candidates on the other venues." — the decision just made nowhere in its answer.
 */
const base = pairsReplays();

async function pairs(args: string[], stateHome: string) {
  const c = cliIo({ stateHome });
  const bases = `kalshi=${base.kalshi},polymarket=${base.polymarket}`;
  const code = await main(['pairs', ...args, '--source', 'kalshi,polymarket', '--base-url', bases], c.io);
  return { code, out: c.out(), err: c.err() };
}

interface Doc {
  data: { pairs: { a: { id: string }; b: { id: string }; relation: string; confirmed: boolean }[] };
}

const MARKET = 'kalshi:KXFEDDECISION-26SEP-H0';
/** A Polymarket market on another question: the matcher reads the pair as different. */
const OTHER = 'polymarket:2063134';

describe('pairs MARKET: its confirmed pairs', () => {
  it('a pair confirmed by hand is in the answer of --confirm and of every later pairs MARKET', async () => {
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-confirmed-'));
    const kept = await pairs([MARKET, '--confirm', OTHER, '--json'], home);
    expect(kept.code, kept.err).toBe(0);
    const doc = JSON.parse(kept.out) as Doc;
    valid(doc);
    const mine = doc.data.pairs.filter((p) => p.b.id === '2063134');
    expect(mine).toMatchObject([{ a: { id: 'KXFEDDECISION-26SEP-H0' }, confirmed: true, relation: 'different' }]);

    const later = await pairs([MARKET], home);
    expect(later.code, later.err).toBe(0);
    expect(later.out).toContain('DIFFERENT (confirmed)');
    expect(later.out).toContain(OTHER);
    expect(later.out).not.toContain('No candidates');
  });

  it('asked from its other market, the pair is listed too, the asked market first', async () => {
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-confirmed-'));
    expect((await pairs([MARKET, '--confirm', OTHER], home)).code).toBe(0);
    const r = await pairs([OTHER, '--json'], home);
    expect(r.code, r.err).toBe(0);
    const mine = (JSON.parse(r.out) as Doc).data.pairs.filter((p) => p.confirmed);
    expect(mine).toMatchObject([{ a: { id: '2063134' }, b: { id: 'KXFEDDECISION-26SEP-H0' } }]);
  });
});

// the state directory a file: `pairs` printed the dashboard's line ("… and start oddsboard again; … this session's
// changes to it are not saved") though without --confirm / --reject it changes nothing
describe('pairs with pairs.json unreadable', () => {
  it('says what this command does without it, never a session to restart', async () => {
    const c = cliIo();
    const file = join(c.stateHome, 'a-file');
    writeFileSync(file, 'not a directory\n');
    c.io.env.XDG_STATE_HOME = file;
    const bases = `kalshi=${base.kalshi},polymarket=${base.polymarket}`;
    const argv = ['pairs', MARKET, '--json', '--source', 'kalshi,polymarket', '--base-url', bases];
    const r = { code: await main(argv, c.io), err: c.err() };
    expect(r.code).toBe(0);
    const line = r.err.split('\n').find((l) => l.includes('pairs.json'));
    expect(line).toMatch(
      /^oddsboard pairs: .*pairs\.json cannot be read: .*\(move it away\): left as it is \(a read changes no file;.*; read as no decisions$/,
    );
    expect(r.err).not.toMatch(/start oddsboard again|this session/);
  });
});
