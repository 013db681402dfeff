import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { pairsReplays } from '../../../test/support/pairsReplays.js';
import { main } from '../main.js';

/** `oddsboard pairs` and pairs.json (docs/pairs.md#decisions): a read changes no file; a decision writes it. */
const base = pairsReplays();

async function pairs(args: string[], stateHome: string) {
  const c = cliIo({ stateHome });
  const argv = ['pairs', ...args, '--source', 'kalshi,polymarket'];
  const code = await main([...argv, '--base-url', `kalshi=${base.kalshi},polymarket=${base.polymarket}`], c.io);
  return { code, out: c.out(), err: c.err() };
}

/** A state home whose pairs.json holds `text`; its state directory. */
function homeWith(text: string): { home: string; dir: string; file: string } {
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-file-'));
  const dir = join(home, 'oddsboard');
  mkdirSync(dir);
  writeFileSync(join(dir, 'pairs.json'), text);
  return { home, dir, file: join(dir, 'pairs.json') };
}

const ONE_BAD = JSON.stringify({
  version: 1,
  confirmed: [{ a: 'nowhere' }],
  rejected: [{ a: 'kalshi:KXFEDDECISION-26SEP-C25', b: 'polymarket:2252243', at: '2026-11-01T00:00:00.000Z' }],
});

describe('oddsboard pairs and a pairs.json it cannot read', () => {
  // a listing moved a broken pairs.json aside (pairs.json.broken-…) and wrote back the rest of one with an entry it
  // could not understand: a read command changed the person's files
  it.each([
    ['not JSON', '{"version": 1, "confirmed": [', 'could not be read (not valid JSON)'],
    ['an entry it cannot understand', ONE_BAD, 'has 1 entry that could not be understood'],
  ])('%s: a listing says so naming the file, and leaves it as it is', async (_, text, says) => {
    const { home, dir, file } = homeWith(text);
    const r = await pairs(['--json'], home);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`oddsboard pairs: ${file} ${says}: left as it is`);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(readdirSync(dir).filter((n) => n.startsWith('pairs.json'))).toEqual(['pairs.json']);
  });

  it('a decision, which must write it, moves a file it cannot read aside first, as the dashboard does', async () => {
    const { home, dir } = homeWith('{"version": 1, "confirmed": [');
    const r = await pairs(['kalshi:KXFEDDECISION-26SEP-C25', '--reject', 'polymarket:2252243', '--json'], home);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/pairs\.json could not be read \(not valid JSON\): moved aside to pairs\.json\.broken-/);
    expect(readdirSync(dir).some((n) => n.startsWith('pairs.json.broken-'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'pairs.json'), 'utf8')).rejected).toHaveLength(1);
  });
});

describe('oddsboard pairs with a state directory that cannot be made', () => {
  it('XDG_STATE_HOME=/proc/x: a decision says pairs.json cannot be written and why, never hanging', async () => {
    // Node's recursive mkdir tried /proc/x again and again: `pairs --reject` hung for good before a word
    if (!existsSync('/proc/self')) return;
    const r = await pairs(['kalshi:KXFEDDECISION-26SEP-C25', '--reject', 'polymarket:2252243'], '/proc/x');
    expect(r.code, r.err).toBe(1);
    expect(r.out).toBe('');
    // it said Node's own words: "(ENOENT: no such file or directory, mkdir '/proc/x'): not kept"
    expect(r.err).toContain(
      'oddsboard pairs: pairs.json could not be written (ENOENT): a folder on its path cannot be made there: ' +
        'keep the state elsewhere (XDG_STATE_HOME); not kept\n',
    );
  });
});
